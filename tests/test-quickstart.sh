#!/bin/sh
# tests/test-quickstart.sh — ./quickstart play as a new user meets it:
# `play --human` against a bot, quit, and the game resumed with the
# command the hint gives (`./quickstart play --human GAME`, on a new
# private bus: the store outlives it), finished by the bots that come
# back; the bus's and the daemon's messages in the log file whose path
# is printed once, none on the terminal; and the bots' game, whose seats
# are bot seats.
#
# The build is the one under test (QUICKSTART_NO_BUILD, _BUILD_DIR) and
# the private bus's directory is under $TMP (QUICKSTART_SESSION_DIR), so
# nothing of the source tree's _build/session is touched.
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-quickstart
CLI_NEEDS=""
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

QS=$TEST_SRCDIR/quickstart
QUICKSTART_NO_BUILD=1
QUICKSTART_BUILD_DIR=$TEST_BUILDDIR
QUICKSTART_SESSION_DIR=$TMP/session
XDG_STATE_HOME=$TMP/state
export QUICKSTART_NO_BUILD QUICKSTART_BUILD_DIR QUICKSTART_SESSION_DIR \
  XDG_STATE_HOME
unset MEEPLE_BUS_ADDRESS 2>/dev/null || :
LOG=$TMP/session/log

# no_noise FILE: no line of the bus or of the daemon in FILE.
no_noise() { ! grep -Eq '^(dbus-daemon\[|meepled-|\*\* )' "$1"; }

# --- play --human, then quit ----------------------------------------------
printf '1\n1\nquit\n' >"$TMP/answers"
run $T "$QS" play --human --seed 11 --bot-seed 3 --colour=never \
  --glyphs=ascii <"$TMP/answers"
cat "$TMP/err" >>"$TMP/out"
cp "$TMP/out" "$TMP/first.out"
check "play --human then quit (exit 0)" test "$status" -eq 0
G=$(sed -n 's/^Created game \([^ .]*\)\.$/\1/p' "$TMP/first.out")
check "a game was created" test -n "$G"
check "the hint names quickstart" \
  has "and '$QS play --human $G' takes it back" "$TMP/first.out"
check "the log's path is printed once" \
  test "$(grep -c "go to $LOG\$" "$TMP/first.out")" -eq 1
check "no bus or daemon message on the terminal" no_noise "$TMP/first.out"
check "they are in the log" has "meepled" "$LOG"

# --- resumed with the documented command, on a new private bus -----------
i=0
while [ $i -lt 300 ]; do echo 1; i=$((i + 1)); done >"$TMP/answers"
run $T "$QS" play --human "$G" --colour=never --glyphs=ascii <"$TMP/answers"
cat "$TMP/err" >>"$TMP/out"
cp "$TMP/out" "$TMP/resume.out"
check "the game is resumed and played to the end (exit 0)" \
  test "$status" -eq 0
check "the player's seat is taken back" has "as Player 1 (seat 1)" \
  "$TMP/resume.out"
check "the bot is brought back" has "^Bringing back the bots" \
  "$TMP/resume.out"
check "to the final scores" has_e "^Final scores: Player 1 -?[0-9]+, " \
  "$TMP/resume.out"
check "no bus or daemon message on the terminal" no_noise "$TMP/resume.out"
check "the log's path is printed once" \
  test "$(grep -c "go to $LOG\$" "$TMP/resume.out")" -eq 1

# --- the bots' game -------------------------------------------------------
run $T "$QS" play --seed 5
cat "$TMP/err" >>"$TMP/out"
check "./quickstart play shows a bots' game to the end (exit 0)" \
  test "$status" -eq 0
check "its seats are bot seats" has_e "^ +1  Greedy 1 +bot " "$TMP/out"
check "no bus or daemon message on the terminal" no_noise "$TMP/out"

finish
