/* bot-strategies.c — the bot seats' strategies on disk
 * (bot-strategies.h). */
#include "config.h"

#include <glib/gstdio.h>

#include "bot-strategies.h"

char *
mg_bot_strategies_path(void)
{
  return g_build_filename(g_get_user_state_dir(), "meeple", "gtk-bots",
                          NULL);
}

static char *
group_of(const char *store, const char *game)
{
  return g_strdup_printf("%s %s", store ? store : "", game);
}

gboolean
mg_bot_strategies_save(const char *store, const char *game, guint seat,
                       const MeepleStrategy *strategy, GError **error)
{
  g_autofree char *path = mg_bot_strategies_path();
  g_autofree char *group = group_of(store, game);
  g_autoptr(GKeyFile) file = g_key_file_new();
  /* A file that cannot be read (missing, or not a key file) starts
   * afresh: it only ever holds these choices. */
  g_key_file_load_from_file(file, path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  /* The game written last goes last; the oldest go when there are too
   * many. */
  g_auto(GStrv) seats = g_key_file_get_keys(file, group, NULL, NULL);
  GHashTable *keep = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                           g_free);
  for (guint i = 0; seats && seats[i]; i++)
    g_hash_table_insert(keep, g_strdup(seats[i]),
                        g_key_file_get_string(file, group, seats[i], NULL));
  g_key_file_remove_group(file, group, NULL);
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init(&it, keep);
  while (g_hash_table_iter_next(&it, &key, &value))
    if (value)
      g_key_file_set_string(file, group, key, value);
  g_hash_table_unref(keep);
  char seat_key[16];
  g_snprintf(seat_key, sizeof seat_key, "seat%u", seat);
  g_autofree char *text = meeple_strategy_to_string(strategy);
  g_key_file_set_string(file, group, seat_key, text);
  gsize n_groups;
  g_auto(GStrv) groups = g_key_file_get_groups(file, &n_groups);
  for (gsize i = 0; i + MG_BOT_STRATEGIES_MAX < n_groups; i++)
    g_key_file_remove_group(file, groups[i], NULL);
  g_autofree char *dir = g_path_get_dirname(path);
  g_mkdir_with_parents(dir, 0700);
  return g_key_file_save_to_file(file, path, error);
}

gboolean
mg_bot_strategies_load(const char *store, const char *game, guint seat,
                       MeepleStrategy *out)
{
  g_autofree char *path = mg_bot_strategies_path();
  g_autofree char *group = group_of(store, game);
  g_autoptr(GKeyFile) file = g_key_file_new();
  if (!g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, NULL))
    return FALSE;
  char seat_key[16];
  g_snprintf(seat_key, sizeof seat_key, "seat%u", seat);
  g_autofree char *text = g_key_file_get_string(file, group, seat_key, NULL);
  return text && meeple_strategy_parse(text, out, NULL);
}
