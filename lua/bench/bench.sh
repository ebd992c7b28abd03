#!/bin/sh
# lua/bench/bench.sh BUILDDIR SRCDIR — `make bench-lua`: a private bus
# that activates the built meepled (its state in a scratch directory),
# then lua-bench, which times the Lua bot against the C bot on it.
set -eu
builddir=$1
TEST_SRCDIR=$2
HARNESS_NAME=bench-lua
. "$TEST_SRCDIR/tests/harness.sh"
. "$TEST_SRCDIR/tests/dbus/private-bus.sh"
BUS_PID=
trap 'if [ -n "$BUS_PID" ]; then kill "$BUS_PID" 2>/dev/null || :; fi
      if [ -s "$TMP/meepled.pid" ]; then kill "$(cat "$TMP/meepled.pid")" 2>/dev/null || :; fi
      rm -rf "$TMP"' EXIT
cat >"$TMP/run-meepled" <<EOS
#!/bin/sh
echo \$\$ >'$TMP/meepled.pid'
exec '$builddir/daemon/meepled' --state-dir '$TMP/state'
EOS
start_private_bus
MEEPLE_BUS_ADDRESS=$BUS_ADDRESS MEEPLE_LUA_DIR=$TEST_SRCDIR/lua \
  "$builddir/lua/bench/lua-bench" "${LUA_BENCH_GAMES:-20}"
