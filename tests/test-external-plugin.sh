#!/bin/sh
# tests/test-external-plugin.sh — plugins from the outside.
#
#  1. Exported symbols (nm -D): every plugin of the tree exports only
#     meeple_plugin_descriptor; libmeeple and libmeeple-client export
#     only what their installed headers declare (DESIGN "Plugins": the
#     engine exports nothing else; issue 22).
#  2. doc/examples/hello-plugin.c, the example doc/plugins.md shows, is
#     copied to a directory outside the tree and compiled there the way a
#     third party would (cc -shared against the headers and libmeeple,
#     no libtool), with warnings as errors.
#  3. meeple-sim lists it as loaded and plays a game with it; the
#     record names hello/VERSION and replays.
#
# Run by `make check` with TEST_SRCDIR, TEST_BUILDDIR, MEEPLE_SIM,
# MEEPLE_TILES_DIR, CC, GLIB_CFLAGS and GLIB_LIBS set (tests/local.mk).
# By hand, from the build directory: sh SRCDIR/tests/test-external-plugin.sh
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${TEST_BUILDDIR:=$(pwd)}"
: "${MEEPLE_SIM:=$TEST_BUILDDIR/daemon/sim/meeple-sim}"
: "${MEEPLE_TILES_DIR:=$TEST_SRCDIR/data/tiles}"
: "${CC:=cc}"
if [ -z "${GLIB_CFLAGS+set}" ]; then
  GLIB_CFLAGS=$(pkg-config --cflags glib-2.0 gmodule-2.0)
fi
if [ -z "${GLIB_LIBS+set}" ]; then
  GLIB_LIBS=$(pkg-config --libs glib-2.0 gmodule-2.0)
fi
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR MEEPLE_TILES_DIR
# The uninstalled libmeeple, for the example plugin's own dependency.
LIBDIR=$TEST_BUILDDIR/daemon/engine/.libs
LD_LIBRARY_PATH=$LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
# Only the plugins named by --plugin-dir.
unset MEEPLE_PLUGIN_PATH || :

HARNESS_NAME=test-external-plugin
# shellcheck source=tests/harness.sh
. "$TEST_SRCDIR/tests/harness.sh"

# ---- 1. exported symbols ---------------------------------------------------

# defined_symbols FILE: names of the dynamic symbols FILE defines.
defined_symbols() {
  nm -D --defined-only "$1" | awk 'NF >= 3 { print $3 }' | sort -u
}

LIBMEEPLE=$LIBDIR/libmeeple.so
CLIENTLIB=$TEST_BUILDDIR/clients/common/.libs/libmeeple-client.so
if ! command -v nm >/dev/null 2>&1; then
  echo "test-external-plugin.sh: nm not found" >&2
  exit 99
fi

# Every plugin the tree builds (and installs) exports its descriptor and
# nothing else, whatever it shares with another rule set (issue 22: the
# mist's interface is a table reached through the engine, not symbols).
n_plugins=0
for so in "$TEST_BUILDDIR"/plugins/.libs/*.so; do
  n_plugins=$((n_plugins + 1))
  run defined_symbols "$so"
  if [ "$status" -eq 0 ] && [ "$(cat "$TMP/out")" = meeple_plugin_descriptor ]
  then
    pass "$(basename "$so") exports only meeple_plugin_descriptor"
  else
    fail "$(basename "$so") exports only meeple_plugin_descriptor:" \
      "$(tr '\n' ' ' <"$TMP/out")"
  fi
done
if [ "$n_plugins" -ge 6 ]; then
  pass "$n_plugins plugins checked"
else
  fail "only $n_plugins plugins found in plugins/.libs"
fi

# undeclared LIB HEADER...: the dynamic symbols LIB defines that no
# installed header declares (as a word), one per line in $TMP/out.
undeclared() {
  lib=$1
  shift
  defined_symbols "$lib" >"$TMP/syms" || return 1
  [ -s "$TMP/syms" ] || return 1
  cat "$@" >"$TMP/headers"
  while read -r sym; do
    grep -qw -- "$sym" "$TMP/headers" || echo "$sym"
  done <"$TMP/syms" >"$TMP/out"
}

# libmeeple exports exactly the API of its installed headers: nothing
# private (prng_*, rules_derive*) leaks, whatever its name.
if undeclared "$LIBMEEPLE" "$TEST_SRCDIR/daemon/engine/meeple.h" \
     "$TEST_SRCDIR"/daemon/engine/meeple/*.h && [ ! -s "$TMP/out" ]; then
  pass "libmeeple exports only what its headers declare" \
    "($(wc -l <"$TMP/syms") symbols)"
else
  fail "libmeeple exports undeclared symbols: $(tr '\n' ' ' <"$TMP/out")"
fi
defined_symbols "$LIBMEEPLE" >"$TMP/out"
if ! grep -v '^meeple_' "$TMP/out" >"$TMP/err"; then
  pass "libmeeple exports only meeple_*"
else
  fail "libmeeple exports only meeple_* (others: $(tr '\n' ' ' <"$TMP/err"))"
fi
for sym in meeple_prng_seed meeple_prng_next meeple_prng_below \
           meeple_rules_derive meeple_rules_derived; do
  if grep -qx "$sym" "$TMP/out"; then
    fail "libmeeple exports the private $sym"
  else
    pass "libmeeple does not export the private $sym"
  fi
done

# libmeeple-client, the other installed library: its header's API only.
if [ -f "$CLIENTLIB" ]; then
  if undeclared "$CLIENTLIB" "$TEST_SRCDIR/clients/common/meeple-client.h" \
       && [ ! -s "$TMP/out" ]; then
    pass "libmeeple-client exports only what meeple-client.h declares" \
      "($(wc -l <"$TMP/syms") symbols)"
  else
    fail "libmeeple-client exports undeclared symbols:" \
      "$(tr '\n' ' ' <"$TMP/out")"
  fi
fi

# The plugin ABI must be among libmeeple's.
defined_symbols "$LIBMEEPLE" >"$TMP/syms"
for sym in meeple_rules_add_hook meeple_game_request_decision \
           meeple_loader_build_rules meeple_game_slot \
           meeple_rules_provide_api meeple_rules_use_api \
           meeple_game_action_allowed meeple_game_action_effect; do
  if grep -qx "$sym" "$TMP/syms"; then
    pass "libmeeple exports $sym"
  else
    fail "libmeeple exports $sym"
  fi
done

# ---- 2. the example plugin, built outside the tree ----------------------------

mkdir "$TMP/src" "$TMP/plugins"
cp "$TEST_SRCDIR/doc/examples/hello-plugin.c" "$TMP/src/"
VERSION=$(sed -n 's/^ *\.version = "\([^"]*\)".*/\1/p' \
  "$TMP/src/hello-plugin.c")
# shellcheck disable=SC2086 # the flags are lists of words
run sh -c 'cd "$1" && shift && exec "$@"' sh "$TMP/src" \
  $CC -Wall -Wextra -Werror -shared -fPIC \
  -I"$TEST_SRCDIR/daemon/engine" $GLIB_CFLAGS hello-plugin.c \
  -o "$TMP/plugins/hello.so" -L"$LIBDIR" -lmeeple $GLIB_LIBS
if [ "$status" -eq 0 ] && [ -f "$TMP/plugins/hello.so" ]; then
  pass "hello-plugin.c compiles outside the tree"
else
  fail "hello-plugin.c compiles outside the tree"
fi
if [ -n "$VERSION" ]; then
  pass "hello-plugin.c has version $VERSION"
else
  fail "hello-plugin.c has a version"
fi
# Everything else in the example is static.
run defined_symbols "$TMP/plugins/hello.so"
if [ "$(cat "$TMP/out")" = meeple_plugin_descriptor ]; then
  pass "hello.so exports only meeple_plugin_descriptor"
else
  fail "hello.so exports only meeple_plugin_descriptor"
fi

# ---- 3. meeple-sim loads and plays it --------------------------------------

run "$MEEPLE_SIM" rules --plugin-dir "$TMP/plugins"
if [ "$status" -eq 0 ] &&
   awk -v v="$VERSION" '$1 == "hello" && $2 == v && $3 == "loaded" &&
                        $4 == "Hello" { found = 1 } END { exit !found }' \
     "$TMP/out"; then
  pass "meeple-sim rules lists hello $VERSION as loaded"
else
  fail "meeple-sim rules lists hello $VERSION as loaded"
fi

run "$MEEPLE_SIM" play --plugin-dir "$TMP/plugins" --rules hello --seed 1 \
  --quiet
cp "$TMP/out" "$TMP/game.rec"
if [ "$status" -eq 0 ] &&
   grep -qx "rules base/[^ ]* hello/$VERSION" "$TMP/game.rec"; then
  pass "meeple-sim play --rules hello: the record names hello/$VERSION"
else
  fail "meeple-sim play --rules hello: the record names hello/$VERSION"
fi

if grep -q '^# game over:' "$TMP/game.rec"; then
  pass "the game with hello is played to the end"
else
  fail "the game with hello is played to the end"
fi

run "$MEEPLE_SIM" replay --events --rules-cited --plugin-dir "$TMP/plugins" "$TMP/game.rec"
if [ "$status" -eq 0 ]; then
  pass "meeple-sim replay of the hello game"
else
  fail "meeple-sim replay of the hello game"
fi
# Each turn start: one point and one event of the plugin's own type.
turns=$(grep -c ' turn-started ' "$TMP/out" || :)
greeted=$(grep -c ' hello-greeted .*rule=HELLO-01$' "$TMP/out" || :)
points=$(grep -c ' points-scored .* points=1 rule=HELLO-01$' "$TMP/out" || :)
if [ "$turns" -gt 0 ] && [ "$greeted" -eq "$turns" ] &&
   [ "$points" -eq "$turns" ]; then
  pass "hello scores 1 and greets at each of the $turns turn starts"
else
  fail "hello scores 1 and greets at each turn start ($turns turns," \
    "$greeted greetings, $points points)"
fi

# Without the plugin the record cannot be replayed, with a message.
run "$MEEPLE_SIM" replay --plugin-dir "$TMP/src" "$TMP/game.rec"
if [ "$status" -ne 0 ] && grep -q hello "$TMP/err"; then
  pass "replay without the hello plugin is refused"
else
  fail "replay without the hello plugin is refused"
fi

finish
