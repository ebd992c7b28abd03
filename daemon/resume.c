/* resume.c — at start-up, every unfinished stored game goes back on the
 * bus at its old path, replayed from its journal, with its seats and
 * their tokens (hashes); a game whose rule sets are missing or changed is
 * kept and listed as suspended (doc/storage.md). */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "errors.h"

void
suspended_game_free(SuspendedGame *sg)
{
  if (!sg)
    return;
  g_free(sg->id);
  g_free(sg->name);
  g_free(sg->rules);
  g_free(sg->reason);
  g_free(sg);
}

/* The rules a record names, without versions: the record's replay then
 * checks the versions itself. */
static MeepleRules *
record_rules(Daemon *d, const MeepleRecord *record, GError **error)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < record->rulesets->len; i++) {
    char *id = daemon_ruleset_id(g_ptr_array_index(record->rulesets, i));
    if (strcmp(id, "base") == 0)
      g_free(id);
    else
      g_ptr_array_add(ids, id);
  }
  g_ptr_array_add(ids, NULL);
  MeepleRules *rules =
    daemon_rules_for(d, (const char *const *)ids->pdata, error);
  g_ptr_array_unref(ids);
  return rules;
}

Session *
daemon_session_from_record(Daemon *d, const char *id, const char *name,
                           const char *text, const char *filename,
                           GError **error)
{
  GError *local = NULL;
  MeepleRecord *record = meeple_record_parse(text, -1, filename, &local);
  Session *s = NULL;
  if (record) {
    MeepleRules *rules = record_rules(d, record, &local);
    if (rules)
      s = session_new_from_record(id, name, rules, record, &local);
    meeple_record_free(record);
  }
  if (!s) {
    g_set_error(error, MEEPLED_ERROR,
                local->domain == MEEPLED_ERROR ? local->code
                                               : MEEPLED_ERROR_INVALID_ARGS,
                "%s", local->message);
    g_error_free(local);
  }
  return s;
}

static void
suspend(Daemon *d, const StoredGame *sg, const char *reason)
{
  SuspendedGame *held = g_new0(SuspendedGame, 1);
  held->id = g_strdup(sg->id);
  held->name = g_strdup(sg->name);
  held->rules = g_strdup(sg->rules);
  held->n_seats = sg->n_seats;
  held->reason = g_strdup(reason);
  g_hash_table_replace(d->suspended, held->id, held);
  g_warning("game %s suspended: %s", sg->id, reason);
}

static void
resume_one(Daemon *d, const StoredGame *sg)
{
  GError *error = NULL;
  char *where = g_strdup_printf("game %s", sg->id);
  Session *s = daemon_session_from_record(d, sg->id, sg->name, sg->record,
                                          where, &error);
  g_free(where);
  if (!s) {
    suspend(d, sg, error->message);
    g_error_free(error);
    return;
  }
  if (s->n_seats != sg->n_seats) {
    suspend(d, sg, "its seats do not match its record");
    session_free(s);
    return;
  }
  /* nobody holds a seat after a restart: the tokens bring them back */
  for (guint i = 0; i < s->n_seats; i++) {
    session_seat_copy(&s->seats[i], &sg->seats[i]);
    g_clear_pointer(&s->seats[i].holder, g_free);
  }
  s->started = sg->started;
  s->owner_uid = sg->owner;
  s->supply = sg->supply;
  /* a game stored before meepled kept the time: its age starts now */
  if (sg->changed > 0)
    s->changed = sg->changed;
  GameObject *g = daemon_publish_game(d, s);
  /* The daemon stopped between the last action and writing the history:
   * the game is over all the same. */
  if (session_status(s) == SESSION_OVER)
    game_object_save_finished(g);
}

void
daemon_resume_games(Daemon *d)
{
  GError *error = NULL;
  gint64 start = g_get_monotonic_time();
  d->next_game_id = MAX(d->next_game_id, store_next_game_id(d->store));
  GPtrArray *games = store_load_unfinished(d->store, &error);
  if (!games) {
    g_warning("cannot read the stored games: %s", error->message);
    g_error_free(error);
    return;
  }
  for (guint i = 0; i < games->len; i++)
    resume_one(d, games->pdata[i]);
  if (games->len)
    g_message("resumed %u of %u unfinished games in %.3f s (%u suspended)",
              games->len - g_hash_table_size(d->suspended), games->len,
              (double)(g_get_monotonic_time() - start) / 1e6,
              g_hash_table_size(d->suspended));
  g_ptr_array_unref(games);
}
