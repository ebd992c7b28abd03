#!/bin/sh
# Lua rule sets in meepled on a private bus: tests/lua-rulesets/daemon.lua
# (hostile scripts through the daemon, listing, restart and suspension),
# run with meeple-lua and the harness of tests/lua.
set -eu
HARNESS_NAME=test-lua-rulesets-daemon
: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
. "$TEST_SRCDIR/tests/lua/setup.sh"

# The plugins of the build, and the scripts, in one directory; the
# daemon's log in $TMP/meepled.log.
DIR="$TMP/rulesets"
mkdir "$DIR"
for so in "$TEST_BUILDDIR"/plugins/.libs/*.so; do ln -s "$so" "$DIR/"; done
cp "$TEST_SRCDIR"/tests/lua-rulesets/scripts/*.lua "$DIR/"
# every case of tests/lua-rulesets/hostile.c, and its manifest
"$TEST_BUILDDIR/tests/lua-rulesets/hostile" write "$DIR"
cat >"$TMP/daemon.conf" <<EOS
MEEPLE_PLUGIN_PATH='$DIR'; export MEEPLE_PLUGIN_PATH
exec 2>>'$TMP/meepled.log'
EOS
set +e
$T "$MEEPLE_LUA" "$TEST_SRCDIR/tests/lua-rulesets/daemon.lua"
status=$?
set -e
exit $status
