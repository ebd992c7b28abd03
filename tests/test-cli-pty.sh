#!/bin/sh
# tests/test-cli-pty.sh — `meeple play` as a player meets it (issue 21):
# whole games at an 80x24 terminal, played by tests/cli-pty-player.py,
# which answers only from what the screen shows (the numbers and letters
# printed, the preview's question) and fails on a line wider than 80
# columns, on an internal field (an event's "arg", an option's trailing
# number) or when it cannot answer.  One game of each rule-set
# combination the issue names: the base game; princess-dragon,
# mage-witch, circus and abbot; mist and spell-circles.  Every
# placement goes through the preview (the terminal is a tty), long lists
# through the steps, and the player goes back now and then.
#
# Golden file: tests/data/cli/pty-expansion-show.txt, `meeple show` at 80
# columns of an expansion game two bots finished (a window of its board,
# which --full draws wider).  Regenerate with MEEPLE_UPDATE_GOLDEN=1 (review the
# diff).  Needs python3 (standard library only: pty).
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-pty
CLI_NEEDS="princess-dragon mage-witch circus abbot mist spell-circles"
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"
PLAYER=$TEST_SRCDIR/tests/cli-pty-player.py
if ! command -v python3 >/dev/null 2>&1; then
  echo "# no python3: skipped"
  exit 77
fi

start_cli_bus

# play_at_80 NAME SEED RULES...: a whole game of `meeple play --new` at
# 80x24, its transcript in $TMP/NAME.tr, its id in $game.
play_at_80() {
  name=$1 seed=$2
  shift 2
  run $T python3 "$PLAYER" --seed "$seed" --transcript "$TMP/$name.tr" -- \
    "$M" play --new --seed "$seed" --bot-seed 3 --colour=never "$@"
  check "$name: played to the end at 80x24, every line within 80 columns, no internal field" \
    test "$status" -eq 0
  game=$(sed -n 's/^Created game \([^ ]*\)\.\r\{0,1\}$/\1/p' "$TMP/$name.tr" | head -n 1)
  check "$name: previewed placements, confirmed and sent with the figure" sh -c \
    'grep -q "^Preview, not sent yet: place " "$1" &&
     grep -q "^To send: place " "$1" && grep -q "^Sent as confirmed: " "$1"' \
    sh "$TMP/$name.tr"
  check "$name: went back (a preview, a step)" \
    has_e "> back$" "$TMP/$name.tr"
}

play_at_80 base 5
play_at_80 expansions 11 --rules princess-dragon,mage-witch,circus,abbot
check "expansions: long lists were chosen in steps (what, then where)" sh -c \
  'grep -q "options; first choose what:$" "$1" &&
   grep -q "first choose where (a letter on the board, or a number):$" "$1"' \
  sh "$TMP/expansions.tr"
check "expansions: the board was a window of the whole" \
  has "^Part of the board: x " "$TMP/expansions.tr"
play_at_80 mist 7 --rules mist,spell-circles
check "mist: ghost decisions were answered without the figure numbers" \
  has_e "your decision: (haunt|fill-circle|circle-ghost)" "$TMP/mist.tr"

# The 80-column board of an expansion game: one two random bots play
# (so that the golden file does not depend on the player above), shown
# through a pipe (80 columns by default); with --full and with a wider
# $COLUMNS wider than that.
expect 0 "new expansion game for two bots" "$M" new --bots 2 --seed 5 --name bots \
  --rules princess-dragon,mage-witch,circus,abbot
X=$(cat "$TMP/out")
expect 0 "the bots play it" $T "$M" bot "$X" --seats all --seed 2 \
  --strategy random
check "show of the expansion game" show_game "$X" pty-expansion-show.txt ascii
S=$TMP/pty-expansion-show.txt
check "... no line wider than 80 columns" \
  awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$S"
check "... a window of the board, saying so" has "^Part of the board: x " "$S"
golden pty-expansion-show.txt "$S"
run "$M" show "$X" --colour=never --glyphs=ascii --full
check "--full draws the whole board, wider than 80 columns" \
  awk 'length($0) > 80 { wide = 1 } END { exit !wide }' "$TMP/out"
run env COLUMNS=120 "$M" show "$X" --colour=never --glyphs=ascii
check "COLUMNS=120 gives a window wider than 80 columns" \
  awk 'length($0) > 80 { wide = 1 } END { exit !wide }' "$TMP/out"

finish
