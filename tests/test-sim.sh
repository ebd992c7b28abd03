#!/bin/sh
# tests/test-sim.sh — meeple-sim end to end: play, replay round trip, JSON,
# tiles, error messages and exit statuses.
#
# Run by `make check` with MEEPLE_SIM, MEEPLE_TILES_DIR and TEST_SRCDIR set
# (tests/local.mk); by hand: MEEPLE_SIM=build/daemon/sim/meeple-sim sh
# tests/test-sim.sh.  Never skips: meeple-sim is always built.
# sh -c '... "$1"' below takes its arguments positionally on purpose.
# shellcheck disable=SC2016
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${MEEPLE_SIM:=./daemon/sim/meeple-sim}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
export MEEPLE_TILES_DIR
# Untranslated GLib messages ("Usage:"), no colours.
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR
SIM=$MEEPLE_SIM

if [ ! -x "$SIM" ]; then
  echo "test-sim.sh: $SIM is not an executable (set MEEPLE_SIM)" >&2
  exit 1
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/test-sim.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

passed=0
failed=0

pass() {
  passed=$((passed + 1))
  echo "ok - $1"
}

fail() {
  failed=$((failed + 1))
  echo "FAIL - $1"
  # Show what the command said, to debug from the log alone.
  if [ -s "$TMP/out" ]; then sed -n '1,15s/^/    stdout: /p' "$TMP/out"; fi
  if [ -s "$TMP/err" ]; then sed -n '1,15s/^/    stderr: /p' "$TMP/err"; fi
}

# run CMD...: runs it with stdout in $TMP/out, stderr in $TMP/err, and the
# exit status in $status (set -e must not stop us on purpose failures).
run() {
  set +e
  "$@" >"$TMP/out" 2>"$TMP/err"
  status=$?
  set -e
}

# expect STATUS DESCRIPTION CMD...: the command exits with STATUS.
expect() {
  want=$1
  what=$2
  shift 2
  run "$@"
  if [ "$status" -eq "$want" ]; then
    pass "$what (exit $want)"
  else
    fail "$what: exit $status, expected $want"
  fi
}

# check DESCRIPTION CMD...: CMD (a test, not meeple-sim) succeeds.
check() {
  what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

has() { grep -q -- "$1" "$2"; }
has_e() { grep -Eq -- "$1" "$2"; }

echo "# meeple-sim: $SIM"
echo "# tiles: $MEEPLE_TILES_DIR"

# --- help and version ------------------------------------------------------
expect 0 "--version" "$SIM" --version
check "--version names the program" has "meeple-sim" "$TMP/out"
expect 0 "--help" "$SIM" --help
check "--help lists the commands" has_e "play.*replay|replay" "$TMP/out"
for cmd in play replay tiles bench; do
  expect 0 "$cmd --help" "$SIM" "$cmd" --help
  check "$cmd --help shows its usage line" has "meeple-sim $cmd" "$TMP/out"
  check "$cmd --help documents --tiles-dir" has "--tiles-dir" "$TMP/out"
done
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

expect 0 "replay --events" "$SIM" replay --events "$TMP/o.rec"
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
assert all(d["players"][w]["score"] == best for w in d["winners"])
' "$TMP/game.json"
elif command -v json-glib-validate >/dev/null 2>&1; then
  check "replay --json is valid JSON" json-glib-validate "$TMP/game.json"
else
  echo "# neither python3 nor json-glib-validate: JSON checked by eye only"
  check "replay --json looks like JSON" has '"events"' "$TMP/game.json"
fi

# --- tiles -----------------------------------------------------------------
expect 0 "tiles" "$SIM" tiles
check "tiles counts 72 tiles" has "72 tiles" "$TMP/out"
check "tiles names start tile D" has "start tile: D" "$TMP/out"
check "tiles lists tile X with four roads" has_e "^  X +1  RRRR" "$TMP/out"
expect 0 "tiles FILE" "$SIM" tiles "$MEEPLE_TILES_DIR/base.tiles"
check "tiles FILE counts 72 tiles" has "72 tiles" "$TMP/out"

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
check "bench reports clone and memory" \
  sh -c 'grep -q "clone" "$1" && grep -q "KiB" "$1"' sh "$TMP/out"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
