#!/bin/sh
# tests/test-cli.sh — meeple, the command-line client, end to end against
# the built meepled on a private bus: rules, new, list, join, show (golden
# files), watch, play with scripted input against a bot, bot against bot,
# export round-tripping through meeple-sim replay, and the exit statuses
# of errors.
#
# The bus is a private dbus-daemon whose service directory activates
# $TEST_BUILDDIR/daemon/meepled, so the first meeple call starts the
# daemon; both are stopped at exit.  The daemon and meeple keep their state
# (games, seat tokens) under $TMP.  Run by `make check` with TEST_SRCDIR,
# TEST_BUILDDIR, MEEPLE_SIM, MEEPLE_TILES_DIR and MEEPLE_PLUGIN_PATH set
# (tests/local.mk); by hand, from a build directory:
#   TEST_SRCDIR=/path/to/src TEST_BUILDDIR=. sh /path/to/src/tests/test-cli.sh
# Exits 77 (skipped) when dbus-daemon or the daemon is missing.
#
# Golden files: tests/data/cli/show-*.txt hold `meeple show` of fixed
# games.  After an intended change of the output, regenerate them with
#   MEEPLE_UPDATE_GOLDEN=1 make check TESTS=tests/test-cli.sh
# (the checks then pass and the files in the source tree are rewritten;
# review the diff before committing).
# sh -c '... "$1"' below takes its arguments positionally on purpose.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli
CLI_NEEDS=""
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"


# start_watch GAME NAME: `meeple watch GAME --no-board` in the background,
# output in $TMP/NAME.out and .err, its pid in $watch_pid; returns once
# it follows the game.
start_watch() {
  $T "$M" watch "$1" --raw-events --no-board >"$TMP/$2.out" 2>"$TMP/$2.err" &
  watch_pid=$!
  BG_PIDS="$BG_PIDS $watch_pid"
  i=0
  while ! grep -q "^Watching game $1" "$TMP/$2.out" && [ $i -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
  done
}

# --- the private bus ---------------------------------------------------
start_cli_bus

# --- help and usage errors (no daemon needed) ----------------------------
expect 0 "--help" "$M" --help
check "--help lists the commands" has_e "^  (rules|new|list|join|show|watch|play|bot|export) " "$TMP/out"
for cmd in rules new list join show watch play bot export delete; do
  expect 0 "$cmd --help" "$M" "$cmd" --help
  check "$cmd --help shows its usage line" has "meeple $cmd" "$TMP/out"
  check "$cmd --help documents --bus-address" has "--bus-address" "$TMP/out"
done
expect 0 "help show" "$M" help show
check "help show = show --help" has "--colour" "$TMP/out"
expect 0 "--version" "$M" --version
expect 2 "no command" "$M"
expect 2 "unknown command" "$M" frobnicate
check "unknown command is named" has "frobnicate" "$TMP/err"
expect 2 "unknown option" "$M" new --bogus
check "unknown option is named" has "bogus" "$TMP/err"
expect 2 "bad --seats" "$M" new --seats 9
expect 2 "bad --seat-kinds" "$M" new --seat-kinds human,robot
expect 2 "--bots beyond --seats" "$M" new --bots 4 --seats 3
expect 2 "play --new --bots 6 (no seat left for the player)" "$M" play --new --bots 6
check "play --new --bots 6 says why" has "takes 0 to 5" "$TMP/err"
expect 2 "bad --colour" "$M" show 1 --colour=sometimes
expect 2 "show without a game" "$M" show
expect 2 "join --seat 0" "$M" join 1 --seat 0
expect 2 "bot --strategy clever" "$M" bot 1 --strategy clever
expect 2 "play GAME --strategy clever (the bots brought back)" \
  "$M" play 1 --strategy clever

# --- rules, new, list ----------------------------------------------------
expect 0 "rules (activates the daemon)" "$M" rules
check "rules lists base" has_e "^base +1\.0 " "$TMP/out"
check "rules lists abbot" has_e "^abbot +[0-9.]+ +The Abbot" "$TMP/out"
check "rules describes the base game" has_e "^  The classic game: " "$TMP/out"
check "rules describes abbot" has_e "^  Each player gets an abbot " "$TMP/out"

expect 0 "new" "$M" new --name "first game"
check "new prints just an id" has_e '^[A-Za-z0-9_-]+$' "$TMP/out"
first=$(cat "$TMP/out")
expect 0 "list" "$M" list
check "list shows the new game" has_e "^$first +waiting +2/2 +base +first game$" "$TMP/out"
expect 0 "new --rules abbot --seats 3" "$M" new --rules abbot --seats 3
abbot=$(cat "$TMP/out")
expect 0 "list again" "$M" list
check "list shows rules and seats" has_e "^$abbot +waiting +3/3 +base,abbot" "$TMP/out"

# --- errors from the daemon ----------------------------------------------
expect 1 "show an unknown game" "$M" show nosuchgame
check "the message names the game" has "meeple: .*nosuchgame" "$TMP/err"
expect 1 "export an unfinished game" "$M" export "$first"
check "export names the problem" has "^meeple: " "$TMP/err"
expect 1 "new with an unknown tile" "$M" new --tiles "A ZZ"
expect 2 "new with an unknown rule set (as in meeple-sim)" "$M" new --rules nosuchrules
check "the rule set is named" has "nosuchrules" "$TMP/err"
expect 2 "play without a game" "$M" play
check "play without a game mentions --new" has "or --new to create" "$TMP/err"
expect 0 "new --bots 3 without --seats" "$M" new --bots 3
check "new says how many seats --bots 3 made" \
  has "note: 3 seats, all of them bot seats" "$TMP/err"
check "and prints only the id" has_e '^[A-Za-z0-9_-]+$' "$TMP/out"

# --- a fixed game between two scripted players, golden files --------------
# The supply is explicit and every answer scripted: the same game every
# time, whatever the bots' strategies become.
TILES="U V E K A B L W J N"
expect 0 "new --tiles" "$M" new --tiles "$TILES" --name golden
G=$(cat "$TMP/out")
expect 0 "join seat 1" "$M" join "$G" --name Alice --seat 1
check "join prints the seat" has "^seat 1$" "$TMP/out"
check "join prints the token" has_e "^token [^ ]+$" "$TMP/out"
token=$(sed -n 's/^token //p' "$TMP/out")
check "join saves the token under its store" \
  has_e "^$G 0 $token player (store:[0-9a-f]{32}|bus:.+)$" \
  "$XDG_STATE_HOME/meeple/tokens"
expect 1 "join a taken seat" "$M" join "$G" --seat 1
check "show a waiting game" show_game "$G" show-waiting.txt unicode
golden show-waiting.txt "$TMP/show-waiting.txt"
# Joiners are told the creator chose the tiles (issue 20): in list too,
# and as "supply" in --json.
expect 0 "list with a waiting game of chosen tiles" "$M" list
check "list notes that the creator knows every draw" \
  has "^Game $G: The creator chose the order of the tiles, so they know every draw\.$" \
  "$TMP/out"
expect 0 "list --json" "$M" list --json
check "list --json gives the supply" has '"supply" *: *"tiles"' "$TMP/out"

# Bob takes seat 2 (which completes the table: his play starts the game)
# and answers his first two turns; Alice's play reclaims the seat she
# joined and answers two turns (a tile and a figure decision each), then
# her input ends at her third tile, where the game then waits.
printf '1\n2\n1\n2\n' >"$TMP/bob"
$T "$M" play "$G" --seat 2 --name Bob --colour=never <"$TMP/bob" \
  >"$TMP/bob.out" 2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
printf '1\n2\n1\n1\n' >"$TMP/answers"
run $T "$M" play "$G" --seat 1 --colour=never --glyphs=ascii <"$TMP/answers"
check "play stops when the input ends (exit 1)" test "$status" -eq 1
check "play reclaimed the joined seat" has "as Alice (seat 1)" "$TMP/out"
check "play says how to come back" has "meeple play $G" "$TMP/err"
check "play showed the drawn tile's rotations" \
  has "r0      r90     r180    r270" "$TMP/out"
check "play numbered the actions" has_e "^   1  place U @ " "$TMP/out"
check "play marked the cells" has_e "  cell a \([-0-9]+,[-0-9]+\)$" "$TMP/out"
check "play printed the other player's events" \
  has_e "^#[0-9]+ tile-placed Bob: tile " "$TMP/out"
# Bob has answered his turns and waits for the next: stop him (his seat
# stays his; the token is saved).
kill "$bob_pid" 2>/dev/null || :
wait "$bob_pid" 2>/dev/null || :
check "Bob's play saved his token" has_e "^$G 1 [^ ]+ player [^ ]+$" \
  "$XDG_STATE_HOME/meeple/tokens"
check "show mid-game (Unicode)" show_game "$G" show-midgame.txt unicode
golden show-midgame.txt "$TMP/show-midgame.txt"
check "show mid-game (ASCII)" show_game "$G" show-midgame-ascii.txt ascii
golden show-midgame-ascii.txt "$TMP/show-midgame-ascii.txt"
run "$M" show "$G" --colour=always --glyphs=ascii
check "--colour=always colours the board" has "$(printf '\033')\[" "$TMP/out"
sed "1s/^Game $G /Game ID /" "$TMP/out" >"$TMP/show-midgame-colour.txt"
check "the last tile is on a grey background" \
  has "$(printf '\033')\[48;5;238m" "$TMP/show-midgame-colour.txt"
golden show-midgame-colour.txt "$TMP/show-midgame-colour.txt"
run "$M" show "$G" --colour=never
check "--colour=never does not" lacks "$(printf '\033')" "$TMP/out"

# Finish the game: Bob reclaims his seat and always takes the first
# action; Alice starts with an invalid line, an unknown number, help and
# board, then does the same.
i=0
while [ $i -lt 40 ]; do echo 1; i=$((i + 1)); done >"$TMP/bob"
$T "$M" play "$G" --seat 2 --colour=never <"$TMP/bob" >"$TMP/bob.out" \
  2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
{ echo "not an action"; echo 99; echo help; echo board
  cat "$TMP/bob"; } >"$TMP/answers"
run $T "$M" play "$G" --seat 1 --colour=never <"$TMP/answers"
cp "$TMP/out" "$TMP/play.out"
check "play to the end (exit 0)" test "$status" -eq 0
check "an invalid line gets a message" has "^meeple: .*not an action" \
  "$TMP/err"
check "an unknown number gets a message" \
  has "^meeple: there is no option 99" "$TMP/err"
check "help explains the answers" has "^  quit " "$TMP/play.out"
check "play prints the final scores" has_e \
  "^Final scores: Alice -?[0-9]+, Bob -?[0-9]+; winners?( \(tie\))?: " \
  "$TMP/play.out"
set +e
wait "$bob_pid"
bob_status=$?
set -e
check "the other player's play ends with the game (exit 0)" \
  test "$bob_status" -eq 0
check "it reclaimed the seat" has "as Bob (seat 2)" "$TMP/bob.out"
check "both saw the same final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$TMP/play.out" "$TMP/bob.out"
check "show a finished game" show_game "$G" show-over.txt unicode
golden show-over.txt "$TMP/show-over.txt"
run "$M" show "$G" --colour=always --glyphs=ascii
check "with colour, a monastery is orange" \
  has "$(printf '\033')\[1;38;5;208mM" "$TMP/out"
check "not the red of seat 1's figures" \
  lacks "$(printf '\033')\[1;31mM" "$TMP/out"

# --json: one document each, with the documented keys.
expect 0 "show --json" "$M" show "$G" --json
cp "$TMP/out" "$TMP/show.json"
expect 0 "list --json" "$M" list --json
cp "$TMP/out" "$TMP/list.json"
expect 0 "history --json" "$M" history --json
cp "$TMP/out" "$TMP/history.json"
if command -v python3 >/dev/null 2>&1; then
  check "the JSON documents have their keys" python3 -c '
import json, sys
show, games, history = (json.load(open(f)) for f in sys.argv[1:4])
assert show["status"] == "over" and show["rules"] == ["base"]
assert [s["seat"] for s in show["seats"]] == [1, 2]
assert show["seats"][0]["name"] == "Alice"
assert set(show["seats"][0]) >= {"kind", "taken", "connected", "score", "supply"}
assert show["tiles"][0] == {"tile": "D", "x": 0, "y": 0, "rotation": 0}
assert show["bag"] is None and show["decision"] is None
assert show["last_move"]["seat"] in (1, 2)
assert all(w in (1, 2) for w in show["winners"])
assert all(f["owner"] in (None, 1, 2) for f in show["figures"])
mine = [g for g in games if g["id"] == sys.argv[4]][0]
assert mine["status"] == "over" and mine["free_seats"] is None
assert mine["seats"] == 2 and mine["name"] == "golden"
h = [g for g in history if g["id"] == sys.argv[4]][0]
assert h["rules"] == ["base"] and h["rule_versions"][0].startswith("base/")
assert h["finished"] > 0 and "Alice" in h["result"]
' "$TMP/show.json" "$TMP/list.json" "$TMP/history.json" "$G"
fi

# export -> meeple-sim replay: the same final scores.
expect 0 "export" "$M" export "$G" -o "$TMP/golden.rec"
check "the record has the explicit supply" has "^tiles $TILES$" "$TMP/golden.rec"
run "$MEEPLE_SIM" replay "$TMP/golden.rec"
check "meeple-sim replays the export" test "$status" -eq 0
sed -n 's/^ *[0-9][0-9]*  \([^ ]*\) *\(-\{0,1\}[0-9][0-9]*\) .*/\1 \2/p' \
  "$TMP/out" >"$TMP/sim.scores"
sed -n 's/^Final scores: \([^;]*\);.*/\1/p' "$TMP/play.out" | tr ',' '\n' |
  sed 's/^ //' >"$TMP/cli.scores"
check "replayed scores = the game's final scores" cmp -s "$TMP/sim.scores" \
  "$TMP/cli.scores"
expect 0 "export to stdout" "$M" export "$G"
check "stdout export = file export" cmp -s "$TMP/out" "$TMP/golden.rec"

# --- play --new: the player against a bot child, scripted ------------------
{ echo help; echo bag; i=0; while [ $i -lt 200 ]; do echo 1; i=$((i + 1)); done; } \
  >"$TMP/answers"
run $T "$M" play --new --seed 11 --bot-seed 3 --name Carol --colour=never \
  --glyphs=ascii <"$TMP/answers"
cp "$TMP/out" "$TMP/new.out"
check "play --new plays a whole game (exit 0)" test "$status" -eq 0
check "play --new created a game" has_e "^Created game [^ ]+\.$" "$TMP/new.out"
# "bag": every kind with its copies, adding up to the tiles left.
check "bag counts the tiles in the bag by kind" awk '
  /^In the bag \(/ { on = 1; n = substr($4, 2) + 0; sum = 0 }
  on { for (i = 1; i <= NF; i++)
         if ($i ~ /^[A-Za-z][A-Za-z0-9\/.]*x[0-9]+$/) {
           c = $i; sub(/.*x/, "", c); sum += c } }
  on && !/^(In the bag|  )/ { on = 0 }
  on && sum == n && n > 60 { ok = 1 }
  END { exit !ok }' "$TMP/new.out"
check "play --new: a bot took the other seat" has_e "^#[0-9]+ tile-placed Greedy 2: " "$TMP/new.out"
check "play --new prints the final scores" has_e "^Final scores: Carol -?[0-9]+, Greedy 2 -?[0-9]+; winners?( \(tie\))?: " "$TMP/new.out"

# --- the preview of a placement: back, then confirm ------------------------
# --preview=always, as on a terminal: the first placement is previewed
# with no figure, taken back from the confirmation and from the figure
# question, then previewed again and sent; the figure decision after it
# is answered from the held choice (pass); then quit.
printf '%s\n' 1 none back back 1 none yes quit >"$TMP/answers"
run $T "$M" play --new --seed 11 --bot-seed 3 --name Dana --colour=never \
  --glyphs=ascii --preview=always <"$TMP/answers"
cp "$TMP/out" "$TMP/preview.out"
check "preview: play ends with quit (exit 0)" test "$status" -eq 0
check "preview: previewed three times (again after each back)" test \
  "$(grep -c "^Preview, not sent yet: place " "$TMP/preview.out")" -eq 3
check "preview: back from the confirmation asks for the figure again" \
  awk '/^Your choice \(yes to send, back\)> back$/ { b = 1; next }
       b && /^A figure on this tile\?$/ { ok = 1 } END { exit !ok }' \
  "$TMP/preview.out"
check "preview: back from the figure question lists the placements again" \
  awk '/^Your choice \(a letter, .*\)> back$/ { b = 1; next }
       b && /^ +1  place / { ok = 1 } END { exit !ok }' "$TMP/preview.out"
check "preview: nothing was sent before yes" awk '
  /> yes$/ { yes = NR } /^#[0-9]+ tile-placed Dana/ && !placed { placed = NR }
  END { exit !(yes && placed > yes) }' "$TMP/preview.out"
check "preview: the held choice answered the figure decision" \
  has "^Sent as confirmed: pass\.$" "$TMP/preview.out"
check "preview: the placement was sent once" test \
  "$(grep -c "^#[0-9]* tile-placed Dana" "$TMP/preview.out")" -eq 1

# --- bot against bot, watched --------------------------------------------
expect 0 "new --bots 2 --seed 5" "$M" new --bots 2 --seed 5
B=$(cat "$TMP/out")
# The game must not start before watch follows it.
start_watch "$B" watch
# A second watcher draws the board.
$T "$M" watch "$B" --raw-events --glyphs=ascii >"$TMP/watchb.out" 2>&1 &
watchb_pid=$!
BG_PIDS="$BG_PIDS $watchb_pid"
i=0
while ! grep -q "^Waiting for players" "$TMP/watchb.out" && [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
run $T "$M" bot "$B" --seats all --seed 2 --strategy greedy
check "two bots finish a game (exit 0)" test "$status" -eq 0
check "bot prints one line per move" has_e "^Greedy 1 \(seat 1, greedy\): place " "$TMP/out"
check "bot prints the final scores" has "^Final scores: Greedy 1 " "$TMP/out"

# The search bot through the daemon: it rebuilds the game from GetEvents
# and GetActions (an iteration limit keeps it short); and greedy on a game
# without farmers, which GetState does not announce.
expect 0 "new --bots 2 --seed 6" "$M" new --bots 2 --seed 6
S=$(cat "$TMP/out")
run $T "$M" bot "$S" --seats all --seed 3 --strategy search --iterations 30
check "two search bots finish a game (exit 0)" test "$status" -eq 0
check "search bot lines name its setting" \
  has_e "^Search 1 \(seat 1, search:30\): place " "$TMP/out"
check "search bots print the final scores" has "^Final scores: Search 1 " \
  "$TMP/out"
expect 2 "bot --think without search" "$M" bot "$S" --think 1s
expect 2 "bot --think nonsense" "$M" bot "$S" --strategy search --think x

# new --bot-strategy: the search bots it starts in the background play
# every seat through the daemon until the game is over (--think reaches
# them: 0.05 s a move keeps the game short).
expect 0 "new --bots 2 --bot-strategy search --think 0.05s" \
  "$M" new --bots 2 --seed 9 --bot-strategy search --think 0.05s
N=$(cat "$TMP/out")
check "new prints only the game id" test "$(wc -l <"$TMP/out")" -eq 1
check "new says the search bots took the seats" \
  has "note: bots playing search, thinking 0.05s took the bot seats" \
  "$TMP/err"
expect 0 "watch the search bots' game to its end" \
  "$M" watch "$N" --raw-events --no-board --colour=never
check "search bots of new placed tiles" \
  has_e "^#[0-9]+ tile-placed Search 1: " "$TMP/out"
check "search bots of new finished the game" has "^Final scores: Search 1 " \
  "$TMP/out"
expect 2 "new --bot-strategy without bot seats" \
  "$M" new --bot-strategy search
expect 2 "new --think without search" "$M" new --bots 2 --think 1s
expect 2 "new --bot-strategy nonsense" "$M" new --bots 2 \
  --bot-strategy clever
expect 2 "play --new with --strategy and --bot-strategy" \
  "$M" play --new --strategy greedy --bot-strategy random
expect 0 "new --bots 2 --no-farmers" "$M" new --bots 2 --seed 7 --no-farmers
S=$(cat "$TMP/out")
run $T "$M" bot "$S" --seats all --seed 4 --strategy greedy --quiet
check "greedy plays a game without farmers (exit 0)" test "$status" -eq 0
set +e
wait "$watch_pid"
watch_status=$?
set -e
check "watch ends with the game (exit 0)" test "$watch_status" -eq 0
wait "$watchb_pid" || :
# Each board ends at its "Last move" line; no board is printed twice in
# a row (the end used to repeat the last tile's).
check "watch never prints the same board twice in a row" awk '
  /^ +(\[?-?[0-9]+\]? *)+$/ && !inside { inside = 1; board = "" }
  inside { board = board $0 "\n" }
  inside && /^Last move:/ { inside = 0; if (board == last) bad = 1
                            last = board }
  END { exit bad }' "$TMP/watchb.out"
check "watch printed boards" has "^Last move: " "$TMP/watchb.out"
check "watch prints events" has_e "^#[0-9]+ figure-placed Greedy [12]: figure follower, on " "$TMP/watch.out"
check "watch prints the final scores" has "^Final scores: Greedy 1 " "$TMP/watch.out"
expect 0 "list after the games" "$M" list
check "list shows no free seats for the finished game" \
  has_e "^$B +over +- +base" "$TMP/out"
expect 0 "watch a finished game" "$M" watch "$B" --raw-events --colour=never
check "watch of a finished game shows it and ends" has "^Game over after" "$TMP/out"

# --- a watched game is deleted: watch hears GameRemoved and ends ---------
expect 0 "new, to watch while it is deleted" "$M" new --name doomed
D=$(cat "$TMP/out")
start_watch "$D" watchd
expect 0 "delete the creator's waiting game" "$M" delete "$D"
set +e
wait "$watch_pid"
watch_status=$?
set -e
check "watch ends when its game is deleted (exit 1)" test "$watch_status" -eq 1
check "watch says the game was deleted" has "^meeple: game $D was deleted$" \
  "$TMP/watchd.err"
expect 1 "show a deleted game" "$M" show "$D"
check "show names the deleted game" has "$D" "$TMP/err"

# --- the daemon goes away while watch follows a game (last: it ends the
# daemon of this suite) -------------------------------------------------
expect 0 "new, to watch while the daemon stops" "$M" new
W=$(cat "$TMP/out")
start_watch "$W" watch2
kill "$(cat "$TMP/meepled.pid")"
set +e
wait "$watch_pid"
watch_status=$?
set -e
check "watch ends when the daemon goes away (exit 1)" test "$watch_status" -eq 1
check "watch says the daemon left" has "meepled left the bus" "$TMP/watch2.err"

finish
