/* commit.c — group commit: the store's writes of every call handled in
 * one go become durable together, before any of their replies leaves.
 *
 * The first write opens a transaction and holds back every outgoing
 * message (objects_hold()).  Calls keep being dispatched while messages
 * are queued; when the queue is empty — the commit source has a lower
 * priority than the dispatch — or the batch is full, the transaction is
 * committed (one fsync for the whole batch) and the held replies and
 * signals are sent in order.  So every reply still follows the durable
 * write it announces (doc/storage.md), and eight bots acting at once cost
 * one disk flush instead of eight.
 *
 * When the commit fails (a full disk), nothing of the batch happened: the
 * games it touched are replayed again from the store, and every held
 * call on them (or on the manager) is answered StorageFailed and their
 * held signals are dropped.  What was held for other games — a spectator's
 * GetState, a disconnect's Seats change, a paced PropertiesChanged — did
 * not rest on the batch and is sent as it is.
 *
 * With --state-sync=normal a commit only hands the pages to the system
 * and costs little, so there is no batch: every write is its own
 * transaction, committed before its call returns, and replies leave at
 * once (a quarter of the act's round trip saved, and 8 bots make about
 * twice as many acts per second as with batches). */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "dbus/names.h"
#include "errors.h"

/* Writes after which a batch is committed before the next message (one
 * call's writes may take it a little beyond): bounds the wait of its
 * first caller under a flood of calls. */
#define COMMIT_MAX_WRITES 256

static void
reload(Daemon *d, const char *id)
{
  GameObject *g = g_hash_table_lookup(d->games, id);
  if (!g)
    return;
  GError *error = NULL;
  StoredGame *sg = store_load_game(d->store, id, &error);
  Session *s = NULL;
  if (sg) {
    char *where = g_strdup_printf("game %s", id);
    s = daemon_session_from_record(d, sg->id, sg->name, sg->record, where,
                                   &error);
    g_free(where);
  }
  if (!s) {
    /* created in the failed batch (or unreadable now): it never was */
    if (error) {
      g_warning("game %s: %s", id, error->message);
      g_clear_error(&error);
    }
    g_hash_table_remove(d->games, id);
    stored_game_free(sg);
    return;
  }
  for (guint i = 0; i < s->n_seats && i < sg->n_seats; i++)
    session_seat_copy(&s->seats[i], &sg->seats[i]);
  s->started = sg->started;
  stored_game_free(sg);
  game_object_reset(g, s);
}

/* Whether a held message of the object at @path may rest on the failed
 * batch: those of the games it wrote, and of anything else (the manager:
 * a game created or imported) to be safe. */
static gboolean
in_failed_batch(const char *path, gpointer data)
{
  Daemon *d = data;
  if (!path || !g_str_has_prefix(path, MEEPLE_DBUS_GAME_PATH_PREFIX))
    return TRUE;
  return g_hash_table_contains(d->batch_games,
                               path + strlen(MEEPLE_DBUS_GAME_PATH_PREFIX));
}

static void
finish(Daemon *d)
{
  GError *error = NULL;
  gboolean ok = store_commit(d->store, &error);
  if (!ok) {
    g_warning("%s", error->message);
    store_rollback(d->store);
  }
  objects_release(d->bus, ok ? NULL : error, in_failed_batch, d);
  if (!ok) {
    GHashTableIter iter;
    gpointer id;
    g_hash_table_iter_init(&iter, d->batch_games);
    while (g_hash_table_iter_next(&iter, &id, NULL))
      reload(d, id);
  }
  g_clear_error(&error);
  g_hash_table_remove_all(d->batch_games);
  d->batch_writes = 0;
  d->batch_open = FALSE;
}

void
daemon_commit(Daemon *d)
{
  if (d->batch_open)
    finish(d);
}

void
daemon_commit_if_full(Daemon *d)
{
  /* full, or one caller has --max-pending-calls replies waiting in it
   * (a flood of reads would keep the batch open and every reply held) */
  if (d->batch_open && (d->batch_writes >= COMMIT_MAX_WRITES ||
                        objects_held_peak() >= d->max_pending_calls))
    finish(d);
}

gboolean
daemon_store_write(Daemon *d, const char *game_id, GError **error)
{
  /* without group commit every write is its own transaction, done before
   * the call returns */
  if (!d->group_commit)
    return TRUE;
  /* A full batch is not committed here but before the next message
   * (daemon_commit_if_full): the handler calling this may hold pointers
   * into the sessions a failed commit would replace. */
  if (!d->batch_open) {
    if (!store_begin(d->store, error))
      return FALSE;
    objects_hold();
    d->batch_open = TRUE;
  } else if (store_transaction_lost(d->store)) {
    /* an earlier write of this batch failed and took the transaction
     * with it; the commit will fail and undo the batch */
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "Cannot save this change: an earlier write failed.");
    return FALSE;
  }
  d->batch_writes++;
  g_hash_table_add(d->batch_games, g_strdup(game_id));
  return TRUE;
}

/* The commit source: ready while a batch is open, at a lower priority
 * than the bus's dispatch and watches, so it runs once they are idle. */
typedef struct {
  GSource source;
  Daemon *daemon;
} CommitSource;

static gboolean
commit_prepare(GSource *source, gint *timeout)
{
  *timeout = -1;
  return ((CommitSource *)source)->daemon->batch_open;
}

static gboolean
commit_check(GSource *source)
{
  return ((CommitSource *)source)->daemon->batch_open;
}

static gboolean
commit_dispatch(GSource *source, GSourceFunc callback, gpointer data)
{
  (void)callback;
  (void)data;
  daemon_commit(((CommitSource *)source)->daemon);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs commit_funcs = {
  .prepare = commit_prepare,
  .check = commit_check,
  .dispatch = commit_dispatch,
};

void
daemon_commit_init(Daemon *d, gboolean group)
{
  d->group_commit = group;
  d->batch_games = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                         NULL);
  if (!group)
    return;
  GSource *source = g_source_new(&commit_funcs, sizeof(CommitSource));
  ((CommitSource *)source)->daemon = d;
  g_source_set_priority(source, G_PRIORITY_DEFAULT + 10);
  g_source_set_name(source, "meepled group commit");
  d->commit_source = g_source_attach(source, NULL);
  g_source_unref(source);
}

void
daemon_commit_clear(Daemon *d)
{
  daemon_commit(d);
  if (d->commit_source)
    g_source_remove(d->commit_source);
  d->commit_source = 0;
  if (d->batch_games)
    g_hash_table_destroy(d->batch_games);
  d->batch_games = NULL;
}
