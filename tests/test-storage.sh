#!/bin/sh
# tests/test-storage.sh — the game store end to end (issue 9,
# doc/storage.md): meepled killed and restarted under the meeple CLI.
#
#  1. Resume: a fixed two-player game (explicit supply, scripted answers)
#     is stopped at Alice's third tile; meepled is killed with SIGKILL and
#     comes back: the same `meeple list` line, the same `meeple show`
#     (board, scores, pending decision), the same object path (GetGame).
#  2. Tokens: after the restart a wrong token is refused (BadToken), the
#     saved one reclaims the seat; both players' `meeple play` reclaim
#     their seats and finish the game.
#  3. History: after another SIGKILL the finished game is no longer held
#     but `meeple history` lists it and `meeple export` gives the record
#     exported before; `meeple import` of it goes to the history, of the
#     record cut in the middle gives a waiting game that bots join, start
#     and finish from where the record stops; malformed records are
#     refused with FILE:LINE:COLUMN and create nothing.
#  4. A `meeple bot` (with --delay) playing when meepled is killed takes
#     its seats back by itself and finishes the game.
#  5. A missing plugin: a mist game, meepled restarted without mist.so:
#     the game is suspended (list, show, join, play, export, GetGame say
#     why), stays in the store, ids are not reused; with the plugin back
#     it resumes in the same state and is played out.  A second meepled
#     on the same store is refused while the first runs, and moves
#     nothing aside.
#  6. A damaged store (garbage; a truncated copy): meepled moves it
#     aside, says so, and serves a new store.
#  7. An unusable state directory (under a regular file; read-only; a
#     read-only store file): a clear message naming it, or StorageFailed
#     for every write, nothing changed, no crash.  The read-only parts
#     need a process without CAP_DAC_OVERRIDE: as root they run meepled
#     under setpriv(1) without it, or are skipped.
#  8. A full disk (--state-max-size 32 KiB), with --state-sync normal and
#     full: an act fails with StorageFailed and changes nothing, CreateGame
#     too, the daemon keeps serving, and a restart shows the state before
#     the failures.
#  9. --state-sync: a usage error for a wrong mode; without the option
#     meepled runs normal (it says so); normal and full both lose nothing
#     to a SIGKILL.
# 10. A private store: in a 0755 directory the files are 0600 and the
#     directory is closed to 0700 (logged); an old 0644 store becomes
#     0600; a directory others can write to, or another user's, is
#     refused with a message saying what to do.
#
# meepled is activated by the private bus through "$TMP/run-meepled",
# which reads its state directory, plugin directory and options from
# "$TMP/meepled.conf" (configure below): killing it and making the next
# meeple call restarts it on the same store.  D-Bus-level checks (object
# paths, error names) use gdbus and are skipped without it; looking into
# the SQLite file uses sqlite3 when there is one.  Same environment as
# tests/test-cli.sh.  Exits 77 (skipped) when dbus-daemon or a program is
# missing.  KEEP_TMP=1 keeps the scratch directory (stores, daemon logs).
# sh -c '... "$1"' below takes its arguments positionally on purpose.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TEST_BUILDDIR:=$(pwd)}"
: "${MEEPLE_CLI:=$TEST_BUILDDIR/clients/cli/meeple}"
: "${MEEPLED:=$TEST_BUILDDIR/daemon/meepled}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
: "${MEEPLE_PLUGIN_PATH:=$TEST_BUILDDIR/plugins/.libs}"
: "${DBUS_DAEMON:=dbus-daemon}"
LC_ALL=C
NO_COLOR=1
# `meeple history` prints local times.
TZ=UTC
export LC_ALL NO_COLOR TZ MEEPLE_TILES_DIR MEEPLE_PLUGIN_PATH
M=$MEEPLE_CLI
T=
if command -v timeout >/dev/null 2>&1; then T="timeout 120"; fi

for program in "$M" "$MEEPLED"; do
  if [ ! -x "$program" ]; then
    echo "# $program is missing: skipped"
    exit 77
  fi
done
if ! command -v "$DBUS_DAEMON" >/dev/null 2>&1; then
  echo "# no dbus-daemon (package dbus-daemon): skipped"
  exit 77
fi
if [ ! -f "$MEEPLE_PLUGIN_PATH/mist.so" ]; then
  echo "# no mist.so in $MEEPLE_PLUGIN_PATH: skipped"
  exit 77
fi
GDBUS=
if command -v gdbus >/dev/null 2>&1; then GDBUS=gdbus; fi
SQLITE=
if command -v sqlite3 >/dev/null 2>&1; then SQLITE=sqlite3; fi

HARNESS_NAME=test-storage
# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"
# shellcheck source=tests/dbus/private-bus.sh
. "$TEST_SRCDIR/tests/dbus/private-bus.sh"

BUS_PID=
BG_PIDS=
cleanup() {
  for pid in $BG_PIDS; do kill "$pid" 2>/dev/null || :; done
  if [ -s "$TMP/meepled.pid" ]; then
    kill -9 "$(cat "$TMP/meepled.pid")" 2>/dev/null || :
  fi
  if [ -n "$BUS_PID" ]; then kill "$BUS_PID" 2>/dev/null || :; fi
  chmod -R u+rwx "$TMP" 2>/dev/null || :
  if [ -z "${KEEP_TMP:-}" ]; then rm -rf "$TMP"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

mkdir "$TMP/state" "$TMP/data" "$TMP/config"
# meeple keeps its seat tokens under $XDG_STATE_HOME; meepled's stores
# are elsewhere (--state-dir).
XDG_STATE_HOME=$TMP/state
XDG_DATA_HOME=$TMP/data
XDG_CONFIG_HOME=$TMP/config
export XDG_STATE_HOME XDG_DATA_HOME XDG_CONFIG_HOME

# --- running meepled ------------------------------------------------------
# configure STORE [OPTIONS]: the next meepled keeps its games in
# $TMP/STORE, logs to $TMP/STORE.log and loads the plugins of $PLUGINS,
# run by $WRAP (a command prefix, or empty).
PLUGINS=$MEEPLE_PLUGIN_PATH
WRAP=
configure() {
  STORE=$TMP/$1
  LOG=$TMP/$1.log
  cat >"$TMP/meepled.conf" <<EOF
STATE_DIR='$STORE'
LOG='$LOG'
PLUGINS='$PLUGINS'
EXTRA='${2:-}'
WRAP='$WRAP'
EOF
}
# The daemon writes its pid first, so that the suite can kill it.
cat >"$TMP/run-meepled" <<EOF
#!/bin/sh
. '$TMP/meepled.conf'
echo \$\$ >'$TMP/meepled.pid'
MEEPLE_PLUGIN_PATH=\$PLUGINS
export MEEPLE_PLUGIN_PATH
exec \$WRAP '$MEEPLED' --state-dir "\$STATE_DIR" \$EXTRA 2>>"\$LOG"
EOF

# bus_call DEST PATH METHOD ARG...: gdbus call on the private bus.
bus_call() {
  dest=$1
  path=$2
  method=$3
  shift 3
  gdbus call --address "$BUS_ADDRESS" --dest "$dest" --object-path "$path" \
    --method "$method" "$@"
}
daemon_pid() { cat "$TMP/meepled.pid" 2>/dev/null || :; }
# pid_alive PID: whether process PID runs (a zombie does not).
pid_alive() {
  [ -n "$1" ] && kill -0 "$1" 2>/dev/null || return 1
  case $(ps -o stat= -p "$1" 2>/dev/null || :) in Z*) return 1 ;; esac
  return 0
}
# Whether the last meepled started still runs.
daemon_alive() { pid_alive "$(daemon_pid)"; }
name_owned() {
  [ -n "$GDBUS" ] || return 1
  bus_call org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner org.meepled.Meepled1 2>/dev/null |
    grep -q true
}
# stop_daemon [SIGNAL]: stops meepled (SIGTERM by default) and returns
# once it is gone from the bus, so that the next call starts a new one.
stop_daemon() {
  if daemon_alive; then kill "-${1:-TERM}" "$(daemon_pid)" 2>/dev/null || :; fi
  i=0
  while { daemon_alive || name_owned; } && [ $i -lt 200 ]; do
    sleep 0.05
    i=$((i + 1))
  done
}
# wait_lines FILE N: until FILE has N lines (at most 30 s).
wait_lines() {
  i=0
  while [ "$(wc -l <"$1")" -lt "$2" ] && [ $i -lt 600 ]; do
    sleep 0.05
    i=$((i + 1))
  done
  [ "$(wc -l <"$1")" -ge "$2" ]
}
# show GAME FILE: `meeple show` of GAME into FILE (plain ASCII).
show() {
  run "$M" show "$1" --colour=never --glyphs=ascii
  cp "$TMP/out" "$2"
  [ "$status" -eq 0 ]
}
# list_line GAME FILE: GAME's line of `meeple list` into FILE.
list_line() {
  run "$M" list
  grep "^$1 " "$TMP/out" >"$2"
}
# actions FILE: the action lines of a record (no comments, no header).
actions() {
  grep -Ev '^(#|meepled-record |rules |players |seed |tiles |farmers )' "$1" |
    grep -v '^$' || :
}
# norm FILE: `meeple history` with the times as DATE and blanks squeezed.
norm_history() {
  sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}/DATE/' "$1" |
    tr -s ' '
}

start_private_bus
MEEPLE_BUS_ADDRESS=$BUS_ADDRESS
export MEEPLE_BUS_ADDRESS
echo "# meeple: $M"
echo "# bus: $MEEPLE_BUS_ADDRESS"
if [ -z "$GDBUS" ]; then echo "# no gdbus: D-Bus-level checks skipped"; fi
if [ -z "$SQLITE" ]; then echo "# no sqlite3: the store is read with grep"; fi

# --- help (no daemon needed) ----------------------------------------------
expect 0 "--help" "$M" --help
check "--help lists history and import" sh -c \
  'grep -q "^  history " "$1" && grep -q "^  import " "$1"' sh "$TMP/out"
for cmd in history import; do
  expect 0 "$cmd --help" "$M" "$cmd" --help
  check "$cmd --help shows its usage line" has "meeple $cmd" "$TMP/out"
  check "$cmd --help documents --bus-address" has "--bus-address" "$TMP/out"
done
check "import --help documents --name" has "--name=S" "$TMP/out"
expect 2 "history with an argument" "$M" history 3

# === 1. resume after SIGKILL ==============================================
configure main
TILES="U V E K A B L W J N"
expect 0 "new (activates meepled)" "$M" new --tiles "$TILES" --name golden
G=$(cat "$TMP/out")
expect 0 "Alice joins seat 1" "$M" join "$G" --name Alice --seat 1
alice_token=$(sed -n 's/^token //p' "$TMP/out")
# Bob answers his first two turns, Alice hers; her input ends at her
# third tile, where the game then waits (as in tests/test-cli.sh).
printf '1\n2\n1\n2\n' >"$TMP/bob"
$T "$M" play "$G" --seat 2 --name Bob --colour=never <"$TMP/bob" \
  >"$TMP/bob.out" 2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
printf '1\n2\n1\n1\n' >"$TMP/answers"
run $T "$M" play "$G" --seat 1 --colour=never --glyphs=ascii <"$TMP/answers"
check "Alice's play stops at her third tile (exit 1)" test "$status" -eq 1
kill "$bob_pid" 2>/dev/null || :
wait "$bob_pid" 2>/dev/null || :
check "show before the kill" show "$G" "$TMP/show-before"
check "the game waits for Alice's third tile" \
  has "^Turn 5, .*Alice (seat 1) to decide: place-tile" "$TMP/show-before"
check "list before the kill" list_line "$G" "$TMP/list-before"
check "list line before" has_e "^$G +playing +0/2 +base +golden$" \
  "$TMP/list-before"
if [ -n "$GDBUS" ]; then
  run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
    org.meepled.Meepled1.Manager.GetGame "$G"
  cp "$TMP/out" "$TMP/path-before"
  check "GetGame before: the game's path" \
    has "^(objectpath '/org/meepled/Meepled1/game/$G',)$" "$TMP/path-before"
fi
first_pid=$(daemon_pid)
stop_daemon KILL
check "meepled is gone after SIGKILL" eval '! pid_alive "$first_pid"'
expect 0 "list (restarts meepled)" "$M" list
check "a new meepled serves" test "$(daemon_pid)" != "$first_pid"
check "it resumed the game" has "resumed 1 of 1 unfinished games" "$LOG"
check "list after the restart" list_line "$G" "$TMP/list-after"
check "the same list line" cmp -s "$TMP/list-before" "$TMP/list-after"
check "show after the restart" show "$G" "$TMP/show-after"
check "the same board, scores and pending decision" \
  cmp -s "$TMP/show-before" "$TMP/show-after"
if [ -n "$GDBUS" ]; then
  run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
    org.meepled.Meepled1.Manager.GetGame "$G"
  check "the same object path" cmp -s "$TMP/path-before" "$TMP/out"
fi

# === 2. seat tokens after the restart =====================================
if [ -n "$GDBUS" ]; then
  run bus_call org.meepled.Meepled1 "/org/meepled/Meepled1/game/$G" \
    org.meepled.Meepled1.Game.Reclaim "not-a-token"
  check "a wrong token is refused" test "$status" -ne 0
  check "... with BadToken" has "org.meepled.Meepled1.Error.BadToken" \
    "$TMP/err"
  run bus_call org.meepled.Meepled1 "/org/meepled/Meepled1/game/$G" \
    org.meepled.Meepled1.Game.Reclaim "$alice_token"
  check "Alice's token from before the restart reclaims seat 1" \
    has "^(uint32 0,)$" "$TMP/out"
fi
# Both play on: each `meeple play` reclaims its seat with the saved token
# (the game has started: joining would fail) and takes the first action
# until the end.
i=0
while [ $i -lt 40 ]; do echo 1; i=$((i + 1)); done >"$TMP/ones"
$T "$M" play "$G" --seat 2 --colour=never <"$TMP/ones" >"$TMP/bob.out" \
  2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
run $T "$M" play "$G" --seat 1 --colour=never <"$TMP/ones"
cp "$TMP/out" "$TMP/alice.out"
check "Alice plays on to the end (exit 0)" test "$status" -eq 0
check "... in her seat, reclaimed" has "as Alice (seat 1)" "$TMP/alice.out"
set +e
wait "$bob_pid"
bob_status=$?
set -e
check "Bob plays on to the end (exit 0)" test "$bob_status" -eq 0
check "... in his seat, reclaimed" has "as Bob (seat 2)" "$TMP/bob.out"
result=$(sed -n 's/^Final scores: \([^;]*\);.*/\1/p' "$TMP/alice.out")
check "the final scores" test -n "$result"
expect 0 "export the finished game" "$M" export "$G" -o "$TMP/golden.rec"
check "the record has the whole supply" has "^tiles $TILES$" "$TMP/golden.rec"

# === 3. history, export and import =========================================
stop_daemon KILL
expect 0 "list after a restart" "$M" list
check "the finished game is no longer held" lacks "^$G " "$TMP/out"
expect 0 "history" "$M" history
norm_history "$TMP/out" >"$TMP/history"
printf 'ID FINISHED RULES RESULT NAME\n%s DATE base %s golden\n' "$G" \
  "$result" >"$TMP/want"
check "history lists the game, its rules, result and name" \
  cmp -s "$TMP/want" "$TMP/history"
check "history gives the date it ended" \
  has "^$G  *$(date +%Y-%m-%d) " "$TMP/out"
expect 0 "export from the history" "$M" export "$G"
check "the same record as before the restart" cmp -s "$TMP/out" \
  "$TMP/golden.rec"
expect 0 "export -o from the history" "$M" export "$G" -o "$TMP/again.rec"
check "export -o writes it too" cmp -s "$TMP/again.rec" "$TMP/golden.rec"
expect 1 "export an unknown game" "$M" export 999999
check "... says there is no such game" \
  has "^meeple: There is no game \"999999\"\.$" "$TMP/err"
if [ -n "$GDBUS" ]; then
  # an id is written one way only
  run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
    org.meepled.Meepled1.Manager.GetRecord "$G"
  check "GetRecord $G gives its record" has "meepled-record" "$TMP/out"
  for bad in "${G}x" " $G" "0$G" "+$G"; do
    run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
      org.meepled.Meepled1.Manager.GetRecord "$bad"
    check "GetRecord \"$bad\" finds no game" \
      has "org.meepled.Meepled1.Error.NoSuchGame" "$TMP/err"
  done
fi

# a finished record goes to the history
expect 0 "import the finished record" "$M" import "$TMP/golden.rec"
F=$(cat "$TMP/out")
check "import prints just the new id" has_e '^[0-9]+$' "$TMP/out"
check "the id is new" test "$F" -gt "$G"
check "import says it went to the history" has \
  "^Game $F is finished: it went to the history ('meeple history', 'meeple export $F')\.$" \
  "$TMP/err"
expect 0 "history after the import" "$M" history
norm_history "$TMP/out" >"$TMP/history"
printf 'ID FINISHED RULES RESULT NAME\n%s DATE base %s\n%s DATE base %s golden\n' \
  "$F" "$result" "$G" "$result" >"$TMP/want"
check "history lists the imported game first" cmp -s "$TMP/want" \
  "$TMP/history"
expect 0 "export the imported game" "$M" export "$F"
check "its record is the one imported" cmp -s "$TMP/out" "$TMP/golden.rec"

# a record cut in the middle: a waiting game that plays on
head -n 16 "$TMP/golden.rec" >"$TMP/cut.rec"
actions "$TMP/cut.rec" >"$TMP/cut.actions"
check "the cut record ends mid-game" test "$(wc -l <"$TMP/cut.actions")" -ge 4
expect 0 "import the cut record" "$M" import "$TMP/cut.rec" --name "played on"
C=$(cat "$TMP/out")
check "import says the game waits for players" has \
  "^Game $C waits for players (2 free seats): once they are taken and it starts ('meeple play $C', 'meeple bot $C'), it plays on where the record stops\.$" \
  "$TMP/err"
expect 0 "list" "$M" list
check "the imported game waits, named by --name" \
  has_e "^$C +waiting +2/2 +base +played on$" "$TMP/out"
run $T "$M" bot "$C" --seats all --seed 4 --quiet
check "bots take its seats, start it and finish it (exit 0)" \
  test "$status" -eq 0
expect 0 "export the continued game" "$M" export "$C" -o "$TMP/continued.rec"
actions "$TMP/continued.rec" >"$TMP/continued.actions"
check "it went on from the record's last action" sh -c \
  'head -n "$(wc -l <"$1")" "$2" | cmp -s - "$1"' sh "$TMP/cut.actions" \
  "$TMP/continued.actions"
check "... to the end" test "$(wc -l <"$TMP/continued.actions")" -gt \
  "$(wc -l <"$TMP/cut.actions")"

# malformed records: FILE:LINE:COLUMN, nothing created
"$M" list >"$TMP/list-before"
"$M" history >"$TMP/history-before"
sed '8s/.*/place U @ 0,-1 r45/' "$TMP/golden.rec" >"$TMP/bad-action.rec"
expect 1 "import a record with a bad action" "$M" import "$TMP/bad-action.rec"
check "... names the file, line and column" \
  has_e "^meeple: $TMP/bad-action\.rec:8:[0-9]+: .*r45" "$TMP/err"
check "... and prints no id" test ! -s "$TMP/out"
printf 'meepled-record 1\nplayers A B\nseed x\n' >"$TMP/bad-seed.rec"
expect 1 "import a record with a bad seed" "$M" import "$TMP/bad-seed.rec"
check "... says where and why" has \
  "^meeple: $TMP/bad-seed\.rec:3:6: seed 'x' is not a decimal number" \
  "$TMP/err"
printf 'meepled-record 1\nplayers A B\nseed 1\nplace \377 @\n' \
  >"$TMP/bad-utf8.rec"
expect 1 "import a record that is not UTF-8" "$M" import "$TMP/bad-utf8.rec"
check "... says where" has \
  "^meeple: $TMP/bad-utf8\.rec:4:7: invalid UTF-8 (a record is plain text)$" \
  "$TMP/err"
printf 'meepled-record 1\nplayers A\000 B\n' >"$TMP/bad-nul.rec"
expect 1 "import a record with a NUL byte" "$M" import "$TMP/bad-nul.rec"
check "... says where" has \
  "^meeple: $TMP/bad-nul\.rec:2:10: a NUL byte (a record is plain text)$" \
  "$TMP/err"
sed -n '1,7p;9,$p' "$TMP/golden.rec" >"$TMP/bad-order.rec"
expect 1 "import a record with an action left out" "$M" import \
  "$TMP/bad-order.rec"
check "... names the line that does not replay" \
  has_e "^meeple: $TMP/bad-order\.rec:8:[0-9]+: " "$TMP/err"
long_name=$(printf 'x%.0s' $(seq 101))
printf 'meepled-record 1\nplayers A %s\nseed 1\n' "$long_name" \
  >"$TMP/long-name.rec"
expect 1 "import a record with a player name of 101 bytes" "$M" import \
  "$TMP/long-name.rec"
check "... says the limit, as Join does" has \
  "Player 2 of the record: A player name has at most 100 bytes\.$" \
  "$TMP/err"
expect 1 "import a missing file" "$M" import "$TMP/nosuch.rec"
check "... says it cannot read it" has "^meeple: cannot read $TMP/nosuch.rec" \
  "$TMP/err"
expect 2 "import without a file" "$M" import
"$M" list >"$TMP/list-after"
"$M" history >"$TMP/history-after"
check "no bad record created a game" cmp -s "$TMP/list-before" \
  "$TMP/list-after"
check "... or a history entry" cmp -s "$TMP/history-before" \
  "$TMP/history-after"

# === 4. a bot plays on after a restart by itself ============================
expect 0 "new --bots 2" "$M" new --bots 2 --seed 5 --name bots
B=$(cat "$TMP/out")
# The delay keeps the game going long enough to kill meepled mid-game.
: >"$TMP/bot.out"
$T "$M" bot "$B" --seats all --seed 2 --delay 15 >"$TMP/bot.out" \
  2>"$TMP/bot.err" &
bot_pid=$!
BG_PIDS="$BG_PIDS $bot_pid"
check "the bot plays" wait_lines "$TMP/bot.out" 10
bot_daemon=$(daemon_pid)
kill -9 "$bot_daemon"
set +e
wait "$bot_pid"
bot_status=$?
set -e
check "the bot finishes the game after the kill (exit 0)" \
  test "$bot_status" -eq 0
if [ "$bot_status" -ne 0 ]; then sed 's/^/    bot: /' "$TMP/bot.err"; fi
check "... after a restart of meepled" test "$(daemon_pid)" != "$bot_daemon"
check "... with its seats taken back" has "meepled is back; playing on" \
  "$TMP/bot.err"
expect 0 "show the bots' game" "$M" show "$B" --colour=never
check "the game is over, with the scores the bot printed" sh -c \
  '[ -n "$(grep "^Final scores:" "$1")" ] &&
   [ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$TMP/out" "$TMP/bot.out"

# === 5. a missing plugin: suspended, then resumed ===========================
stop_daemon
configure mist
expect 0 "new --rules mist" "$M" new --rules mist --bots 2 --seed 7 --name misty
X=$(cat "$TMP/out")
: >"$TMP/mbot.out"
$T "$M" bot "$X" --seats all --seed 1 --delay 15 >"$TMP/mbot.out" \
  2>"$TMP/mbot.err" &
mbot_pid=$!
BG_PIDS="$BG_PIDS $mbot_pid"
check "bots play the mist game" wait_lines "$TMP/mbot.out" 8
kill "$mbot_pid" 2>/dev/null || :
wait "$mbot_pid" 2>/dev/null || :
check "show the mist game" show "$X" "$TMP/mist-before"
check "it is in progress" has "^Turn [0-9]*, " "$TMP/mist-before"
stop_daemon KILL
mkdir "$TMP/nomist"
for so in "$MEEPLE_PLUGIN_PATH"/*.so; do
  case $so in */mist.so) ;; *) cp "$so" "$TMP/nomist/" ;; esac
done
if [ -n "$SQLITE" ]; then
  stored_actions() {
    $SQLITE -readonly "$STORE/meepled.db" \
      "SELECT count(*) FROM actions WHERE game = $X"
  }
  n_actions=$(stored_actions)
  check "the mist game's actions are stored" test "$n_actions" -gt 4
fi
PLUGINS=$TMP/nomist
configure mist
expect 0 "list without mist.so (restarts meepled)" "$M" list
printf 'ID  STATUS     FREE   RULES         NAME\n%s   suspended  0/2    base,mist     misty\n' \
  "$X" >"$TMP/want"
check "list shows the game suspended" sh -c \
  'head -n 2 "$1" | cmp -s - "$2"' sh "$TMP/out" "$TMP/want"
check "... and why, naming mist" \
  has "^Game $X is suspended: unknown rule set 'mist'" "$TMP/out"
reason=$(sed -n "s/^Game $X is suspended: //p" "$TMP/out")
check "meepled logs it" has "game $X suspended: $reason" "$LOG"
expect 1 "show a suspended game" "$M" show "$X"
check "... gives the reason" has "^meeple: Game $X is suspended: $reason$" \
  "$TMP/err"
expect 1 "join a suspended game" "$M" join "$X"
check "... gives the reason" has "^meeple: Game $X is suspended: $reason$" \
  "$TMP/err"
expect 1 "play a suspended game" "$M" play "$X"
check "... gives the reason" has "^meeple: Game $X is suspended: $reason$" \
  "$TMP/err"
expect 1 "export a suspended game" "$M" export "$X"
check "... gives the reason" has "^meeple: Game $X is suspended: $reason$" \
  "$TMP/err"
if [ -n "$GDBUS" ]; then
  run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
    org.meepled.Meepled1.Manager.GetGame "$X"
  check "GetGame fails with Suspended" \
    has "org.meepled.Meepled1.Error.Suspended: Game $X is suspended: " \
    "$TMP/err"
fi
expect 0 "new while a game is suspended" "$M" new
check "its id is not the suspended game's" test "$(cat "$TMP/out")" -gt "$X"
# A running meepled holds its store exclusively (doc/storage.md): a
# second one on the same --state-dir is refused, the store untouched.
run $T "$MEEPLED" --bus-address "$BUS_ADDRESS" --state-dir "$STORE"
check "a second meepled on the same store exits 1" test "$status" -eq 1
check "... saying the store is in use" has \
  "^meepled: The game store $STORE/meepled.db is in use by another program (another meepled?); stop it, or give this one another --state-dir\.$" \
  "$TMP/err"
check "... and moves nothing aside" sh -c \
  'for f in "$1"/meepled.db.corrupt-*; do test ! -e "$f"; done' sh "$STORE"
check "the first meepled still runs" daemon_alive
if [ -n "$SQLITE" ]; then
  check "a running meepled's store is locked to others" sh -c \
    '! "$1" -readonly "$2" "SELECT count(*) FROM games" 2>/dev/null' sh \
    "$SQLITE" "$STORE/meepled.db"
fi
stop_daemon
if [ -n "$SQLITE" ]; then
  check "the store still holds the game, untouched" \
    test "$(stored_actions)" -eq "$n_actions"
else
  check "the store still holds the game" sh -c \
    'cat "$1"/meepled.db* | grep -aq misty' sh "$STORE"
fi
PLUGINS=$MEEPLE_PLUGIN_PATH
configure mist
expect 0 "list with mist.so back (restarts meepled)" "$M" list
check "the game plays again" has_e "^$X +playing +0/2 +base,mist +misty$" \
  "$TMP/out"
check "no game is suspended" lacks "suspended" "$TMP/out"
check "show after the resume" show "$X" "$TMP/mist-after"
check "the same state as before the plugin went" \
  cmp -s "$TMP/mist-before" "$TMP/mist-after"
run $T "$M" bot "$X" --seats all --seed 1 --quiet
check "the bots reclaim their seats and finish it (exit 0)" \
  test "$status" -eq 0

# === 6. a damaged store is moved aside ======================================
stop_daemon
# the mist store, closed cleanly (no WAL left), to truncate below
cp "$STORE/meepled.db" "$TMP/whole.db"
mkdir "$TMP/garbage"
i=0
while [ $i -lt 300 ]; do
  echo "this is not an SQLite database $i"
  i=$((i + 1))
done >"$TMP/garbage/meepled.db"
cp "$TMP/garbage/meepled.db" "$TMP/garbage.db"
configure garbage
expect 0 "list on a garbage store (starts meepled)" "$M" list
check "meepled serves a new, empty store" has "^No games\.$" "$TMP/out"
check "it logs that the file was damaged and moved" \
  has "$STORE/meepled.db was damaged (.*); it was moved to $STORE/meepled.db.corrupt-" \
  "$LOG"
check "the damaged file is kept beside, unchanged" sh -c \
  'cmp -s "$1"/meepled.db.corrupt-* "$2"' sh "$STORE" "$TMP/garbage.db"
expect 0 "new on the new store" "$M" new --name fresh
check "... is listed" sh -c '"$1" list | grep -q " fresh$"' sh "$M"
expect 0 "history of the new store" "$M" history
check "... has no finished games" sh -c \
  '[ "$(cat "$1")" = "No finished games." ]' sh "$TMP/out"
run "$M" import - <"$TMP/golden.rec"
check "import - reads the record from standard input" test "$status" -eq 0
I=$(cat "$TMP/out")
expect 0 "history after it" "$M" history
check "... lists it" has_e "^$I +[-0-9]+ [0-9:]+ +base +$result$" "$TMP/out"
stop_daemon
size=$(wc -c <"$TMP/whole.db")
check "the whole store has several pages" test "$size" -ge 16384
mkdir "$TMP/truncated"
head -c $((size / 2)) "$TMP/whole.db" >"$TMP/truncated/meepled.db"
configure truncated
expect 0 "list on a truncated store (starts meepled)" "$M" list
check "meepled serves a new, empty store" has "^No games\.$" "$TMP/out"
check "it logs that the file was damaged and moved" \
  has "$STORE/meepled.db was damaged (.*); it was moved to $STORE/meepled.db.corrupt-" \
  "$LOG"
check "the truncated file is kept beside" sh -c \
  'ls "$1"/meepled.db.corrupt-* >/dev/null' sh "$STORE"
expect 0 "new on the new store" "$M" new

# === 7. an unusable state directory ==========================================
stop_daemon
: >"$TMP/afile"
run $T "$MEEPLED" --bus-address "$BUS_ADDRESS" --state-dir "$TMP/afile/state"
check "a state dir under a regular file: meepled exits 1" test "$status" -eq 1
check "... naming the directory and why" has \
  "^meepled: Cannot create the state directory $TMP/afile/state: Not a directory\.$" \
  "$TMP/err"
run $T "$MEEPLED" --bus-address "$BUS_ADDRESS" --state-dir "$TMP/afile"
check "a state dir that is a regular file: meepled exits 1" \
  test "$status" -eq 1
check "... naming it" has "^meepled: Cannot create the state directory $TMP/afile: Not a directory\.$" \
  "$TMP/err"

# Read-only files stop only a process without CAP_DAC_OVERRIDE: root runs
# meepled under setpriv without it.
NOPRIV=
readonly_ok=
if [ "$(id -u)" -ne 0 ]; then
  readonly_ok=yes
elif command -v setpriv >/dev/null 2>&1; then
  NOPRIV="setpriv --bounding-set=-dac_override,-dac_read_search,-fowner --"
  mkdir "$TMP/probe"
  chmod 0500 "$TMP/probe"
  if ! $NOPRIV touch "$TMP/probe/x" 2>/dev/null; then
    readonly_ok=yes
  fi
fi
if [ -z "$readonly_ok" ]; then
  echo "# running as root without a working setpriv: the read-only checks are skipped (root writes anywhere)"
else
  mkdir "$TMP/readonly-dir"
  chmod 0500 "$TMP/readonly-dir"
  # shellcheck disable=SC2086 # $NOPRIV is a command prefix
  run $T $NOPRIV "$MEEPLED" --bus-address "$BUS_ADDRESS" \
    --state-dir "$TMP/readonly-dir"
  check "a read-only empty state dir: meepled exits 1" test "$status" -eq 1
  check "... naming the file" has \
    "^meepled: Cannot open the game store in $TMP/readonly-dir/meepled.db: " \
    "$TMP/err"

  # A store file that is read-only when meepled starts: it serves what it
  # has, and every write fails with StorageFailed, changing nothing.
  configure readonly
  expect 0 "new --bots 2 (a game to store)" "$M" new --bots 2 --seed 9
  R=$(cat "$TMP/out")
  : >"$TMP/rbot.out"
  $T "$M" bot "$R" --seats all --seed 3 --delay 15 >"$TMP/rbot.out" \
    2>"$TMP/rbot.err" &
  rbot_pid=$!
  BG_PIDS="$BG_PIDS $rbot_pid"
  check "bots play" wait_lines "$TMP/rbot.out" 6
  kill "$rbot_pid" 2>/dev/null || :
  wait "$rbot_pid" 2>/dev/null || :
  expect 0 "import the cut record (its seats named after its players)" \
    "$M" import "$TMP/cut.rec"
  RJ=$(cat "$TMP/out")
  stop_daemon
  chmod 0400 "$STORE/meepled.db"
  WRAP=$NOPRIV
  configure readonly
  expect 0 "list on a read-only store (starts meepled)" "$M" list
  cp "$TMP/out" "$TMP/list-before"
  check "the stored game is there" has_e "^$R +playing " "$TMP/out"
  check "show before" show "$R" "$TMP/ro-before"
  ro_pid=$(daemon_pid)
  run $T "$M" bot "$R" --seats all --seed 3 --quiet
  check "an act on a read-only store fails (exit 1)" test "$status" -eq 1
  check "... saying the store is read-only" \
    has "^meeple: .*$STORE/meepled.db: attempt to write a readonly database" \
    "$TMP/err"
  check "show after" show "$R" "$TMP/ro-after"
  check "the game did not change" cmp -s "$TMP/ro-before" "$TMP/ro-after"
  # A refused join takes nothing back but the seat: its free seats keep
  # the record's players' names (only the Seats property shows them).
  seats_of() {
    bus_call org.meepled.Meepled1 "/org/meepled/Meepled1/game/$1" \
      org.freedesktop.DBus.Properties.Get org.meepled.Meepled1.Game Seats \
      >"$2"
  }
  if [ -n "$GDBUS" ]; then
    check "the imported game's seats" seats_of "$RJ" "$TMP/ro-seats-before"
    check "... are named after the record's players" \
      has "'Alice', 'human', false" "$TMP/ro-seats-before"
  fi
  run $T "$M" join "$RJ" --name Zed
  check "a join on a read-only store fails (exit 1)" test "$status" -eq 1
  check "... saying the store is read-only" \
    has "^meeple: .*$STORE/meepled.db: attempt to write a readonly database" \
    "$TMP/err"
  if [ -n "$GDBUS" ]; then
    check "the seats again" seats_of "$RJ" "$TMP/ro-seats-after"
    check "... unchanged, names included" cmp -s "$TMP/ro-seats-before" \
      "$TMP/ro-seats-after"
  fi
  expect 1 "new on a read-only store" "$M" new
  check "... says why" \
    has "^meeple: .*$STORE/meepled.db: attempt to write a readonly database" \
    "$TMP/err"
  if [ -n "$GDBUS" ]; then
    run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
      org.meepled.Meepled1.Manager.CreateGame "{}"
    check "CreateGame fails with StorageFailed" \
      has "org.meepled.Meepled1.Error.StorageFailed" "$TMP/err"
  fi
  expect 0 "list still works" "$M" list
  check "... and shows no new game" cmp -s "$TMP/out" "$TMP/list-before"
  check "meepled did not crash" test "$(daemon_pid)" = "$ro_pid"
  check "... and still runs" daemon_alive
  stop_daemon
  WRAP=
  chmod 0600 "$STORE/meepled.db"

  # A state dir made read-only while meepled runs: the files it has open
  # still take writes, and they last.
  configure readonly
  expect 0 "list (starts meepled)" "$M" list
  chmod 0500 "$STORE"
  expect 0 "new in a state dir made read-only while meepled runs" "$M" new \
    --name "after chmod"
  stop_daemon KILL
  chmod 0700 "$STORE"
  expect 0 "list after a restart" "$M" list
  check "the game created then is there" has " after chmod$" "$TMP/out"
fi

# === 8. a full disk ================================================================
# With either --state-sync: the group commit of full fails as a whole.
stop_daemon
for sync in normal full; do
  configure "full-$sync" "--state-max-size 32768 --state-sync=$sync"
  # Games until an act no longer fits: the first ones may fit whole.
  full_game=
  n=0
  while [ -z "$full_game" ] && [ $n -lt 8 ]; do
    n=$((n + 1))
    run "$M" new --bots 2 --seed $((20 + n))
    if [ "$status" -ne 0 ]; then break; fi
    id=$(cat "$TMP/out")
    run $T "$M" bot "$id" --seats all --seed 1 --quiet
    if [ "$status" -eq 1 ] && grep -q "^meeple: .*$STORE/meepled.db" "$TMP/err"
    then
      full_game=$id
    fi
  done
  check "an act fails once the store is full [$sync]" test -n "$full_game"
  if [ -n "$full_game" ]; then
    cp "$TMP/err" "$TMP/full.err"
    full_pid=$(daemon_pid)
    check "show the game [$sync]" show "$full_game" "$TMP/full-before"
    check "it is in progress [$sync]" has "^Turn [0-9]*, " "$TMP/full-before"
    run $T "$M" bot "$full_game" --seats all --seed 1 --quiet
    check "the next try fails the same way (exit 1) [$sync]" test "$status" -eq 1
    check "... with the same message [$sync]" cmp -s "$TMP/err" "$TMP/full.err"
    check "show again [$sync]" show "$full_game" "$TMP/full-after"
    check "the game did not change [$sync]" cmp -s "$TMP/full-before" "$TMP/full-after"
    expect 0 "list still works [$sync]" "$M" list
    check "... and shows the game [$sync]" has_e "^$full_game +playing " "$TMP/out"
    if [ -n "$GDBUS" ]; then
      # CreateGame until it fails too
      k=0
      created=0
      while [ $k -lt 300 ]; do
        k=$((k + 1))
        "$M" list >"$TMP/list-before"
        run bus_call org.meepled.Meepled1 /org/meepled/Meepled1 \
          org.meepled.Meepled1.Manager.CreateGame "{}"
        if [ "$status" -ne 0 ]; then break; fi
        created=$((created + 1))
      done
      check "CreateGame fails once the store is full [$sync]" test "$status" -ne 0
      check "... with StorageFailed [$sync]" \
        has "org.meepled.Meepled1.Error.StorageFailed: .*$STORE/meepled.db" \
        "$TMP/err"
      echo "# $created games created before the store was full"
      expect 0 "list after the failed CreateGame [$sync]" "$M" list
      check "... shows no new game [$sync]" cmp -s "$TMP/out" "$TMP/list-before"
    fi
    check "meepled did not crash [$sync]" test "$(daemon_pid)" = "$full_pid"
    stop_daemon KILL
    check "show after a restart [$sync]" show "$full_game" "$TMP/full-restarted"
    check "the state before the failed acts [$sync]" \
      cmp -s "$TMP/full-before" "$TMP/full-restarted"
  fi
  stop_daemon
done

# === 9. --state-sync ===========================================================
# normal (the default): commits reach the operating system, not the disk,
# at once; full: the disk, before the reply.  Either way a SIGKILL of
# meepled (the operating system lives on) loses nothing.
run "$MEEPLED" --state-sync=sometimes
check "--state-sync takes normal or full (usage error, 2)" \
  test "$status" -eq 2
check "... and says so" has "state-sync takes normal or full" "$TMP/err"
# Without the option: normal, for the store and for the batches alike
# (meepled once batched the default's writes as with full).
configure sync-default ""
expect 0 "list with no --state-sync (starts meepled)" "$M" list
check "the default is normal: each write committed before its reply" \
  has "game store .*, --state-sync=normal: each write committed before its reply" \
  "$LOG"
stop_daemon
for sync in normal full; do
  configure "sync-$sync" "--state-sync=$sync"
  expect 0 "new with --state-sync=$sync" "$M" new --tiles "$TILES" \
    --bots 2 --name "$sync"
  check "meepled says which mode it runs [$sync]" \
    has "game store .*, --state-sync=$sync: " "$LOG"
  N=$(cat "$TMP/out")
  run $T "$M" bot "$N" --seats all-bot --strategy random --seed 5 -q
  check "two bots play it to the end [$sync]" test "$status" -eq 0
  expect 0 "export the finished game [$sync]" "$M" export "$N"
  cp "$TMP/out" "$TMP/$sync-before"
  check "... a record with its actions [$sync]" has "^place " \
    "$TMP/$sync-before"
  stop_daemon KILL
  expect 0 "history after SIGKILL (restarts meepled) [$sync]" "$M" history
  check "the game is in the history [$sync]" has_e "^$N +.* $sync$" \
    "$TMP/out"
  expect 0 "export it again [$sync]" "$M" export "$N"
  check "the same record [$sync]" cmp -s "$TMP/$sync-before" "$TMP/out"
  stop_daemon
done

# === 10. a private store ========================================================
# The store holds the seeds of games not over, and so every draw to come:
# whatever the directory's mode, its files are 0600; a directory others
# can read is closed, one they can write to (and replace the store in) is
# refused.
mode_of() { stat -c %a "$1"; }
mkdir -p "$TMP/shared-dir"
chmod 0755 "$TMP/shared-dir"
configure shared-dir
expect 0 "new --seed 3 on a 0755 state directory (starts meepled)" \
  "$M" new --seed 3
check "meepled.db is created 0600" test "$(mode_of "$STORE/meepled.db")" = 600
if [ -f "$STORE/meepled.db-wal" ]; then
  check "... and its WAL 0600" test "$(mode_of "$STORE/meepled.db-wal")" = 600
fi
check "the directory is closed to 0700" test "$(mode_of "$STORE")" = 700
check "... and meepled says so" \
  has "state directory $STORE was readable by other users (mode 0755); it is now 0700" \
  "$LOG"
stop_daemon
# A store an older meepled left readable (0644) is made private at start.
chmod 0644 "$STORE/meepled.db"
chmod 0755 "$STORE"
expect 0 "list on the old store (starts meepled)" "$M" list
check "meepled.db is 0600 again" test "$(mode_of "$STORE/meepled.db")" = 600
stop_daemon
for mode in 0777 0770 0757; do
  mkdir -p "$TMP/open-$mode"
  chmod "$mode" "$TMP/open-$mode"
  run $T "$MEEPLED" --bus-address "$BUS_ADDRESS" --state-dir "$TMP/open-$mode"
  check "a state directory of mode $mode is refused (exit 1)" \
    test "$status" -eq 1
  check "... saying why and what to do" has \
    "^meepled: The state directory $TMP/open-$mode can be written by other users (mode $mode), who could replace the game store; make it private (chmod 700 $TMP/open-$mode) or choose another --state-dir\.$" \
    "$TMP/err"
  check "... creating nothing in it" test ! -e "$TMP/open-$mode/meepled.db"
done
if [ "$(id -u)" -eq 0 ]; then
  mkdir -p "$TMP/nobodys"
  chmod 0700 "$TMP/nobodys"
  chown 65534 "$TMP/nobodys"
  run $T "$MEEPLED" --bus-address "$BUS_ADDRESS" --state-dir "$TMP/nobodys"
  check "a state directory of another user is refused (exit 1)" \
    test "$status" -eq 1
  check "... naming its owner" has \
    "^meepled: The state directory $TMP/nobodys belongs to user 65534" \
    "$TMP/err"
fi

finish
