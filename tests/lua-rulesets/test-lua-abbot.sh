#!/bin/sh
# The Lua abbot (plugins/lua/rulesets/abbot.lua) against the C abbot
# (plugins/abbot/abbot.c), RULES §2 ABBOT-01..08:
#  1. every ABBOT scenario test (tests/test-rules-abbot) passes against
#     the Lua abbot too: the same binary, with a plugin directory that holds
#     abbot.lua instead of abbot.so (MEEPLE_TEST_PLUGIN_DIR);
#  2. 1,000 seeded random games played with each give identical decisions,
#     events, scores and records (abbot-diff check 1000).
# RULES: ABBOT-01 ABBOT-02 ABBOT-03 ABBOT-04 ABBOT-05 ABBOT-06 ABBOT-07 ABBOT-08
set -eu
HARNESS_NAME=test-lua-abbot
. "$TEST_SRCDIR/tests/harness.sh"

B=$TEST_BUILDDIR
DIR="$TMP/lua-abbot"
mkdir "$DIR"
for so in "$B"/plugins/.libs/*.so; do
  [ "$(basename "$so")" = abbot.so ] || ln -s "$so" "$DIR/"
done
ln -s "$TEST_SRCDIR/plugins/lua/rulesets/abbot.lua" "$DIR/abbot.lua"

expect 0 "meeple-sim rules lists the Lua abbot" \
  "$MEEPLE_SIM" rules --verbose --plugin-dir "$DIR"
check "abbot comes from abbot.lua" \
  sh -c 'grep -A3 "^abbot " "$1" | grep -q "file: .*/abbot\.lua$"' sh \
  "$TMP/out"

expect 0 "every ABBOT scenario test passes against the Lua abbot" \
  env MEEPLE_TEST_PLUGIN_DIR="$DIR" CK_VERBOSITY=normal \
  "$B/tests/test-rules-abbot"
check "... and it ran them all" has "100%" "$TMP/out"

expect 0 "1,000 seeded games: C and Lua abbot give identical games" \
  "$B/tests/lua-rulesets/abbot-diff" check 1000
check "... 1000 games, none differs" \
  has "^1000 games, [0-9]* decisions: 0 differ" "$TMP/out"
cat "$TMP/out"
finish
