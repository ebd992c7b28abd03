/* abbot-diff.c — the C abbot against the Lua abbot (RULES §2, ABBOT-01..08;
 * doc/lua-rulesets.md, "The Lua abbot").
 *
 *   abbot-diff check N   plays N seeded random games with each abbot and
 *                        fails unless every decision, every event, every
 *                        score and the game records are identical.
 *   abbot-diff bench     the Lua abbot's cost against the C abbot, per
 *                        game and per decision, measured in one run (the
 *                        ratio is what to read; the machine is noisy).
 *
 * Both rule sets have the id "abbot": the Lua one is loaded from a
 * directory of its own holding every other plugin of the build and
 * plugins/lua/rulesets/abbot.lua, the way a user installs it. */
#include <meeple/loader.h>
#include <meeple/plugin.h>
#include <meeple/record.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "scratch.h"

static MeepleRules *
rules_from(const char *dir)
{
  MeepleLoader *loader = scratch_load(dir);
  GError *error = NULL;
  const MeeplePluginInfo *info = meeple_loader_find(loader, "abbot");
  if (!info)
    g_error("no abbot in %s", dir);
  MeepleRules *rules = meeple_loader_build_rules(
      loader, (const char *const[]){ "abbot", NULL }, &error);
  if (!rules)
    g_error("abbot from %s: %s", dir, error->message);
  meeple_loader_unref(loader);
  return rules;
}

/* A directory with the build's plugins but abbot.so, and abbot.lua. */
static char *
lua_abbot_dir(void)
{
  char *dir = g_dir_make_tmp("lua-abbot-XXXXXX", NULL);
  GDir *d = g_dir_open(MEEPLE_BUILD_PLUGIN_DIR, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name(d))) {
    if (!g_str_has_suffix(name, ".so") || strcmp(name, "abbot.so") == 0)
      continue;
    g_autofree char *target = g_build_filename(MEEPLE_BUILD_PLUGIN_DIR, name,
                                               NULL);
    g_autofree char *link = g_build_filename(dir, name, NULL);
    if (symlink(target, link) != 0)
      g_error("symlink %s", link);
  }
  if (d)
    g_dir_close(d);
  g_autofree char *link = g_build_filename(dir, "abbot.lua", NULL);
  if (symlink(TEST_SRCDIR "/plugins/lua/rulesets/abbot.lua", link) != 0)
    g_error("symlink %s", link);
  return dir;
}

static MeepleGame *
new_game(MeepleRules *rules, guint64 seed, guint players)
{
  MeepleGameConfig config = { .n_players = players, .seed = seed };
  GError *error = NULL;
  MeepleGame *g = meeple_game_new(rules, &config, &error);
  if (!g)
    g_error("game: %s", error->message);
  return g;
}

static gboolean
same_events(const MeepleEvent *a, gsize na, const MeepleEvent *b, gsize nb,
            GString *why)
{
  if (na != nb) {
    g_string_append_printf(why, "%zu events against %zu", na, nb);
    return FALSE;
  }
  for (gsize i = 0; i < na; i++) {
    MeepleEvent x = a[i], y = b[i];
    gboolean same_rule = g_strcmp0(x.rule, y.rule) == 0;
    x.rule = y.rule = NULL;
    if (!same_rule || memcmp(&x, &y, sizeof x) != 0) {
      g_string_append_printf(why, "event %zu differs (type %u/%u, rule "
                             "%s/%s)", i, a[i].type, b[i].type,
                             a[i].rule ? a[i].rule : "-",
                             b[i].rule ? b[i].rule : "-");
      return FALSE;
    }
  }
  return TRUE;
}

/* Plays one game on both rules with the same random choices; FALSE with
 * the first difference in @why.  Counts decisions in @decisions. */
static gboolean
play_both(MeepleRules *c, MeepleRules *lua, guint64 seed, GString *why,
          guint *decisions)
{
  guint players = 2 + (guint)(seed % 4);
  MeepleGame *gc = new_game(c, seed, players);
  MeepleGame *gl = new_game(lua, seed, players);
  GRand *rand = g_rand_new_with_seed((guint32)seed);
  gsize nc, nl;
  const MeepleEvent *ec = meeple_game_initial_events(gc, &nc);
  const MeepleEvent *el = meeple_game_initial_events(gl, &nl);
  gboolean ok = same_events(ec, nc, el, nl, why);
  while (ok && !meeple_game_is_over(gc)) {
    const MeepleDecision *dc = meeple_game_decision(gc);
    const MeepleDecision *dl = meeple_game_decision(gl);
    if (!dl || dc->kind != dl->kind || dc->player != dl->player ||
        dc->n_actions != dl->n_actions ||
        memcmp(dc->actions, dl->actions,
               dc->n_actions * sizeof *dc->actions) != 0) {
      g_string_append_printf(why, "decision %u differs", *decisions);
      ok = FALSE;
      break;
    }
    gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)dc->n_actions);
    GError *error = NULL;
    if (!meeple_game_apply_index(gc, pick, &ec, &nc, &error) ||
        !meeple_game_apply_index(gl, pick, &el, &nl, &error)) {
      g_string_append_printf(why, "apply: %s", error->message);
      g_error_free(error);
      ok = FALSE;
      break;
    }
    (*decisions)++;
    ok = same_events(ec, nc, el, nl, why);
  }
  for (guint p = 0; ok && p < players; p++)
    if (meeple_game_score(gc, p) != meeple_game_score(gl, p)) {
      g_string_append_printf(why, "seat %u scores %d against %d", p,
                             meeple_game_score(gc, p),
                             meeple_game_score(gl, p));
      ok = FALSE;
    }
  if (ok) {
    g_autofree char *rc = meeple_record_write(gc, NULL);
    g_autofree char *rl = meeple_record_write(gl, NULL);
    if (strcmp(rc, rl) != 0) {
      g_string_append(why, "the records differ");
      ok = FALSE;
    }
  }
  g_rand_free(rand);
  meeple_game_free(gc);
  meeple_game_free(gl);
  return ok;
}

static int
check(guint n)
{
  char *dir = lua_abbot_dir();
  MeepleRules *c = rules_from(MEEPLE_BUILD_PLUGIN_DIR);
  MeepleRules *lua = rules_from(dir);
  guint decisions = 0, failed = 0;
  for (guint64 seed = 1; seed <= n; seed++) {
    GString *why = g_string_new(NULL);
    if (!play_both(c, lua, seed, why, &decisions)) {
      printf("not ok - seed %" G_GUINT64_FORMAT ": %s\n", seed, why->str);
      failed++;
    }
    g_string_free(why, TRUE);
  }
  printf("%u games, %u decisions: %u differ between the C and the Lua "
         "abbot\n", n, decisions, failed);
  meeple_rules_unref(c);
  meeple_rules_unref(lua);
  scratch_remove(dir);
  return failed ? 1 : 0;
}

/* Plays @n random games on @rules; returns seconds, counts decisions. */
static double
time_games(MeepleRules *rules, guint n, guint *decisions)
{
  gint64 start = g_get_monotonic_time();
  for (guint64 seed = 1; seed <= n; seed++) {
    MeepleGame *g = new_game(rules, seed, 2 + (guint)(seed % 4));
    GRand *rand = g_rand_new_with_seed((guint32)seed);
    while (!meeple_game_is_over(g)) {
      const MeepleDecision *d = meeple_game_decision(g);
      gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
      meeple_game_apply_index(g, pick, NULL, NULL, NULL);
      (*decisions)++;
    }
    g_rand_free(rand);
    meeple_game_free(g);
  }
  return (double)(g_get_monotonic_time() - start) / 1e6;
}

static int
bench(guint n, guint runs)
{
  char *dir = lua_abbot_dir();
  MeepleRules *c = rules_from(MEEPLE_BUILD_PLUGIN_DIR);
  MeepleRules *lua = rules_from(dir);
  printf("abbot: C plugin against abbot.lua, %u random games a run "
         "(2-5 players), runs alternate\n", n);
  printf("%-4s %12s %12s %14s %14s %7s\n", "run", "C ms/game",
         "Lua ms/game", "C us/decision", "Lua us/decision", "ratio");
  double ratios[16];
  for (guint r = 0; r < runs && r < 16; r++) {
    guint dc = 0, dl = 0;
    double tc = time_games(c, n, &dc);
    double tl = time_games(lua, n, &dl);
    ratios[r] = tl / tc;
    printf("%-4u %12.3f %12.3f %14.2f %14.2f %7.2f\n", r + 1,
           tc * 1e3 / n, tl * 1e3 / n, tc * 1e6 / dc, tl * 1e6 / dl,
           ratios[r]);
  }
  /* the median run's ratio */
  for (guint i = 1; i < runs; i++)
    for (guint j = i; j > 0 && ratios[j] < ratios[j - 1]; j--) {
      double t = ratios[j];
      ratios[j] = ratios[j - 1];
      ratios[j - 1] = t;
    }
  printf("median ratio Lua/C: %.2f\n", ratios[runs / 2]);
  meeple_rules_unref(c);
  meeple_rules_unref(lua);
  scratch_remove(dir);
  return 0;
}

int
main(int argc, char **argv)
{
  if (argc >= 2 && strcmp(argv[1], "check") == 0)
    return check(argc > 2 ? (guint)atoi(argv[2]) : 1000);
  if (argc >= 2 && strcmp(argv[1], "bench") == 0)
    return bench(argc > 2 ? (guint)atoi(argv[2]) : 100, 5);
  fprintf(stderr, "usage: abbot-diff check [N] | bench [N]\n");
  return 2;
}
