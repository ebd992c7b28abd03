#!/bin/sh
# tests/test-sim.sh — meeple-sim end to end: play, replay round trip, JSON,
# tiles, rule sets and plugins, error messages and exit statuses.
#
# Run by `make check` with MEEPLE_SIM, MEEPLE_TILES_DIR, MEEPLE_PLUGIN_PATH,
# TEST_SRCDIR, TEST_BUILDDIR, CC and GLIB_CFLAGS set (tests/local.mk); by
# hand: MEEPLE_SIM=build/daemon/sim/meeple-sim sh tests/test-sim.sh.  Never
# skips: meeple-sim is always built.  Only the checks with plugins compiled
# here need CC and GLIB_CFLAGS, and say so when they are missing.
# sh -c '... "$1"' below takes its arguments positionally on purpose.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${MEEPLE_SIM:=./daemon/sim/meeple-sim}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
export MEEPLE_TILES_DIR
# The build tree's plugins (abbot); meeple-sim falls back to the same
# directory when nothing is set, but the checks below name it.
: "${TEST_BUILDDIR:=$(cd "$(dirname "$MEEPLE_SIM")/../.." && pwd)}"
: "${MEEPLE_PLUGIN_PATH:=$TEST_BUILDDIR/plugins/.libs}"
export MEEPLE_PLUGIN_PATH
PLUGINS=$MEEPLE_PLUGIN_PATH
# Untranslated GLib messages ("Usage:"), no colours.
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR
SIM=$MEEPLE_SIM

if [ ! -x "$SIM" ]; then
  echo "test-sim.sh: $SIM is not an executable (set MEEPLE_SIM)" >&2
  exit 1
fi

HARNESS_NAME=test-sim
# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"


echo "# meeple-sim: $SIM"
echo "# tiles: $MEEPLE_TILES_DIR"
echo "# plugins: $MEEPLE_PLUGIN_PATH"

# --- help and version ------------------------------------------------------
expect 0 "--version" "$SIM" --version
check "--version names the program" has "meeple-sim" "$TMP/out"
expect 0 "--help" "$SIM" --help
check "--help lists the commands" has_e "play.*replay|replay" "$TMP/out"
for cmd in play replay tiles bench rules tournament; do
  expect 0 "$cmd --help" "$SIM" "$cmd" --help
  check "$cmd --help shows its usage line" has "meeple-sim $cmd" "$TMP/out"
  check "$cmd --help documents --tiles-dir" has "--tiles-dir" "$TMP/out"
  check "$cmd --help documents --plugin-dir" has "--plugin-dir" "$TMP/out"
done
for cmd in play replay tiles; do
  run "$SIM" "$cmd" --help
  check "$cmd --help documents --rules" has "--rules=ID" "$TMP/out"
done
run "$SIM" --help
check "--help lists the rules command" has_e "^  rules +" "$TMP/out"
check "--help names MEEPLE_PLUGIN_PATH" has "MEEPLE_PLUGIN_PATH" "$TMP/out"
run "$SIM" play --help
check "play --help documents --seed and --strategy" \
  sh -c 'grep -q -- --seed "$1" && grep -q -- --strategy "$1"' sh "$TMP/out"
expect 0 "help replay" "$SIM" help replay
check "help replay = replay --help" has "--json" "$TMP/out"

# --- play: determinism -----------------------------------------------------
expect 0 "play --seed 42" "$SIM" play --seed 42
cp "$TMP/out" "$TMP/a.rec"
cp "$TMP/err" "$TMP/a.err"
check "play writes a record with its seed" has "^seed 42$" "$TMP/a.rec"
check "play prints the scores on stderr" has "^Winner" "$TMP/a.err"
check "play keeps the board off stdout" sh -c '! grep -q "^Legend" "$1"' sh \
  "$TMP/a.rec"
expect 0 "play --seed 42 again" "$SIM" play --seed 42
check "same seed: identical record" cmp -s "$TMP/out" "$TMP/a.rec"
check "same seed: identical board and scores" cmp -s "$TMP/err" "$TMP/a.err"
expect 0 "play --seed 43" "$SIM" play --seed 43 --quiet
check "other seed: other game" sh -c '! cmp -s "$1" "$2"' sh "$TMP/out" \
  "$TMP/a.rec"
check "--quiet prints nothing but the record" test ! -s "$TMP/err"

expect 0 "play greedy vs random" "$SIM" play --seed 7 \
  --strategy random,greedy --names Ann,Bob
cp "$TMP/out" "$TMP/g.rec"
cp "$TMP/err" "$TMP/g.err"
expect 0 "play greedy vs random again" "$SIM" play --seed 7 \
  --strategy random,greedy --names Ann,Bob
check "greedy is reproducible" cmp -s "$TMP/out" "$TMP/g.rec"
check "greedy summary is reproducible" cmp -s "$TMP/err" "$TMP/g.err"
check "--names go into the record" has_e "^players .*Ann.*Bob" "$TMP/g.rec"

expect 0 "play 4 players, no farmers" "$SIM" play --seed 5 -p 4 --no-farmers \
  --strategy greedy --quiet
check "--no-farmers is in the record" has "^farmers off" "$TMP/out"
check "4 players are in the record" \
  has_e '^players( "?[A-Za-z]+ [0-9]"?){4}$' "$TMP/out"

expect 0 "play search vs greedy" "$SIM" play --seed 3 \
  --strategy search:20,greedy --quiet
cp "$TMP/out" "$TMP/s.rec"
expect 0 "play search vs greedy again" "$SIM" play --seed 3 \
  --strategy search:20,greedy --quiet
check "search with an iteration limit is reproducible" cmp -s "$TMP/out" \
  "$TMP/s.rec"
check "search seats are named after it" has_e '^players "?Search 1' "$TMP/out"

# --- tournament --------------------------------------------------------------
expect 0 "tournament greedy vs random" "$SIM" tournament --games 3 \
  --strategies greedy,random
check "tournament rounds games up to whole sets of seats" \
  has "^4 games, 2 players, seats rotated; rules base/" "$TMP/out"
check "tournament has a row per strategy" \
  sh -c 'grep -Eq "^greedy +4 " "$1" && grep -Eq "^random +4 " "$1"' sh \
  "$TMP/out"
check "tournament shows intervals and Elo" \
  sh -c 'grep -q "95% CI" "$1" && grep -q "Elo" "$1" &&
         grep -Eq "^random .*\[-?[0-9]+, [-+]?[0-9]+\]" "$1"' sh "$TMP/out"
expect 0 "tournament with a search, JSON" "$SIM" tournament --games 2 \
  --strategies search:20,greedy --json --seed 9
cp "$TMP/out" "$TMP/t.json"
check "tournament --json names the strategies" \
  has '"strategies":\[{"name":"search:20","games":2,' "$TMP/t.json"
check "tournament --json lists the games" \
  has_e '"results":\[\{"seed":[0-9]+,"seats":\[\{"strategy":[01],"score":' \
  "$TMP/t.json"
expect 0 "tournament with a search, JSON, two jobs" "$SIM" tournament \
  --games 2 --strategies search:20,greedy --json --seed 9 --jobs 2
# Everything but the time spent thinking.
check "a tournament is reproducible, also on two threads" sh -c '
  sed "s/\"seconds_per_move\":[0-9.e+-]*//g" "$1" >"$1.a"
  sed "s/\"seconds_per_move\":[0-9.e+-]*//g" "$2" >"$2.a"
  cmp -s "$1.a" "$2.a"' sh "$TMP/out" "$TMP/t.json"
check "mirrored games share their seed" sh -c '
  tr "{" "\n" <"$1" | sed -n "s/^\"seed\":\([0-9]*\),.*/\1/p" | uniq -c |
  grep -q "^ *2 "' sh "$TMP/t.json"
# --resume: a stopped tournament goes on where it stopped.
expect 0 "tournament --resume, first run" "$SIM" tournament --games 4 \
  --strategies search:20,greedy --json --seed 9 --resume "$TMP/t.log"
cp "$TMP/out" "$TMP/whole.json"
check "the log has a header, the settings and a line per game" sh -c '
  head -1 "$1" | grep -qx "meeple-sim tournament log 1" &&
  sed -n 2p "$1" | grep -q "^settings strategies search:20,greedy; .*seed 9" &&
  [ "$(grep -c "^game [0-3] seed [0-9]* strategies " "$1")" = 4 ]' \
  sh "$TMP/t.log"
# The first game kept, the second cut off while it was written.
head -3 "$TMP/t.log" >"$TMP/cut.log"
sed -n 4p "$TMP/t.log" | cut -c1-25 | tr -d '\n' >>"$TMP/cut.log"
expect 0 "tournament --resume after a stop" "$SIM" tournament --games 4 \
  --strategies search:20,greedy --json --seed 9 --resume "$TMP/cut.log"
check "resuming says how many games were already played" \
  has "cut.log has 1 of the 4 games; playing the other 3" "$TMP/err"
check "a resumed tournament gives the same results" sh -c '
  sed "s/\"seconds_per_move\":[0-9.e+-]*//g" "$1" >"$1.a"
  sed "s/\"seconds_per_move\":[0-9.e+-]*//g" "$2" >"$2.a"
  cmp -s "$1.a" "$2.a"' sh "$TMP/out" "$TMP/whole.json"
check "the cut-off line is replaced, every game once" sh -c '
  [ "$(grep -c "^game " "$1")" = 4 ] &&
  [ "$(cut -d" " -f2 "$1" | sort -u | grep -c "^[0-3]$")" = 4 ]' \
  sh "$TMP/cut.log"
expect 1 "tournament --resume with a log of other options" "$SIM" \
  tournament --games 4 --strategies search:20,greedy --seed 10 \
  --resume "$TMP/t.log"
check "another tournament's log is refused, named" \
  has "t.log:2: the log is of another tournament" "$TMP/err"
printf 'game 9 seed 1\n' >>"$TMP/cut.log"
expect 1 "tournament --resume with a bad line" "$SIM" tournament \
  --games 4 --strategies search:20,greedy --json --seed 9 \
  --resume "$TMP/cut.log"
check "a bad log line is named by file and line" has "cut.log:7: expected" \
  "$TMP/err"
echo "not a log" >"$TMP/notes.txt"
expect 1 "tournament --resume with a file that is not a log" "$SIM" \
  tournament --games 2 --resume "$TMP/notes.txt"
check "a file that is not a log is left alone" has "^not a log$" \
  "$TMP/notes.txt"
expect 2 "tournament with one strategy" "$SIM" tournament --strategies greedy
expect 2 "tournament with a bad search setting" "$SIM" tournament \
  --strategies search:fast,greedy
check "a bad setting is named" has "setting 'fast'" "$TMP/err"
expect 2 "tournament --games 0" "$SIM" tournament --games 0

# --- play -> replay round trip ---------------------------------------------
expect 0 "play --output" "$SIM" play --seed 42 --output "$TMP/o.rec"
cp "$TMP/out" "$TMP/o.summary"
check "--output writes the same record as stdout" cmp -s "$TMP/o.rec" \
  "$TMP/a.rec"
check "with --output the scores go to stdout" has "^Winner" "$TMP/o.summary"
expect 0 "replay the record" "$SIM" replay "$TMP/o.rec"
# Everything after the first line (seed line / record line) is board,
# legend and scores; play and replay must agree on all of it.
tail -n +2 "$TMP/o.summary" >"$TMP/play.board"
tail -n +2 "$TMP/out" >"$TMP/replay.board"
check "replay shows the board and scores play showed" cmp -s \
  "$TMP/play.board" "$TMP/replay.board"
expect 0 "replay --record" "$SIM" replay --record "$TMP/o.rec"
check "replay --record gives the record back byte for byte" cmp -s \
  "$TMP/out" "$TMP/o.rec"
expect 0 "replay --record of a greedy game" "$SIM" replay --record \
  "$TMP/g.rec"
check "greedy record round trip" cmp -s "$TMP/out" "$TMP/g.rec"
run sh -c '"$1" play --seed 9 --quiet | "$1" replay -' sh "$SIM"
check "play | replay - works (exit $status)" \
  sh -c '[ "$1" -eq 0 ] && grep -q "^Winner" "$2"' sh "$status" "$TMP/out"

expect 0 "replay --events --rules-cited" "$SIM" replay --events --rules-cited "$TMP/o.rec"
check "events list tile placements" has "tile-placed" "$TMP/out"
check "events name the rules of points" has_e "rule=BASE-[0-9]+" "$TMP/out"

# --- replay --json ---------------------------------------------------------
expect 0 "replay --json" "$SIM" replay --json "$TMP/o.rec"
cp "$TMP/out" "$TMP/game.json"
if command -v python3 >/dev/null 2>&1; then
  check "replay --json is valid JSON" \
    sh -c 'python3 -c "import json,sys; json.load(sys.stdin)" <"$1"' sh \
    "$TMP/game.json"
  check "JSON has players, tiles, events, winners, game over" \
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["game_over"] is True
assert d["seed"] == "42"
assert len(d["players"]) == 2
assert len(d["tiles"]) >= 2 and d["tiles"][0]["x"] == 0
assert all(0 <= t["rotation"] <= 3 for t in d["tiles"])
assert any(e["type"] == "tile-placed" for e in d["events"])
assert len(d["winners"]) >= 1
best = max(p["score"] for p in d["players"])
assert all(d["players"][w - 1]["score"] == best for w in d["winners"])
assert [p["seat"] for p in d["players"]] == [1, 2]
assert all(e["player"] in (None, 1, 2) for e in d["events"] if "player" in e)
' "$TMP/game.json"
elif command -v json-glib-validate >/dev/null 2>&1; then
  check "replay --json is valid JSON" json-glib-validate "$TMP/game.json"
else
  echo "# neither python3 nor json-glib-validate: JSON checked by eye only"
  check "replay --json looks like JSON" has '"events"' "$TMP/game.json"
fi

# --- the board in a UTF-8 locale is drawn as meeple draws it ---------------
if LC_ALL=C.UTF-8 "$SIM" replay "$TMP/o.rec" >"$TMP/utf8.out" 2>&1; then
  check "replay draws Unicode in a UTF-8 locale" has "·" "$TMP/utf8.out"
fi

# --- tiles -----------------------------------------------------------------
expect 0 "tiles" "$SIM" tiles
check "tiles counts 72 tiles" has "72 tiles" "$TMP/out"
check "tiles names start tile D" has "start tile: D" "$TMP/out"
check "tiles lists tile X with four roads" has_e "^  X +1  RRRR" "$TMP/out"
expect 0 "tiles FILE" "$SIM" tiles "$MEEPLE_TILES_DIR/base.tiles"
check "tiles FILE counts 72 tiles" has "72 tiles" "$TMP/out"

# --- rule sets and plugins ------------------------------------------------
expect 0 "rules" "$SIM" rules
cp "$TMP/out" "$TMP/rules.out"
check "rules prints the table header" has_e '^ID +VERSION +STATUS +NAME$' \
  "$TMP/rules.out"
check "rules lists base first, loaded" \
  sh -c 'sed -n 2p "$1" | grep -Eq "^base +1\.0 +loaded +"' sh "$TMP/rules.out"
check "rules lists abbot as loaded" has_e '^abbot +[^ ]+ +loaded +The Abbot$' \
  "$TMP/rules.out"
check "rules describes abbot" has_e '^  Each player gets an abbot ' \
  "$TMP/rules.out"
check "rules writes nothing on stderr" test ! -s "$TMP/err"
expect 0 "rules --verbose" "$SIM" rules --verbose
check "rules --verbose shows the plugin file" has_e '^  file: .*/abbot\.so$' \
  "$TMP/out"
expect 0 "rules --json" "$SIM" rules --json
cp "$TMP/out" "$TMP/rules.json"
if command -v python3 >/dev/null 2>&1; then
  check "rules --json is an array: base, then abbot loaded" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, list) and len(d) >= 2
assert d[0]["id"] == "base" and d[0]["status"] == "loaded"
keys = {"id", "name", "version", "status", "file", "requires", "conflicts",
        "priority", "error", "source", "description"}
assert all(set(r) == keys for r in d), d
ab = [r for r in d if r["id"] == "abbot"]
assert len(ab) == 1 and ab[0]["status"] == "loaded" and ab[0]["error"] is None
assert ab[0]["version"] == "1.0" and ab[0]["file"].endswith("abbot.so")
assert ab[0]["source"] == "plugin" and "abbot" in ab[0]["description"]
assert d[0]["source"] == "builtin"
' "$TMP/rules.json"
else
  check "rules --json looks like JSON" has '"status" : "loaded"' \
    "$TMP/rules.json"
fi
expect 0 "rules --plugin-dir /nonexistent" "$SIM" rules \
  --plugin-dir /nonexistent
check "without plugins, rules shows only base" \
  sh -c '[ "$(grep -vc "^  " "$1")" -eq 2 ] &&
         grep -Eq "^base +1\.0 +loaded" "$1"' \
  sh "$TMP/out"
expect 0 "rules with MEEPLE_PLUGIN_PATH=/nonexistent" \
  env MEEPLE_PLUGIN_PATH=/nonexistent "$SIM" rules
check "MEEPLE_PLUGIN_PATH is where plugins are looked for" \
  sh -c '! grep -q "^abbot" "$1"' sh "$TMP/out"
expect 0 "--plugin-dir wins over MEEPLE_PLUGIN_PATH" \
  env MEEPLE_PLUGIN_PATH=/nonexistent "$SIM" rules --plugin-dir "$PLUGINS"
check "--plugin-dir finds abbot" has_e '^abbot +[^ ]+ +loaded' "$TMP/out"
expect 1 "rules without base.tiles" "$SIM" rules --tiles-dir "$TMP"
check "rules names the missing base.tiles" has "base.tiles" "$TMP/err"

# A plugin that cannot be loaded is reported, never fatal.
mkdir "$TMP/junk"
printf 'not a shared object\n' >"$TMP/junk/broken.so"
expect 0 "rules with a broken plugin" "$SIM" rules \
  --plugin-dir "$TMP/junk" --plugin-dir "$PLUGINS"
check "a broken plugin is listed as skipped" has_e '^- +- +skipped' \
  "$TMP/out"
check "the reason names the file" has_e '^  reason: .*broken\.so: ' "$TMP/out"
check "abbot still loads next to it" has_e '^abbot +[^ ]+ +loaded' "$TMP/out"
expect 0 "play next to a broken plugin" "$SIM" play --seed 3 --quiet \
  --plugin-dir "$TMP/junk" --plugin-dir "$PLUGINS"
check "play warns once about the skipped plugin" sh -c '
  n=$(grep -c "^meeple-sim: warning: plugin skipped: .*broken\.so: " "$1")
  [ "$n" -eq 1 ]' sh "$TMP/err"

# play --rules abbot -> a record naming both rule sets -> replay.
expect 0 "play --rules abbot" "$SIM" play --rules abbot --seed 7 --quiet
cp "$TMP/out" "$TMP/ab.rec"
check "the record names base and abbot with versions" \
  sh -c '[ "$(grep "^rules" "$1")" = "rules base/1.0 abbot/1.0" ]' sh \
  "$TMP/ab.rec"
check "seed 7 puts an abbot on the board" has '^abbot ' "$TMP/ab.rec"
check "play without --rules plays the base game only" \
  sh -c '[ "$(grep "^rules" "$1")" = "rules base/1.0" ]' sh "$TMP/a.rec"
expect 0 "play --rules abbot again" "$SIM" play --rules abbot --seed 7 \
  --quiet
check "play --rules is reproducible" cmp -s "$TMP/out" "$TMP/ab.rec"
expect 0 "play --rules base,abbot" "$SIM" play --rules base,abbot --seed 7 \
  --quiet
check "naming base changes nothing" cmp -s "$TMP/out" "$TMP/ab.rec"
expect 0 "replay an abbot record" "$SIM" replay "$TMP/ab.rec"
check "replay of an abbot record ends the game" has "^Winner" "$TMP/out"
check "the scores show the abbots left" has_e "Followers +Abbot$" "$TMP/out"
expect 0 "replay --record of an abbot record" "$SIM" replay --record \
  "$TMP/ab.rec"
check "abbot record round trip" cmp -s "$TMP/out" "$TMP/ab.rec"
expect 0 "replay --rules abbot (agrees)" "$SIM" replay --rules abbot \
  --record "$TMP/ab.rec"
check "--rules that agree change nothing" cmp -s "$TMP/out" "$TMP/ab.rec"
expect 0 "replay --events of an abbot record" "$SIM" replay --events --rules-cited \
  "$TMP/ab.rec"
check "events name the abbot figure" has "figure=abbot" "$TMP/out"
check "events name the abbot's rules" has_e "rule=ABBOT-0[0-9]" "$TMP/out"
expect 0 "replay --json of an abbot record" "$SIM" replay --json \
  "$TMP/ab.rec"
cp "$TMP/out" "$TMP/ab.json"
if command -v python3 >/dev/null 2>&1; then
  check "JSON names action kinds, figures and supplies" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["rulesets"] == ["base/1.0", "abbot/1.0"]
kinds = {a["kind"] for a in d["actions"]}
assert {"place", "figure"} <= kinds, kinds
for a in d["actions"]:
    if a["text"].startswith("abbot-return"):
        assert a["kind"] == "abbot-return", a
assert all(set(p["supply"]) == {"follower", "abbot"} for p in d["players"])
assert any(e.get("figure") == "abbot" for e in d["events"])
' "$TMP/ab.json"
fi
expect 0 "play --rules abbot --seed 8" "$SIM" play --rules abbot --seed 8
check "the summary names the rule sets" \
  has "; rule sets base/1.0, abbot/1.0; farmers on" "$TMP/err"
check "an abbot left on the board is named under it" has_e \
  "^Figures besides followers: abbot of seat [1-6] at -?[0-9]+,-?[0-9]+ on " \
  "$TMP/err"

# Rule sets that are not there.
expect 2 "play --rules nosuch" "$SIM" play --rules nosuch --seed 1
check "unknown rule set is named" has "unknown rule set 'nosuch'" "$TMP/err"
check "unknown rule set lists what is available" \
  has "available: base, abbot" "$TMP/err"
check "play --rules nosuch writes no record" test ! -s "$TMP/out"
expect 2 "play --rules with an empty item" "$SIM" play --rules abbot, \
  --seed 1
expect 2 "replay --rules nosuch" "$SIM" replay --rules nosuch "$TMP/ab.rec"
check "replay names the unknown --rules id" has "'nosuch'" "$TMP/err"
expect 1 "replay --rules that disagree with the record" "$SIM" replay \
  --rules base "$TMP/ab.rec"
check "disagreeing --rules is explained" \
  has "does not match the record's rule sets" "$TMP/err"
sed 's/^rules .*/rules base\/1.0 nosuch\/2.0/' "$TMP/a.rec" >"$TMP/nosuch.rec"
expect 1 "replay of a record naming a missing rule set" "$SIM" replay \
  "$TMP/nosuch.rec"
check "the missing rule set is named where the record names it" has_e \
  "nosuch\.rec:2:[0-9]+: the record needs rule set 'nosuch', which is not" \
  "$TMP/err"
expect 1 "replay of an abbot record without plugins" "$SIM" replay \
  --plugin-dir /nonexistent "$TMP/ab.rec"
check "the record's abbot is named as not available" \
  has "needs rule set 'abbot', which is not available" "$TMP/err"
run sh -c '"$1" replay --plugin-dir /nonexistent - <"$2"' sh "$SIM" \
  "$TMP/ab.rec"
check "the same from standard input (exit $status)" \
  sh -c '[ "$1" -eq 1 ] && grep -q "<stdin>:2:[0-9]*: .*abbot" "$2"' sh \
  "$status" "$TMP/err"
sed 's/abbot\/1\.0/abbot\/9.9/' "$TMP/ab.rec" >"$TMP/v99.rec"
expect 1 "replay of a record with another abbot version" "$SIM" replay \
  "$TMP/v99.rec"
check "the version mismatch is explained" has "abbot/9.9" "$TMP/err"
expect 2 "tiles --rules nosuch" "$SIM" tiles --rules nosuch
expect 0 "tiles --rules abbot" "$SIM" tiles --rules abbot
check "tiles --rules abbot still counts the base game" has "72 tiles" \
  "$TMP/out"

# Plugins compiled here: requirements and conflicts.
if [ -n "${CC:-}" ] && [ -n "${GLIB_CFLAGS:-}" ]; then
  mkdir "$TMP/extra"
  cat >"$TMP/extra/monk.c" <<'END'
#include <meeple/plugin.h>
static gboolean setup(MeepleRules *rules, GError **error)
{ (void)rules; (void)error; return TRUE; }
static const char *const requires[] = { "abbot", NULL };
MEEPLE_PLUGIN_DEFINE(.id = "monk", .name = "Test monk", .version = "0.1",
                     .requires = requires, .setup = setup);
END
  cat >"$TMP/extra/hermit.c" <<'END'
#include <meeple/plugin.h>
static gboolean setup(MeepleRules *rules, GError **error)
{ (void)rules; (void)error; return TRUE; }
static const char *const conflicts[] = { "monk", NULL };
MEEPLE_PLUGIN_DEFINE(.id = "hermit", .name = "Test hermit", .version = "0.2",
                     .conflicts = conflicts, .setup = setup);
END
  for p in monk hermit; do
    # shellcheck disable=SC2086 # CC and GLIB_CFLAGS are word lists
    run $CC -shared -fPIC $GLIB_CFLAGS -I"$TEST_SRCDIR/daemon/engine" \
      -o "$TMP/extra/$p.so" "$TMP/extra/$p.c"
    check "test plugin $p compiles (exit $status)" test "$status" -eq 0
  done
  rm -f "$TMP/extra/"*.c
  EXTRA="--plugin-dir $PLUGINS --plugin-dir $TMP/extra"
  # shellcheck disable=SC2086 # EXTRA is a list of options
  expect 0 "rules with requires and conflicts" "$SIM" rules $EXTRA
  check "rules shows what monk requires" \
    sh -c 'grep -A1 "^monk " "$1" | grep -q "^  requires: abbot$"' sh \
    "$TMP/out"
  check "rules shows what hermit conflicts with" \
    sh -c 'grep -A1 "^hermit " "$1" | grep -q "^  conflicts: monk$"' sh \
    "$TMP/out"
  # shellcheck disable=SC2086
  expect 2 "play with conflicting rule sets" "$SIM" play $EXTRA \
    --rules monk,hermit --seed 1
  check "the conflict names both rule sets" \
    has "rule sets 'hermit' and 'monk' cannot be played together" "$TMP/err"
  # shellcheck disable=SC2086
  expect 0 "play --rules monk brings abbot along" "$SIM" play $EXTRA \
    --rules monk --seed 1 --quiet
  cp "$TMP/out" "$TMP/monk.rec"
  check "the record names the required rule set too" sh -c '
    [ "$(grep "^rules" "$1")" = "rules base/1.0 abbot/1.0 monk/0.1" ]' \
    sh "$TMP/monk.rec"
  # shellcheck disable=SC2086
  expect 0 "replay --rules monk (abbot implied)" "$SIM" replay $EXTRA \
    --rules monk --record "$TMP/monk.rec"
  check "monk record round trip" cmp -s "$TMP/out" "$TMP/monk.rec"
  # shellcheck disable=SC2086
  expect 0 "bench with conflicting plugins" "$SIM" bench $EXTRA --games 2 \
    --runs 1
  check "bench leaves the conflicting plugin out, with a warning" \
    has "bench leaves 'monk' out" "$TMP/err"
else
  echo "# CC or GLIB_CFLAGS not set: no checks with plugins compiled here"
fi

# --- errors: exit 1 with file:line -----------------------------------------
printf 'this is not a record\n' >"$TMP/bad.rec"
expect 1 "malformed record header" "$SIM" replay "$TMP/bad.rec"
check "record error says file:line:column" \
  has_e "^meeple-sim: .*bad\.rec:1:[0-9]+: " "$TMP/err"

# A good header and one impossible action on line 6.
sed -n '1,5p' "$TMP/a.rec" | grep -v '^#' >"$TMP/bad2.rec"
n=$(wc -l <"$TMP/bad2.rec")
n=$((n + 1))
echo 'place X @ 40,40 r90' >>"$TMP/bad2.rec"
expect 1 "record with an illegal action" "$SIM" replay "$TMP/bad2.rec"
check "illegal action error points at line $n" \
  has_e "bad2\.rec:$n:[0-9]+: " "$TMP/err"
expect 1 "replay --json of a bad record" "$SIM" replay --json "$TMP/bad2.rec"
check "--json error is on stderr, not stdout" test ! -s "$TMP/out"
expect 1 "missing record file" "$SIM" replay "$TMP/no-such.rec"
check "missing file is named" has "no-such.rec" "$TMP/err"

printf 'tileset broken\nname Broken\nversion 1\nstart A\ntile A 1 FFQF M\n' \
  >"$TMP/bad.tiles"
expect 1 "malformed tile file" "$SIM" tiles "$TMP/bad.tiles"
check "tile error says file:line" has_e "bad\.tiles:[0-9]+: ?" "$TMP/err"
mkdir "$TMP/badtiles"
cp "$TMP/bad.tiles" "$TMP/badtiles/base.tiles"
expect 1 "play with a bad tile directory" "$SIM" play --seed 1 \
  --tiles-dir "$TMP/badtiles"
check "play reports the tile file and line" \
  has_e "badtiles/base\.tiles:[0-9]+:" "$TMP/err"
expect 1 "replay with a bad tile directory (MEEPLE_TILES_DIR)" \
  env MEEPLE_TILES_DIR="$TMP/badtiles" "$SIM" replay "$TMP/o.rec"

# --- usage errors: exit 2 --------------------------------------------------
expect 2 "no command" "$SIM"
expect 2 "unknown command" "$SIM" frobnicate
expect 2 "unknown option" "$SIM" play --frobnicate
check "unknown option points to --help" has "meeple-sim play --help" \
  "$TMP/err"
expect 2 "--players 1" "$SIM" play --players 1
expect 2 "--players 7" "$SIM" play --players 7
expect 2 "--players not a number" "$SIM" play --players two
expect 2 "unknown strategy" "$SIM" play --strategy clever
expect 2 "strategy list longer than --players" "$SIM" play -p 2 \
  --strategy random,greedy,random
expect 2 "bad --seed" "$SIM" play --seed -1
expect 2 "extra argument to play" "$SIM" play extra
expect 2 "replay without FILE" "$SIM" replay
expect 2 "replay with two FILEs" "$SIM" replay "$TMP/o.rec" "$TMP/o.rec"
expect 2 "tiles --bogus" "$SIM" tiles --bogus
expect 2 "bench --runs 0" "$SIM" bench --runs 0

# --- bench (a tiny run: it only has to work) -------------------------------
expect 0 "bench --games 5 --runs 1" "$SIM" bench --games 5 --runs 1
check "bench reports games per second" has "games/s" "$TMP/out"
check "bench reports playouts per second with its anchor" \
  sh -c 'grep -Eq "^random playouts/s to the end, mid-game +[0-9]+ /s" "$1" &&
         grep -Eq "^search iterations/s, mid-game +[0-9]+ /s" "$1" &&
         grep -q "Java UCT bot" "$1"' sh "$TMP/out"
check "bench reports clone and memory" \
  sh -c 'grep -q "clone" "$1" && grep -q "KiB" "$1"' sh "$TMP/out"
check "bench reports games/s with every plugin" \
  has_e "^full games per second \(base\+[a-z0-9+-]+\) +[0-9]+ games/s" "$TMP/out"
check "bench reports apply + next decision with every plugin" \
  has_e "^apply \+ next decision \(base\+[a-z0-9+-]+\) +[0-9]+ ns" "$TMP/out"
check "bench keeps its columns with a long label" awk '
  /^measure / { end = index($0, "median") + 5; on = 1; next }
  on && /^note:/ { on = 0 }
  on && (substr($0, end, 1) == " " || substr($0, end + 1, 2) != "  ") {
    bad = 1 }
  END { exit bad }' "$TMP/out"
expect 0 "bench without plugins" "$SIM" bench --games 2 --runs 1 \
  --plugin-dir /nonexistent
check "bench without plugins says so" has "no plugin loaded" "$TMP/out"
check "bench without plugins has no plugin rows" \
  sh -c '! grep -q "(base+" "$1"' sh "$TMP/out"

finish
