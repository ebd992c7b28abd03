/* cmd-delete.c — meeple delete: ends a game for good (Game.Delete). */
#include "config.h"

#include "cli.h"

/* Takes back every seat of @game that a saved token of this user opens,
 * so that the daemon counts this call as those players' (a playing game
 * is deleted by its players together).  Returns how many. */
static guint
reclaim_saved_seats(MeepleRemoteGame *game, const char *id)
{
  static const char *const holders[] = { CLI_HOLDER_PLAYER, CLI_HOLDER_BOT };
  guint reclaimed = 0;
  for (gsize h = 0; h < G_N_ELEMENTS(holders); h++) {
    GPtrArray *tokens = cli_tokens_find(cli_game_store(game), id,
                                        holders[h]);
    for (guint i = 0; i < tokens->len; i++) {
      const CliToken *t = g_ptr_array_index(tokens, i);
      guint seat;
      if (meeple_remote_game_reclaim(game, t->token, &seat, NULL))
        reclaimed++;
    }
    g_ptr_array_unref(tokens);
  }
  return reclaimed;
}

int
cli_cmd_delete(int argc, char **argv)
{
  GOptionContext *context =
    g_option_context_new("GAME - delete a game for good");
  g_option_context_set_description(context,
    "Deletes a game from the daemon and its store.  A game waiting for\n"
    "players can be deleted by its creator (any program of the Unix user\n"
    "that created it) or by all its players together; a game being played\n"
    "by all its players together (bots follow their people); a finished\n"
    "game by any of its players or its creator, which also takes it out\n"
    "of the history.  The seats whose tokens this user saved (join, play,\n"
    "bot) are taken back first, so each player runs 'meeple delete GAME'\n"
    "once; until the last one has, the game goes on.");
  int status = cli_parse_options(context, "delete", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("delete", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;

  MeepleClient *client = cli_connect();
  if (!client)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  MeepleRemoteGame *game = meeple_remote_game_open(client, id, &error);
  gboolean deleted = FALSE;
  if (game) {
    reclaim_saved_seats(game, id);
    if (!meeple_remote_game_delete(game, &deleted, &error))
      game = (meeple_remote_game_free(game), NULL);
  }
  if (!game) {
    status = cli_fail(error);
    g_error_free(error);
  } else {
    GString *text = g_string_new(NULL);
    if (deleted)
      g_string_printf(text, "Game %s deleted.\n", id);
    else
      g_string_printf(text,
                      "Your wish to delete game %s is recorded; it is "
                      "deleted once every other player has run 'meeple "
                      "delete %s' too.\n", id, id);
    status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_string_free(text, TRUE);
    meeple_remote_game_free(game);
  }
  meeple_client_free(client);
  return status;
}
