/* cmd-bench.c — meeple-sim bench: engine speed and memory, as medians of
 * several runs.  Numbers, never pass/fail: timing is not a test. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench-playouts.h"
#include "sim.h"

/* Fresh clones timed together, so the clock's own cost (tens of ns) is
 * spread over many calls. */
#define BATCH 16
/* Games whose every decision point becomes a measured position. */
#define POSITION_GAMES 4

/* Targets from the project brief. */
#define TARGET_GAMES_PER_S 10000.0
#define TARGET_MEMORY_KIB 64.0
#define TARGET_CLONE_NS 2000.0
/* Issue 26: random playouts from a mid-game base position, one core. */
#define TARGET_PLAYOUTS_PER_S 20000.0
/* Seconds of random playouts per run and rule set. */
#define PLAYOUT_SECONDS 0.5

static gint64
now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (gint64)ts.tv_sec * G_GINT64_CONSTANT(1000000000) + ts.tv_nsec;
}

static int
compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of @values (sorted in place); 0 when empty. */
static double
median(GArray *values)
{
  if (values->len == 0)
    return 0;
  qsort(values->data, values->len, sizeof(double), compare_doubles);
  double *v = (double *)values->data;
  guint n = values->len;
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Sink for results the compiler must not optimise away. */
static volatile gsize bench_sink;

typedef struct {
  double games_per_s;
  double decisions_per_game;
  double decision_ns;       /* meeple_game_decision on a fresh clone */
  double apply_decision_ns; /* apply one action + the next decision */
  double apply_tile_ns;     /* ... when the next decision places a tile */
  double apply_figure_ns;   /* ... when it places a figure */
  double clone_ns;          /* meeple_game_clone, mid-game */
  double memory_bytes;      /* meeple_game_memory, mid-game */
  double memory_max;        /* largest meeple_game_memory seen */
  SimPlayoutFigures playouts; /* bench-playouts.h */
} RunResult;

/* Whether @game is in the middle third of its supply. */
static gboolean
mid_game(const MeepleGame *game, guint supply)
{
  guint left = meeple_game_tiles_left(game);
  return left * 3 <= supply * 2 && left * 3 >= supply;
}

/* What play_random() collects besides playing. */
typedef struct {
  GPtrArray *positions; /* a clone of every decision point */
  GArray *memory_mid;   /* meeple_game_memory() of the live game, mid-game */
  double memory_max;
  guint supply;         /* tiles drawn in a game */
} Probe;

/* Plays one random game; returns the number of decisions or -1.  With
 * @probe, memory is read from the live game itself: a clone holds exactly
 * what it needs, the game being played also its grown buffers. */
static gint64
play_random(MeepleRules *rules, guint64 seed, GRand *rand, Probe *probe,
            GError **error)
{
  MeepleGameConfig config = { .n_players = 2, .seed = seed };
  MeepleGame *game = meeple_game_new(rules, &config, error);
  if (!game)
    return -1;
  gint64 decisions = 0;
  const MeepleDecision *d;
  while ((d = meeple_game_decision(game)) != NULL) {
    if (probe) {
      g_ptr_array_add(probe->positions, meeple_game_clone(game));
      double bytes = (double)meeple_game_memory(game);
      probe->memory_max = MAX(probe->memory_max, bytes);
      if (mid_game(game, probe->supply))
        g_array_append_val(probe->memory_mid, bytes);
    }
    gsize index = d->n_actions > 1
                    ? (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions)
                    : 0;
    if (!meeple_game_apply_index(game, index, NULL, NULL, error)) {
      meeple_game_free(game);
      return -1;
    }
    decisions++;
  }
  meeple_game_free(game);
  return decisions;
}

static gboolean
bench_run(MeepleRules *rules, guint run, gint64 games_limit,
          double seconds, RunResult *result, GError **error)
{
  GRand *rand = g_rand_new_with_seed(run + 1);
  guint64 base_seed = (guint64)(run + 1) * 1000003u;

  /* 1. Whole games, one core, farmers on. */
  gint64 games = 0, decisions = 0;
  gint64 limit_ns = (gint64)(seconds * 1e9);
  gint64 start = now_ns(), elapsed = 0;
  for (;;) {
    if (games_limit > 0 && games >= games_limit)
      break;
    if (seconds > 0 && elapsed >= limit_ns)
      break;
    gint64 n = play_random(rules, base_seed + (guint64)games, rand, NULL,
                           error);
    if (n < 0) {
      g_rand_free(rand);
      return FALSE;
    }
    decisions += n;
    games++;
    elapsed = now_ns() - start;
  }
  result->games_per_s = games / (elapsed / 1e9);
  result->decisions_per_game = games ? (double)decisions / games : 0;

  /* 2. Positions: every decision point of a few games. */
  guint supply = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++)
    supply += meeple_rules_tile_type(rules, t)->count;
  Probe probe = {
    .positions =
      g_ptr_array_new_with_free_func((GDestroyNotify)meeple_game_free),
    .memory_mid = g_array_new(FALSE, FALSE, sizeof(double)),
    .supply = supply > 0 ? supply - 1 : 0, /* the start tile is not drawn */
  };
  GPtrArray *positions = probe.positions;
  for (guint g = 0; g < POSITION_GAMES; g++)
    if (play_random(rules, base_seed + 7777u + g, rand, &probe,
                    error) < 0) {
      g_ptr_array_unref(positions);
      g_array_unref(probe.memory_mid);
      g_rand_free(rand);
      return FALSE;
    }
  result->memory_bytes = median(probe.memory_mid);
  result->memory_max = probe.memory_max;
  g_array_unref(probe.memory_mid);

  GArray *decision_ns = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *apply_ns = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *apply_tile_ns = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *apply_figure_ns = g_array_new(FALSE, FALSE, sizeof(double));
  GArray *clone_ns = g_array_new(FALSE, FALSE, sizeof(double));
  MeepleGame *clones[BATCH];
  for (guint i = 0; i < positions->len; i++) {
    MeepleGame *position = g_ptr_array_index(positions, i);

    /* Legal actions as a caller pays for them: on clones that have never
     * been asked, in case the engine computes decisions lazily.  A clone
     * that copies a cached list makes this cheap, and that is honest too:
     * it is what a bot pays after cloning. */
    for (guint k = 0; k < BATCH; k++)
      clones[k] = meeple_game_clone(position);
    gint64 t0 = now_ns();
    for (guint k = 0; k < BATCH; k++)
      bench_sink += meeple_game_decision(clones[k])->n_actions;
    double per = (double)(now_ns() - t0) / BATCH;
    g_array_append_val(decision_ns, per);

    /* Applying an action and getting the next decision: what one step of
     * a game costs, wherever the engine does the work. */
    gsize n_actions = meeple_game_decision(clones[0])->n_actions;
    gsize index = (gsize)g_rand_int_range(rand, 0, (gint32)n_actions);
    for (guint k = 0; k < BATCH; k++) {
      meeple_game_free(clones[k]);
      clones[k] = meeple_game_clone(position);
    }
    t0 = now_ns();
    for (guint k = 0; k < BATCH; k++) {
      meeple_game_apply_index(clones[k], index, NULL, NULL, NULL);
      const MeepleDecision *d = meeple_game_decision(clones[k]);
      bench_sink += d ? d->n_actions : 0;
    }
    per = (double)(now_ns() - t0) / BATCH;
    g_array_append_val(apply_ns, per);
    /* Split by what the engine had to list next: a tile decision means
     * scoring, drawing and enumerating placements; a figure decision
     * means enumerating the segments of the new tile. */
    const MeepleDecision *next = meeple_game_decision(clones[0]);
    if (next && next->kind == MEEPLE_DECISION_PLACE_TILE)
      g_array_append_val(apply_tile_ns, per);
    else if (next && next->kind == MEEPLE_DECISION_PLACE_FIGURE)
      g_array_append_val(apply_figure_ns, per);
    for (guint k = 0; k < BATCH; k++)
      meeple_game_free(clones[k]);

    if (!mid_game(position, probe.supply))
      continue;
    t0 = now_ns();
    for (guint k = 0; k < BATCH; k++)
      clones[k] = meeple_game_clone(position);
    per = (double)(now_ns() - t0) / BATCH;
    g_array_append_val(clone_ns, per);
    for (guint k = 0; k < BATCH; k++)
      meeple_game_free(clones[k]);
  }
  result->decision_ns = median(decision_ns);
  result->apply_decision_ns = median(apply_ns);
  result->apply_tile_ns = median(apply_tile_ns);
  result->apply_figure_ns = median(apply_figure_ns);
  result->clone_ns = median(clone_ns);
  g_array_unref(decision_ns);
  g_array_unref(apply_ns);
  g_array_unref(apply_tile_ns);
  g_array_unref(apply_figure_ns);
  g_array_unref(clone_ns);
  g_ptr_array_unref(positions);
  g_rand_free(rand);
  return TRUE;
}

/* Median and range of one field over the runs. */
static void
summarise(const RunResult *runs, guint n, gsize offset, double *med,
          double *lo, double *hi)
{
  GArray *values = g_array_new(FALSE, FALSE, sizeof(double));
  for (guint i = 0; i < n; i++) {
    double v = *(const double *)((const char *)&runs[i] + offset);
    g_array_append_val(values, v);
  }
  *med = median(values);
  *lo = g_array_index(values, double, 0);
  *hi = g_array_index(values, double, values->len - 1);
  g_array_unref(values);
}

/* Width of the measure column: at least 38, wider for the rows that
 * name a long rule-set label, so the table keeps its columns. */
static int measure_width = 38;

static void
row(GString *out, const char *what, double med, double lo, double hi,
    int decimals, const char *unit, const char *target, gboolean has_target,
    gboolean met)
{
  char value[32], range[48];
  g_snprintf(value, sizeof value, "%.*f%s%s", decimals, med,
             *unit ? " " : "", unit);
  g_snprintf(range, sizeof range, "%.*f..%.*f", decimals, lo, decimals, hi);
  g_string_append_printf(out, "%-*s %16s  %-17s %-12s %s", measure_width,
                         what, value,
                         range, target,
                         has_target ? (met ? "ok" : "MISSED") : "");
  /* No trailing blanks when a row has no target. */
  while (out->len && out->str[out->len - 1] == ' ')
    g_string_truncate(out, out->len - 1);
  g_string_append_c(out, '\n');
}

int
sim_cmd_bench(int argc, char **argv)
{
  int games = 0, runs = 5;
  double seconds = 0;
  g_autofree char *tiles_dir = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games,
      "Games per run for the games/s figure (default: as many as fit in "
      "--seconds)", "N" },
    { "seconds", 's', 0, G_OPTION_ARG_DOUBLE, &seconds,
      "Time per run for the games/s figure (default: 1; with --games the "
      "run ends at whichever limit comes first)", "S" },
    { "runs", 'r', 0, G_OPTION_ARG_INT, &runs,
      "Runs; every figure is the median of the runs (default: 5)", "R" },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory holding base.tiles", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      SIM_PLUGIN_DIR_HELP, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("- measure engine speed "
                                                 "and memory");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Plays random 2-player base games (farmers on) on one core and prints,\n"
    "as medians over the runs: full games per second; the cost of\n"
    "meeple_game_decision() on fresh clones at every decision point of a\n"
    "few games; the cost of applying one action and getting the next\n"
    "decision; the cost of meeple_game_clone() and meeple_game_memory()\n"
    "for mid-game states.  Targets: >= 10,000 games/s, clone < 2 us,\n"
    "< 64 KiB per game.  Missing a target does not change the exit status.\n"
    "\n"
    "When plugins are loaded, every run also plays the same kind of games\n"
    "with all of them enabled, and rows labelled with the rule sets\n"
    "(\"full games per second (base+abbot)\") give games per second,\n"
    "decisions per game and the apply cost for those games, next to the\n"
    "base game's.  Plugins that could not be loaded are reported as\n"
    "warnings on standard error.\n");
  int status = sim_parse_options(context, "bench", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;
  if (argc > 1)
    return sim_usage_error("bench", "unexpected argument '%s'", argv[1]);
  if (games < 0)
    return sim_usage_error("bench", "--games must be positive");
  if (seconds < 0 || seconds > 3600)
    return sim_usage_error("bench", "--seconds must be in 0..3600");
  if (runs < 1 || runs > 1000)
    return sim_usage_error("bench", "--runs must be 1..1000");
  /* Only --games given: play exactly that many; neither: one second. */
  if (seconds == 0 && games == 0)
    seconds = 1;

  GError *error = NULL;
  MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir, TRUE, TRUE,
                                        &error);
  if (!loader) {
    status = sim_fail(error);
    g_error_free(error);
    return status;
  }
  MeepleRules *rules = NULL;
  status = sim_build_rules(loader, "bench", NULL, &rules);
  /* Every loaded plugin at once, the most the engine has to do; one that
   * conflicts with those before it (in load order) is left out. */
  GPtrArray *plugin_ids = g_ptr_array_new();
  g_ptr_array_add(plugin_ids, NULL);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *info = meeple_loader_plugin(loader, i);
    if (!info->loaded)
      continue;
    plugin_ids->pdata[plugin_ids->len - 1] = (gpointer)info->id;
    g_ptr_array_add(plugin_ids, NULL);
    GError *conflict = NULL;
    if (!meeple_loader_check_rulesets(
            loader, (const char *const *)plugin_ids->pdata, &conflict)) {
      g_printerr(SIM_NAME ": warning: bench leaves '%s' out of the games "
                 "with plugins: %s\n", info->id, conflict->message);
      g_error_free(conflict);
      g_ptr_array_remove_index(plugin_ids, plugin_ids->len - 1);
      plugin_ids->pdata[plugin_ids->len - 1] = NULL;
    }
  }
  MeepleRules *plugin_rules = NULL;
  char *label = NULL; /* "base+abbot" */
  if (status == SIM_EXIT_OK && plugin_ids->len > 1) {
    status = sim_build_rules(loader, "bench",
                             (const char *const *)plugin_ids->pdata,
                             &plugin_rules);
    label = g_strjoinv("+", (char **)plugin_ids->pdata);
    char *with_base = g_strconcat("base+", label, NULL);
    g_free(label);
    label = with_base;
  }
  g_ptr_array_unref(plugin_ids);
  meeple_loader_unref(loader);
  if (status != SIM_EXIT_OK) {
    g_clear_pointer(&rules, meeple_rules_unref);
    g_free(label);
    return status;
  }

  RunResult *results = g_new0(RunResult, (gsize)runs);
  RunResult *plugin_results = g_new0(RunResult, (gsize)runs);
  for (int r = 0; r < runs; r++) {
    /* Base and plugin games take turns, so both see the same machine. */
    const char *which = "base";
    gboolean ok = sim_bench_playouts(rules, PLAYOUT_SECONDS, (guint)r,
                                     &results[r].playouts, &error) &&
                  (!plugin_rules ||
                   sim_bench_playouts(plugin_rules, PLAYOUT_SECONDS, (guint)r,
                                      &plugin_results[r].playouts, &error));
    ok = ok && bench_run(rules, (guint)r, games, seconds, &results[r],
                            &error);
    if (ok && plugin_rules) {
      which = label;
      ok = bench_run(plugin_rules, (guint)r, games, seconds,
                     &plugin_results[r], &error);
    }
    if (!ok) {
      g_printerr(SIM_NAME ": engine error during bench (%s): %s\n", which,
                 error->message);
      g_error_free(error);
      g_free(results);
      g_free(plugin_results);
      g_free(label);
      meeple_rules_unref(rules);
      g_clear_pointer(&plugin_rules, meeple_rules_unref);
      return SIM_EXIT_FAILURE;
    }
  }

  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "meeple-sim bench: %d run%s, random 2-player "
                         "base games, farmers on, one core\n", runs,
                         runs == 1 ? "" : "s");
  if (plugin_rules) {
    char *sets = sim_rulesets_text(plugin_rules, ", ");
    g_string_append_printf(out, "rows marked (%s): the same games with "
                           "the loaded plugins enabled (%s)\n", label, sets);
    g_free(sets);
  } else {
    g_string_append(out, "note: no plugin loaded; no rows with plugins\n");
  }
  if (games > 0)
    g_string_append_printf(out, "games/s from %d games per run%s\n", games,
                           seconds > 0 ? " (or the time limit)" : "");
  else
    g_string_append_printf(out, "games/s from %.3g s of play per run\n",
                           seconds);
#if !defined(__OPTIMIZE__)
  g_string_append(out, "note: meeple-sim was built without optimisation; "
                  "figures are pessimistic\n");
#endif
#if defined(__SANITIZE_ADDRESS__)
  g_string_append(out, "note: built with AddressSanitizer; figures are "
                  "pessimistic\n");
#endif
  /* The longest measure with a label: "full games per second (…)". */
  if (plugin_rules)
    measure_width = MAX(38, (int)g_utf8_strlen("search iterations/s, "
                                               "mid-game ()", -1) +
                              (int)g_utf8_strlen(label, -1));
  g_string_append_printf(out, "%-*s %16s  %-17s %-12s %s\n", measure_width,
                         "measure", "median", "range over runs", "target",
                         "status");
  double med, lo, hi;
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, games_per_s),
            &med, &lo, &hi);
  row(out, "full games per second", med, lo, hi, 0, "games/s", ">= 10000",
      TRUE, med >= TARGET_GAMES_PER_S);
  char what[128];
  if (plugin_rules) {
    summarise(plugin_results, (guint)runs,
              G_STRUCT_OFFSET(RunResult, games_per_s), &med, &lo, &hi);
    g_snprintf(what, sizeof what, "full games per second (%s)", label);
    row(out, what, med, lo, hi, 0, "games/s", "", FALSE, FALSE);
  }
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, decisions_per_game), &med, &lo, &hi);
  row(out, "decisions per game", med, lo, hi, 1, "", "", FALSE, FALSE);
  if (plugin_rules) {
    summarise(plugin_results, (guint)runs,
              G_STRUCT_OFFSET(RunResult, decisions_per_game), &med, &lo,
              &hi);
    g_snprintf(what, sizeof what, "decisions per game (%s)", label);
    row(out, what, med, lo, hi, 1, "", "", FALSE, FALSE);
  }
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, decision_ns),
            &med, &lo, &hi);
  row(out, "legal actions, fresh clone (decision)", med, lo, hi, 0, "ns", "",
      FALSE, FALSE);
  /* A stored list costs a few ns to return: the enumeration then happens
   * inside meeple_game_apply(), and the apply rows are its price. */
  gboolean eager = med < 20;
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, apply_decision_ns), &med, &lo, &hi);
  row(out, "apply + next decision", med, lo, hi, 0, "ns", "", FALSE, FALSE);
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, apply_tile_ns),
            &med, &lo, &hi);
  row(out, "  ... next is a tile placement", med, lo, hi, 0, "ns", "", FALSE,
      FALSE);
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, apply_figure_ns), &med, &lo, &hi);
  row(out, "  ... next is a figure placement", med, lo, hi, 0, "ns", "",
      FALSE, FALSE);
  if (plugin_rules) {
    summarise(plugin_results, (guint)runs,
              G_STRUCT_OFFSET(RunResult, apply_decision_ns), &med, &lo, &hi);
    g_snprintf(what, sizeof what, "apply + next decision (%s)", label);
    row(out, what, med, lo, hi, 0, "ns", "", FALSE, FALSE);
  }
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, clone_ns),
            &med, &lo, &hi);
  row(out, "clone, mid-game", med, lo, hi, 0, "ns", "< 2000 ns", TRUE,
      med < TARGET_CLONE_NS);
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, memory_bytes),
            &med, &lo, &hi);
  char target[32];
  g_snprintf(target, sizeof target, "< %.0f KiB", TARGET_MEMORY_KIB);
  row(out, "memory per live game, mid-game", med / 1024, lo / 1024,
      hi / 1024, 1, "KiB", target, TRUE, med < TARGET_MEMORY_KIB * 1024);
  summarise(results, (guint)runs, G_STRUCT_OFFSET(RunResult, memory_max),
            &med, &lo, &hi);
  row(out, "memory per live game, largest seen", med / 1024, lo / 1024,
      hi / 1024, 1, "KiB", "", FALSE, FALSE);
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, playouts.playouts_per_s), &med, &lo,
            &hi);
  row(out, "random playouts/s to the end, mid-game", med, lo, hi, 0, "/s",
      ">= 20000", TRUE, med >= TARGET_PLAYOUTS_PER_S);
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, playouts.decisions_per_playout), &med,
            &lo, &hi);
  row(out, "  ... decisions per playout", med, lo, hi, 1, "", "", FALSE,
      FALSE);
  summarise(results, (guint)runs,
            G_STRUCT_OFFSET(RunResult, playouts.search_per_s), &med, &lo,
            &hi);
  row(out, "search iterations/s, mid-game", med, lo, hi, 0, "/s", "", FALSE,
      FALSE);
  if (plugin_rules) {
    summarise(plugin_results, (guint)runs,
              G_STRUCT_OFFSET(RunResult, playouts.playouts_per_s), &med, &lo,
              &hi);
    g_snprintf(what, sizeof what, "random playouts/s, mid-game (%s)", label);
    row(out, what, med, lo, hi, 0, "/s", "", FALSE, FALSE);
    summarise(plugin_results, (guint)runs,
              G_STRUCT_OFFSET(RunResult, playouts.search_per_s), &med, &lo,
              &hi);
    g_snprintf(what, sizeof what, "search iterations/s, mid-game (%s)",
               label);
    row(out, what, med, lo, hi, 0, "/s", "", FALSE, FALSE);
  }
  g_string_append(out, "note: the anchor, a Java UCT bot, plays 193-215 "
                  "playouts/s on this kind of machine (README, Bots)\n");
  if (eager)
    g_string_append(out, "note: meeple_game_decision() returns a list that "
                    "meeple_game_apply() already built\n"
                    "(and meeple_game_clone() copies): listing the legal "
                    "actions is part of the apply rows.\n");
  if (!sim_write(stdout, out->str, out->len))
    status = SIM_EXIT_FAILURE;
  g_string_free(out, TRUE);
  g_free(results);
  g_free(plugin_results);
  g_free(label);
  meeple_rules_unref(rules);
  g_clear_pointer(&plugin_rules, meeple_rules_unref);
  return status;
}
