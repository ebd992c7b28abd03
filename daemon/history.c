/* history.c — the Manager's methods on the store: finished games
 * (ListHistory, GetRecord) and games brought in as records (ImportGame).
 * doc/dbus-api.md describes them. */
#include "config.h"

#include <string.h>

#include "daemon.h"
#include "errors.h"

/* The most games one ListHistory reply lists (doc/dbus-api.md). */
#define HISTORY_MAX_PAGE 1000

gboolean
manager_list_history(gpointer object, const char *sender, GVariant *args,
                     GVariant **reply, GError **error)
{
  Daemon *d = object;
  (void)sender;
  guint32 offset, limit;
  g_variant_get(args, "(uu)", &offset, &limit);
  /* one reply stays small however long the history is */
  if (limit == 0 || limit > HISTORY_MAX_PAGE)
    limit = HISTORY_MAX_PAGE;
  GPtrArray *games = offset < d->history_length
                       ? store_history(d->store, offset, limit, error)
                       : g_ptr_array_new();
  if (!games)
    return FALSE;
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("a(ssa{sv})"));
  for (guint i = 0; i < games->len; i++) {
    const StoredSummary *g = games->pdata[i];
    GVariantBuilder sum;
    g_variant_builder_init(&sum, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&sum, "{sv}", "rules", g_variant_new_string(g->rules));
    g_variant_builder_add(&sum, "{sv}", "seats", g_variant_new_uint32(g->n_seats));
    g_variant_builder_add(&sum, "{sv}", "finished",
                          g_variant_new_int64(g->finished));
    g_variant_builder_add(&sum, "{sv}", "result", g_variant_new_string(g->result));
    g_variant_builder_add(&b, "(ssa{sv})", g->id, g->name, &sum);
  }
  g_ptr_array_unref(games);
  *reply = g_variant_new("(a(ssa{sv})u)", &b, d->history_length);
  return TRUE;
}

gboolean
manager_get_record(gpointer object, const char *sender, GVariant *args,
                   GVariant **reply, GError **error)
{
  Daemon *d = object;
  const char *id;
  (void)sender;
  g_variant_get(args, "(&s)", &id);
  GameObject *g = g_hash_table_lookup(d->games, id);
  char *record;
  if (g && session_status(g->session) != SESSION_OVER) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NOT_FINISHED,
                "Game %s is not finished; its record holds the seed, which "
                "would reveal the tiles still to come.", id);
    return FALSE;
  }
  record = g ? game_object_record(g) : store_finished_record(d->store, id, error);
  if (!record)
    return FALSE;
  *reply = g_variant_new("(s)", record);
  g_free(record);
  return TRUE;
}

/* The largest record ImportGame takes: a full game with every rule set is
 * some 30 KB. */
#define MAX_RECORD_BYTES (4 * 1024 * 1024)

gboolean
manager_import_game(gpointer object, const char *sender, GVariant *args,
                    GVariant **reply, GError **error)
{
  Daemon *d = object;
  const char *text;
  GVariant *options;
  g_variant_get(args, "(&s@a{sv})", &text, &options);
  const char *name = "";
  gboolean ok = TRUE;
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init(&iter, options);
  while (ok && g_variant_iter_next(&iter, "{&sv}", &key, &value)) {
    if (strcmp(key, "name") == 0 &&
        g_variant_is_of_type(value, G_VARIANT_TYPE_STRING))
      name = g_variant_get_string(value, NULL);
    else {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                  "ImportGame takes the option \"name\" (s), not \"%s\" (%s).",
                  meepled_q(key), g_variant_get_type_string(value));
      ok = FALSE;
    }
    g_variant_unref(value);
  }
  if (ok && strlen(text) > MAX_RECORD_BYTES) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_INVALID_ARGS,
                "A record has at most %d bytes.", MAX_RECORD_BYTES);
    ok = FALSE;
  }
  ok = ok && session_check_name(name, "game name", error);
  gint64 uid = ok ? clients_uid(d, sender) : -1;
  ok = ok && clients_may_add_game(d, sender, uid, error) &&
       clients_take_import(d, uid, error);
  Session *s = NULL;
  char *id = g_strdup_printf("%" G_GUINT64_FORMAT, d->next_game_id);
  if (ok)
    s = daemon_session_from_record(d, id, name, text, "record", error);
  if (s) {
    s->owner_uid = uid;
    s->creator = g_strdup(sender);
  }
  /* A finished game goes to the history at once; an unfinished one waits
   * for players to take its seats and start it again. */
  if (s && meeple_game_is_over(s->game))
    s->started = TRUE;
  if (s && !daemon_store_new_game(d, s, error))
    g_clear_pointer(&s, session_free);
  if (s) {
    d->next_game_id++;
    GameObject *g = daemon_publish_game(d, s);
    if (session_status(s) == SESSION_OVER)
      game_object_save_finished(g);
    g_info("game %s imported by %s: %u actions", id, sender,
           s->journal->len);
    *reply = g_variant_new("(os)", g->path, id);
  }
  g_free(id);
  g_variant_unref(options);
  return s != NULL;
}
