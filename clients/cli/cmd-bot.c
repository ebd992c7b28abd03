/* cmd-bot.c — meeple bot: computer players for seats of a game, through
 * the bot library (clients/bot/bot.h).  The bot sees only what every
 * client sees, so it plays any rule set. */
#include "config.h"

#include <string.h>

#include "bot/bot.h"
#include "cli.h"

/* Which seats to take when none is reclaimed. */
typedef enum {
  SEATS_DEFAULT, /* the free bot seats, else the lowest free seat */
  SEATS_ALL_BOT, /* every free bot seat */
  SEATS_ALL,     /* every free seat */
  SEATS_NAMED,   /* the seats given */
} SeatChoice;

typedef struct {
  gboolean quiet;
  const char *strategy;
  int delay_ms;
  /* The players' names (seat_names()), read once the game has started:
   * they cannot change then, and reading the state for each move would
   * fetch the whole board from the daemon every time. */
  GStrv names;
} BotRun;

/* One line per move: who, and the action it takes. */
static void
on_move(MeepleRemoteGame *game, const MeepleClientDecision *decision,
        guint index, gpointer data)
{
  BotRun *run = data;
  (void)game;
  /* Pacing for people watching; the bot itself never needs it. */
  if (run->delay_ms > 0)
    g_usleep((gulong)run->delay_ms * 1000);
  if (run->quiet || index >= decision->actions->len)
    return;
  const MeepleClientAction *a = g_ptr_array_index(decision->actions, index);
  char buffer[32];
  const char *who = run->names && decision->seat < g_strv_length(run->names)
                      ? run->names[decision->seat]
                      : cli_seat_name(NULL, (int)decision->seat, buffer,
                                      sizeof buffer);
  g_print("%s (seat %u, %s): %s\n", who, decision->seat + 1, run->strategy,
          a->notation);
}

/* Every seat's name as the move lines show it (NULL-terminated; NULL
 * when the state cannot be read). */
static GStrv
seat_names(MeepleRemoteGame *game)
{
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  if (!state)
    return NULL;
  GStrv names = g_new0(char *, state->seats->len + 1);
  for (guint s = 0; s < state->seats->len; s++) {
    char buffer[32];
    names[s] = g_strdup(cli_seat_name(state, (int)s, buffer, sizeof buffer));
  }
  return names;
}

/* Parses --seats: "all-bot", "all", or seat numbers (1-based) into
 * 0-based @seats.  FALSE after a usage error. */
static gboolean
parse_seats(const char *value, SeatChoice *choice, GArray *seats)
{
  if (strcmp(value, "all-bot") == 0) {
    *choice = SEATS_ALL_BOT;
    return TRUE;
  }
  if (strcmp(value, "all") == 0) {
    *choice = SEATS_ALL;
    return TRUE;
  }
  *choice = SEATS_NAMED;
  g_auto(GStrv) items = cli_split_list(value);
  for (char **i = items; i && *i; i++) {
    guint64 n;
    if (!g_ascii_string_to_unsigned(*i, 10, 1, MEEPLE_MAX_PLAYERS, &n,
                                    NULL)) {
      cli_usage_error("bot", "--seats takes all-bot, all or seat numbers "
                      "1 to %d, not \"%s\"", MEEPLE_MAX_PLAYERS, *i);
      return FALSE;
    }
    guint seat = (guint)n - 1;
    g_array_append_val(seats, seat);
  }
  if (seats->len == 0) {
    cli_usage_error("bot", "--seats names no seat");
    return FALSE;
  }
  return TRUE;
}

static gboolean
wanted(SeatChoice choice, const GArray *seats, guint seat)
{
  if (choice != SEATS_NAMED)
    return TRUE;
  for (guint i = 0; i < seats->len; i++)
    if (g_array_index(seats, guint, i) == seat)
      return TRUE;
  return FALSE;
}

/* Seats the bot plays: those its saved tokens reclaim, else the ones it
 * joins now — named ones, every free (bot) seat, or by default the free
 * bot seats, else the lowest free seat.  Empty (message printed) when
 * there is none. */
static GArray *
take_seats(MeepleRemoteGame *game, SeatChoice choice, const GArray *named,
           const char *strategy, const char *name)
{
  GArray *seats = g_array_new(FALSE, FALSE, sizeof(guint));
  GPtrArray *tokens = cli_tokens_find(cli_game_store(game),
                                      meeple_remote_game_id(game),
                                      CLI_HOLDER_BOT);
  for (guint i = 0; i < tokens->len; i++) {
    const CliToken *t = g_ptr_array_index(tokens, i);
    guint seat;
    if (wanted(choice, named, t->seat) &&
        meeple_remote_game_reclaim(game, t->token, &seat, NULL)) {
      g_array_append_val(seats, seat);
      /* Found under another key: keep it under this store's too. */
      if (t->legacy)
        cli_tokens_save(cli_game_store(game), meeple_remote_game_id(game),
                        seat, t->token, CLI_HOLDER_BOT);
    }
  }
  g_ptr_array_unref(tokens);
  if (seats->len > 0)
    return seats;

  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  GArray *free_seats = g_array_new(FALSE, FALSE, sizeof(guint));
  gboolean any_bot = FALSE;
  for (guint s = 0; state && s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    any_bot |= !seat->taken && g_strcmp0(seat->kind, "bot") == 0;
  }
  for (guint s = 0; state && s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    gboolean bot_seat = g_strcmp0(seat->kind, "bot") == 0;
    if (seat->taken || !wanted(choice, named, s))
      continue;
    if ((choice == SEATS_ALL_BOT || (choice == SEATS_DEFAULT && any_bot)) &&
        !bot_seat)
      continue;
    g_array_append_val(free_seats, s);
    if (choice == SEATS_DEFAULT && !any_bot)
      break; /* only the lowest free seat */
  }
  if (choice == SEATS_NAMED && free_seats->len < named->len)
    g_printerr(CLI_NAME ": warning: some of the seats named are taken\n");
  for (guint i = 0; i < free_seats->len; i++) {
    guint s = g_array_index(free_seats, guint, i);
    g_autofree char *shown = name
      ? (free_seats->len > 1 ? g_strdup_printf("%s %u", name, s + 1)
                             : g_strdup(name))
      : g_strdup_printf("%c%s %u", g_ascii_toupper(strategy[0]),
                        strategy + 1, s + 1);
    guint seat;
    if (cli_take_seat(game, CLI_HOLDER_BOT, FALSE, (int)s, NULL, shown,
                      &seat))
      g_array_append_val(seats, seat);
  }
  if (free_seats->len == 0)
    g_printerr(CLI_NAME ": game %s has no free seat for a bot%s\n",
               meeple_remote_game_id(game),
               choice == SEATS_ALL_BOT ? " (of kind bot)" : "");
  g_array_free(free_seats, TRUE);
  return seats;
}

/* The daemon went away mid-game (a restart, a crash): waits up to
 * @wait_s seconds for it to come back, asking every half second (which
 * also activates it where the bus can), and reclaims every seat in
 * @seats with the tokens saved for them.  The game, stored by the daemon,
 * comes back at the same path (doc/storage.md). */
static gboolean
reclaim_after_restart(MeepleRemoteGame *game, const GArray *seats,
                      int wait_s, gboolean quiet)
{
  if (!quiet)
    g_printerr(CLI_NAME ": meepled left; waiting up to %d s for it to come "
               "back\n", wait_s);
  GPtrArray *tokens = cli_tokens_find(cli_game_store(game),
                                      meeple_remote_game_id(game),
                                      CLI_HOLDER_BOT);
  gint64 deadline = g_get_monotonic_time() + (gint64)wait_s * G_USEC_PER_SEC;
  guint reclaimed = 0;
  GError *error = NULL;
  while (reclaimed < seats->len && g_get_monotonic_time() < deadline) {
    reclaimed = 0;
    for (guint i = 0; i < tokens->len; i++) {
      const CliToken *t = g_ptr_array_index(tokens, i);
      for (guint k = 0; k < seats->len; k++) {
        guint seat;
        if (g_array_index(seats, guint, k) != t->seat)
          continue;
        g_clear_error(&error);
        if (meeple_remote_game_reclaim(game, t->token, &seat, &error))
          reclaimed++;
      }
    }
    if (reclaimed < seats->len)
      cli_iterate_for(500);
  }
  g_ptr_array_unref(tokens);
  if (reclaimed < seats->len) {
    g_printerr(CLI_NAME ": cannot take the seats back: %s\n",
               error ? error->message : "no saved token");
    g_clear_error(&error);
    return FALSE;
  }
  g_clear_error(&error);
  if (!quiet)
    g_printerr(CLI_NAME ": meepled is back; playing on\n");
  return TRUE;
}

int
cli_cmd_bot(int argc, char **argv)
{
  int seat_option = CLI_SEAT_UNSET;
  g_autofree char *seats_option = NULL;
  g_autofree char *strategy_name = NULL;
  g_autofree char *seed_option = NULL;
  g_autofree char *name = NULL;
  g_autofree char *think_option = NULL;
  int iterations = 0;
  int threads = 0;
  gboolean quiet = FALSE;
  int delay_ms = 0;
  int wait_s = 30;
  GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat_option,
      "Play seat N, 1 to 6", "N" },
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats_option,
      "Play these seats: all-bot (every free bot seat), all (every free "
      "seat) or seat numbers, comma-separated", "LIST" },
    { "strategy", 0, 0, G_OPTION_ARG_STRING, &strategy_name,
      "random, greedy or search[:SETTINGS] (default: greedy)", "S" },
    { "think", 0, 0, G_OPTION_ARG_STRING, &think_option,
      "search: think this long a move (the seat's decisions until "
      "another seat acts share it), \"1.5s\" or \"1.5\" (default: 1s, "
      "or none with --iterations)", "T" },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations,
      "search: at most N playouts a decision; alone, the moves depend on the "
      "seed only (levels: easy 100, medium 1000, hard 10000)", "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads,
      "search: threads, each with its own tree (default: 1)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_option,
      "Seed of the bot's choices, 0 to 2^32-1 (default: random)", "N" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      "The players' name (default: the strategy and the seat, "
      "\"Greedy 2\")", "S" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet,
      "Print nothing but errors", NULL },
    { "delay", 0, 0, G_OPTION_ARG_INT, &delay_ms,
      "Wait MS milliseconds before each move, so people can follow the "
      "game (default: 0)", "MS" },
    { "wait-daemon", 0, 0, G_OPTION_ARG_INT, &wait_s,
      "When meepled goes away mid-game, wait up to S seconds for it to "
      "come back and take the seats back (default: 30; 0: give up at "
      "once)", "S" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("GAME - let a computer player play seats");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Takes seats of GAME — by default the free bot seats, else the\n"
    "lowest free seat; seats this command took before (their tokens are\n"
    "saved) are reclaimed first — starts the game once every seat is\n"
    "taken, and plays every decision of its seats until the game is\n"
    "over, printing one line per move and the final scores.  When\n"
    "meepled restarts mid-game, the bot takes its seats back with their\n"
    "tokens and plays on (--wait-daemon).\n\n"
    "random picks uniformly among the legal actions; greedy tries each\n"
    "action on the game rebuilt from what the seat has seen and keeps the\n"
    "one that most improves its lead; search is a Monte Carlo tree search\n"
    "over the tiles (and tokens) nobody has seen, within --think or\n"
    "--iterations (\"search:medium\", \"search:2000,0.5s\" as in\n"
    "meeple-sim).  Greedy and search load the game's rule sets here, from\n"
    "$MEEPLE_PLUGIN_PATH or the installed plugins, as meepled does.");
  int status = cli_parse_options(context, "bot", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("bot", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;
  MeepleStrategy strategy;
  GError *bad = NULL;
  if (!meeple_strategy_parse(strategy_name ? strategy_name : "greedy",
                             &strategy, &bad)) {
    status = cli_usage_error("bot", "--strategy: %s", bad->message);
    g_error_free(bad);
    return status;
  }
  if ((think_option || iterations || threads) &&
      strategy.kind != MEEPLE_STRATEGY_SEARCH)
    return cli_usage_error("bot", "--think, --iterations and --threads are "
                           "for --strategy search");
  if (iterations < 0 || threads < 0 || threads > 64)
    return cli_usage_error("bot", "--iterations takes a positive number and "
                           "--threads 1 to 64");
  if (iterations) {
    strategy.iterations = (guint64)iterations;
    /* An iteration limit alone: the default think time no longer. */
    if (!think_option && (!strategy_name || !strchr(strategy_name, ':')))
      strategy.think = 0;
  }
  if (think_option) {
    char *end;
    double t = g_ascii_strtod(think_option, &end);
    if (end == think_option || (*end && strcmp(end, "s") != 0) ||
        !(t > 0) || t > 3600)
      return cli_usage_error("bot", "--think takes seconds, \"1.5s\", not "
                             "\"%s\"", think_option);
    strategy.think = t;
  }
  if (threads)
    strategy.threads = (guint)threads;
  guint64 seed = g_random_int();
  if (seed_option && !g_ascii_string_to_unsigned(seed_option, 10, 0,
                                                 G_MAXUINT32, &seed, NULL))
    return cli_usage_error("bot", "--seed takes a number from 0 to "
                           "2^32-1, not \"%s\"", seed_option);
  if (seat_option != CLI_SEAT_UNSET && seats_option)
    return cli_usage_error("bot", "give --seat or --seats, not both");
  if (wait_s < 0 || wait_s > 86400)
    return cli_usage_error("bot", "--wait-daemon takes 0 to 86400 seconds, "
                           "not %d", wait_s);
  if (delay_ms < 0 || delay_ms > 60000)
    return cli_usage_error("bot", "--delay takes 0 to 60000 milliseconds, "
                           "not %d", delay_ms);
  SeatChoice choice = SEATS_DEFAULT;
  g_autoptr(GArray) named = g_array_new(FALSE, FALSE, sizeof(guint));
  if (seat_option != CLI_SEAT_UNSET) {
    int seat = cli_seat_option("bot", "--seat", seat_option);
    if (seat < 0)
      return CLI_EXIT_USAGE;
    guint s = (guint)seat;
    g_array_append_val(named, s);
    choice = SEATS_NAMED;
  } else if (seats_option && !parse_seats(seats_option, &choice, named)) {
    return CLI_EXIT_USAGE;
  }

  MeepleClient *client;
  MeepleRemoteGame *game = cli_connect_game(id, &client);
  if (!game)
    return CLI_EXIT_FAILURE;
  g_autofree char *strategy_text = meeple_strategy_to_string(&strategy);
  BotRun run = { quiet, strategy_text, delay_ms, NULL };
  GArray *seats = take_seats(game, choice, named,
                             meeple_strategy_kind_name(strategy.kind), name);
  status = CLI_EXIT_FAILURE;
  if (seats->len > 0 && cli_wait_start(game, !quiet)) {
    GError *error = NULL;
    if (!quiet)
      run.names = seat_names(game);
    gboolean played;
    MeepleStrategy *per_seat = g_new(MeepleStrategy, seats->len);
    for (guint i = 0; i < seats->len; i++)
      per_seat[i] = strategy;
    while (!(played = meeple_bot_play_with(
               game, (const guint *)(gpointer)seats->data, per_seat,
               seats->len, seed, on_move, &run, &error)) &&
           wait_s > 0 &&
           /* the daemon left, or a new one (started by the bus for our
            * next call) does not know us yet */
           (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                            MEEPLE_CLIENT_ERROR_NO_DAEMON) ||
            g_error_matches(error, MEEPLE_CLIENT_ERROR,
                            MEEPLE_CLIENT_ERROR_NOT_SEATED)) &&
           reclaim_after_restart(game, seats, wait_s, quiet))
      g_clear_error(&error);
    g_free(per_seat);
    if (played) {
      status = CLI_EXIT_OK;
      const MeepleClientState *state = meeple_remote_game_state(game, NULL);
      if (!quiet && state) {
        GString *text = g_string_new(NULL);
        cli_append_final_scores(text, state);
        if (!cli_write(text))
          status = CLI_EXIT_FAILURE;
        g_string_free(text, TRUE);
      }
    } else {
      status = cli_fail(error);
      g_error_free(error);
    }
  }
  g_array_free(seats, TRUE);
  g_strfreev(run.names);
  meeple_remote_game_free(game);
  meeple_client_free(client);
  return status;
}
