/* cmd-play.c — meeple play: an interactive player in the terminal.
 *
 * Takes a seat (reclaiming a saved one first), waits until every seat is
 * taken and the game starts, then for each of its decisions shows the
 * board and the legal actions and reads the answer (prompt.c), printing
 * every event as it happens, and the final scores at the end.  With --new
 * it creates the game first and lets a `meeple bot` child process play
 * the bot seats.
 *
 * Resuming: the bot child saves its seats' tokens (holder "bot"), so a
 * later `meeple play GAME` that finds bot seats of the game taken but
 * not connected and holds their tokens starts the child again, which
 * reclaims them: the bots a player started come back with the player
 * (the daemon does not play bot seats itself).  Whenever it waits, play
 * says for whom. */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bot/bot.h"
#include "cli.h"

/* How long the bot child gets to notice the end of the game. */
#define BOT_EXIT_WAIT_MS 5000

typedef struct {
  char *name;
  int seat;            /* --seat; after parsing 0-based, -1: unset */
  gboolean new_game;
  char *strategy;      /* --strategy: --bot-strategy's older name */
  char *bot_seed;
  char *preview;       /* --preview: auto, always, never */
  gboolean raw_events; /* --raw-events */
  CliNewOptions create;
} PlayOptions;

/* What the callbacks of a playing game share. */
typedef struct {
  gboolean raw_events;   /* events with every field, as watch prints */
  guint seat;            /* the player's (0-based) */
  guint64 announced;     /* the decision last said to be waited for */
  int announced_seat;    /* its seat, -1 after the player's own turn: one
                          * line per wait, not per decision of a turn */
} PlayRun;

static void
on_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  const PlayRun *run = data;
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  GString *text = g_string_new(NULL);
  for (guint i = 0; i < events->len; i++)
    cli_append_event(text, g_ptr_array_index(events, i), state,
                     run->raw_events ? CLI_EVENT_RAW : CLI_EVENT_FIELDS);
  cli_write(text);
  g_string_free(text, TRUE);
}

/* Says whom the player waits for: decision @id of @seat, of @kind. */
static void
announce_wait(MeepleRemoteGame *game, PlayRun *run, guint64 id, guint seat,
              const char *kind)
{
  if (seat == run->seat) {
    run->announced_seat = -1;
    return;
  }
  if (id == run->announced || (int)seat == run->announced_seat)
    return;
  run->announced = id;
  run->announced_seat = (int)seat;
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  char buffer[32];
  gboolean absent = FALSE;
  if (state && seat < state->seats->len) {
    const MeepleClientSeat *s = g_ptr_array_index(state->seats, seat);
    absent = !s->connected;
  }
  GString *text = g_string_new(NULL);
  g_string_append_printf(text, "Waiting for %s (seat %u) to decide: %s.\n",
                         cli_seat_name(state, (int)seat, buffer,
                                       sizeof buffer), seat + 1, kind);
  /* A seat nobody serves would keep the player waiting for ever. */
  if (absent) {
    g_autofree char *line = g_strdup_printf(
      "  Seat %u is not connected: its player must come back ('meeple play "
      "%s'), or a bot take it ('meeple bot %s --seat %u').", seat + 1,
      meeple_remote_game_id(game), meeple_remote_game_id(game), seat + 1);
    cli_append_wrapped(text, line, CLI_TEXT_WIDTH, "  ");
  }
  cli_write(text);
  g_string_free(text, TRUE);
}

static void
on_decision(MeepleRemoteGame *game, guint64 id, guint seat, const char *kind,
            gpointer data)
{
  announce_wait(game, data, id, seat, kind);
}

/* Waits for the bot child to end (it does once the game is over); kills
 * it if it does not, or at once when @kill_now. */
static void
reap_bots(GPid pid, gboolean kill_now)
{
  if (kill_now)
    kill(pid, SIGTERM);
  for (guint waited = 0;; waited += 50) {
    pid_t done = waitpid(pid, NULL, WNOHANG);
    if (done == pid || done < 0)
      break;
    if (waited >= BOT_EXIT_WAIT_MS) {
      kill(pid, SIGTERM);
      waitpid(pid, NULL, 0);
      break;
    }
    g_usleep(50 * 1000);
  }
  g_spawn_close_pid(pid);
}

/* The seat to join when none is named: the lowest free human seat if
 * there is one (bot seats are for bots), else any. */
static const char *
join_kind(MeepleRemoteGame *game)
{
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  for (guint s = 0; state && s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    if (!seat->taken && g_strcmp0(seat->kind, "human") == 0)
      return "human";
  }
  return NULL;
}

/* The pid of the bot child, and the line a Ctrl-C prints: read by the
 * signal handler, so set before it is installed. */
static volatile pid_t interrupt_bots;
static char interrupt_text[256];

/* Ctrl-C: the seat stays the player's, as after quit; the bots stop
 * (they would wait for the player for ever). */
static void
on_interrupt(int signal_number)
{
  (void)signal_number;
  ssize_t n = write(STDERR_FILENO, interrupt_text, strlen(interrupt_text));
  (void)n;
  if (interrupt_bots > 0)
    kill(interrupt_bots, SIGTERM);
  _exit(130);
}

static void
catch_interrupt(const char *id, guint seat, GPid bots)
{
  g_autofree char *hint = cli_resume_hint(id);
  g_snprintf(interrupt_text, sizeof interrupt_text,
             "\nInterrupted: left game %s; seat %u stays yours, and '%s' "
             "takes it back.\n", id, seat + 1, hint);
  interrupt_bots = bots;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
}

/* Plays every decision of @run's seat until the game is over. */
static int
play_loop(MeepleRemoteGame *game, PlayRun *run, BoardRenderFlags flags,
          CliTurn *turn)
{
  guint seat = run->seat;
  for (;;) {
    GError *error = NULL;
    /* What is pending now: no signal will announce it. */
    const MeepleClientDecision *pending =
      meeple_remote_game_decision(game, NULL);
    if (pending)
      announce_wait(game, run, pending->id, pending->seat, pending->kind);
    const MeepleClientDecision *d =
      meeple_remote_game_wait_decision(game, &seat, 1, -1, &error);
    if (!d) {
      if (!error)
        return CLI_EXIT_OK; /* over */
      int status = cli_fail(error);
      g_error_free(error);
      return status;
    }
    g_autofree char *hint = cli_resume_hint(meeple_remote_game_id(game));
    switch (cli_prompt_decision(game, d, flags, stdin, turn)) {
    case CLI_ANSWER_ACTED:
    case CLI_ANSWER_RETRY:
    case CLI_ANSWER_AGAIN:
    case CLI_ANSWER_BACK:
      break;
    case CLI_ANSWER_QUIT:
      g_print("Left game %s; seat %u stays yours, and '%s' takes it "
              "back.\n", meeple_remote_game_id(game), seat + 1, hint);
      return CLI_EXIT_OK;
    case CLI_ANSWER_EOF:
      g_printerr(CLI_NAME ": the input ended before the game; seat %u of "
                 "game %s can be taken back with '%s'\n",
                 seat + 1, meeple_remote_game_id(game), hint);
      return CLI_EXIT_FAILURE;
    case CLI_ANSWER_FAILED:
    default:
      return CLI_EXIT_FAILURE;
    }
  }
}

/* The end: the final board, the seats and the final scores. */
static int
print_end(MeepleRemoteGame *game, BoardRenderFlags flags)
{
  GError *error = NULL;
  const MeepleClientState *state = meeple_remote_game_state(game, &error);
  if (!state) {
    int status = cli_fail(error);
    g_error_free(error);
    return status;
  }
  GString *text = g_string_new("\n");
  CliBoard *board = cli_board_new(meeple_remote_game_catalog(game), state);
  GPtrArray *events = meeple_remote_game_events(game);
  cli_board_mark_last_move(board, events);
  cli_board_render(text, board, flags);
  cli_board_free(board);
  cli_append_last_move(text, events, state);
  cli_append_seats(text, meeple_remote_game_catalog(game), state);
  cli_append_final_scores(text, state);
  int status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
  g_string_free(text, TRUE);
  return status;
}

static gboolean
has_free_bot_seat(MeepleRemoteGame *game)
{
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  for (guint s = 0; state && s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    if (!seat->taken && g_strcmp0(seat->kind, "bot") == 0)
      return TRUE;
  }
  return FALSE;
}

/* Whether bots this account started for @game (their tokens are saved)
 * hold seats nobody serves now: a player resuming brings them back. */
static gboolean
has_own_idle_bots(MeepleRemoteGame *game)
{
  if (meeple_remote_game_is_over(game))
    return FALSE;
  GPtrArray *tokens = cli_tokens_find(cli_game_store(game),
                                      meeple_remote_game_id(game),
                                      CLI_HOLDER_BOT);
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  gboolean idle = FALSE;
  for (guint i = 0; state && i < tokens->len && !idle; i++) {
    const CliToken *t = g_ptr_array_index(tokens, i);
    if (t->seat < state->seats->len) {
      const MeepleClientSeat *seat = g_ptr_array_index(state->seats,
                                                       t->seat);
      idle = seat->taken && !seat->connected;
    }
  }
  g_ptr_array_unref(tokens);
  return idle;
}

/* Joins, waits for the start, plays, prints the end.  For a game made
 * with --new (@created), a bot child plays the bot seats; when resuming,
 * the bots this account started come back. */
static int
play_game(MeepleClient *client, const char *id, gboolean created,
          const PlayOptions *o)
{
  MeepleRemoteGame *game = cli_open_game(client, id);
  if (!game)
    return CLI_EXIT_FAILURE;
  BoardRenderFlags flags = cli_board_flags(stdout);
  int status = CLI_EXIT_FAILURE;
  guint seat;
  GPid bots = 0;
  gboolean want_bots = created ? has_free_bot_seat(game)
                               : has_own_idle_bots(game);
  if (want_bots && !created)
    g_print("Bringing back the bots of game %s.\n", id);
  if (want_bots && !cli_spawn_bots(id, &o->create, o->bot_seed, FALSE,
                                   &bots)) {
    status = CLI_EXIT_FAILURE;
  } else if (meeple_remote_game_is_over(game)) {
    status = print_end(game, flags);
  } else if (cli_take_seat(game, CLI_HOLDER_PLAYER, TRUE, o->seat,
                           o->seat >= 0 ? NULL : join_kind(game), o->name,
                           &seat)) {
    char buffer[32];
    const MeepleClientState *state = meeple_remote_game_state(game, NULL);
    g_print("Playing game %s as %s (seat %u).\n", id,
            cli_seat_name(state, (int)seat, buffer, sizeof buffer),
            seat + 1);
    catch_interrupt(id, seat, bots);
    PlayRun run = { .seat = seat, .announced_seat = -1,
                    .raw_events = o->raw_events };
    const MeepleRemoteGameCallbacks callbacks = { .events = on_events,
                                                  .decision = on_decision };
    meeple_remote_game_set_callbacks(game, &callbacks, &run);
    /* A placement is previewed where a person types the answers; a
     * script that pipes them answers each decision once. */
    CliTurn turn;
    cli_turn_init(&turn, g_strcmp0(o->preview, "always") == 0 ||
                         (g_strcmp0(o->preview, "never") != 0 &&
                          isatty(STDIN_FILENO) == 1));
    if (cli_wait_start(game, TRUE)) {
      status = play_loop(game, &run, flags, &turn);
      if (status == CLI_EXIT_OK && meeple_remote_game_is_over(game))
        status = print_end(game, flags);
    }
    cli_turn_clear(&turn);
    meeple_remote_game_set_callbacks(game, NULL, NULL);
    signal(SIGINT, SIG_DFL);
  }
  /* The bots end by themselves with the game; a game left unfinished
   * would keep them waiting. */
  if (bots)
    reap_bots(bots, !meeple_remote_game_is_over(game));
  meeple_remote_game_free(game);
  return status;
}

int
cli_cmd_play(int argc, char **argv)
{
  PlayOptions o = { .seat = CLI_SEAT_UNSET };
  GOptionEntry entries[] = {
    { "seat", 0, 0, G_OPTION_ARG_INT, &o.seat,
      "Play seat N, 1 to 6 (default: the seat saved for this game, else "
      "the lowest free human seat, else any)", "N" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o.name,
      "The player's name shown to everyone", "S" },
    { "new", 0, 0, G_OPTION_ARG_NONE, &o.new_game,
      "Create a new game first (options below), play its first seat and "
      "let bots play the bot seats", NULL },
    { "strategy", 0, 0, G_OPTION_ARG_STRING, &o.strategy,
      "With --new: --bot-strategy (its older name)", "S" },
    { "bot-seed", 0, 0, G_OPTION_ARG_STRING, &o.bot_seed,
      "With --new: seed of the bots' choices", "N" },
    { "preview", 0, 0, G_OPTION_ARG_STRING, &o.preview,
      "Show a placement and the figure on it before sending them, to "
      "confirm or go back: auto (when standard input is a terminal), "
      "always or never (default: auto)", "WHEN" },
    { "raw-events", 0, 0, G_OPTION_ARG_NONE, &o.raw_events,
      "Print events with every field, the rule sets' numbers (arg) too, "
      "as 'meeple watch' does", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("[GAME] - play a game in the terminal");
  g_option_context_add_main_entries(context, entries, NULL);
  cli_new_options_add(context, &o.create, "game-name");
  g_option_context_set_description(context,
    "Takes a seat in GAME (reclaiming the one saved for it by an earlier\n"
    "join or play, if any), starts the game once every seat is taken,\n"
    "and plays it: for each decision it shows the board (the part that\n"
    "fits the terminal; --full for all) with the options lettered on it,\n"
    "the drawn tile turned 0, 90, 180 and 270 degrees, and the options,\n"
    "then reads a line: a number, a letter, an action as listed, 'back',\n"
    "'board', 'actions', 'help' or 'quit'.  More than 12 options are\n"
    "chosen in steps (what, then where).  A placement is previewed with\n"
    "the figure on it before both are sent (--preview).  Events are\n"
    "printed as they happen, the final scores at the end.  Answers may\n"
    "be piped in, one per line.\n\n"
    "With --new instead of GAME it creates a game (--seats, --rules,\n"
    "--seed, --tiles, --bots, --seat-kinds, --no-farmers, --game-name as\n"
    "for 'meeple new'; every seat but the first is a bot seat unless\n"
    "--bots or --seat-kinds says otherwise) and starts 'meeple bot' for\n"
    "the bot seats, playing --bot-strategy (greedy by default; 'search'\n"
    "thinks --think a move, 1s by default).");
  int status = cli_parse_options(context, "play", TRUE, &argc, &argv);
  const char *id = NULL;
  if (status == CLI_EXIT_OK && o.strategy) {
    if (o.create.bot_strategy)
      status = cli_usage_error("play", "give --strategy or --bot-strategy, "
                               "not both");
    else
      o.create.bot_strategy = g_steal_pointer(&o.strategy);
  }
  if (status == CLI_EXIT_OK) {
    if (o.new_game && argc > 1)
      status = cli_usage_error("play", "give a GAME or --new, not both");
    else if (!o.new_game && argc < 2)
      status = cli_usage_error("play", "which game? (give its id, '"
                               CLI_NAME " list' lists them, or --new to "
                               "create one)");
    else if (!o.new_game && !(id = cli_game_argument("play", argc, argv)))
      status = CLI_EXIT_USAGE;
  }
  /* the bots' options also serve the bots brought back to a GAME */
  if (status == CLI_EXIT_OK &&
      (o.new_game || o.create.bot_strategy || o.create.think))
    status = cli_new_options_check(&o.create, "play", TRUE);
  static const char *const previews[] = { "auto", "always", "never",
                                          NULL };
  if (status == CLI_EXIT_OK && o.preview &&
      !g_strv_contains(previews, o.preview))
    status = cli_usage_error("play", "--preview takes auto, always or "
                             "never, not \"%s\"", o.preview);
  int seat = -1;
  if (status == CLI_EXIT_OK && o.seat != CLI_SEAT_UNSET &&
      (seat = cli_seat_option("play", "--seat", o.seat)) < 0)
    status = CLI_EXIT_USAGE;
  o.seat = seat;
  MeepleClient *client = status == CLI_EXIT_OK ? cli_connect() : NULL;
  if (status == CLI_EXIT_OK && !client)
    status = CLI_EXIT_FAILURE;

  char *created = NULL;
  if (client && o.new_game) {
    created = cli_new_game(client, &o.create, "play", TRUE, &status);
    if (created) {
      g_print("Created game %s.\n", created);
      id = created;
    }
  }
  if (client && id && status == CLI_EXIT_OK)
    status = play_game(client, id, created != NULL, &o);
  g_free(created);
  if (client)
    meeple_client_free(client);
  g_free(o.name);
  g_free(o.strategy);
  g_free(o.bot_seed);
  g_free(o.preview);
  cli_new_options_clear(&o.create);
  return status;
}
