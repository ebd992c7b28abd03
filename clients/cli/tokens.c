/* tokens.c — the seat tokens meeple keeps so that a seat can be reclaimed
 * by a later run.  The file, its format and the store key are
 * libmeeple-client's (clients/common/tokens.c), shared with the other
 * faces of the library; here only the CLI's warning when a token cannot
 * be saved. */
#include "config.h"

#include "cli.h"

const char *
cli_store_key(MeepleClient *client)
{
  return meeple_client_store_key(client);
}

const char *
cli_game_store(MeepleRemoteGame *game)
{
  return cli_store_key(meeple_remote_game_client(game));
}

GPtrArray *
cli_tokens_find(const char *store, const char *game, const char *holder)
{
  return meeple_client_tokens_find(store, game, holder);
}

gboolean
cli_tokens_save(const char *store, const char *game, guint seat,
                const char *token, const char *holder)
{
  GError *error = NULL;
  if (meeple_client_tokens_save(store, game, seat, token, holder, &error))
    return TRUE;
  g_printerr(CLI_NAME ": warning: the seat's token is not saved: %s\n",
             error->message);
  g_error_free(error);
  return FALSE;
}
