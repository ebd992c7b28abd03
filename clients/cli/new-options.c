/* new-options.c — the options that describe a new game, shared by
 * `meeple new` and `meeple play --new`, and the CreateGame call. */
#include "config.h"

#include <string.h>

#include "cli.h"
#include "bot/strategy.h"

void
cli_new_options_add(GOptionContext *context, CliNewOptions *o,
                    const char *name_option)
{
  memset(o, 0, sizeof *o);
  o->bots = -1;
  /* GOption copies the entries, so a local array is enough. */
  const GOptionEntry entries[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, &o->rules,
      "Rule sets to play with besides the base game, comma-separated ('"
      CLI_NAME " rules' lists them)", "ID[,ID...]" },
    { "seats", 0, 0, G_OPTION_ARG_INT, &o->seats,
      "Number of seats, 2 to 6 (default: 2, or as many as --seat-kinds "
      "lists)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o->seed,
      "Seed of the tile order, 0 to 2^64-1 (default: the daemon picks one)",
      "N" },
    { "tiles", 0, 0, G_OPTION_ARG_STRING, &o->tiles,
      "An explicit supply: tile ids in the order they are drawn, separated "
      "by blanks or commas; the start tile is not part of it", "\"A B C\"" },
    { "bots", 0, 0, G_OPTION_ARG_INT, &o->bots,
      "Make the last N seats bot seats (the others are human seats)", "N" },
    { "seat-kinds", 0, 0, G_OPTION_ARG_STRING, &o->seat_kinds,
      "The kind of every seat, first seat first: human or bot, "
      "comma-separated", "K,K,..." },
    { "no-farmers", 0, 0, G_OPTION_ARG_NONE, &o->no_farmers,
      "Play without farmers and field scoring", NULL },
    { name_option, 0, 0, G_OPTION_ARG_STRING, &o->name,
      "A name for the game", "S" },
    { "bot-strategy", 0, 0, G_OPTION_ARG_STRING, &o->bot_strategy,
      "How the bots play: random, greedy or search[:SETTINGS] as for '"
      CLI_NAME " bot --strategy' (default: greedy)", "S" },
    { "think", 0, 0, G_OPTION_ARG_STRING, &o->think,
      "With --bot-strategy search: think this long a move, \"1.5s\" "
      "(default: 1s)", "T" },
    G_OPTION_ENTRY_NULL
  };
  g_option_context_add_main_entries(context, entries, NULL);
}

void
cli_new_options_clear(CliNewOptions *o)
{
  g_free(o->rules);
  g_free(o->seed);
  g_free(o->tiles);
  g_free(o->seat_kinds);
  g_free(o->name);
  g_free(o->bot_strategy);
  g_free(o->think);
  memset(o, 0, sizeof *o);
}

/* --bot-strategy and --think, checked here as `meeple bot` would, so a
 * mistake is a usage error before any game exists. */
static int
bot_options_check(const CliNewOptions *o, const char *command,
                  gboolean play, char **kinds)
{
  MeepleStrategy strategy = { 0 };
  GError *bad = NULL;
  if (o->bot_strategy &&
      !meeple_strategy_parse(o->bot_strategy, &strategy, &bad)) {
    int status = cli_usage_error(command, "--bot-strategy: %s",
                                 bad->message);
    g_error_free(bad);
    return status;
  }
  if (o->think && (!o->bot_strategy ||
                   strategy.kind != MEEPLE_STRATEGY_SEARCH))
    return cli_usage_error(command, "--think is for --bot-strategy search");
  if (o->think) {
    char *end;
    double t = g_ascii_strtod(o->think, &end);
    if (end == o->think || (*end && strcmp(end, "s") != 0) || !(t > 0) ||
        t > 3600)
      return cli_usage_error(command, "--think takes seconds, \"1.5s\", "
                             "not \"%s\"", o->think);
  }
  /* `new` starts bots only for these options, and only for bot seats */
  if (!play && o->bot_strategy && o->bots <= 0 &&
      !(kinds && g_strv_contains((const char *const *)kinds, "bot")))
    return cli_usage_error(command, "--bot-strategy needs bot seats "
                           "(--bots or --seat-kinds)");
  return CLI_EXIT_OK;
}

int
cli_new_options_check(const CliNewOptions *o, const char *command,
                      gboolean play)
{
  if (o->seats && (o->seats < 2 || o->seats > MEEPLE_MAX_PLAYERS))
    return cli_usage_error(command, "--seats takes 2 to %d, not %d",
                           MEEPLE_MAX_PLAYERS, o->seats);
  if (o->bots != -1 && o->seat_kinds)
    return cli_usage_error(command, "give --bots or --seat-kinds, not both");
  /* play --new adds the player's seat to the bots'. */
  int max_bots = MEEPLE_MAX_PLAYERS - (play ? 1 : 0);
  if (o->bots != -1 && (o->bots < 0 || o->bots > max_bots))
    return cli_usage_error(command, "--bots takes 0 to %d, not %d",
                           max_bots, o->bots);
  if (o->bots > 0 && o->seats && o->bots + (play ? 1 : 0) > o->seats)
    return cli_usage_error(command,
                           play ? "--bots %d leaves you no seat among "
                                  "--seats %d"
                                : "--bots %d is more than --seats %d",
                           o->bots, o->seats);
  guint64 seed;
  if (o->seed && !g_ascii_string_to_unsigned(o->seed, 10, 0, G_MAXUINT64,
                                             &seed, NULL))
    return cli_usage_error(command, "--seed takes a number from 0 to "
                           "2^64-1, not \"%s\"", o->seed);
  g_auto(GStrv) kinds = cli_split_list(o->seat_kinds);
  if (o->seat_kinds && !kinds)
    return cli_usage_error(command, "--seat-kinds lists no seat");
  for (char **k = kinds; k && *k; k++)
    if (strcmp(*k, "human") != 0 && strcmp(*k, "bot") != 0)
      return cli_usage_error(command, "--seat-kinds: \"%s\" is neither "
                             "human nor bot", *k);
  if (kinds && o->seats && g_strv_length(kinds) != (guint)o->seats)
    return cli_usage_error(command, "--seat-kinds lists %u seats but "
                           "--seats is %d", g_strv_length(kinds), o->seats);
  return bot_options_check(o, command, play, kinds);
}

/* The seat kinds of the new game into *@seats seats, or NULL for the
 * daemon's default.  For `play --new` (@play) every seat but the player's
 * is a bot unless told otherwise. */
static char **
seat_kinds(const CliNewOptions *o, gboolean play, guint *seats)
{
  char **kinds = cli_split_list(o->seat_kinds);
  if (kinds) {
    *seats = g_strv_length(kinds);
    return kinds;
  }
  if (o->bots < 0 && !play)
    return NULL;
  if (*seats == 0)
    *seats = o->bots >= 0 ? (guint)MAX(2, o->bots + (play ? 1 : 0)) : 2;
  guint bots = o->bots >= 0 ? (guint)o->bots : *seats - 1;
  kinds = g_new0(char *, *seats + 1);
  for (guint i = 0; i < *seats; i++)
    kinds[i] = g_strdup(i + bots >= *seats ? "bot" : "human");
  return kinds;
}

char *
cli_new_game(MeepleClient *client, const CliNewOptions *o,
             const char *command, gboolean play, int *status)
{
  *status = cli_new_options_check(o, command, play);
  if (*status != CLI_EXIT_OK)
    return NULL;
  guint seats = o->seats > 0 ? (guint)o->seats : 0;
  if (o->bots > 0 && seats && (guint)o->bots > seats) {
    *status = cli_usage_error(command, "--bots %d is more than the %u "
                              "seats", o->bots, seats);
    return NULL;
  }
  g_auto(GStrv) kinds = seat_kinds(o, play, &seats);
  g_auto(GStrv) rules = cli_split_list(o->rules);
  g_auto(GStrv) tiles = cli_split_list(o->tiles);
  MeepleClientGameOptions options = {
    .rules = (const char *const *)rules,
    .seats = seats,
    .tiles = (const char *const *)tiles,
    .seat_kinds = (const char *const *)kinds,
    .no_farmers = o->no_farmers,
    .name = o->name,
  };
  if (o->seed) {
    options.has_seed = TRUE;
    options.seed = g_ascii_strtoull(o->seed, NULL, 10);
  }
  if (o->tiles && !tiles) {
    /* --tiles "" is an empty supply: a game over before it starts. */
    static const char *const none[] = { NULL };
    options.tiles = none;
  }
  /* --bots alone decides the number of seats: say so, or the player
   * finds a table without a seat for them. */
  if (o->bots > 0 && o->seats == 0 && !o->seat_kinds &&
      seats != (guint)o->bots + (play ? 1 : 0))
    g_printerr(CLI_NAME " %s: note: %u seats, %d of them bot seats (--seats "
               "sets the number)\n", command, seats, o->bots);
  else if (o->bots > 0 && o->seats == 0 && !o->seat_kinds && !play)
    g_printerr(CLI_NAME " %s: note: %u seats, all of them bot seats "
               "(--seats adds seats for people)\n", command, seats);
  GError *error = NULL;
  char *id = meeple_client_create_game(client, &options, &error);
  if (!id) {
    /* An unknown rule set is a bad command line, as in meeple-sim. */
    *status = g_error_matches(error, MEEPLE_CLIENT_ERROR,
                              MEEPLE_CLIENT_ERROR_INVALID_RULE_SETS)
                ? (cli_fail(error), CLI_EXIT_USAGE) : cli_fail(error);
    g_error_free(error);
  }
  return id;
}
