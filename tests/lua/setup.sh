# tests/lua/setup.sh — what the Lua suites (tests/test-lua-*.sh) share:
# the programs, skipping (77) when Lua or a program is missing, a private
# bus whose service directory activates the built meepled with its state
# under $TMP, and lua_suite, which runs one test script of tests/lua/
# with the harness (tests/lua/harness.lua).
# Sourced with TEST_SRCDIR and HARNESS_NAME set.
# shellcheck shell=sh

: "${TEST_BUILDDIR:=$(pwd)}"
: "${MEEPLED:=$TEST_BUILDDIR/daemon/meepled}"
: "${MEEPLE_LUA:=$TEST_BUILDDIR/lua/meeple-lua}"
: "${MEEPLE_CLI:=$TEST_BUILDDIR/clients/cli/meeple}"
: "${MEEPLE_SIM:=$TEST_BUILDDIR/daemon/sim/meeple-sim}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
: "${MEEPLE_PLUGIN_PATH:=$TEST_BUILDDIR/plugins/.libs}"
: "${DBUS_DAEMON:=dbus-daemon}"
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR MEEPLE_TILES_DIR MEEPLE_PLUGIN_PATH MEEPLE_CLI \
  MEEPLE_SIM MEEPLE_LUA
T=
if command -v timeout >/dev/null 2>&1; then T="timeout ${LUA_TEST_TIMEOUT:-600}"; fi

for program in "$MEEPLE_LUA" "$MEEPLED" "$MEEPLE_CLI" "$MEEPLE_SIM"; do
  if [ ! -x "$program" ]; then
    echo "# $program is missing (no Lua 5.4 at configure?): skipped"
    exit 77
  fi
done
if ! command -v "$DBUS_DAEMON" >/dev/null 2>&1; then
  echo "# no dbus-daemon (package dbus-daemon): skipped"
  exit 77
fi

# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"
# shellcheck source=tests/dbus/private-bus.sh
. "$TEST_SRCDIR/tests/dbus/private-bus.sh"

BUS_PID=
cleanup() {
  if [ -n "$BUS_PID" ]; then kill "$BUS_PID" 2>/dev/null || :; fi
  if [ -s "$TMP/meepled.pid" ]; then
    kill "$(cat "$TMP/meepled.pid")" 2>/dev/null || :
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The daemon, its tokens and the scripts' tokens live under $TMP; the
# daemon writes its pid first so that a test can stop it (and cleanup
# too), and reads $TMP/daemon.conf, a shell snippet a test may write
# before the next activation (DAEMON_ARGS, or variables it exports: a
# plugin path without a rule set).
mkdir "$TMP/state" "$TMP/data" "$TMP/config"
XDG_STATE_HOME=$TMP/state
XDG_DATA_HOME=$TMP/data
XDG_CONFIG_HOME=$TMP/config
export XDG_STATE_HOME XDG_DATA_HOME XDG_CONFIG_HOME
cat >"$TMP/run-meepled" <<EOS
#!/bin/sh
echo \$\$ >'$TMP/meepled.pid'
DAEMON_ARGS=
if [ -f '$TMP/daemon.conf' ]; then . '$TMP/daemon.conf'; fi
exec '$MEEPLED' \$DAEMON_ARGS
EOS
start_private_bus
MEEPLE_BUS_ADDRESS=$BUS_ADDRESS
LUA_TEST_DAEMON_PID=$TMP/meepled.pid
LUA_TEST_TMP=$TMP
# The module's Lua part and the examples from the source tree; the
# harness and helpers of tests/lua.
MEEPLE_LUA_DIR=$TEST_SRCDIR/lua
LUA_PATH="$TEST_SRCDIR/tests/lua/?.lua;$TEST_SRCDIR/lua/?.lua;$TEST_SRCDIR/lua/examples/?.lua;;"
export MEEPLE_BUS_ADDRESS LUA_TEST_DAEMON_PID LUA_TEST_TMP MEEPLE_LUA_DIR \
  LUA_PATH TEST_SRCDIR TEST_BUILDDIR
echo "# bus: $MEEPLE_BUS_ADDRESS"

# lua_suite SCRIPT [ARGS...]: runs tests/lua/SCRIPT with meeple-lua; its
# harness prints "ok"/"FAIL" lines and "N passed, N failed"; the suite's
# status is the script's.
lua_suite() {
  script=$1
  shift
  set +e
  $T "$MEEPLE_LUA" "$TEST_SRCDIR/tests/lua/$script" "$@"
  status=$?
  set -e
  return $status
}

# The plain interpreter loads the module's C part as meeple/core.so from
# $TMP/cpath (a link to the built one; its libraries from the build).
mkdir -p "$TMP/cpath/meeple"
ln -s "$TEST_BUILDDIR/lua/.libs/core.so" "$TMP/cpath/meeple/core.so"
LD_LIBRARY_PATH=$TEST_BUILDDIR/clients/common/.libs:$TEST_BUILDDIR/daemon/engine/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
# Under the sanitizers the plain interpreter is not instrumented: the
# runtimes the module needs are preloaded into it (LUA_PRELOAD), and the
# module too, so that closing the Lua state does not unmap it (dlclose):
# LeakSanitizer would then count what its libraries' static variables
# hold for the process's life (quarks, D-Bus data slots) as leaked.
LUA_PRELOAD=
if [ "${LUA_TEST_SANITIZERS:-no}" = yes ]; then
  for runtime in libasan.so libubsan.so; do
    path=$(${CC:-cc} -print-file-name=$runtime 2>/dev/null || :)
    if [ -n "$path" ] && [ -e "$path" ]; then
      LUA_PRELOAD="$LUA_PRELOAD $path"
    fi
  done
  LUA_PRELOAD="$LUA_PRELOAD $TEST_BUILDDIR/lua/.libs/core.so"
fi
export LUA_PRELOAD
