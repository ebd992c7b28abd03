#!/bin/sh
# tests/test-cli-resume.sh — leaving a game and coming back with meeple:
# seat tokens of two daemons that both have a game 1 (each reclaims its
# own, neither overwrites the other's), a `play --new` game quit and
# resumed with `meeple play GAME`, whose bots come back and finish it,
# what play says while it waits, and Ctrl-C keeping the seat.
#
# Two private buses, each activating a meepled with a store of its own;
# meeple keeps one tokens file for both (XDG_STATE_HOME under $TMP), as
# a user with a desktop daemon and ./quickstart's private one does.
# Run by `make check` (see tests/test-cli.sh for the environment).
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-resume
CLI_NEEDS=""
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

TOKENS=

# ones N: N lines "1" (always the first listed action).
ones() {
  i=0
  while [ $i -lt "$1" ]; do echo 1; i=$((i + 1)); done
}

# --- two daemons, a game 1 each ------------------------------------------
start_cli_bus
TOKENS=$XDG_STATE_HOME/meeple/tokens
BUS_A=$MEEPLE_BUS_ADDRESS
# The second bus: its own directory, service file and store.
OUTER_TMP=$TMP
TMP=$OUTER_TMP/b
mkdir -p "$TMP"
cat >"$TMP/run-meepled" <<EOF
#!/bin/sh
echo \$\$ >'$TMP/meepled.pid'
exec '$MEEPLED' --state-dir '$TMP/state'
EOF
BUS_A_PID=$BUS_PID
start_private_bus
BUS_B=$BUS_ADDRESS
BG_PIDS="$BG_PIDS $BUS_PID"
BUS_PID=$BUS_A_PID
TMP=$OUTER_TMP
# cleanup stops the first daemon by its pid file; the second's too.
stop_second_daemon() {
  if [ -s "$TMP/b/meepled.pid" ]; then
    kill "$(cat "$TMP/b/meepled.pid")" 2>/dev/null || :
  fi
  cleanup
}
trap stop_second_daemon EXIT

expect 0 "a game on daemon A" "$M" --bus-address "$BUS_A" new --bots 1 --seats 2 --seed 4
GA=$(cat "$TMP/out")
expect 0 "a game on daemon B" "$M" --bus-address "$BUS_B" new --bots 1 --seats 2 --seed 5
GB=$(cat "$TMP/out")
check "both daemons call their first game 1" test "$GA" = 1 -a "$GB" = 1
expect 0 "join game 1 on A" "$M" --bus-address "$BUS_A" join 1 --seat 1 --name Alice
token_a=$(sed -n 's/^token //p' "$TMP/out")
expect 0 "join game 1 on B" "$M" --bus-address "$BUS_B" join 1 --seat 1 --name Bob
token_b=$(sed -n 's/^token //p' "$TMP/out")
check "A's token is kept" has_e "^1 0 $token_a player [^ ]+$" "$TOKENS"
check "B's token is kept beside it" has_e "^1 0 $token_b player [^ ]+$" "$TOKENS"
check "the two are under different stores" test \
  "$(grep -c "^1 0 " "$TOKENS")" -eq 2 -a \
  "$(awk '$1 == 1 && $2 == 0 { print $5 }' "$TOKENS" | sort -u | wc -l)" -eq 2

# A's game is played to the end by Alice and a bot.
$T "$M" --bus-address "$BUS_A" bot 1 --seed 2 >"$TMP/bot-a.out" 2>&1 &
BG_PIDS="$BG_PIDS $!"
ones 100 >"$TMP/answers"
run $T "$M" --bus-address "$BUS_A" play 1 --colour=never <"$TMP/answers"
check "Alice plays game 1 of A to the end (exit 0)" test "$status" -eq 0
check "with the seat she joined" has "as Alice (seat 1)" "$TMP/out"
# Then game 1 of B: Bob's seat is his, whatever happened on A.
$T "$M" --bus-address "$BUS_B" bot 1 --seed 2 >"$TMP/bot-b.out" 2>&1 &
BG_PIDS="$BG_PIDS $!"
echo quit >"$TMP/answers"
run $T "$M" --bus-address "$BUS_B" play 1 --colour=never <"$TMP/answers"
check "Bob takes game 1 of B back (exit 0)" test "$status" -eq 0
check "as Bob" has "as Bob (seat 1)" "$TMP/out"
check "not refused as a started game" lacks "already started" "$TMP/err"
check "quit says how to come back" \
  has "seat 1 stays yours, and 'meeple play 1' takes it back" "$TMP/out"
run $T "$M" --bus-address "$BUS_B" play 1 --colour=never <"$TMP/answers"
check "and again after quitting" has "as Bob (seat 1)" "$TMP/out"
check "A's token is still there" has_e "^1 0 $token_a player " "$TOKENS"
# A token written by an older meeple (no store) is kept and still tried.
echo "7 0 oldtoken player" >>"$TOKENS"
expect 0 "a third game on A" "$M" --bus-address "$BUS_A" new
expect 0 "join it" "$M" --bus-address "$BUS_A" join 2 --seat 1
check "an older line survives a save" has "^7 0 oldtoken player$" "$TOKENS"

# --- a play --new game quit and resumed: the bots come back ---------------
export MEEPLE_BUS_ADDRESS="$BUS_A"
# The follower goes where the board letters "a" (the first option on a
# segment).
{ echo 1; echo a; ones 3; echo quit; } >"$TMP/answers"
run $T "$M" play --new --seed 11 --bot-seed 3 --name Carol --colour=never \
  --glyphs=ascii <"$TMP/answers"
cp "$TMP/out" "$TMP/first.out"
N=$(sed -n 's/^Created game \([^ .]*\)\.$/\1/p' "$TMP/first.out")
check "play --new then quit (exit 0)" test "$status" -eq 0
check "the figure options are lettered on the board" \
  has_e "^ +2  follower C1 +on the city \[a\] at 0,-1$" "$TMP/first.out"
check "the letter places the follower there" \
  has_e "^#[0-9]+ figure-placed Carol: figure follower, on C1 at 0,-1" \
  "$TMP/first.out"
check "it said whom it waited for" has_e \
  "^Waiting for Greedy 2 \(seat 2\) to decide: " "$TMP/first.out"
check "quit says how to come back" has "'meeple play $N' takes it back" \
  "$TMP/first.out"
ones 200 >"$TMP/answers"
run $T "$M" play "$N" --colour=never --glyphs=ascii <"$TMP/answers"
cp "$TMP/out" "$TMP/resume.out"
check "the resumed game is played to the end (exit 0)" test "$status" -eq 0
check "play brought the bots back" has "^Bringing back the bots of game $N" \
  "$TMP/resume.out"
check "the bot played on" has_e "^#[0-9]+ tile-placed Greedy 2: " \
  "$TMP/resume.out"
check "to the final scores" has_e "^Final scores: Carol -?[0-9]+, Greedy 2 " \
  "$TMP/resume.out"

# --- a seat nobody serves is named while play waits; Ctrl-C keeps the
# seat ---------------------------------------------------------------
expect 0 "a game with a human second seat" "$M" new --seats 2 --seed 3
H=$(cat "$TMP/out")
expect 0 "someone joins seat 2 and goes" "$M" join "$H" --seat 2 --name Dan
# Dan's connection is gone: when his turn comes, play says so, and waits
# until Ctrl-C.
mkfifo "$TMP/input"
"$M" play "$H" --seat 1 --name Eve --colour=never <"$TMP/input" \
  >"$TMP/int.out" 2>"$TMP/int.err" &
play_pid=$!
BG_PIDS="$BG_PIDS $play_pid"
exec 4>"$TMP/input"
ones 2 >&4
i=0
while ! grep -q "is not connected" "$TMP/int.out" && [ $i -lt 300 ]; do
  sleep 0.1
  i=$((i + 1))
done
check "play names the seat it waits for" has_e \
  "^Waiting for Dan \(seat 2\) to decide: " "$TMP/int.out"
check "and that nobody serves it" has "Seat 2 is not connected" \
  "$TMP/int.out"
kill -INT "$play_pid"
set +e
wait "$play_pid"
int_status=$?
set -e
exec 4>&-
check "Ctrl-C ends play (exit 130)" test "$int_status" -eq 130
check "Ctrl-C says the seat is kept" \
  has "seat 1 stays yours, and 'meeple play $H' takes it back" \
  "$TMP/int.err"

finish
