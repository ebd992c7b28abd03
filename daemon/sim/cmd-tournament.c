/* cmd-tournament.c — meeple-sim tournament: N games between strategies,
 * every seed played once from every seat (the seats rotated, the same
 * tile order and generators), then win rates, scores and Elo. */
#include "config.h"

#include <string.h>

#include "match.h"
#include "sim.h"
#include "tournament.h"
#include "tournament-log.h"

#define DEFAULT_GAMES 20

typedef struct {
  MeepleRules *rules;
  const MeepleStrategy *strategies;
  guint n_players;
  gboolean no_farmers;
  guint64 seed;
  guint n_games;
  SimGameResult *results;
  GError **errors;          /* per game, NULL when it went well */
  gint next;                /* next game to play (atomic) */
  gboolean *done;           /* per game: already in the --resume log */
  SimTournamentLog *log;    /* --resume; NULL without */
  gboolean verbose;
  GMutex lock;              /* stderr lines of --verbose, the log */
  char **names;
} Tournament;


static void
play_one(Tournament *t, guint g)
{
  guint n = t->n_players;
  /* Game g plays seed set g / n with the seats turned by g % n: strategy
   * s sits at seat (s + g) % n. */
  guint turn = g % n;
  SimGameResult *r = &t->results[g];
  MeepleStrategy seats[MEEPLE_MAX_PLAYERS];
  r->seed = sim_tournament_game_seed(t->seed, g, n);
  r->n_players = n;
  for (guint s = 0; s < n; s++) {
    guint seat = (s + turn) % n;
    r->strategy[seat] = s;
    seats[seat] = t->strategies[s];
  }
  MeepleGameConfig config = {
    .n_players = n,
    .seed = r->seed,
    .no_farmers = t->no_farmers,
  };
  SimMatchStats stats;
  /* The players' seed is the game's: a mirrored game gives each strategy
   * the generator the other had, seat for seat. */
  MeepleGame *game = sim_match_play(t->rules, &config, seats, r->seed,
                                    &stats, &t->errors[g]);
  if (!game)
    return;
  for (guint p = 0; p < n; p++) {
    r->score[p] = meeple_game_score(game, p);
    r->think[p] = stats.think[p];
    r->iterations[p] = stats.iterations[p];
  }
  /* Moves per seat, from the game's history: a move is a seat's run of
   * actions until another seat acts (strategy.h), what a think time is
   * given for. */
  gsize n_history;
  const MeepleHistoryEntry *h = meeple_game_history(game, &n_history);
  for (gsize i = 0; i < n_history; i++)
    if (h[i].player < n && (i == 0 || h[i - 1].player != h[i].player))
      r->moves[h[i].player]++;
  r->fallbacks = stats.fallbacks;
  meeple_game_free(game);
  g_mutex_lock(&t->lock);
  if (t->log)
    sim_tournament_log_add(t->log, g, r, &t->errors[g]);
  if (t->verbose) {
    g_printerr("game %u/%u seed %" G_GUINT64_FORMAT ":", g + 1, t->n_games,
               r->seed);
    for (guint p = 0; p < n; p++)
      g_printerr(" %s %d", t->names[r->strategy[p]], r->score[p]);
    if (r->fallbacks)
      g_printerr(" (%" G_GUINT64_FORMAT " fallbacks)", r->fallbacks);
    g_printerr("\n");
  }
  g_mutex_unlock(&t->lock);
}

static gpointer
worker(gpointer data)
{
  Tournament *t = data;
  for (;;) {
    gint g = g_atomic_int_add(&t->next, 1);
    if (g < 0 || (guint)g >= t->n_games)
      return NULL;
    if (!t->done[g])
      play_one(t, (guint)g);
  }
}

int
sim_cmd_tournament(int argc, char **argv)
{
  g_autofree char *strategy_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *tiles_dir = NULL;
  g_autofree char *rules_text = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  g_autofree char *resume = NULL;
  int n_games_opt = DEFAULT_GAMES;
  int jobs = 1;
  gboolean no_farmers = FALSE, json = FALSE, verbose = FALSE;
  GOptionEntry entries[] = {
    { "strategies", 0, 0, G_OPTION_ARG_STRING, &strategy_text,
      "The strategies, one per seat: random, greedy or search[:SETTINGS], "
      "comma-separated (default: greedy,random)", "S,S[,...]" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &n_games_opt,
      "Number of games, rounded up to a multiple of the player count "
      "(default: 20)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      "Tournament seed; each set of mirrored games gets its own seed from "
      "it (default: 1)", "N" },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      "Comma-separated rule sets besides the base game", "ID[,ID...]" },
    { "no-farmers", 0, 0, G_OPTION_ARG_NONE, &no_farmers,
      "Play without farmers and field scoring", NULL },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      "Games played at once, each on its own thread (default: 1)", "N" },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
      "Keep every finished game in FILE, and skip the games already in it: "
      "run the same command again to go on after a stop", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      "Print the results as one JSON object", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      "Print each game's scores on standard error as it ends", NULL },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory holding base.tiles", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      SIM_PLUGIN_DIR_HELP, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("- games between "
                                                 "strategies");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Plays games between computer players, one strategy per seat, and\n"
    "prints per strategy: games, wins (a shared first place counts 1/k),\n"
    "win rate with its 95% Wilson interval, mean score, mean margin over\n"
    "the best opponent, Elo against the first strategy (from their\n"
    "head-to-head results in the same games) with its 95% interval, think\n"
    "time and search playouts per move.\n"
    "\n"
    "Every seed is played once from every seat: with two strategies, game\n"
    "1 and game 2 have the same tiles and the same generators, the seats\n"
    "swapped, so luck of the draw cancels out.  The same options give the\n"
    "same results, unless a search has a think time (then the clock\n"
    "decides how far it gets): give searches an iteration limit\n"
    "('search:2000') for results that can be reproduced.\n"
    "\n"
    "With --resume FILE every finished game is appended to FILE (and\n"
    "synced to the disk); run the same command again and the games in\n"
    "FILE are not played again, so a long tournament survives a stop.  A\n"
    "FILE written with other options is refused.\n");
  int status = sim_parse_options(context, "tournament", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;
  if (argc > 1)
    return sim_usage_error("tournament", "unexpected argument '%s'",
                           argv[1]);
  g_auto(GStrv) rule_ids = NULL;
  if (rules_text) {
    status = sim_parse_ruleset_list("tournament", rules_text, &rule_ids);
    if (status != SIM_EXIT_OK)
      return status;
  }
  g_auto(GStrv) names = sim_split_strategies(strategy_text ? strategy_text
                                                 : "greedy,random");
  guint n_players = g_strv_length(names);
  if (n_players < 2 || n_players > MEEPLE_MAX_PLAYERS)
    return sim_usage_error("tournament", "--strategies must name 2..%d "
                           "strategies, one per seat, not %u",
                           MEEPLE_MAX_PLAYERS, n_players);
  MeepleStrategy strategies[MEEPLE_MAX_PLAYERS];
  for (guint s = 0; s < n_players; s++) {
    GError *bad = NULL;
    if (!meeple_strategy_parse(names[s], &strategies[s], &bad)) {
      status = sim_usage_error("tournament", "--strategies: %s",
                               bad->message);
      g_error_free(bad);
      return status;
    }
  }
  if (n_games_opt < 1 || n_games_opt > 1000000)
    return sim_usage_error("tournament", "--games must be 1..1000000, not "
                           "%d", n_games_opt);
  if (jobs < 1 || jobs > 256)
    return sim_usage_error("tournament", "--jobs must be 1..256, not %d",
                           jobs);
  guint64 seed = 1;
  if (seed_text) {
    GError *bad = NULL;
    if (!g_ascii_string_to_unsigned(seed_text, 10, 0, G_MAXUINT64, &seed,
                                    &bad)) {
      status = sim_usage_error("tournament", "--seed: %s", bad->message);
      g_error_free(bad);
      return status;
    }
  }
  guint n_games = ((guint)n_games_opt + n_players - 1) / n_players *
                  n_players;

  GError *error = NULL;
  MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir, TRUE, TRUE,
                                        &error);
  if (!loader) {
    status = sim_fail(error);
    g_error_free(error);
    return status;
  }
  MeepleRules *rules = NULL;
  status = sim_build_rules(loader, "tournament",
                           (const char *const *)rule_ids, &rules);
  meeple_loader_unref(loader);
  if (status != SIM_EXIT_OK)
    return status;

  gboolean *done = g_new0(gboolean, n_games);
  SimGameResult *results = g_new0(SimGameResult, n_games);
  SimTournamentLog *log = NULL;
  char *sets = sim_rulesets_text(rules, " ");
  if (resume) {
    /* What makes two runs the same tournament; --jobs and --json do not
     * change the games. */
    char *settings = g_strdup_printf(
      "strategies %s; rules %s; players %u; games %u; seed %"
      G_GUINT64_FORMAT "; farmers %s", strategy_text ? strategy_text
                                                      : "greedy,random",
      sets, n_players, n_games, seed, no_farmers ? "off" : "on");
    guint n_done = 0;
    log = sim_tournament_log_open(resume, settings, n_games, n_players,
                                  seed, results, done, &n_done, &error);
    g_free(settings);
    if (!log) {
      status = sim_fail(error);
      g_error_free(error);
      g_free(sets);
      g_free(done);
      g_free(results);
      meeple_rules_unref(rules);
      return status;
    }
    if (n_done == n_games)
      g_printerr(SIM_NAME " tournament: %s has all %u games\n", resume,
                 n_games);
    else if (n_done)
      g_printerr(SIM_NAME " tournament: %s has %u of the %u games; playing "
                 "the other %u\n", resume, n_done, n_games,
                 n_games - n_done);
  }
  Tournament t = {
    .rules = rules,
    .strategies = strategies,
    .n_players = n_players,
    .no_farmers = no_farmers,
    .seed = seed,
    .n_games = n_games,
    .results = results,
    .errors = g_new0(GError *, n_games),
    .done = done,
    .log = log,
    .verbose = verbose,
    .names = names,
  };
  g_mutex_init(&t.lock);
  guint n_threads = MIN((guint)jobs, n_games);
  if (n_threads == 1) {
    worker(&t);
  } else {
    GThread **threads = g_new(GThread *, n_threads);
    for (guint i = 0; i < n_threads; i++)
      threads[i] = g_thread_new("tournament", worker, &t);
    for (guint i = 0; i < n_threads; i++)
      g_thread_join(threads[i]);
    g_free(threads);
  }
  g_mutex_clear(&t.lock);
  for (guint g = 0; g < n_games && status == SIM_EXIT_OK; g++)
    if (t.errors[g]) {
      g_printerr(SIM_NAME ": game %u (seed %" G_GUINT64_FORMAT "): %s\n",
                 g + 1, t.results[g].seed, t.errors[g]->message);
      status = SIM_EXIT_FAILURE;
    }
  if (status == SIM_EXIT_OK) {
    SimStrategySummary summaries[MEEPLE_MAX_PLAYERS];
    sim_tournament_summarise(t.results, n_games, n_players, summaries);
    GString *out = g_string_new(NULL);
    if (json) {
      sim_tournament_json(out, sets, n_players, n_games, seed,
                          (const char *const *)names, n_players, summaries,
                          t.results, n_games);
    } else {
      char *header = g_strdup_printf(
        "%u games, %u players, seats rotated; rules %s; farmers %s; "
        "seed %" G_GUINT64_FORMAT, n_games, n_players, sets,
        no_farmers ? "off" : "on", seed);
      sim_tournament_table(out, header, (const char *const *)names,
                           n_players, summaries);
      g_free(header);
    }
    if (!sim_write(stdout, out->str, out->len))
      status = SIM_EXIT_FAILURE;
    g_string_free(out, TRUE);
  }
  g_free(sets);
  sim_tournament_log_close(log);
  g_free(done);
  for (guint g = 0; g < n_games; g++)
    g_clear_error(&t.errors[g]);
  g_free(t.errors);
  g_free(t.results);
  meeple_rules_unref(rules);
  return status;
}
