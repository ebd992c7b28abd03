/* lobby.c — before play: taking a seat (reclaiming it with a saved token
 * when there is one) and waiting until the game starts. */
#include "config.h"

#include <string.h>

#include "cli.h"

/* How often the start is retried while seats are still free. */
#define START_RETRY_MS 250

/* Reclaims a seat with the tokens @holder saved for @game; TRUE with
 * *@seat_out when one worked.  A token the daemon does not know (another
 * daemon's, or a seat given up) is skipped; other failures are printed
 * and end the attempt (*@failed). */
static gboolean
reclaim(MeepleRemoteGame *game, const char *holder, int seat,
        guint *seat_out, gboolean *failed)
{
  GPtrArray *tokens = cli_tokens_find(cli_game_store(game),
                                      meeple_remote_game_id(game), holder);
  gboolean ok = FALSE;
  for (guint i = 0; i < tokens->len && !ok && !*failed; i++) {
    const CliToken *t = g_ptr_array_index(tokens, i);
    if (seat >= 0 && t->seat != (guint)seat)
      continue;
    GError *error = NULL;
    if (meeple_remote_game_reclaim(game, t->token, seat_out, &error)) {
      ok = TRUE;
      /* Found under another key: keep it under this store's too. */
      if (t->legacy)
        cli_tokens_save(cli_game_store(game), meeple_remote_game_id(game),
                        *seat_out, t->token, holder);
    } else if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                               MEEPLE_CLIENT_ERROR_BAD_TOKEN) ||
               g_error_matches(error, MEEPLE_CLIENT_ERROR,
                               MEEPLE_CLIENT_ERROR_INVALID_ARGS)) {
      g_error_free(error);
    } else {
      cli_fail(error);
      g_error_free(error);
      *failed = TRUE;
    }
  }
  g_ptr_array_unref(tokens);
  return ok;
}

gboolean
cli_take_seat(MeepleRemoteGame *game, const char *holder, gboolean reclaim_first,
              int seat, const char *kind, const char *name, guint *seat_out)
{
  gboolean failed = FALSE;
  if (reclaim_first && reclaim(game, holder, seat, seat_out, &failed))
    return TRUE;
  if (failed)
    return FALSE;
  GError *error = NULL;
  char *token = NULL;
  if (!meeple_remote_game_join(game, name, seat, seat >= 0 ? NULL : kind,
                               seat_out, &token, &error)) {
    /* The daemon's message names its D-Bus method; the player needs to
     * know which token would have helped. */
    if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_ALREADY_STARTED))
      g_printerr(CLI_NAME ": game %s has already started, and no seat token "
                 "saved for it on this daemon takes a seat back (tokens are "
                 "in %s/meeple/tokens; a player who left comes back from the "
                 "account that took the seat)\n",
                 meeple_remote_game_id(game), g_get_user_state_dir());
    else
      cli_fail(error);
    g_error_free(error);
    return FALSE;
  }
  cli_tokens_save(cli_game_store(game),
                  meeple_remote_game_id(game), *seat_out, token, holder);
  g_free(token);
  return TRUE;
}

static guint
seats_taken(const MeepleClientState *state)
{
  guint taken = 0;
  for (guint s = 0; s < state->seats->len; s++)
    if (((const MeepleClientSeat *)g_ptr_array_index(state->seats, s))->taken)
      taken++;
  return taken;
}

gboolean
cli_wait_start(MeepleRemoteGame *game, gboolean progress)
{
  guint announced = G_MAXUINT;
  for (;;) {
    GError *error = NULL;
    const MeepleClientState *state = meeple_remote_game_state(game, &error);
    if (!state) {
      cli_fail(error);
      g_error_free(error);
      return FALSE;
    }
    if (!state->status || strcmp(state->status, "waiting") != 0)
      return TRUE;
    guint taken = seats_taken(state), total = state->seats->len;
    /* Any seated client may start the game; whoever asks first once the
     * last seat is taken does.  Asking is cheap, and the seats' property
     * may lag behind, so ask every time round. */
    if (meeple_remote_game_start(game, &error))
      return TRUE;
    if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_ALREADY_STARTED)) {
      g_error_free(error);
      return TRUE;
    }
    if (!g_error_matches(error, MEEPLE_CLIENT_ERROR,
                         MEEPLE_CLIENT_ERROR_NOT_READY)) {
      cli_fail(error);
      g_error_free(error);
      return FALSE;
    }
    g_error_free(error);
    if (progress && taken != announced) {
      g_print("Waiting for players: %u of %u seats taken in game %s.\n",
              taken, total, meeple_remote_game_id(game));
      announced = taken;
    }
    cli_iterate_for(START_RETRY_MS);
  }
}
