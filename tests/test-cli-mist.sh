#!/bin/sh
# tests/test-cli-mist.sh — Mist and ghosts (RULES §6) and Spell Circles
# (§7) through meepled and the meeple CLI, end to end: nothing in the
# client knows the two rule sets, so the mist ('~' on the board), the
# "haunt" decision, the ghost and circle events and the public notes
# ("Ghost bank", "Ghosts", "Mist", "Spell circles") must all come through
# the generic protocol and the shared board renderer (doc/mist.md).
#
#  1. `meeple rules` lists both rule sets, "(provisional tiles)" in their
#     names, spell-circles requiring mist.
#  2. A scripted game of two `meeple play` processes, --rules
#     mist,spell-circles, the explicit supply "U U U GCX-14 SCX-07 GCX-16
#     V U" (start tile D at 0,0: city north, road west-east, field south),
#     every answer typed in notation:
#       turn 1 Alice  U at 1,0; her follower on the road R1 (figure 0)
#       turn 2 Bob    U at -1,0; his farmer on the south field F2 (fig. 7)
#       turn 3 Alice  U at 0,1 under the start tile; her follower on its
#                     road R1 (figure 1)
#       turn 4 Bob    GCX-14 (all misty) at 2,0: its misty west edge meets
#                     the clear U at 1,0 (3 contacts): dispersal, one bank
#                     ghost to his own follower, only one: no question
#                     (MIST-08); bank 14.  His farmer on the misty north
#                     field F1 of 2,0 (figure 8, AMB-17).
#       turn 5 Alice  SCX-07 (all misty, 3 circles) at 3,0: thickening
#                     (MIST-07).  Nobody haunted on its 8 neighbours, so
#                     the 3 circles fill from the bank (SC-04): bank 11.
#                     The MIST-07 ghost may go to either of Bob's two
#                     followers: decision "haunt", which she answers with
#                     illegal texts first (refused, part 4), then
#                     `haunt follower F1 @ 2,0 8`; bank 10.  SC-06 takes
#                     nothing: the only circles are this turn's (SC-05).
#                     No follower can go on the tile (the road is hers,
#                     both fields Bob's): no figure decision.
#       turn 6 Bob    GCX-16 (all misty) at 4,0: thickening again.  The
#                     MIST-07 bank ghost (bank 9) and, as the mist holds
#                     the older occupied circles of 3,0 and is not
#                     completed, one ghost out of them (SC-06, circles 2
#                     of 3): two "haunt" decisions, both answered
#                     `haunt follower R1 @ 0,1 1` (after a haunt typed at
#                     his place-tile decision, refused).
#     then `meeple show` at Alice's turn 7 (golden file
#     tests/data/cli/mist-show-midgame-ascii.txt): '~' fields, and
#       Ghost bank: 9 of 15 ghosts
#       Ghosts: Bob -1,0 F2: 1; Bob 2,0 F1: 1; Alice 0,1 R1: 2
#       Mist: 1 area: 0 open, 1 dispersed, 0 completed (since turn 4)
#       Spell circles: 3,0 F1 2 of 3            (9 + 1 + 1 + 2 + 2 = 15)
#     then the game played to the end:
#       turn 7 Alice  V at 5,0 r180: its clear west edge cuts the mist of
#                     GCX-16 (AMB-19): MIST-08, one bank ghost (bank 8) to
#                     one of her two followers: she picks 0,1, its third
#                     ghost: it goes home at once with its 3 ghosts
#                     (MIST-12, bank 11).  SC-08: the 2 ghosts of the older
#                     circles of the dispersed mist go to her own
#                     followers, now only 1,0: no question (2 ghosts).
#                     Her follower on the V's road R1.
#       turn 8 Bob    U at -2,0 (no mist near), no follower possible.
#     Final scoring: Alice's road -2,0 .. 4,0, 7 tiles = 7, her road on
#     5,0 = 1 (BASE-22); MIST-16: her 2 ghosts -2: 6.  Bob: no completed
#     city for his farmers, 0; his 2 ghosts would cost 2, floored at 0
#     (MIST-15): a 0-point MIST-16 event.  Final scores: Alice 6, Bob 0.
#     The export holds the haunt answers and meeple-sim replays it to the
#     same scores.
#  3. Every rule set `meeple rules` lists (abbot, princess-dragon,
#     mage-witch, circus, mist, spell-circles, and any other) together:
#     two `meeple bot` processes finish a seeded game while `meeple watch`
#     follows it with the board; the ghosts are conserved, every third
#     ghost sends its follower home, scored haunted followers pay MIST-14
#     (abbots and ringmasters too, X-18), MIST-16 comes last (X-13); the
#     export replays to the same scores.
#  4. Bad input: `meeple new --rules spell-circles` alone is accepted and
#     brings in mist (RULES §0.7, SC-01); a mist-only game refuses a spell
#     circle tile; illegal haunt texts are refused with a clear message
#     and the decision is asked again.
#
# Same environment and bus as tests/test-cli.sh (see there); golden files
# are regenerated with MEEPLE_UPDATE_GOLDEN=1 (review the diff).
# Exits 77 (skipped) when dbus-daemon, the daemon or the plugins are
# missing.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-mist
CLI_NEEDS="mist spell-circles"
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

# in_order FILE ERE...: lines matching the EREs occur in FILE in this
# order (each after the one before).
in_order() {
  file=$1
  shift
  awk -v n=$# 'BEGIN { for (i = 1; i < ARGC; i++) want[i] = ARGV[i]; ARGC = 1
                       k = 1 }
               k <= n && $0 ~ want[k] { k++ }
               END { exit !(k > n) }' "$@" <"$file"
}

# Lines may hold fields before the ones that matter (before typed
# events, rule sets' events carried every field: "tile A, figure
# follower, kind road, 0 points, "): X matches such a prefix.
X='(.*, )?'

# --- the private bus ---------------------------------------------------
start_cli_bus

# === 1. the rule sets ======================================================
expect 0 "rules (activates the daemon)" "$M" rules
cp "$TMP/out" "$TMP/rules.out"
check "rules lists mist, provisional tiles, requiring nothing [MIST-01]" has_e \
  "^mist +[0-9.]+ +Mist and ghosts \(provisional tiles\) +-$" "$TMP/rules.out"
check "rules lists spell-circles, provisional tiles, requiring mist [SC-01]" has_e \
  "^spell-circles +[0-9.]+ +Spell Circles \(provisional tiles\) +mist$" "$TMP/rules.out"
for id in abbot princess-dragon mage-witch circus; do
  check "rules lists $id" has_e "^$id +[0-9.]+ " "$TMP/rules.out"
done

# === 2. a scripted game: two `meeple play`, answers typed ================
TILES="U U U GCX-14 SCX-07 GCX-16 V U"
expect 0 "new mist + spell-circles game with an explicit supply" \
  "$M" new --rules mist,spell-circles --seed 1 --tiles "$TILES" \
  --name mist-golden
G=$(cat "$TMP/out")
expect 0 "list shows the rules" "$M" list
check "list names mist and spell-circles" has_e \
  "^$G +waiting +2/2 +base,mist,spell-circles +mist-golden$" "$TMP/out"

# Bob's answers (turns 2, 4, 6); at turn 6 a haunt action before his tile
# is refused (part 4).  His input then ends; his turn 8 never comes in
# this part: he is stopped.
printf '%s\n' "place U @ -1,0 r0" "follower F2" \
  "place GCX-14 @ 2,0 r0" "follower F1" \
  "haunt follower F2 @ -1,0 7" "place GCX-16 @ 4,0 r0" \
  "haunt follower R1 @ 0,1 1" "haunt follower R1 @ 0,1 1" >"$TMP/bob"
$T "$M" play "$G" --seat 2 --name Bob --colour=never --glyphs=ascii \
  --raw-events <"$TMP/bob" >"$TMP/bob.out" 2>"$TMP/bob.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
# Alice's (turns 1, 3, 5); at turn 5 five wrong answers to the haunt
# decision come first (part 4).  Her input ends at her turn-7 tile, where
# the game then waits.
printf '%s\n' "place U @ 1,0 r0" "follower R1" \
  "place U @ 0,1 r0" "follower R1" \
  "place SCX-07 @ 3,0 r0" \
  "haunt follower R1 @ 1,0 0" "haunt follower F1 @ 9,9 8" \
  "haunt F1 @ 2,0 8" "3" "haunt follower F1 @ 2,0" >"$TMP/alice"
run $T "$M" play "$G" --seat 1 --name Alice --colour=never --glyphs=ascii \
  --raw-events <"$TMP/alice"
cp "$TMP/out" "$TMP/alice.out"
cp "$TMP/err" "$TMP/alice.err"
check "Alice's input ends at her turn 7 (exit 1)" test "$status" -eq 1
kill "$bob_pid" 2>/dev/null || :
wait "$bob_pid" 2>/dev/null || :
cat "$TMP/alice.out" "$TMP/bob.out" >"$TMP/both.out"

# The decisions, as listed and as typed.
check "Alice is asked which of Bob's followers is haunted [MIST-07, MIST-10]" has \
  "^Alice (seat 1), your decision: haunt (Choose the follower that receives a ghost)$" \
  "$TMP/alice.out"
check "... once only (turn 4 had one eligible follower: no question)" test \
  "$(grep -c "your decision: haunt" "$TMP/alice.out")" -eq 1
check "... offered Bob's farmer on -1,0" has_e \
  "^ +[0-9]+  haunt follower F2 @ -1,0 +Bob's follower, on the field \[[a-zA-Z]\]$" "$TMP/alice.out"
check "... offered Bob's farmer on the mist of 2,0 [AMB-17]" has_e \
  "^ +[0-9]+  haunt follower F1 @ 2,0 +Bob's follower, on the field \[[a-zA-Z]\]$" "$TMP/alice.out"
check "... and not her own follower (opponents only)" lacks \
  "^ *[0-9]*  haunt follower R1 @ 1,0 " "$TMP/alice.out"
check "... and no option shows the figure's number (the arg)" sh -c \
  '! grep -Eq "^ +[0-9]+  haunt follower [A-Z0-9]+ @ -?[0-9]+,-?[0-9]+ [0-9]" "$1"' \
  sh "$TMP/alice.out"
check "Alice typed the haunt as shown, without the number" has \
  "> haunt follower F1 @ 2,0$" "$TMP/alice.out"
check "Bob is asked twice: the MIST-07 and the SC-06 ghost" test \
  "$(grep -c "^Bob (seat 2), your decision: haunt " "$TMP/bob.out")" -eq 2
check "... offered Alice's two followers" sh -c \
  'grep -Eq "^ +[0-9]+  haunt follower R1 @ 1,0 +Alice.s follower, on the road \[[a-zA-Z]\]$" "$1" &&
   grep -Eq "^ +[0-9]+  haunt follower R1 @ 0,1 +Alice.s follower, on the road \[[a-zA-Z]\]$" "$1"' \
  sh "$TMP/bob.out"
check "Bob typed both haunts" test \
  "$(grep -c "> haunt follower R1 @ 0,1 1$" "$TMP/bob.out")" -eq 2

# The events, as every client prints them.
B=$TMP/both.out
check "turn 4: GCX-14 disperses the mist, 3 contacts [MIST-08]" has_e \
  "^#[0-9]+ mist-dispersed Bob: ${X}arg 3, (on [A-Z0-9]+ )?at 2,0 \[MIST-08\]$" "$B"
check "... its ghost goes to Bob's only follower, unasked [MIST-08]" has_e \
  "^#[0-9]+ ghost-added Bob: ${X}arg 1, on F2 at -1,0 \[MIST-08\]$" "$B"
check "turn 5: SCX-07 thickens the mist [MIST-07]" has_e \
  "^#[0-9]+ mist-thickened Alice: ${X}(on [A-Z0-9]+ )?at 3,0 \[MIST-07\]$" "$B"
check "... its 3 circles fill from the bank, one at a time [SC-04]" in_order "$B" \
  "^#[0-9]+ circle-filled Alice: ${X}arg 1, on F1 at 3,0 \[SC-04\]$" \
  "^#[0-9]+ circle-filled Alice: ${X}arg 2, on F1 at 3,0 \[SC-04\]$" \
  "^#[0-9]+ circle-filled Alice: ${X}arg 3, on F1 at 3,0 \[SC-04\]$" \
  "^#[0-9]+ ghost-added Bob: ${X}arg 1, on F1 at 2,0 \[MIST-07\]$"
check "... the new circles give nothing by SC-06 this turn [SC-05]" lacks \
  "circle-emptied Alice: .*\[SC-06\]$" "$B"
check "turn 6: GCX-16 thickens the mist [MIST-07]" has_e \
  "^#[0-9]+ mist-thickened Bob: ${X}(on [A-Z0-9]+ )?at 4,0 \[MIST-07\]$" "$B"
check "... a bank ghost, then one out of the older circles [MIST-07, SC-06]" in_order "$B" \
  "^#[0-9]+ ghost-added Alice: ${X}arg 1, on R1 at 0,1 \[MIST-07\]$" \
  "^#[0-9]+ circle-emptied Bob: ${X}arg 1, on F1 at 3,0 \[SC-06\]$" \
  "^#[0-9]+ ghost-added Alice: ${X}arg 2, on R1 at 0,1 \[SC-06\]$"
check "no refused answer gave a ghost (4 ghost-added events)" test \
  "$(grep -c "^#[0-9]* ghost-added " "$TMP/alice.out")" -eq 4

# The board at Alice's turn 7.
check "show at turn 7 (ASCII)" show_game "$G" mist-show-midgame-ascii.txt ascii
golden mist-show-midgame-ascii.txt "$TMP/mist-show-midgame-ascii.txt"
# The notes are read whole: unwrapped from the 80 columns.
unwrap "$TMP/mist-show-midgame-ascii.txt" >"$TMP/mist-show-midgame.unwrapped"
S=$TMP/mist-show-midgame.unwrapped
check "show draws the misty fields as '~'" sh -c \
  'grep -v "^Legend: " "$1" | grep -q "~~2~~"' sh "$S"
check "show's legend explains '~'" has "~ field under mist" "$S"
check "show: \"Ghost bank: 9 of 15 ghosts\" [MIST-01]" has \
  "^Ghost bank: 9 of 15 ghosts$" "$S"
check "show: the haunted followers [MIST-13]" has \
  "^Ghosts: seat 2 follower on -1,0 F2: 1; seat 2 follower on 2,0 F1: 1; seat 1 follower on 0,1 R1: 2$" "$S"
check "show: one mist area, dispersed since turn 4 [MIST-05]" has \
  "^Mist: 1 area: 0 open, 1 dispersed, 0 completed$" "$S"
check "show: the circles of 3,0 hold 2 of 3 [SC-02]" has \
  "^Spell circles: ghosts in circles: 3,0 F1 2 of 3$" "$S"
run "$M" show "$G" --colour=never --glyphs=unicode
check "show in Unicode draws the mist too" sh -c \
  '[ "$1" -eq 0 ] && grep -q "≈" "$2"' sh "$status" "$TMP/out"

# Play it out: Alice and Bob reclaim their seats (tokens saved).
printf '%s\n' "place U @ -2,0 r0" >"$TMP/bob2"
$T "$M" play "$G" --seat 2 --colour=never --glyphs=ascii --raw-events <"$TMP/bob2" \
  >"$TMP/bob2.out" 2>"$TMP/bob2.err" &
bob_pid=$!
BG_PIDS="$BG_PIDS $bob_pid"
printf '%s\n' "place V @ 5,0 r180" "haunt follower R1 @ 0,1 1" "follower R1" \
  >"$TMP/alice2"
run $T "$M" play "$G" --seat 1 --colour=never --glyphs=ascii --raw-events <"$TMP/alice2"
cp "$TMP/out" "$TMP/alice2.out"
cp "$TMP/err" "$TMP/alice2.err"
check "Alice plays it to the end (exit 0)" test "$status" -eq 0
set +e
wait "$bob_pid"
bob_status=$?
set -e
check "Bob's play ends with the game (exit 0)" test "$bob_status" -eq 0
check "no answer was refused in the play-out" sh -c \
  '! grep -q "^meeple: " "$1" && ! grep -q "^meeple: " "$2"' \
  sh "$TMP/alice2.err" "$TMP/bob2.err"
A2=$TMP/alice2.out
check "turn 7: the clear V cuts the mist [MIST-08, AMB-19]" has_e \
  "^#[0-9]+ mist-dispersed Alice: ${X}arg 2, (on [A-Z0-9]+ )?at 5,0 \[MIST-08\]$" "$A2"
check "... the third ghost sends the follower home with its ghosts [MIST-12]" in_order "$A2" \
  "^#[0-9]+ ghost-added Alice: ${X}arg 3, on R1 at 0,1 \[MIST-08\]$" \
  "^#[0-9]+ figure-returned Alice: figure follower, on R1 at 0,1 \[MIST-12\]$" \
  "^#[0-9]+ ghosts-returned Alice: ${X}arg 3, on R1 at 0,1 \[MIST-12\]$"
check "... no points for it [MIST-12]" lacks "points-scored .*MIST-1[24]" "$A2"
check "... the older circles empty onto her last follower, unasked [SC-08]" in_order "$A2" \
  "^#[0-9]+ circle-emptied Alice: ${X}arg 2, on F1 at 3,0 \[SC-08\]$" \
  "^#[0-9]+ ghost-added Alice: ${X}arg 1, on R1 at 1,0 \[SC-08\]$" \
  "^#[0-9]+ ghost-added Alice: ${X}arg 2, on R1 at 1,0 \[SC-08\]$" \
  "^#[0-9]+ figure-placed Alice: figure follower, on R1 at 5,0 \[BASE-11\]$"
check "final scoring: Alice's roads 7 and 1 [BASE-22]" in_order "$A2" \
  "^#[0-9]+ points-scored Alice: kind road, 7 points, on R1 at 1,0 \[BASE-22\]$" \
  "^#[0-9]+ points-scored Alice: kind road, 1 point, on R1 at 5,0 \[BASE-22\]$"
check "then -1 per ghost, last of all [MIST-16]" in_order "$A2" \
  "\[BASE-22\]$" \
  "^#[0-9]+ points-scored Alice: (kind [a-z]+, )?-2 points, .*\[MIST-16\]$" \
  "^#[0-9]+ game-over$"
check "Bob's 2 ghosts take nothing from 0 points [MIST-16, MIST-15]" has_e \
  "^#[0-9]+ points-scored Bob: (kind [a-z]+, )?0 points, .*\[MIST-16\]$" "$A2"
check "play prints the final scores: Alice 6, Bob 0" has \
  "^Final scores: Alice 6, Bob 0; winner: Alice$" "$A2"
check "both saw the same final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$A2" "$TMP/bob2.out"
check "show a finished mist game" show_game "$G" mist-show-over.txt ascii
unwrap "$TMP/mist-show-over.txt" >"$TMP/mist-show-over.unwrapped"
O=$TMP/mist-show-over.unwrapped
check "the finished game is over" has "^Game over after 8 turns" "$O"
check "at the end: bank 11, 4 ghosts on followers, empty circles" sh -c \
  'grep -q "^Ghost bank: 11 of 15 ghosts$" "$1" &&
   grep -q "^Ghosts: seat 2 follower on -1,0 F2: 1; seat 2 follower on 2,0 F1: 1; seat 1 follower on 1,0 R1: 2$" "$1" &&
   grep -q "^Spell circles: ghosts in circles: 3,0 F1 0 of 3$" "$1"' sh "$O"

expect 0 "export the scripted game" "$M" export "$G" -o "$TMP/mist-golden.rec"
R=$TMP/mist-golden.rec
check "the record names both rule sets" has_e \
  "^rules base/[0-9.]+ mist/[0-9.]+ spell-circles/[0-9.]+$" "$R"
check "the record has the explicit supply" has "^tiles $TILES$" "$R"
check "the record has the haunt answers, and only those" sh -c \
  '[ "$(grep "^haunt " "$1" | tr "\n" "|")" = \
     "haunt follower F1 @ 2,0 8|haunt follower R1 @ 0,1 1|haunt follower R1 @ 0,1 1|haunt follower R1 @ 0,1 1|" ]' \
  sh "$R"
check "meeple-sim replays the export" scores_of_replay "$R" "$TMP/sim.scores"
scores_of_line "$A2" "$TMP/cli.scores"
check "replayed scores = the game's final scores" cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... Alice 6, Bob 0" sh -c \
  '[ "$(tr "\n" "|" <"$1")" = "Alice 6|Bob 0|" ]' sh "$TMP/sim.scores"

# === 3. every rule set together, two bots, watched ========================
# Seeds: tiles 12, bots 7 (greedy) and 3 (random), the circus suite's
# (7 since greedy plays on the rebuilt game: the first of 2..23 whose game
# still shows everything below): both bots answer haunt decisions, the circles fill,
# empty by SC-06 and SC-08, followers go home by MIST-12, the dragon eats
# a haunted follower (MIST-17), an abbot and a ringmaster pay MIST-14, and
# both seats end with ghosts (MIST-16).  About 1 s.
ALL=$(awk 'NR > 1 && NF && !/^ / && $1 != "base" { printf "%s%s", sep, $1; sep = "," }' "$TMP/rules.out")
echo "# every rule set: $ALL"
check "every rule set includes the six expansions" sh -c '
  for id in abbot princess-dragon mage-witch circus mist spell-circles; do
    case ",$1," in *",$id,"*) ;; *) exit 1 ;; esac
  done' sh "$ALL"
expect 0 "new game with every rule set" "$M" new --rules "$ALL" --bots 2 \
  --seed 12 --name everything
A=$(cat "$TMP/out")
bots_play_watched "$A"
unwrap "$TMP/watch.out" >"$TMP/watch.unwrapped"
W=$TMP/watch.unwrapped
grep "^#" "$W" >"$TMP/watch.events" || :
E=$TMP/watch.events
check "watch names every rule set" has_e \
  "rules base, .*mist, .*spell-circles" "$W"
cat "$TMP/bot1.out" "$TMP/bot2.out" >"$TMP/bots.out"
check "both bots answered haunt decisions" sh -c \
  'grep -Eq "\(seat 1, greedy\): haunt [a-z]+ [A-Z0-9]+ @ -?[0-9]+,-?[0-9]+ [0-9]+$" "$1" &&
   grep -Eq "\(seat 2, random\): haunt [a-z]+ [A-Z0-9]+ @ -?[0-9]+,-?[0-9]+ [0-9]+$" "$1"' \
  sh "$TMP/bots.out"
check "watch prints thickening and dispersal [MIST-07, MIST-08]" sh -c \
  'grep -q " mist-thickened .*\[MIST-07\]$" "$1" &&
   grep -q " mist-dispersed .*\[MIST-08\]$" "$1"' sh "$E"
for rule in MIST-07 MIST-08 SC-03 SC-06 SC-08; do
  check "watch prints ghosts added by $rule" has_e \
    "^#[0-9]+ ghost-added [^:]+: ${X}arg [123], on [A-Z0-9]+ at -?[0-9]+,-?[0-9]+ \[$rule\]$" "$E"
done
check "watch prints circles filled [SC-04]" has_e \
  "^#[0-9]+ circle-filled [^:]+: ${X}arg [1-4], on [A-Z0-9]+ at -?[0-9]+,-?[0-9]+ \[SC-04\]$" "$E"
check "no follower ever holds more than 3 ghosts; each third ghost sends it home at once [MIST-12]" \
  awk '/ ghost-added / { match($0, /arg [0-9]+/); n = substr($0, RSTART + 4, RLENGTH - 4) + 0
                         if (n > 3) bad++; if (n == 3) { third++; want = 2 }; next }
       want == 2 { if ($0 !~ / figure-returned .*\[MIST-12\]$/) bad++; want = 1; next }
       want == 1 { if ($0 !~ / ghosts-returned .*arg 3, .*\[MIST-12\]$/) bad++; want = 0; next }
       END { exit !(third > 0 && bad == 0) }' "$E"
check "an eaten haunted follower returns its ghosts unpunished [X-06, MIST-17]" \
  awk '/ figure-returned .*\[PD-10\]$/ { eaten = 1; next }
       eaten && / ghosts-returned .*\[MIST-17\]$/ { ok++; getline
                                                    if ($0 ~ /\[MIST-14\]$/) bad++ }
       { eaten = 0 }
       END { exit !(ok > 0 && bad == 0) }' "$E"
check "every scored haunted follower costs 2 per ghost, floored [MIST-14, MIST-15]" \
  awk '/ ghosts-returned .*\[MIST-14\]$/ {
         match($0, /arg [0-9]+/); n = substr($0, RSTART + 4, RLENGTH - 4) + 0
         name = $0; sub(/^#[0-9]+ ghosts-returned /, "", name); sub(/: .*/, "", name)
         cnt++; want = 1; next }
       want { want = 0
              if (index($0, " points-scored " name ": ") == 0 || $0 !~ /\[MIST-14\]$/) { bad++; next }
              match($0, /-?[0-9]+ points?,/); p = substr($0, RSTART, RLENGTH) + 0
              if (!(p == -2 * n || (p > -2 * n && p <= 0))) bad++ }
       END { exit !(cnt > 0 && bad == 0) }' "$E"
check "an abbot or a ringmaster with ghosts pays on being scored [X-18]" has_e \
  "^#[0-9]+ ghosts-returned [^:]+: ${X}figure (abbot|ringmaster), .*\[MIST-14\]$" "$E"
check "the big top first, the ghost penalty last at the end [X-13, MIST-16]" \
  awk '/ animal-revealed[: ].*\[CIRCUS-09\]$/ { big = NR }
       / \[MIST-16\]$/ { if (!first) first = NR; last = NR; n++ }
       / game-over$/ { over = NR }
       / points-scored / && !/\[MIST-16\]$/ { other = NR }
       END { exit !(big && first > big && other < first && over == last + 1 &&
                    last - first + 1 == n) }' "$E"
# The last board's notes (after game-over): "Ghost bank", "Ghosts",
# "Spell circles".
awk '/^Ghost bank: / { bank = $3; g1 = 0; g2 = 0; c = 0; next }
     /^Ghosts: / { s = $0; sub(/^Ghosts: /, "", s); n = split(s, part, "; ")
                   for (i = 1; i <= n; i++) { m = split(part[i], w, ": ")
                     if (part[i] ~ /^seat 1 /) g1 += w[m]; else g2 += w[m] } }
     /^Spell circles: / { s = $0; sub(/^Spell circles: ghosts in circles: /, "", s)
                          n = split(s, part, "; ")
                          for (i = 1; i <= n; i++) { split(part[i], w, " "); c += w[3] } }
     END { print bank, g1, g2, c }' "$W" >"$TMP/ghosts"
read -r bank g1 g2 circles <"$TMP/ghosts"
echo "# at the end: bank $bank, seat 1 $g1, seat 2 $g2, in circles $circles"
check "the 15 ghosts are all accounted for at the end [MIST-01]" \
  test "$((bank + g1 + g2 + circles))" -eq 15
check "MIST-16 takes 1 per ghost on each seat's followers [MIST-16]" sh -c '
  p1=$(sed -n "s/^#[0-9]* points-scored Greedy 1: \(.*, \)\{0,1\}\(-\{0,1\}[0-9]*\) points\{0,1\}, .*\[MIST-16\]$/\2/p" "$1")
  p2=$(sed -n "s/^#[0-9]* points-scored Random 2: \(.*, \)\{0,1\}\(-\{0,1\}[0-9]*\) points\{0,1\}, .*\[MIST-16\]$/\2/p" "$1")
  [ "${p1:-0}" -eq "$((-$2))" ] && [ "${p2:-0}" -eq "$((-$3))" ] &&
  [ "$2" -gt 0 ] && [ "$3" -gt 0 ]' sh "$E" "$g1" "$g2"
check "watch draws mist and prints the ghost notes" sh -c \
  'grep -q "~ field under mist" "$1" && grep -q "^Mist: [0-9]* areas\{0,1\}: " "$1" &&
   grep -q "^Ghost bank: " "$1"' sh "$W"
check "watch prints the game-over event" has_e "^#[0-9]+ game-over$" "$E"
check "watch prints the final scores with a winner" has_e \
  "^Final scores: Greedy 1 [0-9]+, Random 2 [0-9]+; winners?( \(tie\))?: " "$W"
# Without --raw-events, watch prints each event as its rule set's
# sentence, with only the fields the event type declares: no "arg", no
# type names, no rule IDs unless --rules-cited (issue 22).
expect 0 "watch --history of the game with every rule set, in sentences" \
  "$M" watch "$A" --history --no-board --colour=never
unwrap "$TMP/out" | grep '^#' >"$TMP/sentences" || :
check "... one line per event" test "$(wc -l <"$TMP/sentences")" -gt 50
check "... no line shows an arg" lacks_e '(^|[ ,:])arg -?[0-9]' \
  "$TMP/sentences"
check "... no line is a bare event type with its fields" lacks_e \
  '^#[0-9]+ [a-z]+(-[a-z]+)+( [^:]*)?: (tile|figure|kind|arg) ' \
  "$TMP/sentences"
grep -E '^#[0-9]+ [a-z]+(-[a-z]+)+( [^:]*)?: (tile|figure|kind|arg) |arg -?[0-9]' \
  "$TMP/sentences" |
  head -5 | sed 's/^/# not a sentence: /' || :
check "... no rule ID unless asked" lacks_e '\[[A-Z]+-[0-9]+\]' \
  "$TMP/sentences"
check "... the mist's events in words" has_e \
  "^#[0-9]+ .*(ghost|mist)" "$TMP/sentences"
expect 0 "watch --history --rules-cited" \
  "$M" watch "$A" --history --no-board --rules-cited --colour=never
check "... cites the rules" has_e '\[(MIST|SC)-[0-9]+\]' "$TMP/out"
check "bots and watch agree on the final scores" sh -c \
  '[ "$(grep "^Final scores:" "$1")" = "$(grep "^Final scores:" "$2")" ]' \
  sh "$W" "$TMP/bot2.out"
expect 0 "export it" "$M" export "$A" -o "$TMP/all.rec"
check "the record names every rule set" sh -c '
  for id in $(echo "$2" | tr , " "); do
    grep -Eq "^rules base/[0-9.]+ (.* )?$id/[0-9.]+( |$)" "$1" || exit 1
  done' sh "$TMP/all.rec" "$ALL"
check "the record holds haunt actions" has "^haunt " "$TMP/all.rec"
check "meeple-sim replays the export" scores_of_replay "$TMP/all.rec" "$TMP/sim.scores"
scores_of_line "$W" "$TMP/cli.scores"
check "replayed scores = the game's final scores (every rule set)" \
  cmp -s "$TMP/sim.scores" "$TMP/cli.scores"
check "... and there are two" test "$(wc -l <"$TMP/cli.scores")" -eq 2

# === 4. bad input ===========================================================
# Spell Circles requires mist (RULES §0.7): asked for alone, the daemon
# adds it.
expect 0 "new game with spell-circles alone" "$M" new --rules spell-circles \
  --name sc-alone
C=$(cat "$TMP/out")
expect 0 "list it" "$M" list
check "spell-circles alone brings in mist [SC-01]" has_e \
  "^$C +waiting +2/2 +base,mist,spell-circles +sc-alone$" "$TMP/out"
expect 0 "show it" "$M" show "$C" --colour=never --glyphs=ascii
check "its rules are base, mist, spell-circles" has \
  "^Game $C \"sc-alone\": waiting, rules base, mist, spell-circles$" "$TMP/out"
check "its ghost bank is full" has "^Ghost bank: 15 of 15 ghosts$" "$TMP/out"
# A spell circle tile in a game without spell-circles.
expect 1 "a mist-only game refuses a spell-circle tile" "$M" new \
  --rules mist --tiles "SCX-01 U"
check "... saying which tile" has \
  '"tiles" entry 1, "SCX-01", is not a tile of these rules' "$TMP/err"

# The illegal haunt answers of part 2 (Alice, turn 5; Bob, turn 6): each
# refused with the daemon's reason, the decision asked again.
AE=$TMP/alice.err
check "an opponent-only ghost refused for her own follower [MIST-07]" has \
  "^meeple: not among the 2 legal actions of this 'haunt' decision$" "$AE"
check "a haunt on an empty cell refused" has_e \
  "^meeple: \"haunt follower F1 @ 9,9 8\", column [0-9]+: no tile at 9,9$" "$AE"
check "a haunt without the figure type refused" has_e \
  "^meeple: \"haunt F1 @ 2,0 8\", column [0-9]+: 'haunt' needs a figure type, found 'F1'$" "$AE"
check "a number beyond the 2 actions refused" has \
  "^meeple: there is no option 3; type a number from 1 to 2, or help$" "$AE"
check "... each time the decision is asked again (3 daemon refusals)" test \
  "$(grep -c "^Type a listed number or letter, an action as listed" "$AE")" -eq 3
check "... and then only the end of her input" sh -c \
  '[ "$(grep -c "^meeple: " "$1")" -eq 5 ] &&
   grep -q "^meeple: the input ended before the game" "$1"' sh "$AE"
check "a haunt at a place-tile decision refused" has \
  "^meeple: a tile placement is expected first$" "$TMP/bob.err"
check "... Bob's only refusal" test "$(grep -c "^meeple: " "$TMP/bob.err")" -eq 1

finish
