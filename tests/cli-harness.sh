# tests/cli-harness.sh — what the CLI suites (test-cli*.sh) share on top
# of tests/harness.sh: golden files, a game's `show` without its id, and
# final scores from a replay or from a meeple output.  Sourced after
# harness.sh; uses $M, $TMP, $GOLDEN and $MEEPLE_SIM of the suite.
# shellcheck shell=sh

# golden NAME FILE: FILE equals tests/data/cli/NAME (or becomes it with
# MEEPLE_UPDATE_GOLDEN=1).
golden() {
  if [ -n "$MEEPLE_UPDATE_GOLDEN" ]; then
    mkdir -p "$GOLDEN"
    cp "$2" "$GOLDEN/$1"
    pass "$1 regenerated"
  elif cmp -s "$GOLDEN/$1" "$2"; then
    pass "output matches $1"
  else
    failed=$((failed + 1))
    echo "FAIL - output differs from $1 (- golden, + now):"
    diff -u "$GOLDEN/$1" "$2" | sed -n '1,60s/^/    /p' || :
  fi
}

# show_game GAME NAME GLYPHS: `show` of GAME into $TMP/NAME, the game id
# replaced (ids depend on how many games the daemon made before).
show_game() {
  run "$M" show "$1" --colour=never --glyphs="$3"
  sed "1s/^Game $1 /Game ID /" "$TMP/out" >"$TMP/$2"
  [ "$status" -eq 0 ]
}

# scores_of_replay RECORD OUT: "Name score" per seat from meeple-sim's
# replay of RECORD; scores_of_line FILE OUT: the same from the "Final
# scores:" line of a meeple output.
scores_of_replay() {
  "$MEEPLE_SIM" replay "$1" >"$TMP/replay.out" 2>"$TMP/replay.err" ||
    return 1
  # by the header's columns: names hold blanks and digits, and rule sets
  # add columns after Score
  awk '/^Seat +Player +Score/ {
         p = index($0, "Player"); c = index($0, "Score"); on = 1; next }
       on && /^ *[0-9]+  / {
         name = substr($0, p, c - p); sub(/ +$/, "", name)
         split(substr($0, c), rest, " "); print name " " rest[1]; next }
       { on = 0 }' "$TMP/replay.out" >"$2"
}

scores_of_line() {
  sed -n 's/^Final scores: \([^;]*\);.*/\1/p' "$1" | tr ',' '\n' |
    sed 's/^ //' >"$2"
}

# bots_play_watched GAME: `meeple watch` follows GAME (into
# $TMP/watch.out) while a greedy bot (seat 1, seed 7, $TMP/bot1.out) and a
# random one (seat 2, seed 3, $TMP/bot2.out) play it to the end; checks
# that all three end with status 0.  Needs $T and $BG_PIDS of the suite.
bots_play_watched() {
  $T "$M" watch "$1" --raw-events --colour=never --glyphs=ascii >"$TMP/watch.out" \
    2>"$TMP/watch.err" &
  watch_pid=$!
  BG_PIDS="$BG_PIDS $watch_pid"
  i=0
  while ! grep -q "^Waiting for players" "$TMP/watch.out" 2>/dev/null &&
        [ $i -lt 300 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  $T "$M" bot "$1" --seats 1 --seed 7 --strategy greedy >"$TMP/bot1.out" \
    2>"$TMP/bot1.err" &
  bot1_pid=$!
  BG_PIDS="$BG_PIDS $bot1_pid"
  run $T "$M" bot "$1" --seats 2 --seed 3 --strategy random
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
}

# unwrap FILE: FILE with the lines meeple wraps to the terminal's width
# (notes and figures under the board: "  " and a word continue the line
# above, when that line starts with a letter) joined again, for checks
# that read a note whole.
unwrap() {
  awk 'NR > 1 && /^  [^ ]/ && last ~ /^[A-Za-z]/ {
         sub(/^  /, " "); last = last $0; next }
       NR > 1 { print last }
       { last = $0 }
       END { if (NR) print last }' "$1"
}
