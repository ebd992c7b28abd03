/* lifecycle.c — how games leave the daemon, so that every state has an
 * end (doc/dbus-api.md, "A game's life"):
 *
 *   - Game.Delete by those who may: the creator's user or every player
 *     together for a waiting game, every player together for one being
 *     played, any player for a finished one;
 *   - a waiting game nobody joins, leaves or starts for --waiting-timeout
 *     (from its last change, kept in the store, so a restart does not
 *     make it young again);
 *   - finished games past --history-max leave the history, oldest first.
 *
 * Each removal from the bus is announced with Manager.GameRemoved. */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "dbus/names.h"
#include "errors.h"

void
daemon_announce_removed(Daemon *d, GameObject *g, const char *reason)
{
  objects_emit(d->bus, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
               "GameRemoved",
               g_variant_new("(sos)", g->session->id, g->path, reason));
}

static gboolean
free_removed(gpointer data)
{
  Daemon *d = data;
  d->removed_idle = 0;
  g_ptr_array_set_size(d->removed, 0);
  return G_SOURCE_REMOVE;
}

void
lifecycle_clear(Daemon *d)
{
  g_clear_handle_id(&d->removed_idle, g_source_remove);
  g_clear_pointer(&d->removed, g_ptr_array_unref);
  deadlines_clear(&d->waiting);
}

gboolean
daemon_delete_game(Daemon *d, GameObject *g, const char *reason,
                   GError **error)
{
  Session *s = g->session;
  if (!daemon_store_write(d, s->id, error) ||
      !store_delete_game(d->store, s->id, error))
    return FALSE;
  if (session_status(s) == SESSION_OVER && s->started && d->history_length)
    d->history_length--;
  g_info("game %s: deleted (%s)", s->id, reason);
  daemon_announce_removed(d, g, reason);
  /* Off the bus and every queue now; freed once the call that deleted it
   * (which still holds it) is done. */
  g_hash_table_steal(d->games, s->id);
  pacing_forget(g);
  deadlines_unlink(&d->finished, &g->finished_link);
  deadlines_unlink(&d->waiting, &g->waiting_link);
  clients_release_game(d, g);
  g->removed = TRUE;
  g_ptr_array_add(d->removed, g);
  if (!d->removed_idle)
    d->removed_idle = g_idle_add_full(G_PRIORITY_HIGH, free_removed, d, NULL);
  return TRUE;
}

/* ---- waiting games expire ------------------------------------------- */

static gint64
waiting_due(gpointer game)
{
  return ((GameObject *)game)->waiting_due;
}

static void
waiting_expired(gpointer game)
{
  GameObject *g = game;
  Daemon *d = g->daemon;
  deadlines_unlink(&d->waiting, &g->waiting_link);
  GError *error = NULL;
  if (!daemon_delete_game(d, g, "expired", &error)) {
    /* a full disk: it stays, and is tried again in a minute */
    g_warning("game %s: cannot expire it: %s", g->session->id,
              error->message);
    g_error_free(error);
    g->waiting_due = g_get_monotonic_time() + 60 * G_USEC_PER_SEC;
    deadlines_push(&d->waiting, &g->waiting_link, g);
  }
}

void
lifecycle_init(Daemon *d)
{
  deadlines_init(&d->waiting, waiting_due, waiting_expired);
  d->removed = g_ptr_array_new_with_free_func(
    (GDestroyNotify)game_object_free);
}

void
lifecycle_waiting_changed(GameObject *g)
{
  Daemon *d = g->daemon;
  Session *s = g->session;
  deadlines_unlink(&d->waiting, &g->waiting_link);
  if (s->started)
    return;
  /* from the stored wall-clock time of the last change, so that a
   * restart keeps the game's age */
  gint64 now_real = g_get_real_time() / G_USEC_PER_SEC;
  gint64 left = s->changed + (gint64)d->waiting_timeout - now_real;
  left = CLAMP(left, 0, (gint64)d->waiting_timeout);
  g->waiting_due = g_get_monotonic_time() + left * G_USEC_PER_SEC;
  deadlines_push(&d->waiting, &g->waiting_link, g);
}

/* ---- Game.Delete ---------------------------------------------------- */

/* The seats @sender holds (a bit per seat). */
static guint32
seats_held(const Session *s, const char *sender)
{
  guint32 held = 0;
  for (guint i = 0; i < s->n_seats; i++)
    if (session_holds(s, sender, i))
      held |= 1u << i;
  return held;
}

/* The seats whose players must agree: every taken seat of a person.  A
 * bot's seat follows its people (a bot cannot be asked). */
static guint32
seats_to_agree(const Session *s)
{
  guint32 needed = 0;
  for (guint i = 0; i < s->n_seats; i++)
    if (s->seats[i].taken && strcmp(s->seats[i].kind, "bot") != 0)
      needed |= 1u << i;
  return needed;
}

static gboolean
not_authorized(GError **error, const char *why)
{
  g_set_error_literal(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_AUTHORIZED,
                      why);
  return FALSE;
}

gboolean
game_object_delete(gpointer object, const char *sender, GVariant *args,
                   GVariant **reply, GError **error)
{
  GameObject *g = object;
  Daemon *d = g->daemon;
  Session *s = g->session;
  (void)args;
  gint64 uid = clients_uid(d, sender);
  gboolean creator = (s->owner_uid >= 0 && uid == s->owner_uid) ||
                     g_strcmp0(s->creator, sender) == 0;
  guint32 held = seats_held(s, sender);
  guint32 needed = seats_to_agree(s);
  gboolean now;
  switch (session_status(s)) {
  case SESSION_WAITING:
    if (!creator && !held)
      return not_authorized(error,
                            "Only the game's creator (its Unix user) or its "
                            "players together may delete a game that waits "
                            "for players.");
    s->delete_votes |= held;
    now = creator || (s->delete_votes & needed) == needed;
    break;
  case SESSION_PLAYING:
    if (!held)
      return not_authorized(error,
                            "Only the players of a game being played may "
                            "delete it, all of them together.");
    s->delete_votes |= held;
    /* no person seated: the bots' creator decides */
    now = needed ? (s->delete_votes & needed) == needed : creator;
    break;
  default:
    if (!held && !creator)
      return not_authorized(error,
                            "Only a player or the creator of a finished "
                            "game may delete it.");
    now = TRUE;
    break;
  }
  if (!now) {
    g_info("game %s: %s asks to delete it, waiting for the other players",
           s->id, sender);
    *reply = g_variant_new("(b)", FALSE);
    return TRUE;
  }
  if (!daemon_delete_game(d, g, "deleted", error))
    return FALSE;
  *reply = g_variant_new("(b)", TRUE);
  return TRUE;
}

/* ---- history retention ------------------------------------------------ */

/* Drops the oldest finished games past --history-max; FALSE (a warning
 * logged, the count unchanged) when the store cannot.  @game_id: the
 * game whose store batch the deletion joins, or NULL outside any batch
 * (start-up). */
static gboolean
trim_history(Daemon *d, const char *game_id)
{
  if (d->history_length <= d->history_max)
    return TRUE;
  guint excess = d->history_length - d->history_max;
  GError *error = NULL;
  if ((game_id && !daemon_store_write(d, game_id, &error)) ||
      !store_prune_history(d->store, excess, &error)) {
    g_warning("cannot trim the history to %u games: %s", d->history_max,
              error->message);
    g_error_free(error);
    return FALSE;
  }
  d->history_length -= excess;
  return TRUE;
}

void
lifecycle_history_added(Daemon *d, const char *game_id)
{
  d->history_length++;
  /* on failure it is tried again when the next game ends */
  trim_history(d, game_id);
}

void
lifecycle_load_history(Daemon *d)
{
  GError *error = NULL;
  /* counted once here, then kept up to date: no call walks the history */
  d->history_length = store_history_length(d->store, &error);
  if (error) {
    g_warning("cannot count the history: %s", error->message);
    g_clear_error(&error);
    return;
  }
  guint before = d->history_length;
  if (trim_history(d, NULL) && d->history_length < before)
    g_message("history trimmed to the %u most recent games (--history-max)",
              d->history_max);
}
