#!/bin/sh
# tests/test-dbus-introspect.sh — the interface XML in data/ is the source
# of truth of meepled's D-Bus API (DESIGN "D-Bus API"):
#
#  1. xmllint validates every data/*.xml against the D-Bus introspection
#     DTD when it is installed (libdbus-1-dev ships it), else checks that
#     it is well-formed.  Never from the network (--nonet).
#  2. A private bus (tests/dbus/session.conf.in) activates the built
#     meepled; its answers to org.freedesktop.DBus.Introspectable on the
#     manager and on a game object must match data/*.xml interface by
#     interface (tests/compare-introspection.py: methods with argument
#     names, types and directions; signals with argument types; properties
#     with type and access).  A difference fails with a diff.
#  3. The activation file and the systemd unit name the same service.
#
# Needs dbus-daemon (package dbus-daemon), gdbus (libglib2.0-bin), python3
# and xmllint (libxml2-utils); exits 77 (skipped) when the bus cannot be
# run at all.  By hand, from a build directory:
#   TEST_SRCDIR=/path/to/src TEST_BUILDDIR=. sh tests/test-dbus-introspect.sh
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TEST_BUILDDIR:=$(pwd)}"
: "${MEEPLED:=$TEST_BUILDDIR/daemon/meepled}"
: "${DBUS_DAEMON:=dbus-daemon}"
: "${XMLLINT:=xmllint}"
LC_ALL=C
export LC_ALL

HARNESS_NAME=test-dbus-introspect
# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"
# shellcheck source=tests/dbus/private-bus.sh
. "$TEST_SRCDIR/tests/dbus/private-bus.sh"

NAME=org.meepled.Meepled1
MANAGER_PATH=/org/meepled/Meepled1
DTD=/usr/share/xml/dbus-1/introspect.dtd
BUS_PID=
DAEMON_PID=

cleanup() {
  if [ -n "$BUS_PID" ]; then kill "$BUS_PID" 2>/dev/null || :; fi
  if [ -n "$DAEMON_PID" ]; then
    i=0
    while [ ! -f "$TMP/meepled.status" ] && [ $i -lt 50 ]; do
      sleep 0.1
      i=$((i + 1))
    done
    kill -9 "$DAEMON_PID" 2>/dev/null || :
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM


have() { command -v "$1" >/dev/null 2>&1; }

# --- 1. xmllint --------------------------------------------------------
if have "$XMLLINT"; then
  if [ -r "$DTD" ]; then
    echo "# validating against $DTD"
    set -- --dtdvalid "$DTD"
  else
    echo "# $DTD not installed (libdbus-1-dev): well-formedness only"
    set --
  fi
  for xml in "$TEST_SRCDIR"/data/*.xml; do
    run "$XMLLINT" --noout --nonet "$@" "$xml"
    check "xmllint $(basename "$xml")" test "$status" -eq 0
  done
else
  echo "# no xmllint (package libxml2-utils): XML not validated"
fi

# --- 3. activation file and systemd unit ---------------------------------
svc=$TEST_SRCDIR/data/$NAME.service.in
unit=$TEST_SRCDIR/data/meepled.service.in
check "the activation file names $NAME" grep -qx "Name=$NAME" "$svc"
check "the activation file runs @bindir@/meepled" \
  grep -qx 'Exec=@bindir@/meepled' "$svc"
check "the activation file names the systemd unit" \
  grep -qx 'SystemdService=meepled.service' "$svc"
check "the systemd unit is Type=dbus" grep -qx "Type=dbus" "$unit"
check "the systemd unit names the bus name" grep -qx "BusName=$NAME" "$unit"
check "the systemd unit runs @bindir@/meepled" \
  grep -qx "ExecStart=@bindir@/meepled" "$unit"

# --- 2. the running daemon ---------------------------------------------
missing=
have "$DBUS_DAEMON" || missing="$missing dbus-daemon"
have gdbus || missing="$missing gdbus"
have python3 || missing="$missing python3"
[ -x "$MEEPLED" ] || missing="$missing $MEEPLED"
if [ -n "$missing" ]; then
  echo "# cannot run the daemon on a bus, missing:$missing"
  if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then exit 77; fi
  finish
  exit $?
fi

# The private bus: tests/dbus/session.conf.in with @DIR@ = $TMP, and a
# service file that runs meepled with a state directory of its own.
mkdir "$TMP/home"
cat >"$TMP/run-meepled" <<EOF
#!/bin/sh
HOME='$TMP/home'
XDG_STATE_HOME=\$HOME/state XDG_DATA_HOME=\$HOME/data
XDG_CONFIG_HOME=\$HOME/config XDG_CACHE_HOME=\$HOME/cache
export HOME XDG_STATE_HOME XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME
mkdir -p "\$XDG_STATE_HOME"
'$MEEPLED'
echo \$? > '$TMP/meepled.status.tmp' && mv '$TMP/meepled.status.tmp' '$TMP/meepled.status'
EOF
start_private_bus
ADDR=$BUS_ADDRESS
echo "# bus: $ADDR"

# introspect PATH FILE: the daemon's introspection XML of PATH.
introspect() {
  run gdbus introspect --xml --address "$ADDR" --dest "$NAME" \
    --object-path "$1"
  cp "$TMP/out" "$2"
  [ "$status" -eq 0 ] && grep -q '<node' "$2"
}

# compare WHAT EXPECTED ACTUAL: data XML against the daemon's.
compare() {
  if python3 "$TEST_SRCDIR/tests/compare-introspection.py" "$2" "$3" \
    >"$TMP/diff" 2>&1; then
    pass "$1 matches $(basename "$2")"
  else
    failed=$((failed + 1))
    echo "FAIL - $1 differs from $(basename "$2") (- data, + daemon):"
    sed 's/^/    /' "$TMP/diff"
  fi
}

# valid FILE: the daemon's XML is valid too (when the DTD is there).
valid() {
  if have "$XMLLINT" && [ -r "$DTD" ]; then
    run "$XMLLINT" --noout --nonet --dtdvalid "$DTD" "$1"
    check "$(basename "$1") from the daemon is valid" test "$status" -eq 0
  fi
}

# The first call activates the daemon.
if introspect "$MANAGER_PATH" "$TMP/manager.xml"; then
  pass "Introspect $MANAGER_PATH (activates meepled)"
  compare "the manager's introspection" \
    "$TEST_SRCDIR/data/$NAME.Manager.xml" "$TMP/manager.xml"
  valid "$TMP/manager.xml"
else
  fail "Introspect $MANAGER_PATH"
fi

run gdbus call --address "$ADDR" --dest "$NAME" --object-path "$MANAGER_PATH" \
  --method "$NAME.Manager.CreateGame" "{'name': <'introspected'>}"
game=$(sed -n "s/^(objectpath '\([^']*\)'.*/\1/p" "$TMP/out")
if [ "$status" -eq 0 ] && [ -n "$game" ]; then
  pass "CreateGame gives $game"
  if introspect "$game" "$TMP/game.xml"; then
    pass "Introspect $game"
    compare "the game's introspection" \
      "$TEST_SRCDIR/data/$NAME.Game.xml" "$TMP/game.xml"
    valid "$TMP/game.xml"
  else
    fail "Introspect $game"
  fi
  # Tools that walk the tree (busctl tree, d-spy) find the game.
  parent=${game%/*}
  if introspect "$parent" "$TMP/parent.xml" &&
    grep -q "<node name=\"${game##*/}\"" "$TMP/parent.xml"; then
    pass "$parent lists the game as a child node"
  else
    echo "# note: $parent does not list ${game##*/} as a child node"
  fi
else
  fail "CreateGame"
fi

# The daemon ends cleanly on SIGTERM (status 0: no crash, no leak).
run gdbus call --address "$ADDR" --dest org.freedesktop.DBus \
  --object-path /org/freedesktop/DBus \
  --method org.freedesktop.DBus.GetConnectionUnixProcessID "$NAME"
DAEMON_PID=$(sed -n 's/^(uint32 \([0-9]*\),)$/\1/p' "$TMP/out")
if [ -n "$DAEMON_PID" ]; then
  kill -TERM "$DAEMON_PID"
  i=0
  while [ ! -f "$TMP/meepled.status" ] && [ $i -lt 200 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  st=$(cat "$TMP/meepled.status" 2>/dev/null || echo "none")
  check "meepled exits with status 0 on SIGTERM (got $st)" test "$st" = 0
  DAEMON_PID=
else
  fail "the daemon's process id"
fi

finish
