#!/bin/sh
# Runs tests/gtk/test-gtk under a fresh Xvfb (xvfb-run picks a free
# display); skipped (77) without xvfb-run.
set -eu
command -v xvfb-run >/dev/null 2>&1 || { echo "no xvfb-run: skipped"; exit 77; }
# GTK, fontconfig and Mesa keep caches for the process's life that
# LeakSanitizer reports as leaks: no leak check for this client (the
# daemon's leaks are checked by the D-Bus suites).
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS
exec xvfb-run -a -s "-screen 0 1400x900x24 -nolisten tcp" \
  "${TEST_BUILDDIR:?}/tests/gtk/test-gtk"
