#!/bin/sh
# tests/test-cli-pd.sh — The Princess & the Dragon through meepled and the
# meeple CLI, end to end: nothing in the client knows the expansion, so
# its decisions (dragon-step, princess), actions (dragon-move, fairy-move,
# portal, princess-remove), neutral figures (the dragon on its tile, the
# fairy beside a follower), tiles set aside (PD-08) and events
# (tile-set-aside, tiles-returned, figure-moved) must all come through the
# generic protocol and the shared board renderer.
#
#  1. A scripted game of two `meeple play` processes with an explicit
#     supply: dragon tiles drawn before any volcano are set aside (the
#     board lists them), the fairy is moved beside a follower, the volcano
#     brings the dragon, and from then on every dragon-step decision is
#     answered by typing the notation of a listed dragon-move (other
#     decisions by number) until the game ends.  Golden files of `meeple
#     show` at two fixed points (tests/data/cli/show-pd-*.txt); the export
#     replayed by meeple-sim gives the same final scores.
#  2. Two `meeple bot` processes (one seat each) finish a seeded P&D game
#     while `meeple watch` follows it with the board; the events and the
#     board show the set-aside tiles, their return and the dragon's
#     flights; the export replays to the same scores.
#  3. Every expansion together (Mage & Witch, P&D, The Abbot): two bots
#     finish a game while `meeple watch` follows it; the magic-figure
#     decisions, the mage and the witch on the board and in the events,
#     and the export replayed to the same scores (issue 6's "a full game
#     through the daemon and the CLI").
#
# Same environment and bus as tests/test-cli.sh (see there); golden files
# are regenerated with MEEPLE_UPDATE_GOLDEN=1 (review the diff).
# Exits 77 (skipped) when dbus-daemon, the daemon or the plugin is missing.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-pd
CLI_NEEDS="princess-dragon"
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

# --- the private bus ---------------------------------------------------
start_cli_bus

expect 0 "rules (activates the daemon)" "$M" rules
check "rules lists princess-dragon" has_e "^princess-dragon +[0-9.]+ " "$TMP/out"

# === 1. a scripted game: two `meeple play`, answers typed ================
#
# The supply is explicit, and the seed fixed at 0: the set-aside tiles go
# back into the supply with a shuffle of the game's generator, so the
# golden boards stay the same from run to run.
#   turn 1 Alice  DG/Rr.d is set aside (no volcano yet, PD-08), then U:
#                 U east of the start tile, a follower on its road R1
#   turn 2 Bob    DG/CRcr.d set aside, then V south of the start tile,
#                 a follower on its road
#   turn 3 Alice  the portal tile DG/RRR.g east of U, ending her road;
#                 instead of a follower she moves the fairy beside her
#                 follower on U (fairy-move R1 @ 1,0, PD-20), after
#                 filtering the long list ("actions portal")
#   turn 4 Bob    the volcano DG/R.v south of V, ending its road: the
#                 dragon appears on it (PD-05), the two set-aside tiles go
#                 back into the supply (PD-08); Bob then moves the fairy
#                 beside his own follower
# then the game is played out: every dragon-step by the notation of the
# first listed dragon-move, anything else by "1".  A script line "@NAME"
# holds that player's answer: the suite looks at the game, then answers
# itself.
TILES="DG/Rr.d U DG/CRcr.d V DG/RRR.g DG/R.v U DG/RRR.d K U V U"
expect 0 "new P&D game with an explicit supply" \
  "$M" new --rules princess-dragon --seed 0 --tiles "$TILES" --name pd-golden
G=$(cat "$TMP/out")
expect 0 "list shows the rules" "$M" list
check "list names princess-dragon" has_e "^$G +waiting +2/2 +base,princess-dragon +pd-golden$" "$TMP/out"

printf '%s\n' "place U @ 1,0 r0" "follower R1" \
  "place DG/RRR.g @ 2,0 r0" "@setaside" >"$TMP/a.script"
printf '%s\n' "place V @ 0,1 r0" "follower R1" \
  "place DG/R.v @ 0,2 r180" "@midgame" >"$TMP/b.script"
echo 0 >"$TMP/a.count"
echo 0 >"$TMP/b.count"
mkfifo "$TMP/a.in" "$TMP/b.in"
$T "$M" play "$G" --seat 1 --name Alice --colour=never --glyphs=ascii \
  --raw-events <"$TMP/a.in" >"$TMP/a.out" 2>"$TMP/a.err" &
a_pid=$!
BG_PIDS="$BG_PIDS $a_pid"
exec 4>"$TMP/a.in"
$T "$M" play "$G" --seat 2 --name Bob --colour=never --glyphs=ascii \
  --raw-events <"$TMP/b.in" >"$TMP/b.out" 2>"$TMP/b.err" &
b_pid=$!
BG_PIDS="$BG_PIDS $b_pid"
exec 5>"$TMP/b.in"

# prompts P: how many times player P (a or b) has asked so far.
prompts() { grep -c "Your choice (" "$TMP/$1.out" || :; }
answered() { cat "$TMP/$1.count"; }
# say P LINE: types LINE into P's play.
say() {
  if [ "$1" = a ]; then echo "$2" >&4; else echo "$2" >&5; fi
}
# pending P: the script line for P's pending prompt ("" when the script
# has run out), FALSE when P is not asking.
pending() {
  n=$(answered "$1")
  [ "$(prompts "$1")" -gt "$n" ] || return 1
  sed -n "$((n + 1))p" "$TMP/$1.script"
}
# serve P: answers P's pending prompt, if any (FALSE when none, or when
# the script holds it with "@NAME"): the next line of $TMP/P.script,
# else the notation of the first dragon-move of a dragon-step decision,
# else "1".
serve() {
  line=$(pending "$1") || return 1
  case $line in @*) return 1 ;; esac
  n=$(answered "$1")
  kind=$(sed -n 's/^.*, your decision: \([^ ]*\).*$/\1/p' "$TMP/$1.out" |
           tail -n 1)
  if [ -z "$line" ] && [ "$kind" = dragon-step ]; then
    line=$(sed -n 's/^   1  \(dragon-move @ -\{0,1\}[0-9]*,-\{0,1\}[0-9]*\).*$/\1/p' "$TMP/$1.out" |
             tail -n 1)
  fi
  [ -n "$line" ] || line=1
  echo "$((n + 1))" >"$TMP/$1.count"
  say "$1" "$line"
}

setaside_taken=
midgame_taken=
filtered=
i=0
while kill -0 "$a_pid" 2>/dev/null || kill -0 "$b_pid" 2>/dev/null; do
  # Alice at her turn-3 figure decision (prompt 4): the two dragon tiles
  # are set aside; she lists the portal moves, then the fairy moves, then
  # moves the fairy.
  if [ "$(pending a || :)" = "@setaside" ]; then
    setaside_taken=1
    check "show with tiles set aside (ASCII)" show_game "$G" show-pd-setaside-ascii.txt ascii
    golden show-pd-setaside-ascii.txt "$TMP/show-pd-setaside-ascii.txt"
    say a "actions portal"
    say a "actions fairy-move"
    say a "fairy-move R1 @ 1,0"
    # Three answers: the two lists ask again (prompts 5 and 6); the
    # script has nothing after "@setaside" (line 4).
    echo 6 >"$TMP/a.count"
    filtered=1
  fi
  # Bob at his turn-4 figure decision (prompt 4): the dragon is on the
  # volcano, the fairy beside Alice's follower, nothing set aside.
  if [ "$(pending b || :)" = "@midgame" ]; then
    midgame_taken=1
    check "show with the dragon and the fairy (Unicode)" show_game "$G" show-pd-midgame.txt unicode
    golden show-pd-midgame.txt "$TMP/show-pd-midgame.txt"
    check "show with the dragon and the fairy (ASCII)" show_game "$G" show-pd-midgame-ascii.txt ascii
    golden show-pd-midgame-ascii.txt "$TMP/show-pd-midgame-ascii.txt"
    say b "fairy-move R1 @ 0,1"
    echo 4 >"$TMP/b.count"
  fi
  serve a || serve b || sleep 0.05
  i=$((i + 1))
  if [ $i -gt 6000 ]; then
    fail "the scripted game does not end"
    break
  fi
done
exec 4>&- 5>&-
set +e
wait "$a_pid"
a_status=$?
wait "$b_pid"
b_status=$?
set -e
check "Alice's play ends with the game (exit 0)" test "$a_status" -eq 0
check "Bob's play ends with the game (exit 0)" test "$b_status" -eq 0
check "the golden points were reached" test -n "$setaside_taken" -a -n "$midgame_taken" -a -n "$filtered"
check "no answer was refused (Alice)" lacks "^meeple: " "$TMP/a.err"
check "no answer was refused (Bob)" lacks "^meeple: " "$TMP/b.err"
cp "$TMP/a.out" "$TMP/out"
: >"$TMP/err"
check "the board lists the tiles set aside" has "^Tiles set aside: DG/Rr.d DG/CRcr.d$" "$TMP/a.out"
check "the set-aside events are printed" has_e "^#[0-9]+ tile-set-aside Bob: tile DG/CRcr.d \[PD-08\]$" "$TMP/a.out"
check "their return is printed" has_e "^#[0-9]+ tiles-returned: arg 2 \[PD-08\]$" "$TMP/a.out"
check "Bob's board names the fairy beside Alice's follower" has "fairy (F) at 1,0 beside seat 1 on R1" "$TMP/b.out"
check "Alice's board names it beside Bob's" has "fairy (F) at 0,1 beside seat 2 on R1" "$TMP/a.out"
check "the board names the dragon on its tile" has_e "dragon \(D\) at -?[0-9]+,-?[0-9]+" "$TMP/a.out"
check "show's legend explains the neutral figures" has "1-6 figure of seat  D dragon  F fairy$" "$TMP/show-pd-midgame-ascii.txt"
check "the fairy move is typed in notation" has "> fairy-move R1 @ 1,0$" "$TMP/a.out"
check "actions TEXT filters the list" has_e "^\([0-9]+ of [0-9]+ actions contain \"portal\"\)$" "$TMP/a.out"
check "the filtered list holds portal moves" has_e "^#[0-9]+ +portal follower [A-Z][0-9] @ " "$TMP/a.out"
check "the fairy move was listed (in the whole list, numbered #N)" \
  has_e "^#[0-9]+ +fairy-move R1 @ 1,0$" \
  "$TMP/a.out"
cat "$TMP/a.out" "$TMP/b.out" >"$TMP/both.out"
check "a dragon-step decision is shown with its description" \
  has_e ", your decision: dragon-step \(.+\)$" "$TMP/both.out"
check "its actions are listed in notation" \
  has_e "^   1  dragon-move @ -?[0-9]+,-?[0-9]+ +on the tile \[[a-zA-Z]\]$" "$TMP/both.out"
check "a dragon step was answered by notation" \
  has_e "> dragon-move @ -?[0-9]+,-?[0-9]+$" "$TMP/both.out"
check "the dragon's steps are printed as events" \
  has_e "^#[0-9]+ figure-moved: figure dragon, at -?[0-9]+,-?[0-9]+ \[PD-09\]$" "$TMP/both.out"
check "the dragon's arrival is printed" \
  has_e "^#[0-9]+ figure-placed: figure dragon, at 0,2 \[PD-05\]$" "$TMP/both.out"
check "the fairy's moves are printed" \
  has_e "^#[0-9]+ figure-moved: figure fairy, on R1 at 0,1 \[PD-20\]$" "$TMP/both.out"
check "play prints the final scores" has_e \
  "^Final scores: Alice -?[0-9]+, Bob -?[0-9]+; winners?( \(tie\))?: " "$TMP/a.out"
check "both saw the same final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$TMP/a.out" "$TMP/b.out"
check "show a finished P&D game" show_game "$G" show-pd-over.txt ascii
check "the finished game is over" has "^Game over after " "$TMP/show-pd-over.txt"

expect 0 "export the scripted game" "$M" export "$G" -o "$TMP/pd-golden.rec"
check "the record names the rule set" has_e "^rules base/[0-9.]+ princess-dragon/[0-9.]+$" "$TMP/pd-golden.rec"
check "the record has the explicit supply" has "^tiles $TILES$" "$TMP/pd-golden.rec"
check "the record has the fairy move" has "^fairy-move R1 @ 1,0$" "$TMP/pd-golden.rec"
check "the record has dragon moves" has_e "^dragon-move @ -?[0-9]+,-?[0-9]+$" "$TMP/pd-golden.rec"
check "meeple-sim replays the export" scores_of_replay "$TMP/pd-golden.rec" "$TMP/sim.scores"
scores_of_line "$TMP/a.out" "$TMP/cli.scores"
check "replayed scores = the game's final scores" cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... and there are two" test "$(wc -l <"$TMP/cli.scores")" -eq 2

# --- a seeded game with an explicit supply ---------------------------------
# The same supply with --seed 1, played out by a bot: the volcano shuffles
# the set-aside tiles back with seed 1, and the record of a 'tiles' game
# keeps that seed (doc/game-record.md), so meeple-sim replays the same
# shuffle and the same game.  (Before the record kept it, the replay
# diverged at turn 5.)
expect 0 "new P&D game, explicit supply, seed 1" \
  "$M" new --rules princess-dragon --seed 1 --tiles "$TILES" --bots 2
S=$(cat "$TMP/out")
run $T "$M" bot "$S" --seats all --seed 5 --quiet
check "a bot plays it out (exit 0)" test "$status" -eq 0
expect 0 "export it" "$M" export "$S" -o "$TMP/pd-seed1.rec"
check "the record keeps the seed beside the supply" has "^seed 1$" "$TMP/pd-seed1.rec"
expect 0 "show it" "$M" show "$S" --colour=never
scores_of_line "$TMP/out" "$TMP/cli.scores"
check "meeple-sim replays the seeded export" scores_of_replay "$TMP/pd-seed1.rec" "$TMP/sim.scores"
check "replayed scores = the game's final scores (seed 1)" cmp -s "$TMP/sim.scores" "$TMP/cli.scores"

# --- play --new against a bot: long lists ----------------------------------
# The player always takes the first action; the portal tiles drawn late
# offer a long list, which gets a count by kind and can be filtered.
{ echo help; i=0; while [ $i -lt 300 ]; do echo 1; i=$((i + 1)); done; } \
  >"$TMP/answers"
run $T "$M" play --new --rules princess-dragon --seed 42 --bot-seed 3 \
  --name Carol --colour=never --glyphs=ascii <"$TMP/answers"
cp "$TMP/out" "$TMP/new.out"
check "play --new plays a whole P&D game (exit 0)" test "$status" -eq 0
check "help explains how to filter the actions" has "^  actions   list every legal action ('actions TEXT'" "$TMP/new.out"
check "help shows the legend with the neutral figures" has "  D dragon  F fairy$" "$TMP/new.out"
check "a long portal list is chosen in steps, first by kind" sh -c \
  'grep -Eq "^[0-9]+ options; first choose what:$" "$1" &&
   grep -Eq "^ +[0-9]+  portal [a-z]+: [0-9]+ options$" "$1"' sh "$TMP/new.out"
check "play --new prints the final scores" has_e "^Final scores: Carol -?[0-9]+, Greedy 2 -?[0-9]+; winners?( \(tie\))?: " "$TMP/new.out"

# === 2. two bots, watched ==================================================
# Seed 42 draws eight dragon tiles before the first volcano.
expect 0 "new P&D game for two bots" "$M" new --rules princess-dragon --bots 2 --seed 42 --name pd-bots
B=$(cat "$TMP/out")
$T "$M" watch "$B" --raw-events --colour=never --glyphs=ascii >"$TMP/watch.out" 2>"$TMP/watch.err" &
watch_pid=$!
BG_PIDS="$BG_PIDS $watch_pid"
i=0
while ! grep -q "^Waiting for players" "$TMP/watch.out" 2>/dev/null &&
      [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
$T "$M" bot "$B" --seats 1 --seed 2 --strategy greedy >"$TMP/bot1.out" 2>"$TMP/bot1.err" &
bot1_pid=$!
BG_PIDS="$BG_PIDS $bot1_pid"
run $T "$M" bot "$B" --seats 2 --seed 3 --strategy random
cp "$TMP/out" "$TMP/bot2.out"
check "the second bot finishes the game (exit 0)" test "$status" -eq 0
set +e
wait "$bot1_pid"
bot1_status=$?
wait "$watch_pid"
watch_status=$?
set -e
check "the first bot finishes the game (exit 0)" test "$bot1_status" -eq 0
check "watch ends with the game (exit 0)" test "$watch_status" -eq 0
cat "$TMP/bot1.out" "$TMP/bot2.out" >"$TMP/bots.out"
check "a bot moved the dragon" has_e "\(seat [12], [a-z]+\): dragon-move @ " "$TMP/bots.out"
cp "$TMP/watch.out" "$TMP/out"
check "watch prints the tiles set aside" has_e "^#[0-9]+ tile-set-aside [^:]+: tile DG/[^ ]+\.d \[PD-08\]$" "$TMP/watch.out"
check "watch prints their return" has_e "^#[0-9]+ tiles-returned: arg [1-9][0-9]* \[PD-08\]$" "$TMP/watch.out"
check "watch's board lists the tiles set aside" has_e "^Tiles set aside: DG/[^ ]+\.d( DG/[^ ]+)+$" "$TMP/watch.out"
check "watch prints the dragon's steps" has_e "^#[0-9]+ figure-moved: figure dragon, at -?[0-9]+,-?[0-9]+ \[PD-09\]$" "$TMP/watch.out"
check "watch prints the end of each flight" has_e "^#[0-9]+ dragon-flight-ended" "$TMP/watch.out"
check "watch's board names the dragon" has_e "Figures besides followers: .*dragon \(D\) at -?[0-9]+,-?[0-9]+" "$TMP/watch.out"
check "watch prints the final scores" has "^Final scores: Greedy 1 " "$TMP/watch.out"
check "bots and watch agree on the final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$TMP/watch.out" "$TMP/bot2.out"
expect 0 "export the bots' game" "$M" export "$B" -o "$TMP/pd-bots.rec"
check "the record has seed 42" has "^seed 42$" "$TMP/pd-bots.rec"
check "the record has dragon moves" has_e "^dragon-move @ -?[0-9]+,-?[0-9]+$" "$TMP/pd-bots.rec"
check "meeple-sim replays the export" scores_of_replay "$TMP/pd-bots.rec" "$TMP/sim.scores"
scores_of_line "$TMP/watch.out" "$TMP/cli.scores"
check "replayed scores = the game's final scores" cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... and there are two" test "$(wc -l <"$TMP/cli.scores")" -eq 2

# === 3. every expansion together, two bots, watched =======================
if "$MEEPLE_SIM" rules 2>/dev/null | grep -q "^mage-witch "; then
  expect 0 "new game with every rule set" "$M" new \
    --rules mage-witch,princess-dragon,abbot --bots 2 --seed 7 --name all
  A=$(cat "$TMP/out")
  $T "$M" watch "$A" --raw-events --colour=never --glyphs=ascii >"$TMP/watch3.out" \
    2>"$TMP/watch3.err" &
  watch_pid=$!
  BG_PIDS="$BG_PIDS $watch_pid"
  i=0
  while ! grep -q "^Waiting for players" "$TMP/watch3.out" 2>/dev/null &&
        [ $i -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  run $T "$M" bot "$A" --seats all --seed 11 --strategy random
  cp "$TMP/out" "$TMP/bot3.out"
  check "bots finish the game with every rule set (exit 0)" test "$status" -eq 0
  set +e
  wait "$watch_pid"
  watch_status=$?
  set -e
  check "watch ends with it (exit 0)" test "$watch_status" -eq 0
  check "a bot moved the mage or the witch" has_e \
    "\(seat [12], [a-z]+\): magic-move (mage|witch) [A-Z][0-9]* @ " "$TMP/bot3.out"
  check "watch prints the magic figures' moves [MW-02]" has_e \
    "^#[0-9]+ figure-(placed|moved).*figure (mage|witch).*\[MW-02\]$" "$TMP/watch3.out"
  check "watch's board names the mage and the witch" has_e \
    "Figures besides followers: .*(mage \(@\)|witch \(%\)) at " "$TMP/watch3.out"
  check "bots and watch agree on the final scores" sh -c \
    '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
    sh "$TMP/watch3.out" "$TMP/bot3.out"
  expect 0 "export it" "$M" export "$A" -o "$TMP/all.rec"
  check "the record names every rule set" has_e \
    "^rules base/[0-9.]+ .*mage-witch/" "$TMP/all.rec"
  check "meeple-sim replays the export" scores_of_replay "$TMP/all.rec" "$TMP/sim.scores"
  scores_of_line "$TMP/watch3.out" "$TMP/cli.scores"
  check "replayed scores = the game's final scores (every rule set)" \
    cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
else
  echo "# the mage-witch plugin is not built: part 3 skipped"
fi

finish
