/* clients.c — what each client may hold, so that one connection, or one
 * Unix user, cannot exhaust what everybody needs (doc/dbus-api.md,
 * "Limits").
 *
 * A game counts against the connection that created or imported it, for
 * as long as that connection is there, and against its Unix user, for
 * as long as the game is held: a game not over yet, or a finished game
 * that was imported (it stays --keep-finished like any finished game, and
 * would otherwise let a client fill the daemon's memory for free).  The
 * user is the game's owner, kept in the store, so after a restart the
 * games count against the same user.  Imports are paced per user: a
 * bucket of --import-rate imports refilled over a minute. */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "errors.h"

/* One connection that created or imported a game. */
typedef struct {
  guint n_games;
} Client;

/* One Unix user. */
typedef struct {
  guint n_games;
  /* import bucket: imports left and when it was last refilled (µs) */
  double imports;
  gint64 refilled_at;
} User;

void
clients_init(Daemon *d)
{
  d->clients = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                     g_free);
  d->client_uids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                         NULL);
  d->users = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                   g_free);
}

void
clients_clear(Daemon *d)
{
  g_clear_pointer(&d->clients, g_hash_table_unref);
  g_clear_pointer(&d->client_uids, g_hash_table_unref);
  g_clear_pointer(&d->users, g_hash_table_unref);
}

void
clients_gone(Daemon *d, const char *name)
{
  /* its games now count against its user only; a unique name is never
   * used again, so nothing can take over its count */
  g_hash_table_remove(d->clients, name);
  g_hash_table_remove(d->client_uids, name);
}

gint64
clients_uid(Daemon *d, const char *sender)
{
  gpointer cached;
  if (g_hash_table_lookup_extended(d->client_uids, sender, NULL, &cached))
    return GPOINTER_TO_SIZE(cached) - 1;
  /* One round trip to the bus per connection that creates or imports,
   * then cached until it goes. */
  DBusError err = DBUS_ERROR_INIT;
  unsigned long uid = dbus_bus_get_unix_user(d->bus, sender, &err);
  gint64 result = -1;
  if (dbus_error_is_set(&err)) {
    g_info("cannot tell the Unix user of %s: %s", sender, err.message);
    dbus_error_free(&err);
  } else {
    result = (gint64)uid;
  }
  g_hash_table_insert(d->client_uids, g_strdup(sender),
                      GSIZE_TO_POINTER((gsize)(result + 1)));
  return result;
}

static User *
user_for(Daemon *d, gint64 uid)
{
  User *u = g_hash_table_lookup(d->users, &uid);
  if (!u) {
    gint64 *key = g_new(gint64, 1);
    *key = uid;
    u = g_new0(User, 1);
    u->imports = d->import_rate;
    u->refilled_at = g_get_monotonic_time();
    g_hash_table_insert(d->users, key, u);
  }
  return u;
}

static gboolean
limit_reached(GError **error, const char *limit, const char *format, ...)
  G_GNUC_PRINTF(3, 4);
static gboolean
limit_reached(GError **error, const char *limit, const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  char *why = g_strdup_vprintf(format, ap);
  va_end(ap);
  /* the limit's option name first, so a client can tell which */
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_LIMIT_REACHED, "%s: %s",
              limit, why);
  g_free(why);
  return FALSE;
}

gboolean
clients_may_add_game(Daemon *d, const char *sender, gint64 uid,
                     GError **error)
{
  if (game_objects_n_unfinished(d) >= d->max_games)
    return limit_reached(error, "max-games",
                         "This daemon holds its maximum of %u games that "
                         "are not over.", d->max_games);
  const Client *c = g_hash_table_lookup(d->clients, sender);
  if (c && c->n_games >= d->max_games_per_client)
    return limit_reached(error, "max-games-per-client",
                         "This connection already holds %u games that are "
                         "not over (or imported and finished); finish or "
                         "delete some first.", c->n_games);
  const User *u = uid >= 0 ? g_hash_table_lookup(d->users, &uid) : NULL;
  if (u && u->n_games >= d->max_games_per_user)
    return limit_reached(error, "max-games-per-user",
                         "Unix user %" G_GINT64_FORMAT " already holds %u "
                         "games that are not over (or imported and "
                         "finished); finish or delete some first.",
                         uid, u->n_games);
  return TRUE;
}

gboolean
clients_take_import(Daemon *d, gint64 uid, GError **error)
{
  User *u = user_for(d, uid);
  gint64 now = g_get_monotonic_time();
  /* refilled continuously: --import-rate a minute, never above it */
  double rate = d->import_rate / (60.0 * G_USEC_PER_SEC);
  u->imports = MIN((double)d->import_rate,
                   u->imports + (double)(now - u->refilled_at) * rate);
  u->refilled_at = now;
  if (u->imports < 1.0) {
    double wait = rate > 0 ? (1.0 - u->imports) / rate / G_USEC_PER_SEC : 60;
    return limit_reached(error, "import-rate",
                         "Unix user %" G_GINT64_FORMAT " may import %u "
                         "records a minute; try again in %.0f s.",
                         uid, d->import_rate, MAX(wait, 1.0));
  }
  u->imports -= 1.0;
  return TRUE;
}

void
clients_hold_game(Daemon *d, GameObject *g)
{
  Session *s = g->session;
  if (g->counted)
    return;
  g->counted = TRUE;
  if (s->creator) {
    Client *c = g_hash_table_lookup(d->clients, s->creator);
    if (!c) {
      c = g_new0(Client, 1);
      g_hash_table_insert(d->clients, g_strdup(s->creator), c);
    }
    c->n_games++;
  }
  if (s->owner_uid >= 0)
    user_for(d, s->owner_uid)->n_games++;
}

void
clients_release_game(Daemon *d, GameObject *g)
{
  Session *s = g->session;
  if (!g->counted)
    return;
  g->counted = FALSE;
  Client *c = s->creator ? g_hash_table_lookup(d->clients, s->creator) : NULL;
  if (c && c->n_games)
    c->n_games--;
  User *u = s->owner_uid >= 0 ? g_hash_table_lookup(d->users, &s->owner_uid)
                              : NULL;
  if (u && u->n_games)
    u->n_games--;
}
