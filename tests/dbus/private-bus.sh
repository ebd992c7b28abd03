# tests/dbus/private-bus.sh — a private D-Bus session bus for the shell
# suites (the C suites have tests/dbusfixture.c): the configuration
# tests/dbus/session.conf.in with its directory in $TMP, and a service
# file that activates meepled through the script "$TMP/run-meepled",
# which the suite writes first (how it runs the daemon is its own
# business: state directories, a pid file, its exit status).
# Source it after tests/harness.sh.
# shellcheck shell=sh
# (BUS_PID and BUS_ADDRESS are read by the suites that source this file.)
# shellcheck disable=SC2034

# start_private_bus: starts dbus-daemon; sets BUS_PID and BUS_ADDRESS.
# Exits the suite (status 1) when the bus does not come up.
start_private_bus() {
  mkdir -p "$TMP/services"
  sed "s|@DIR@|$TMP|g" "$TEST_SRCDIR/tests/dbus/session.conf.in" \
    >"$TMP/bus.conf"
  printf '[D-BUS Service]\nName=org.meepled.Meepled1\nExec=/bin/sh %s\n' \
    "$TMP/run-meepled" >"$TMP/services/org.meepled.Meepled1.service"
  "${DBUS_DAEMON:-dbus-daemon}" --config-file="$TMP/bus.conf" --nofork \
    --print-address=3 3>"$TMP/address" 2>"$TMP/bus.err" &
  BUS_PID=$!
  i=0
  while ! grep -q . "$TMP/address" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 300 ] || ! kill -0 "$BUS_PID" 2>/dev/null; then
      echo "FAIL - dbus-daemon did not start"
      cat "$TMP/bus.err"
      exit 1
    fi
    sleep 0.1
  done
  BUS_ADDRESS=$(head -n 1 "$TMP/address")
}
