/* filter-options.c — a Lua rule set's filter hook asked only about what
 * its options name (doc/lua-rulesets.md, "filter"): `effects`, the
 * effects it is asked about, and `scope`, which actions of each list
 * (none, one cell, all), through libmeeple and the real Lua host.
 *
 * Each filter vetoes whatever it is asked about, so what a list loses
 * beside the base game alone, played from the same seed, is exactly what
 * the filter was asked about. */
#include <meeple/loader.h>
#include <meeple/plugin.h>

#include <stdio.h>
#include <string.h>

#include "../grow-beside.h"
#include "scratch.h"

/* Tile placements at (1, 0) only; every figure action on odd turns;
 * nothing on even turns (the C fixture tests/plugins/filter-scope.c). */
static const char scoped_lua[] =
  "return {\n"
  "  id = \"scoped\", name = \"Scoped\", version = \"1\",\n"
  "  setup = function(rules)\n"
  "    rules:hook(\"filter\", function(game, action, ctx) return false end,\n"
  "      { scope = function(game, decision, player)\n"
  "          if decision == 0 then return \"cell\", 1, 0 end\n"
  "          if game:turn() % 2 == 1 then return \"all\" end\n"
  "          return \"none\"\n"
  "        end })\n"
  "  end,\n"
  "}\n";

/* Figure placements only: every follower placement struck, no tile
 * placement asked about. */
static const char effects_lua[] =
  "return {\n"
  "  id = \"effects\", name = \"Effects\", version = \"1\",\n"
  "  setup = function(rules)\n"
  "    rules:hook(\"filter\", function(game, action, ctx) return false end,\n"
  "      { effects = { \"place-figure\" }, priority = 5 })\n"
  "  end,\n"
  "}\n";

typedef enum { SCOPED, EFFECTS } Which;

/* Whether the filter of @which is asked about action @a of @kind in a
 * game at @turn. */
static gboolean
asked(Which which, guint kind, guint turn, const MeepleAction *a)
{
  if (which == EFFECTS)
    return a->kind == MEEPLE_ACTION_PLACE_FIGURE;
  if (kind == MEEPLE_DECISION_PLACE_TILE)
    return a->x == 1 && a->y == 0;
  return a->kind != MEEPLE_ACTION_PASS && turn % 2 == 1;
}

typedef struct {
  guint struck, kept_tiles, kept_figures, skipped, same_column, same_row;
} Counts;

/* Plays the game of @rules beside the base game from @seed; FALSE (with
 * a message) at the first difference that the filter does not explain. */
static gboolean
play_beside(Which which, MeepleRules *rules, MeepleRules *base, guint64 seed,
            Counts *n)
{
  MeepleGameConfig config = { .n_players = 2, .seed = seed };
  GError *error = NULL;
  MeepleGame *game = meeple_game_new(rules, &config, &error);
  MeepleGame *plain = meeple_game_new(base, &config, &error);
  g_assert(game && plain);
  gboolean ok = TRUE;
  while (ok && !meeple_game_is_over(plain)) {
    const MeepleDecision *d = meeple_game_decision(game);
    const MeepleDecision *all = meeple_game_decision(plain);
    guint turn = meeple_game_turn(plain);
    if (all->kind == MEEPLE_DECISION_PLACE_FIGURE &&
        (!d || d->kind != MEEPLE_DECISION_PLACE_FIGURE)) {
      /* every choice but "pass" struck: not asked (doc/engine.md) */
      for (gsize i = 0; i < all->n_actions; i++) {
        if (all->actions[i].kind == MEEPLE_ACTION_PASS)
          continue;
        if (asked(which, all->kind, turn, &all->actions[i])) {
          n->struck++;
          continue;
        }
        FAIL("seed %" G_GUINT64_FORMAT " turn %u: a figure decision was "
             "skipped with an action the filter was not asked about",
             seed, turn);
        ok = FALSE;
      }
      n->skipped++;
      MeepleAction pass = { .kind = MEEPLE_ACTION_PASS };
      ok = ok && meeple_game_apply(plain, &pass, NULL, NULL, NULL);
      continue;
    }
    if (!d || d->kind != all->kind) {
      FAIL("seed %" G_GUINT64_FORMAT " turn %u: decision %d beside %u",
           seed, turn, d ? (int)d->kind : -1, all->kind);
      ok = FALSE;
      break;
    }
    gsize kept = 0;
    for (gsize i = 0; i < all->n_actions && ok; i++) {
      const MeepleAction *a = &all->actions[i];
      if (all->kind == MEEPLE_DECISION_PLACE_TILE) {
        n->same_column += a->x == 1 && a->y != 0;
        n->same_row += a->y == 0 && a->x != 1;
      }
      if (asked(which, all->kind, turn, a)) {
        n->struck++;
        continue;
      }
      if (kept >= d->n_actions ||
          memcmp(&d->actions[kept], a, sizeof *a) != 0) {
        FAIL("seed %" G_GUINT64_FORMAT " turn %u: action %zu of decision "
             "%u was struck or moved, and the filter was not asked about it",
             seed, turn, i, all->kind);
        ok = FALSE;
      }
      kept++;
    }
    if (ok && kept != d->n_actions) {
      FAIL("seed %" G_GUINT64_FORMAT " turn %u: %zu actions kept beside "
           "%zu expected", seed, turn, d->n_actions, kept);
      ok = FALSE;
    }
    if (all->kind == MEEPLE_DECISION_PLACE_TILE)
      n->kept_tiles += (guint)kept;
    else
      n->kept_figures += (guint)kept;
    MeepleAction a = grow_beside_column_1(d);
    ok = ok && meeple_game_apply(game, &a, NULL, NULL, &error) &&
         meeple_game_apply(plain, &a, NULL, NULL, &error);
  }
  if (ok && !meeple_game_is_over(game)) {
    FAIL("seed %" G_GUINT64_FORMAT ": the base game ended first", seed);
    ok = FALSE;
  }
  if (error) {
    FAIL("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
    g_error_free(error);
    ok = FALSE;
  }
  meeple_game_free(game);
  meeple_game_free(plain);
  return ok;
}

static void
run(Which which, const char *id, const char *text)
{
  g_autofree char *file = g_strdup_printf("%s.lua", id);
  char *dir = scratch_dir("filter-options", file, text);
  MeepleLoader *loader = scratch_load(dir);
  GError *error = NULL;
  MeepleRules *rules = meeple_loader_build_rules(
      loader, (const char *const[]){ id, NULL }, &error);
  MeepleRules *base = meeple_loader_build_rules(
      loader, (const char *const[]){ NULL }, &error);
  if (!rules || !base) {
    FAIL("%s: rules: %s", id, error ? error->message : "?");
    g_clear_error(&error);
  } else {
    Counts n = { 0 };
    gboolean ok = TRUE;
    for (guint64 seed = 1; seed <= 3 && ok; seed++)
      ok = play_beside(which, rules, base, seed, &n);
    /* the scopes and effects were all met, and left something standing */
    if (ok && (n.struck == 0 || n.kept_tiles == 0 ||
               (which == SCOPED &&
                (n.kept_figures == 0 || n.skipped == 0 ||
                 n.same_column == 0 || n.same_row == 0)) ||
               (which == EFFECTS && n.skipped == 0)))
      FAIL("%s: a case was never met: struck %u, tiles kept %u, figure "
           "actions kept %u, figure decisions skipped %u, column %u, row %u",
           id, n.struck, n.kept_tiles, n.kept_figures, n.skipped,
           n.same_column, n.same_row);
    else if (ok)
      printf("ok - %s: %u actions struck, exactly those asked about "
             "(%u tile and %u figure actions kept, %u figure decisions "
             "skipped)\n", id, n.struck, n.kept_tiles, n.kept_figures,
             n.skipped);
  }
  if (rules)
    meeple_rules_unref(rules);
  if (base)
    meeple_rules_unref(base);
  meeple_loader_unref(loader);
  scratch_remove(dir);
}

int
main(void)
{
  run(SCOPED, "scoped", scoped_lua);
  run(EFFECTS, "effects", effects_lua);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
