#!/bin/sh
# tests/test-cli-circus.sh — Under the Big Top through meepled and the
# meeple CLI, end to end (issue 7): nothing in the client knows the
# expansion, so the ringmaster, the acrobats, the big top (a neutral
# figure on its tile's ring space), the animal tokens (public notes under
# the board) and the circus events must all come through the generic
# protocol and the shared board renderer.
#
#  1. A scripted game of two `meeple play` processes with an explicit
#     supply and a fixed seed, every answer typed in notation:
#       turn 1 Alice  BT/frfr.bt east of the start tile: the first big
#                     top, over a face-down token (CIRCUS-05); her
#                     ringmaster on its west road R2 (CIRCUS-17)
#       turn 2 Bob    the acrobat tile BT/ffrf.ac north of it, turned
#                     r180; an acrobat on it (CIRCUS-10)
#       turn 3 Alice  U east of the big top; an acrobat on Bob's acrobat
#                     tile, diagonally next to U (CIRCUS-11)
#       turn 4 Bob    BT/ffrf.bt west of the start tile, turned r270: the
#                     road 1,0-0,0--1,0 is completed between two rings
#                     (CIRCUS-03): Alice's ringmaster scores it and its
#                     bonus (CIRCUS-18); then the big top is scored on
#                     1,0 (the token revealed, CIRCUS-07) and moves to
#                     -1,0 over a new face-down token (CIRCUS-06)
#     then `meeple show` at Alice's turn 5 (golden file
#     tests/data/cli/circus-show-midgame-ascii.txt: the big top's glyph,
#     the acrobats, the "Big top" / "Animal tokens" / "Pyramids" notes),
#     the game played out (final scoring reveals the second token,
#     CIRCUS-09), and its export replayed by meeple-sim to the same
#     scores.
#  2. Every rule set `meeple rules` lists (circus, princess-dragon,
#     mage-witch, abbot, and any other) together: two `meeple bot`
#     processes finish a seeded game while `meeple watch` follows it
#     with the board; a winner; the circus's events and figures are shown;
#     the export replays to the same scores.
#
# Same environment and bus as tests/test-cli.sh (see there); golden files
# are regenerated with MEEPLE_UPDATE_GOLDEN=1 (review the diff).
# Exits 77 (skipped) when dbus-daemon, the daemon or the plugin is missing.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-circus
CLI_NEEDS="circus"
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

# --- the private bus ---------------------------------------------------
start_cli_bus

expect 0 "rules (activates the daemon)" "$M" rules
cp "$TMP/out" "$TMP/rules.out"
check "rules lists circus" has_e "^circus +1\.0 +Under the Big Top" "$TMP/rules.out"
for id in princess-dragon mage-witch abbot; do
  check "rules lists $id" has_e "^$id +[0-9.]+ " "$TMP/rules.out"
done

# === 1. a scripted game: two `meeple play`, answers typed ================
TILES="BT/frfr.bt BT/ffrf.ac U BT/ffrf.bt U V"
expect 0 "new circus game with an explicit supply" \
  "$M" new --rules circus --seed 1 --tiles "$TILES" --name circus-golden
G=$(cat "$TMP/out")
expect 0 "list shows the rules" "$M" list
check "list names circus" has_e "^$G +waiting +2/2 +base,circus +circus-golden$" "$TMP/out"

# Bob's answers (turns 2 and 4); his input then ends, but his next
# question (turn 6) never comes in this part: he is stopped.
printf '%s\n' "place BT/ffrf.ac @ 1,-1 r180" "acrobat @ 1,-1" \
  "place BT/ffrf.bt @ -1,0 r270" "pass" >"$TMP/bob"
$T "$M" play "$G" --seat 2 --name Bob --colour=never --glyphs=ascii \
  --raw-events <"$TMP/bob" >"$TMP/bob.out" 2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
# Alice's (turns 1 and 3); her input ends at her turn-5 tile, where the
# game then waits.
printf '%s\n' "place BT/frfr.bt @ 1,0 r0" "ringmaster R2" \
  "place U @ 2,0 r0" "acrobat @ 1,-1" >"$TMP/alice"
run $T "$M" play "$G" --seat 1 --name Alice --colour=never --glyphs=ascii \
  --raw-events <"$TMP/alice"
cp "$TMP/out" "$TMP/alice.out"
cp "$TMP/err" "$TMP/alice.err"
check "Alice's input ends at her turn 5 (exit 1)" test "$status" -eq 1
kill "$bob_pid" 2>/dev/null || :
wait "$bob_pid" 2>/dev/null || :
check "no answer was refused (Alice: only the end of her input)" sh -c \
  '[ "$(grep -c "^meeple: " "$1")" -eq 1 ] &&
   grep -q "^meeple: the input ended before the game" "$1"' sh "$TMP/alice.err"
check "no answer was refused (Bob)" lacks "^meeple: " "$TMP/bob.err"
cat "$TMP/alice.out" "$TMP/bob.out" >"$TMP/both.out"

# The decisions listed the circus's actions, and the answers were typed.
check "Alice was offered her ringmaster [CIRCUS-17]" \
  has_e "^ +[0-9]+  ringmaster R2 +on the road \[[a-zA-Z]\] at " \
  "$TMP/alice.out"
check "Bob was offered the acrobat on his tile [CIRCUS-10]" has_e "^ +[0-9]+  acrobat @ 1,-1( .*)?$" "$TMP/bob.out"
check "Alice was offered the acrobat next to U [CIRCUS-11]" has_e "^ +[0-9]+  acrobat @ 1,-1( .*)?$" "$TMP/alice.out"
check "Alice typed the ringmaster" has "> ringmaster R2$" "$TMP/alice.out"
check "Alice typed the acrobat" has "> acrobat @ 1,-1$" "$TMP/alice.out"
check "Bob typed the acrobat" has "> acrobat @ 1,-1$" "$TMP/bob.out"
check "Bob typed the second big-top tile" has "> place BT/ffrf.bt @ -1,0 r270$" "$TMP/bob.out"

# The events, as every client prints them.
check "the first big top is put on its ring [CIRCUS-05]" has_e \
  "^#[0-9]+ figure-placed: figure big-top, on B at 1,0 \[CIRCUS-05\]$" "$TMP/both.out"
check "the ringmaster is placed [CIRCUS-17]" has_e \
  "^#[0-9]+ figure-placed Alice: figure ringmaster, on R2 at 1,0 \[CIRCUS-17\]$" "$TMP/both.out"
check "Bob's acrobat [CIRCUS-10]" has_e \
  "^#[0-9]+ figure-placed Bob: figure follower, on A at 1,-1 \[CIRCUS-10\]$" "$TMP/both.out"
check "Alice's acrobat from the neighbour [CIRCUS-11]" has_e \
  "^#[0-9]+ figure-placed Alice: figure follower, on A at 1,-1 \[CIRCUS-11\]$" "$TMP/both.out"
check "the road closed by two rings scores 3 [BASE-16]" has_e \
  "^#[0-9]+ points-scored Alice: kind road, 3 points, .*\[BASE-16\]$" "$TMP/both.out"
check "the ringmaster's bonus: 2 circus tiles around 1,0 [CIRCUS-18]" has_e \
  "^#[0-9]+ points-scored Alice: kind road, 4 points, (on R2 )?at 1,0 \[CIRCUS-18\]$" "$TMP/both.out"
check "the token under the big top is revealed [CIRCUS-07]" has_e \
  "^#[0-9]+ animal-revealed: (.*, )?arg [134567], (on B )?at 1,0 \[CIRCUS-07\]$" "$TMP/both.out"
value=$(sed -n 's/^#[0-9]* animal-revealed: .*arg \([0-9]*\), .*at 1,0 \[CIRCUS-07\]$/\1/p' \
  "$TMP/alice.out" | head -n 1)
check "each seat scores the token for its acrobat beside the big top [CIRCUS-07]" sh -c \
  'grep -Eq "^#[0-9]+ points-scored Alice: (kind [a-z]+, )?$1 points?, (on [A-Z0-9]+ )?at 1,0 \[CIRCUS-07\]$" "$2" &&
   grep -Eq "^#[0-9]+ points-scored Bob: (kind [a-z]+, )?$1 points?, (on [A-Z0-9]+ )?at 1,0 \[CIRCUS-07\]$" "$2"' \
  sh "${value:-x}" "$TMP/alice.out"
check "the big top moves to the new big-top tile [CIRCUS-06]" has_e \
  "^#[0-9]+ figure-moved: figure big-top, on B at -1,0 \[CIRCUS-06\]$" "$TMP/both.out"
check "the ringmaster went home before (CIRCUS-06.1)" has_e \
  "^#[0-9]+ figure-returned Alice: figure ringmaster, on R2 at 1,0 \[BASE-19\]$" "$TMP/both.out"

# The board at Alice's turn 5 (after the big top moved).
check "show after the big top moved (ASCII)" show_game "$G" circus-show-midgame-ascii.txt ascii
golden circus-show-midgame-ascii.txt "$TMP/circus-show-midgame-ascii.txt"
S=$TMP/circus-show-midgame-ascii.txt
check "show names the big top, with its glyph, on -1,0" has_e \
  "big-top \(T\) at -1,0" "$S"
check "show's legend has the big top's glyph" has_e "T big-top" "$S"
check "show prints the \"Big top\" note: on -1,0, face down" has_e \
  "Big top: .*-1,0.*face.down" "$S"
check "show prints the \"Animal tokens\" note" has_e "Animal tokens: " "$S"
check "... with 14 face down and the revealed one" has_e \
  "Animal tokens: .*14.*(elephant 7|tiger 6|lion 6|bear 5|seal 4|monkey 3|flea 1)" "$S"
check "show prints the \"Pyramids\" note: two acrobats on 1,-1" has_e \
  "Pyramids?: .*1,-1" "$S"
# The acrobat tile's block: both seats' digits in the rows of y = -1.
check "both acrobats are drawn on the acrobat tile" sh -c \
  'awk "/^ *\\[?-1\\]? /{on=3} on>0{print; on--}" "$1" | grep -q 1 &&
   awk "/^ *\\[?-1\\]? /{on=3} on>0{print; on--}" "$1" | grep -q 2' sh "$S"
run "$M" show "$G" --colour=never --glyphs=unicode
check "show in Unicode works too" test "$status" -eq 0

# Play it out: Alice and Bob reclaim their seats (tokens saved) and take
# the first action each time.
i=0
while [ $i -lt 40 ]; do echo 1; i=$((i + 1)); done >"$TMP/ones"
$T "$M" play "$G" --seat 2 --colour=never <"$TMP/ones" >"$TMP/bob2.out" \
  2>"$TMP/bob2.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
run $T "$M" play "$G" --seat 1 --colour=never --glyphs=ascii --raw-events <"$TMP/ones"
cp "$TMP/out" "$TMP/alice2.out"
check "Alice plays it to the end (exit 0)" test "$status" -eq 0
set +e
wait "$bob_pid"
bob_status=$?
set -e
check "Bob's play ends with the game (exit 0)" test "$bob_status" -eq 0
check "final scoring reveals the token on -1,0 [CIRCUS-09]" has_e \
  "^#[0-9]+ animal-revealed: (.*, )?arg [134567], (on B )?at -1,0 \[CIRCUS-09\]$" "$TMP/alice2.out"
check "final scoring: the acrobats score 5 each [CIRCUS-16]" has_e \
  "^#[0-9]+ points-scored (Alice|Bob): .*5 points, .*at 1,-1 \[CIRCUS-16\]$" "$TMP/alice2.out"
check "play prints the final scores" has_e \
  "^Final scores: Alice -?[0-9]+, Bob -?[0-9]+; winners?( \(tie\))?: " "$TMP/alice2.out"
check "both saw the same final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$TMP/alice2.out" "$TMP/bob2.out"
check "show a finished circus game" show_game "$G" circus-show-over.txt ascii
check "the finished game is over" has "^Game over after " "$TMP/circus-show-over.txt"

expect 0 "export the scripted game" "$M" export "$G" -o "$TMP/circus-golden.rec"
check "the record names the rule set" has_e "^rules base/[0-9.]+ circus/[0-9.]+$" "$TMP/circus-golden.rec"
check "the record has the explicit supply" has "^tiles $TILES$" "$TMP/circus-golden.rec"
check "the record has the seed (it draws the tokens)" has "^seed 1$" "$TMP/circus-golden.rec"
check "the record has the ringmaster" has "^ringmaster R2$" "$TMP/circus-golden.rec"
check "the record has the acrobats" has "^acrobat @ 1,-1$" "$TMP/circus-golden.rec"
check "meeple-sim replays the export" scores_of_replay "$TMP/circus-golden.rec" "$TMP/sim.scores"
scores_of_line "$TMP/alice2.out" "$TMP/cli.scores"
check "replayed scores = the game's final scores" cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... and there are two" test "$(wc -l <"$TMP/cli.scores")" -eq 2

# === 2. every rule set together, two bots, watched ========================
ALL=$(awk 'NR > 1 && NF && !/^ / && $1 != "base" { printf "%s%s", sep, $1; sep = "," }' "$TMP/rules.out")
echo "# every rule set: $ALL"
expect 0 "new game with every rule set" "$M" new --rules "$ALL" --bots 2 \
  --seed 12 --name everything
A=$(cat "$TMP/out")
bots_play_watched "$A"
# watch wraps its lines at 80 columns: the checks read them whole
unwrap "$TMP/watch.out" >"$TMP/watch.unwrapped"
W=$TMP/watch.unwrapped
check "watch names every rule set" has_e "rules base, .*circus" "$W"
check "watch prints the first big top [CIRCUS-05]" has_e \
  "^#[0-9]+ figure-placed: figure big-top, on B at -?[0-9]+,-?[0-9]+ \[CIRCUS-05\]$" "$W"
check "watch prints the final reveal [CIRCUS-09]" has_e \
  "^#[0-9]+ animal-revealed: (.*, )?arg [134567], (on B )?at -?[0-9]+,-?[0-9]+ \[CIRCUS-09\]$" "$W"
check "watch's board names the big top" has_e \
  "Figures besides followers: .*big-top \(T\) at -?[0-9]+,-?[0-9]+" "$W"
check "watch prints the big-top notes" has_e "Big top: " "$W"
cat "$TMP/bot1.out" "$TMP/bot2.out" >"$TMP/bots.out"
check "a bot placed an acrobat" has_e "\(seat [12], [a-z]+\): acrobat @ " "$TMP/bots.out"
check "a bot placed its ringmaster" has_e "\(seat [12], [a-z]+\): ringmaster " "$TMP/bots.out"
check "watch prints the game-over event" has_e "^#[0-9]+ game-over$" "$W"
check "watch prints the final scores with a winner" has_e \
  "^Final scores: Greedy 1 -?[0-9]+, Random 2 -?[0-9]+; winners?( \(tie\))?: " "$W"
check "bots and watch agree on the final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$W" "$TMP/bot2.out"
expect 0 "export it" "$M" export "$A" -o "$TMP/all.rec"
check "the record names every rule set" sh -c '
  for id in $(echo "$2" | tr , " "); do
    grep -Eq "^rules base/[0-9.]+ (.* )?$id/[0-9.]+( |$)" "$1" || exit 1
  done' sh "$TMP/all.rec" "$ALL"
check "meeple-sim replays the export" scores_of_replay "$TMP/all.rec" "$TMP/sim.scores"
scores_of_line "$W" "$TMP/cli.scores"
check "replayed scores = the game's final scores (every rule set)" \
  cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... and there are two" test "$(wc -l <"$TMP/cli.scores")" -eq 2

# === 3. a watcher that falls behind ========================================
# `meeple watch` must print every event even when it lags behind the game:
# it is stopped (SIGSTOP) while two bots play a short circus game to the
# end, then continued, with every Events signal of the game still queued.
# (It runs without `timeout`, which would receive the signals instead; the
# loop below limits the wait.)
expect 0 "new short circus game for bots" "$M" new --rules circus --seed 3 \
  --tiles "$TILES" --bots 2 --name late
L=$(cat "$TMP/out")
"$M" watch "$L" --raw-events --no-board >"$TMP/late.out" 2>"$TMP/late.err" &
late_pid=$!
BG_PIDS="$BG_PIDS $late_pid"
i=0
while ! grep -q "^Watching game $L" "$TMP/late.out" 2>/dev/null &&
      [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
kill -STOP "$late_pid"
run $T "$M" bot "$L" --seats all --seed 4 --quiet
check "the bots finish the short game (exit 0)" test "$status" -eq 0
kill -CONT "$late_pid"
i=0
while kill -0 "$late_pid" 2>/dev/null && [ $i -lt 600 ]; do
  sleep 0.1
  i=$((i + 1))
done
kill "$late_pid" 2>/dev/null || :
set +e
wait "$late_pid"
late_status=$?
set -e
check "the late watcher ends with the game (exit 0)" test "$late_status" -eq 0
expect 0 "watch --history of the finished game" "$M" watch "$L" --raw-events --no-board --history
grep "^#" "$TMP/out" >"$TMP/history.events"
grep "^#" "$TMP/late.out" >"$TMP/late.events" || :
first=$(sed -n '1s/^#\([0-9]*\) .*/\1/p' "$TMP/late.events")
awk -v first="${first:-1}" '{ n = substr($1, 2) + 0 } n >= first' \
  "$TMP/history.events" >"$TMP/history.tail"
cp "$TMP/late.out" "$TMP/out"
cp "$TMP/late.err" "$TMP/err"
check "the late watcher printed the game-over event" has_e "^#[0-9]+ game-over$" "$TMP/late.out"
check "the late watcher printed the final reveal [CIRCUS-09]" has_e \
  "^#[0-9]+ animal-revealed: (.*, )?arg [134567], (on B )?at -?[0-9]+,-?[0-9]+ \[CIRCUS-09\]$" "$TMP/late.out"
check "the late watcher printed every event from its first on ($(wc -l <"$TMP/late.events") of $(wc -l <"$TMP/history.tail"))" \
  cmp -s "$TMP/late.events" "$TMP/history.tail"
check "the late watcher printed the final scores" has_e "^Final scores: " "$TMP/late.out"

finish
