# tests/cli-setup.sh — the start every CLI suite (test-cli*.sh) shares:
# where the programs are, the environment, skipping (77) when something
# is missing, the harnesses, a cleanup that stops what the suite
# started, and start_cli_bus (the private bus that activates meepled).
# Sourced right after the suite sets TEST_SRCDIR; reads
# HARNESS_NAME (the suite's name) and CLI_NEEDS (rule sets that must be
# built, space-separated; empty for none).
# shellcheck shell=sh

: "${TEST_BUILDDIR:=$(pwd)}"
: "${MEEPLE_CLI:=$TEST_BUILDDIR/clients/cli/meeple}"
: "${MEEPLE_SIM:=$TEST_BUILDDIR/daemon/sim/meeple-sim}"
: "${MEEPLED:=$TEST_BUILDDIR/daemon/meepled}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
: "${MEEPLE_PLUGIN_PATH:=$TEST_BUILDDIR/plugins/.libs}"
: "${DBUS_DAEMON:=dbus-daemon}"
: "${MEEPLE_UPDATE_GOLDEN:=}"
# Untranslated GLib messages, no colours unless asked for; the activated
# daemon inherits the tile and plugin directories from the bus.
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR MEEPLE_TILES_DIR MEEPLE_PLUGIN_PATH
M=$MEEPLE_CLI
# Whatever waits on the daemon gets a time limit, so that a hang fails
# the suite instead of stopping it.
T=
if command -v timeout >/dev/null 2>&1; then T="timeout 300"; fi
GOLDEN=$TEST_SRCDIR/tests/data/cli

for program in "$M" "$MEEPLED" "$MEEPLE_SIM"; do
  if [ ! -x "$program" ]; then
    echo "# $program is missing: skipped"
    exit 77
  fi
done
if ! command -v "$DBUS_DAEMON" >/dev/null 2>&1; then
  echo "# no dbus-daemon (package dbus-daemon): skipped"
  exit 77
fi
for id in ${CLI_NEEDS:-}; do
  if ! "$MEEPLE_SIM" rules 2>/dev/null | grep -q "^$id "; then
    echo "# the $id plugin is not built: skipped"
    exit 77
  fi
done

# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"
# shellcheck source=tests/cli-harness.sh
. "$TEST_SRCDIR/tests/cli-harness.sh"
# shellcheck source=tests/dbus/private-bus.sh
. "$TEST_SRCDIR/tests/dbus/private-bus.sh"

BUS_PID=
BG_PIDS=
# Stops the background processes, the bus and the daemon, and closes the
# descriptors 4 and 5 a suite may hold on a scripted `meeple play`.
cleanup() {
  exec 4>&- 5>&-
  for pid in $BG_PIDS; do kill "$pid" 2>/dev/null || :; done
  if [ -n "$BUS_PID" ]; then kill "$BUS_PID" 2>/dev/null || :; fi
  if [ -s "$TMP/meepled.pid" ]; then
    kill "$(cat "$TMP/meepled.pid")" 2>/dev/null || :
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Starts the private bus the suite's meeple calls activate meepled on,
# with the state, data and config directories under $TMP: both the
# daemon (its games) and meeple (its seat tokens) keep state there.
start_cli_bus() {
  mkdir "$TMP/state" "$TMP/data" "$TMP/config"
  XDG_STATE_HOME=$TMP/state
  XDG_DATA_HOME=$TMP/data
  XDG_CONFIG_HOME=$TMP/config
  export XDG_STATE_HOME XDG_DATA_HOME XDG_CONFIG_HOME
  # The daemon writes its pid first, so that cleanup can stop it.
  cat >"$TMP/run-meepled" <<EOF
#!/bin/sh
echo \$\$ >'$TMP/meepled.pid'
exec '$MEEPLED'
EOF
  start_private_bus
  MEEPLE_BUS_ADDRESS=$BUS_ADDRESS
  export MEEPLE_BUS_ADDRESS
  echo "# meeple: $M"
  echo "# bus: $MEEPLE_BUS_ADDRESS"
}
