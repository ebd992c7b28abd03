/* decision.c — the decision protocol: what is pending (GetDecision), take
 * one of its actions (Act), and wait for a decision of given seats while
 * the client's context runs.
 *
 * The mirror knows the pending decision's header (id, seat, kind) from
 * DecisionRequired signals; the action list is fetched only when a
 * caller asks for it, or comes with the reply of an act
 * (ActAndGetDecision).  A header may be old news: signals queue up while
 * a blocking call is in flight, so one about a decision already acted on
 * can be dispatched after the next decision was fetched.  Nothing is
 * trusted blindly: before a decision is handed out its list comes from
 * GetDecision, which is always current, and the seat is checked there. */
#include <string.h>

#include "client-private.h"
#include "dbus/names.h"

/* The mirror's header of what is pending becomes @d's. */
static void
note_pending(MeepleRemoteGame *game, const MeepleClientDecision *d)
{
  game->pending_known = TRUE;
  game->pending_id = d->id;
  game->pending_seat = d->seat;
  g_free(game->pending_kind);
  game->pending_kind = g_strdup(d->kind);
  game->probe = FALSE;
}

/* @d (taken) becomes the cached decision, current until the next. */
static const MeepleClientDecision *
adopt_decision(MeepleRemoteGame *game, MeepleClientDecision *d)
{
  mcl_decision_free(game->decision);
  game->decision = d;
  game->decision_stale = FALSE;
  note_pending(game, d);
  return d;
}

/* Nothing is pending any more and only a signal changes that; when the
 * game is over the mirror reads the rest of the log. */
static void
nothing_pending(MeepleRemoteGame *game, gboolean over)
{
  game->pending_known = FALSE;
  game->probe = FALSE;
  if (over) {
    game->over = TRUE;
    mcl_game_catch_up(game);
  }
}

/* GetDecision: the current decision becomes the cached one. */
static const MeepleClientDecision *
fetch_decision(MeepleRemoteGame *game, GError **error)
{
  GError *local = NULL;
  GVariant *reply;
  const MeepleClientDecision *d;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "GetDecision", NULL, "(tussa" MEEPLE_DBUS_ACTION_SIG ")",
                   &local);
  if (!reply) {
    if (g_error_matches(local, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_GAME_OVER) ||
        g_error_matches(local, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_NOT_STARTED))
      nothing_pending(game, local->code == MEEPLE_CLIENT_ERROR_GAME_OVER);
    g_propagate_error(error, local);
    return NULL;
  }
  d = adopt_decision(game, mcl_decision_from_reply(reply));
  g_variant_unref(reply);
  return d;
}

const MeepleClientDecision *
meeple_remote_game_decision(MeepleRemoteGame *game, GError **error)
{
  MeepleClientDecision *next = game->prefetched;

  game->prefetched = NULL;
  if (next && game->pending_known && next->id == game->pending_id)
    return adopt_decision(game, next);
  mcl_decision_free(next);   /* moved on since (a signal said so) */
  if (game->decision && !game->decision_stale && game->pending_known &&
      game->decision->id == game->pending_id)
    return game->decision;
  return fetch_decision(game, error);
}

/* ActAndGetDecision(seat, action) and what it means for the mirror: the
 * reply brings the next decision, which saves the GetDecision that
 * would follow (two messages through the bus per move). */
static gboolean
act(MeepleRemoteGame *game, guint seat, GVariantBuilder *action,
    GError **error)
{
  GError *local = NULL;
  GVariant *reply, *next;
  const char *kind;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "ActAndGetDecision",
                   g_variant_new("(ua{sv})", seat, action),
                   "(t(tussa" MEEPLE_DBUS_ACTION_SIG "))", &local);
  if (!reply) {
    if (g_error_matches(local, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_GAME_OVER))
      game->over = TRUE;
    else if (g_error_matches(local, MEEPLE_CLIENT_ERROR,
                             MEEPLE_CLIENT_ERROR_STALE_DECISION)) {
      game->decision_stale = TRUE;
      game->probe = TRUE;
    }
    g_propagate_error(error, local);
    return FALSE;
  }
  game->state_dirty = TRUE;
  game->decision_stale = TRUE;
  next = g_variant_get_child_value(reply, 1);
  g_variant_get_child(next, 2, "&s", &kind);
  mcl_decision_free(game->prefetched);
  game->prefetched = NULL;
  if (*kind) {
    /* kept aside: the caller may still read the decision it acted on */
    game->prefetched = mcl_decision_from_reply(next);
    note_pending(game, game->prefetched);
  } else {
    nothing_pending(game, TRUE);   /* the action ended the game */
  }
  g_variant_unref(next);
  g_variant_unref(reply);
  return TRUE;
}

gboolean
meeple_remote_game_act(MeepleRemoteGame *game, guint seat,
                       const MeepleClientDecision *decision, guint index,
                       GError **error)
{
  GVariantBuilder action;

  if (decision && index >= decision->actions->len) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_INVALID_ARGS,
                "decision %" G_GUINT64_FORMAT " has no action %u (it has %u)",
                decision->id, index, decision->actions->len);
    return FALSE;
  }
  g_variant_builder_init(&action, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add(&action, "{sv}", "index", g_variant_new_uint32(index));
  if (decision)
    g_variant_builder_add(&action, "{sv}", "decision",
                          g_variant_new_uint64(decision->id));
  return act(game, seat, &action, error);
}

gboolean
meeple_remote_game_act_notation(MeepleRemoteGame *game, guint seat,
                                const char *notation, GError **error)
{
  GVariantBuilder action;

  g_return_val_if_fail(notation != NULL, FALSE);
  g_variant_builder_init(&action, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add(&action, "{sv}", "notation",
                        g_variant_new_string(notation));
  return act(game, seat, &action, error);
}

gboolean
meeple_remote_game_act_dict(MeepleRemoteGame *game, guint seat,
                            const MeepleClientDecision *decision,
                            GVariant *action, GError **error)
{
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_return_val_if_fail(action != NULL, FALSE);
  g_variant_ref_sink(action);
  if (!g_variant_is_of_type(action, G_VARIANT_TYPE_VARDICT)) {
    g_variant_unref(action);
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_INVALID_ARGS,
                "an action is a dictionary of type a{sv}");
    return FALSE;
  }
  g_variant_builder_init(&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_iter_init(&iter, action);
  while (g_variant_iter_loop(&iter, "{&sv}", &key, &value))
    if (!decision || strcmp(key, "decision") != 0)
      g_variant_builder_add(&builder, "{sv}", key, value);
  g_variant_unref(action);
  if (decision)
    g_variant_builder_add(&builder, "{sv}", "decision",
                          g_variant_new_uint64(decision->id));
  return act(game, seat, &builder, error);
}

static gboolean
wanted(const guint *seats, guint n_seats, guint seat)
{
  if (!seats)
    return TRUE;
  for (guint i = 0; i < n_seats; i++)
    if (seats[i] == seat)
      return TRUE;
  return FALSE;
}

static gboolean
on_timeout(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

const MeepleClientDecision *
meeple_remote_game_poll_decision(MeepleRemoteGame *game, const guint *seats,
                                 guint n_seats, GError **error)
{
  if (game->gone) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "%s", game->gone);
    return NULL;
  }
  if (game->over) {
    mcl_game_catch_up(game);
    return NULL;
  }
  if (game->probe ||
      (game->pending_known && wanted(seats, n_seats, game->pending_seat))) {
    GError *local = NULL;
    const MeepleClientDecision *d = meeple_remote_game_decision(game, &local);

    if (d && wanted(seats, n_seats, d->seat))
      return d;
    if (!d) {
      if (game->over) {
        g_error_free(local);
        return NULL;
      }
      if (!g_error_matches(local, MEEPLE_CLIENT_ERROR,
                           MEEPLE_CLIENT_ERROR_NOT_STARTED)) {
        g_propagate_error(error, local);
        return NULL;
      }
      g_error_free(local);   /* not started: Start will signal */
    }
  }
  return NULL;
}

const MeepleClientDecision *
meeple_remote_game_wait_decision(MeepleRemoteGame *game, const guint *seats,
                                 guint n_seats, int timeout_ms,
                                 GError **error)
{
  GMainContext *context = game->client->context;
  const MeepleClientDecision *found = NULL;
  GSource *timer = NULL;
  gboolean timed_out = FALSE;

  if (timeout_ms > 0) {
    timer = g_timeout_source_new((guint)timeout_ms);
    g_source_set_callback(timer, on_timeout, &timed_out, NULL);
    g_source_attach(timer, context);
  }

  /* Handle what is already queued first (a bounded number of iterations:
   * another source that is always ready must not keep us here), so the
   * mirror and the callbacks keep up even when every decision is ours and
   * the loop below never has to block. */
  for (guint i = 0; i < 64 && g_main_context_iteration(context, FALSE); i++)
    ;

  for (;;) {
    GError *local = NULL;
    found = meeple_remote_game_poll_decision(game, seats, n_seats, &local);
    if (found || local || game->over) {
      if (local)
        g_propagate_error(error, local);
      break;
    }
    if (timed_out) {
      g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_TIMED_OUT,
                  "no decision for this client within %d ms", timeout_ms);
      break;
    }
    g_main_context_iteration(context, TRUE);
  }

  if (timer) {
    g_source_destroy(timer);
    g_source_unref(timer);
  }
  return found;
}
