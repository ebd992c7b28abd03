#!/bin/sh
# Hostile Lua rule sets through meeple-sim (doc/lua-rulesets.md, "The
# sandbox"): a script that cannot be used is listed as skipped with its
# file:line and the reason, the others load; a game whose hook fails
# stops with the named error and the script's file:line, exit status 1,
# no crash; the well-behaved rule set beside them plays to the end.
set -eu
HARNESS_NAME=test-hostile-sim
. "$TEST_SRCDIR/tests/harness.sh"

DIR="$TMP/rulesets"
mkdir "$DIR"
ln -s "$TEST_BUILDDIR/plugins/.libs/lua.so" "$DIR/lua.so"
cp "$TEST_SRCDIR"/tests/lua-rulesets/scripts/*.lua "$DIR/"
SIM="$MEEPLE_SIM"
P="--plugin-dir $DIR"

# shellcheck disable=SC2086 # $P is a list of options
expect 0 "rules lists the Lua rule sets" "$SIM" rules $P
for id in counter hostile-loop hostile-bomb hostile-no-seat hostile-state; do
  check "$id loaded" has_e "^$id +1 +loaded " "$TMP/out"
done
check "the one that does not compile is skipped with its line" \
  has_e "reason: .*/hostile-syntax\.lua:5: unexpected symbol near 'then'" \
  "$TMP/out"
check "nothing on stderr" test ! -s "$TMP/err"

# shellcheck disable=SC2086
expect 0 "rules --json names the source" "$SIM" rules --json $P
check "source lua" has '"source" : "lua"' "$TMP/out"

# shellcheck disable=SC2086
expect 0 "the well-behaved rule set plays to the end" \
  "$SIM" play -q --seed 4 --rules counter -o "$TMP/counter.rec" $P
# shellcheck disable=SC2086
expect 0 "its record replays" "$SIM" replay --events --rules-cited \
  "$TMP/counter.rec" $P
check "with its points" has "COUNTER-01" "$TMP/out"

# The ten-line example of doc/lua-rulesets.md and README.md plays.
cp "$TEST_SRCDIR/doc/examples/hello.lua" "$DIR/"
# shellcheck disable=SC2086
expect 0 "doc/examples/hello.lua plays" \
  "$SIM" play -q --seed 1 --rules hello -o "$TMP/hello.rec" $P
# shellcheck disable=SC2086
expect 0 "... and its record replays" "$SIM" replay --events --rules-cited \
  "$TMP/hello.rec" $P
check "... with its points" has "rule=HELLO-01" "$TMP/out"
rm "$DIR/hello.lua"

# play_fails ID PATTERN: the game stops with the named error.
play_fails() {
  # shellcheck disable=SC2086
  expect 1 "$1: refused" "$SIM" play -q --seed 2 --rules "$1" $P
  check "$1: $2" has_e "$2" "$TMP/err"
  check "$1: no crash, one message (besides the skipped script's)" \
    sh -c '[ "$(grep -vc "warning: plugin skipped" "$1")" -eq 1 ]' sh \
    "$TMP/err"
}
play_fails hostile-loop \
  "a rule set failed at turn 3; the action is refused: hostile-loop\.lua:9: instruction budget exceeded"
play_fails hostile-bomb \
  "hostile-bomb\.lua:7: memory limit exceeded \(8388608 bytes\)"
play_fails hostile-no-seat "hostile-no-seat\.lua:8: no seat 9"
play_fails hostile-state \
  "hostile-state\.lua:[0-9]+: .*error object is a table value"

# A house rule of a C rule set it requires: it finds the dragon's figure
# type by name and scores while the dragon is on the board.
PD="$TMP/pd"
mkdir "$PD"
ln -s "$TEST_BUILDDIR/plugins/.libs/lua.so" "$PD/lua.so"
ln -s "$TEST_BUILDDIR/plugins/.libs/princess-dragon.so" "$PD/"
cat >"$PD/dragon-watch.lua" <<'EOS'
local dragon
return {
  id = "dragon-watch", name = "Dragon watch", version = "1",
  requires = { "princess-dragon" },
  setup = function(rules)
    dragon = assert(rules:find_figure_type("dragon"), "no dragon")
    assert(rules:find_figure_type("no-such-figure") == nil)
    rules:hook("turn_end", function(game)
      if game:figures(dragon)[1].on_board then
        game:award(game:active_player(), 1, "WATCH-01")
      end
    end)
  end,
}
EOS
expect 0 "a Lua rule set requiring princess-dragon plays" "$SIM" play -q \
  --seed 3 --rules dragon-watch --plugin-dir "$PD" -o "$TMP/watch.rec"
check "... with both in its record" \
  has "^rules base/1.0 princess-dragon/1.0 dragon-watch/1$" "$TMP/watch.rec"
expect 0 "... and replays" "$SIM" replay --events --rules-cited \
  "$TMP/watch.rec" --plugin-dir "$PD"
check "... scoring while the dragon is out" has "rule=WATCH-01" "$TMP/out"

# Every case of tests/lua-rulesets/hostile.c, through meeple-sim: the
# scripts it writes, all in one directory beside the Lua host.
H="$TMP/hostile"
mkdir "$H"
ln -s "$TEST_BUILDDIR/plugins/.libs/lua.so" "$H/lua.so"
"$TEST_BUILDDIR/tests/lua-rulesets/hostile" write "$H"
expect 0 "rules with every hostile script" "$SIM" rules --plugin-dir "$H"
cp "$TMP/out" "$TMP/hostile-rules"
tab=$(printf '\t')
n=0
while IFS=$tab read -r id kind error; do
  n=$((n + 1))
  printf '%s\n' "$error" | tr '|' '\n' >"$TMP/alternatives"
  case $kind in
  skip)
    check "$id: skipped with its line and why" sh -c '
      grep -A1 -F "$2" "$1" | grep "reason: " | grep -q "$2\.lua:[0-9]" &&
      grep -A1 -F "$2" "$1" | grep "reason: " | grep -qF -f "$3"' sh \
      "$TMP/hostile-rules" "$id" "$TMP/alternatives"
    ;;
  plays)
    check "$id: loaded" has_e "^$id +1 +loaded" "$TMP/hostile-rules"
    expect 0 "$id: plays to the end" "$SIM" play -q --seed 1 --rules "$id" \
      --plugin-dir "$H"
    ;;
  hook)
    # a directory with this script alone: no other script is read
    # (hostile-loop-chunk's loop costs its whole budget at every start)
    mkdir "$TMP/$id"
    ln -s "$TEST_BUILDDIR/plugins/.libs/lua.so" "$TMP/$id/lua.so"
    ln -s "$H/$id.lua" "$TMP/$id/"
    status=0
    for seed in 1 2 3 4 5 6; do
      run "$SIM" play -q --seed "$seed" --players $((2 + seed % 3)) \
        --rules "$id" --plugin-dir "$TMP/$id"
      [ "$status" -eq 0 ] || break
    done
    if [ "$status" -eq 1 ] && grep -q "$id\.lua:[0-9]" "$TMP/err" &&
       grep -qF -f "$TMP/alternatives" "$TMP/err" &&
       ! grep -q "engine refused" "$TMP/err"; then
      pass "$id: refused with a named error and its line"
    else
      fail "$id: exit $status, want 1 and '$error'"
    fi
    ;;
  esac
done <"$H/manifest"
check "every case was tried" test "$n" -ge 40

# The record of a game with counter replays the same without it?  No: the
# rules line names counter/1, and a missing rule set is an error.
# shellcheck disable=SC2086
expect 1 "a record needs its Lua rule set" "$SIM" replay "$TMP/counter.rec" \
  --plugin-dir "$TMP/nothing"
check "... and says which" has "counter" "$TMP/err"
finish
