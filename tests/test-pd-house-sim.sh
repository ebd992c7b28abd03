#!/bin/sh
# tests/test-pd-house-sim.sh — the house rules of The Princess & the Dragon
# (RULES PD-25; plugins/lua/rulesets/pd-house-*.lua) through meeple-sim:
# listed with their requirement, refused without princess-dragon, and
# whole seeded games with every other rule set, replayed from their
# records.
#
# Run by `make check` (tests/pd-house.mk) with MEEPLE_SIM, TEST_SRCDIR and
# MEEPLE_PLUGIN_PATH (the build tree's plugins/.libs) set; the scripts are
# linked from the source tree next to the build tree's shared objects, as
# `make install` puts them into the plugin directory.
# RULES: PD-25
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${MEEPLE_SIM:=./daemon/sim/meeple-sim}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
: "${TEST_BUILDDIR:=$(cd "$(dirname "$MEEPLE_SIM")/../.." && pwd)}"
: "${MEEPLE_PLUGIN_PATH:=$TEST_BUILDDIR/plugins/.libs}"
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR MEEPLE_TILES_DIR
SIM=$MEEPLE_SIM
HOUSE="pd-house-redraw-dragon pd-house-fairy-claim pd-house-fairy-five \
pd-house-dragon-enters-fairy"

HARNESS_NAME=test-pd-house-sim
# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"

# plugin_dir DIR [LEAVE_OUT]: the build tree's shared objects (but
# LEAVE_OUT.so) and the four scripts
plugin_dir() {
  mkdir -p "$1"
  for so in "$MEEPLE_PLUGIN_PATH"/*.so; do
    [ "$(basename "$so")" = "${2:-}.so" ] || ln -s "$so" "$1/"
  done
  for id in $HOUSE; do
    ln -s "$TEST_SRCDIR/plugins/lua/rulesets/$id.lua" "$1/"
  done
}
plugin_dir "$TMP/all"
plugin_dir "$TMP/nopd" princess-dragon
unset MEEPLE_PLUGIN_PATH

# --- listed -------------------------------------------------------------
expect 0 "rules" "$SIM" rules --plugin-dir "$TMP/all"
for id in $HOUSE; do
  check "rules lists $id as loaded" has_e "^$id +1\.0 +loaded" "$TMP/out"
done
check "each names its requirement" \
  test "$(grep -c 'requires: princess-dragon' "$TMP/out")" -eq 4

# --- requirements -----------------------------------------------------------
expect 0 "play with pd-house-fairy-five alone" "$SIM" play --seed 3 \
  --quiet --plugin-dir "$TMP/all" --rules pd-house-fairy-five
check "princess-dragon comes with it" \
  has_e "^rules base/1\.0 .*princess-dragon/1\.0.* pd-house-fairy-five/1\.0" \
  "$TMP/out"
expect 1 "without princess-dragon installed" "$SIM" play --seed 3 --quiet \
  --plugin-dir "$TMP/nopd" --rules pd-house-fairy-five
check "the reason names the requirement" \
  has "requires 'princess-dragon'" "$TMP/err"

# --- whole games with every rule set --------------------------------------
ALL=abbot,circus,mage-witch,mist,spell-circles,princess-dragon
for id in $HOUSE; do ALL="$ALL,$id"; done
cited=0
for seed in 1 2 3 4; do
  players=$((2 + seed % 3))
  expect 0 "seed $seed, $players players, every rule set" "$SIM" play \
    --seed "$seed" --players "$players" --quiet --plugin-dir "$TMP/all" \
    --rules "$ALL" -o "$TMP/$seed.rec"
  expect 0 "seed $seed replays" "$SIM" replay --plugin-dir "$TMP/all" \
    --events --rules-cited "$TMP/$seed.rec"
  check "seed $seed: game over" has "^Game over" "$TMP/out"
  check "seed $seed: no PD-08 set-aside, no PD-22 point" \
    lacks_e "rule=PD-(08|22)\b" "$TMP/out"
  n=$(grep -c "rule=PD-25" "$TMP/out" || :)
  cited=$((cited + n))
  expect 0 "seed $seed record round trip" "$SIM" replay \
    --plugin-dir "$TMP/all" --record "$TMP/$seed.rec"
  check "seed $seed: the replayed record is the record" \
    cmp -s "$TMP/out" "$TMP/$seed.rec"
done
check "the games cite PD-25 ($cited times)" test "$cited" -gt 0

finish
