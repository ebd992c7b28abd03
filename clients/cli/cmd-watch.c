/* cmd-watch.c — meeple watch: the board, then every event as it arrives,
 * until the game is over.  A spectator: it needs no seat. */
#include "config.h"

#include <string.h>

#include "cli.h"

typedef struct {
  GMainLoop *loop;
  gboolean board;        /* redraw the board after tile placements */
  BoardRenderFlags flags;
  gboolean failed;       /* writing failed, or the daemon went away */
  MeepleRemoteGame *game;
  gboolean finishing;    /* the game is over: the log's tail is fetched */
  GString *shown;        /* the board last printed */
  CliEventStyle events;  /* --raw-events, --rules-cited */
} Watch;

/* Appends the board of the game as it is now, unless it is the board
 * printed last (the end would otherwise show the last tile's board
 * twice). */
static void
append_board(GString *out, Watch *w)
{
  const MeepleClientState *state = meeple_remote_game_state(w->game, NULL);
  if (!state)
    return;
  CliBoard *board = cli_board_new(meeple_remote_game_catalog(w->game),
                                  state);
  GPtrArray *events = meeple_remote_game_events(w->game);
  cli_board_mark_last_move(board, events);
  GString *text = g_string_new(NULL);
  cli_board_render(text, board, w->flags);
  cli_board_free(board);
  cli_append_last_move(text, events, state);
  if (!g_string_equal(text, w->shown)) {
    g_string_append_len(out, text->str, (gssize)text->len);
    g_string_assign(w->shown, text->str);
  }
  g_string_free(text, TRUE);
}

/* Without the board: one line saying what is watched, and the final
 * scores if the game is over already. */
static gboolean
append_header(GString *out, MeepleRemoteGame *game, GError **error)
{
  const MeepleClientState *state = meeple_remote_game_state(game, error);
  if (!state)
    return FALSE;
  g_string_append_printf(out, "Watching game %s (%s).\n",
                         meeple_remote_game_id(game),
                         state->status ? state->status : "?");
  if (meeple_remote_game_is_over(game))
    cli_append_final_scores(out, state);
  return TRUE;
}

/* The daemon went away: nothing more will come. */
static void
on_gone(MeepleRemoteGame *game, const char *why, gpointer data)
{
  Watch *w = data;
  (void)game;
  g_printerr("meeple: %s\n", why);
  w->failed = TRUE;
  g_main_loop_quit(w->loop);
}

static gboolean finish(gpointer data);

static void
on_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  Watch *w = data;
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  GString *text = g_string_new(NULL);
  gboolean placed = FALSE;
  for (guint i = 0; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    cli_append_event(text, e, state, w->events);
    placed |= g_strcmp0(e->type, "tile-placed") == 0;
  }
  /* The board after each tile placement. */
  if (placed && w->board)
    append_board(text, w);
  if (!cli_write(text)) {
    w->failed = TRUE;
    g_main_loop_quit(w->loop);
  }
  g_string_free(text, TRUE);
  /* The state can say "over" while the last Events signals are still
   * queued (a watcher that fell behind): the end is printed from the
   * complete log, outside this callback. */
  if (meeple_remote_game_is_over(game) && !w->finishing) {
    w->finishing = TRUE;
    g_idle_add(finish, w);
  }
}

/* The events still missing, the board with the last figures and final
 * scoring's returns, and the final scores. */
static gboolean
finish(gpointer data)
{
  Watch *w = data;
  meeple_remote_game_catch_up(w->game); /* prints through on_events */
  GString *text = g_string_new(NULL);
  if (w->board)
    append_board(text, w);
  const MeepleClientState *state = meeple_remote_game_state(w->game, NULL);
  if (state) {
    cli_append_seats(text, meeple_remote_game_catalog(w->game), state);
    cli_append_final_scores(text, state);
  }
  if (!cli_write(text))
    w->failed = TRUE;
  g_string_free(text, TRUE);
  g_main_loop_quit(w->loop);
  return G_SOURCE_REMOVE;
}

int
cli_cmd_watch(int argc, char **argv)
{
  gboolean no_board = FALSE, history = FALSE, raw_events = FALSE,
           rules_cited = FALSE;
  GOptionEntry entries[] = {
    { "no-board", 0, 0, G_OPTION_ARG_NONE, &no_board,
      "Print only the events, not the board", NULL },
    { "history", 0, 0, G_OPTION_ARG_NONE, &history,
      "Print the events that happened before, too", NULL },
    { "raw-events", 0, 0, G_OPTION_ARG_NONE, &raw_events,
      "Print each event's type and every field by name (the arg too) "
      "instead of its sentence, with the rule it cites", NULL },
    { "rules-cited", 0, 0, G_OPTION_ARG_NONE, &rules_cited,
      "Add to each sentence the rule it cites (\"[BASE-08]\")", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("GAME - follow a game as it is played");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Shows the game as 'meeple show' does, then prints one line per event\n"
    "as it happens (its sequence number and the sentence its rule set\n"
    "gives it; --raw-events for the type and every field) and the\n"
    "board again after every tile placement and at the end.  Exits with\n"
    "the final scores when the game is over.  Needs no seat.");
  int status = cli_parse_options(context, "watch", TRUE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("watch", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;

  MeepleClient *client;
  MeepleRemoteGame *game = cli_connect_game(id, &client);
  if (!game)
    return CLI_EXIT_FAILURE;
  Watch w = {
    .loop = g_main_loop_new(NULL, FALSE),
    .board = !no_board,
    .flags = cli_board_flags(stdout),
    .events = raw_events    ? CLI_EVENT_RAW
              : rules_cited ? CLI_EVENT_RULES
                            : CLI_EVENT_SENTENCE,
    .game = game,
    .shown = g_string_new(NULL),
  };
  GError *error = NULL;
  GString *text = g_string_new(NULL);
  gboolean ok = no_board ? append_header(text, game, &error)
                         : cli_append_game(text, game, w.flags, &error);
  if (ok && history) {
    const MeepleClientState *state = meeple_remote_game_state(game, NULL);
    GPtrArray *events = meeple_remote_game_events(game);
    for (guint i = 0; events && i < events->len; i++)
      cli_append_event(text, g_ptr_array_index(events, i), state,
                       w.events);
  }
  if (!ok) {
    status = cli_fail(error);
    g_error_free(error);
  } else if (!cli_write(text)) {
    status = CLI_EXIT_FAILURE;
  } else if (!meeple_remote_game_is_over(game)) {
    const MeepleRemoteGameCallbacks callbacks = { .events = on_events,
                                                  .gone = on_gone };
    meeple_remote_game_set_callbacks(game, &callbacks, &w);
    g_main_loop_run(w.loop);
    meeple_remote_game_set_callbacks(game, NULL, NULL);
    status = w.failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
  }
  g_string_free(text, TRUE);
  g_string_free(w.shown, TRUE);
  g_main_loop_unref(w.loop);
  meeple_remote_game_free(game);
  meeple_client_free(client);
  return status;
}
