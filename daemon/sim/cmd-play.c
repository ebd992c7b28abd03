/* cmd-play.c — meeple-sim play: one full headless game between computer
 * players; prints its record, then the board and the scores. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "match.h"
#include "render.h"
#include "sim.h"

/* A seed from the clock and the process id, mixed with SplitMix64 so that
 * two runs in the same microsecond still differ. */
static guint64
seed_from_time(void)
{
  guint64 z = (guint64)g_get_real_time() ^ ((guint64)getpid() << 40) ^
              (guint64)g_get_monotonic_time() * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int
sim_cmd_play(int argc, char **argv)
{
  g_autofree char *seed_text = NULL;
  g_autofree char *strategy_text = NULL;
  g_autofree char *names_text = NULL;
  g_autofree char *output = NULL;
  g_autofree char *tiles_dir = NULL;
  g_autofree char *rules_text = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  int n_players_opt = 0;
  gboolean no_farmers = FALSE;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
      "Seed of the game (0..2^64-1); default: from the clock", "N" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &n_players_opt,
      "Number of players, 2..6 (default: 2, or as many as --strategy or "
      "--names list)", "N" },
    { "strategy", 0, 0, G_OPTION_ARG_STRING, &strategy_text,
      "Computer player per seat: random, greedy or search[:SETTINGS]; one "
      "for every seat or a comma-separated list, seat 1 first (default: "
      "random)",
      "S[,S...]" },
    { "names", 'n', 0, G_OPTION_ARG_STRING, &names_text,
      "Comma-separated player names, seat 1 first (default: "
      "\"Random 1\", \"Greedy 2\", ...)", "A,B,..." },
    { "no-farmers", 0, 0, G_OPTION_ARG_NONE, &no_farmers,
      "Play without farmers and field scoring", NULL },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      "Comma-separated rule sets to play with besides the base game, with "
      "the ones they require (default: the base game only; 'meeple-sim "
      "rules' lists them)", "ID[,ID...]" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the game record to FILE instead of standard output", "FILE" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
      "Print only the record, not the board and the scores", NULL },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory holding base.tiles", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      SIM_PLUGIN_DIR_HELP, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("- play a headless game");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Plays one full game between computer players and prints its record\n"
    "(doc/game-record.md).  The record goes to standard output, or to FILE\n"
    "with --output; the final board and scores then go to standard error,\n"
    "or to standard output when the record went to FILE.  The seed is\n"
    "always part of the record, so every game can be replayed; the same\n"
    "seed, player count, strategies and options give the same output.\n"
    "\n"
    "Rule sets: the base game, plus every expansion plugin named with\n"
    "--rules and the ones it requires.  The record's 'rules' line names\n"
    "them with their versions (\"rules base/1.0 abbot/1.0\").  A rule set\n"
    "that is not installed, or two that conflict, is a usage error (exit\n"
    "status 2); one that is installed but could not be loaded is exit\n"
    "status 1.  Plugins that could not be loaded are reported on standard\n"
    "error as warnings, whether they are asked for or not.\n"
    "\n"
    "Strategies (the bot library's, as in 'meeple bot'; meeple-sim(1)):\n"
    "random picks uniformly among the legal actions; greedy tries each one\n"
    "on a game rebuilt from what the seat has seen (a tile placement with\n"
    "its best figure option) and keeps the one that most improves its lead\n"
    "over the best opponent; search is a Monte Carlo tree search over the\n"
    "tiles the seat has not seen ('search' thinks 1 s a move;\n"
    "'search:2000' runs 2,000 playouts a move and is reproducible;\n"
    "'search:medium', 'search:0.5s', 'search:threads=2').  Every seat draws\n"
    "from its own generator seeded with the game seed.\n");
  int status = sim_parse_options(context, "play", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;
  if (argc > 1)
    return sim_usage_error("play", "unexpected argument '%s'", argv[1]);
  g_auto(GStrv) rule_ids = NULL;
  if (rules_text) {
    status = sim_parse_ruleset_list("play", rules_text, &rule_ids);
    if (status != SIM_EXIT_OK)
      return status;
  }

  /* Strategies and names decide the player count when --players is
   * absent; with it, they must agree with it. */
  g_auto(GStrv) strategy_list = sim_split_strategies(strategy_text
                                                     ? strategy_text
                                                     : "random");
  g_auto(GStrv) name_list = names_text ? sim_split_list(names_text) : NULL;
  guint n_strategies = g_strv_length(strategy_list);
  guint n_names = name_list ? g_strv_length(name_list) : 0;
  MeepleStrategy strategies[MEEPLE_MAX_PLAYERS];
  if (n_strategies > MEEPLE_MAX_PLAYERS)
    return sim_usage_error("play", "--strategy lists %u players; at most %d "
                           "can play", n_strategies, MEEPLE_MAX_PLAYERS);
  for (guint i = 0; i < n_strategies; i++) {
    GError *bad = NULL;
    if (!meeple_strategy_parse(strategy_list[i], &strategies[i], &bad)) {
      status = sim_usage_error("play", "--strategy: %s", bad->message);
      g_error_free(bad);
      return status;
    }
  }
  guint n_players;
  if (n_players_opt != 0) {
    if (n_players_opt < 2 || n_players_opt > MEEPLE_MAX_PLAYERS)
      return sim_usage_error("play", "--players must be 2..%d, not %d",
                             MEEPLE_MAX_PLAYERS, n_players_opt);
    n_players = (guint)n_players_opt;
  } else {
    n_players = MAX(2u, MAX(n_strategies > 1 ? n_strategies : 0, n_names));
  }
  if (n_strategies != 1 && n_strategies != n_players)
    return sim_usage_error("play", "--strategy lists %u strategies for %u "
                           "players (give one, or one per seat)",
                           n_strategies, n_players);
  if (n_names > n_players)
    return sim_usage_error("play", "--names lists %u names for %u players",
                           n_names, n_players);
  if (n_players > MEEPLE_MAX_PLAYERS)
    return sim_usage_error("play", "at most %d players can play",
                           MEEPLE_MAX_PLAYERS);

  char *names[MEEPLE_MAX_PLAYERS + 1] = { NULL };
  for (guint p = 0; p < n_players; p++) {
    const MeepleStrategy *s = &strategies[n_strategies == 1 ? 0 : p];
    if (p < n_names) {
      const char *name = name_list[p];
      if (!*name || strpbrk(name, "\n\r") ||
          !g_utf8_validate(name, -1, NULL)) {
        status = sim_usage_error("play", "player name %u is empty or not "
                                 "one line of UTF-8", p + 1);
        goto out_names;
      }
      names[p] = g_strdup(name);
    } else {
      /* The strategy in the default name makes a record self-describing. */
      const char *kind = meeple_strategy_kind_name(s->kind);
      names[p] = g_strdup_printf("%c%s %u", g_ascii_toupper(kind[0]),
                                 kind + 1, p + 1);
    }
  }

  guint64 seed = 0;
  if (seed_text) {
    GError *error = NULL;
    if (!g_ascii_string_to_unsigned(seed_text, 10, 0, G_MAXUINT64, &seed,
                                    &error)) {
      status = sim_usage_error("play", "--seed: %s", error->message);
      g_error_free(error);
      goto out_names;
    }
  } else {
    seed = seed_from_time();
  }

  GError *error = NULL;
  MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir, TRUE, TRUE,
                                        &error);
  if (!loader) {
    status = sim_fail(error);
    g_error_free(error);
    goto out_names;
  }
  MeepleRules *rules = NULL;
  status = sim_build_rules(loader, "play", (const char *const *)rule_ids,
                           &rules);
  /* The rules keep what they need of the loader alive. */
  meeple_loader_unref(loader);
  if (status != SIM_EXIT_OK)
    goto out_names;
  MeepleGameConfig config = {
    .n_players = n_players,
    .seed = seed,
    .no_farmers = no_farmers,
  };
  MeepleStrategy seat_strategies[MEEPLE_MAX_PLAYERS];
  for (guint p = 0; p < n_players; p++)
    seat_strategies[p] = strategies[n_strategies == 1 ? 0 : p];
  MeepleGame *game = sim_match_play(rules, &config, seat_strategies, seed,
                                    NULL, &error);
  if (!game) {
    g_printerr(SIM_NAME ": %s\n", error->message);
    g_error_free(error);
    meeple_rules_unref(rules);
    status = SIM_EXIT_FAILURE;
    goto out_names;
  }

  char *record = meeple_record_write(game, (const char *const *)names);
  if (output) {
    if (!g_file_set_contents(output, record, -1, &error)) {
      status = sim_fail(error);
      g_clear_error(&error);
    }
  } else if (!sim_write(stdout, record, strlen(record))) {
    status = SIM_EXIT_FAILURE;
  }
  g_free(record);

  if (status == SIM_EXIT_OK && !quiet) {
    /* Keep standard output a pure record when the record is on it. */
    FILE *stream = output ? stdout : stderr;
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "Seed %" G_GUINT64_FORMAT ", %u players:",
                           seed, n_players);
    for (guint p = 0; p < n_players; p++) {
      char *what = meeple_strategy_to_string(&seat_strategies[p]);
      g_string_append_printf(text, "%s %s (%s)", p ? "," : "", names[p],
                             what);
      g_free(what);
    }
    char *sets = sim_rulesets_text(rules, ", ");
    g_string_append_printf(text, "; rule sets %s; farmers %s\n", sets,
                           no_farmers ? "off" : "on");
    g_free(sets);
    sim_render_board(text, game, sim_board_flags(stream));
    sim_render_legend(text, rules, sim_board_flags(stream));
    sim_render_scores(text, game, (const char *const *)names);
    if (!sim_write(stream, text->str, text->len))
      status = SIM_EXIT_FAILURE;
    g_string_free(text, TRUE);
  }

  meeple_game_free(game);
  meeple_rules_unref(rules);
out_names:
  for (guint p = 0; p < n_players; p++)
    g_free(names[p]);
  return status;
}
