/* plugins.c — meeple-sim: where plugins are looked for, the one loader
 * every command builds its rules with, and checking the rule sets a
 * command line or a record names. */
#include "config.h"

#include <string.h>

#include "sim.h"

char **
sim_plugin_dirs(char **option)
{
  GPtrArray *dirs = g_ptr_array_new();
  if (option && option[0]) {
    for (guint i = 0; option[i]; i++)
      g_ptr_array_add(dirs, g_strdup(option[i]));
  } else {
    const char *env = g_getenv(MEEPLE_PLUGIN_PATH_ENV);
    if (env && *env) {
      char **parts = g_strsplit(env, G_SEARCHPATH_SEPARATOR_S, -1);
      for (guint i = 0; parts[i]; i++)
        if (*parts[i])
          g_ptr_array_add(dirs, g_strdup(parts[i]));
      g_strfreev(parts);
    }
    /* As for tiles: an installed directory wins, a build that was never
     * installed still finds its own plugins. */
    if (dirs->len == 0)
      g_ptr_array_add(dirs, g_strdup(g_file_test(MEEPLE_PLUGIN_DIR,
                                                 G_FILE_TEST_IS_DIR)
                                       ? MEEPLE_PLUGIN_DIR
                                       : MEEPLE_BUILD_PLUGIN_DIR));
  }
  g_ptr_array_add(dirs, NULL);
  return (char **)g_ptr_array_free(dirs, FALSE);
}

MeepleLoader *
sim_loader_new(char **plugin_dirs, const char *tiles_dir, gboolean scan,
               gboolean warn, GError **error)
{
  MeepleLoader *loader = meeple_loader_new();
  if (scan) {
    char **dirs = sim_plugin_dirs(plugin_dirs);
    for (guint i = 0; dirs[i]; i++)
      meeple_loader_add_plugin_dir(loader, dirs[i]);
    g_strfreev(dirs);
  }
  char *tiles = sim_tiles_dir(tiles_dir);
  meeple_loader_add_tiles_dir(loader, tiles);
  g_free(tiles);
  if (!meeple_loader_load(loader, error)) {
    meeple_loader_unref(loader);
    return NULL;
  }
  /* Only once the base game loaded: before that, every plugin fails for
   * the base game's reason, which the error already tells. */
  for (guint i = 0; warn && i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *info = meeple_loader_plugin(loader, i);
    if (!info->loaded)
      g_printerr(SIM_NAME ": warning: plugin skipped: %s\n",
                 info->error ? info->error : info->file);
  }
  return loader;
}

char *
sim_shown_id(const char *id)
{
  char *valid = g_utf8_make_valid(id, -1);
  if (g_utf8_strlen(valid, -1) <= 64)
    return valid;
  char *head = g_utf8_substring(valid, 0, 61);
  char *shown = g_strconcat(head, "...", NULL);
  g_free(head);
  g_free(valid);
  return shown;
}

const MeeplePluginInfo *
sim_skipped_plugin(const MeepleLoader *loader, const char *id)
{
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *info = meeple_loader_plugin(loader, i);
    if (!info->loaded && info->id && strcmp(info->id, id) == 0)
      return info;
  }
  return NULL;
}

char *
sim_available_rulesets(const MeepleLoader *loader)
{
  GString *text = g_string_new("base");
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *info = meeple_loader_plugin(loader, i);
    if (info->loaded)
      g_string_append_printf(text, ", %s", info->id);
  }
  return g_string_free(text, FALSE);
}

char *
sim_rulesets_text(const MeepleRules *rules, const char *separator)
{
  GString *text = g_string_new(NULL);
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const MeepleRuleSetInfo *rs = meeple_rules_ruleset(rules, i);
    g_string_append_printf(text, "%s%s", i ? separator : "", rs->id);
    if (rs->version && *rs->version)
      g_string_append_printf(text, "/%s", rs->version);
  }
  return g_string_free(text, FALSE);
}

int
sim_parse_ruleset_list(const char *command, const char *value, char ***ids)
{
  char **list = sim_split_list(value);
  for (guint i = 0; list[i]; i++) {
    g_strstrip(list[i]);
    if (!*list[i]) {
      g_strfreev(list);
      return sim_usage_error(command, "--rules: empty rule-set id in '%s'",
                             value);
    }
  }
  *ids = list;
  return SIM_EXIT_OK;
}

/* Adds @id and what it requires (loaded plugins only) to @set. */
static void
add_with_requirements(const MeepleLoader *loader, GHashTable *set,
                      const char *id)
{
  const MeeplePluginInfo *info = meeple_loader_find(loader, id);
  if (!info || !g_hash_table_add(set, (gpointer)info))
    return;
  for (guint r = 0; info->requires[r]; r++)
    add_with_requirements(loader, set, info->requires[r]);
}

int
sim_check_rulesets(const MeepleLoader *loader, const char *command,
                   const char *const *ids)
{
  for (guint i = 0; ids && ids[i]; i++) {
    if (strcmp(ids[i], "base") == 0 || meeple_loader_find(loader, ids[i]))
      continue;
    const MeeplePluginInfo *skipped = sim_skipped_plugin(loader, ids[i]);
    char *shown = sim_shown_id(ids[i]);
    if (skipped) {
      g_printerr(SIM_NAME ": rule set '%s' is installed but could not be "
                 "loaded: %s\n", shown, skipped->error);
      g_free(shown);
      return SIM_EXIT_FAILURE;
    }
    char *have = sim_available_rulesets(loader);
    int status = sim_usage_error(command, "unknown rule set '%s' "
                                 "(available: %s; see '" SIM_NAME
                                 " rules')", shown, have);
    g_free(shown);
    g_free(have);
    return status;
  }

  /* Conflicts among the rule sets asked for and what they require: the
   * engine refuses them too, but they are a mistake on the command line,
   * not a runtime error. */
  char *conflict = sim_rulesets_conflict(loader, ids);
  if (conflict) {
    int status = sim_usage_error(command, "%s", conflict);
    g_free(conflict);
    return status;
  }
  return SIM_EXIT_OK;
}

char *
sim_rulesets_conflict(const MeepleLoader *loader, const char *const *ids)
{
  GHashTable *set = g_hash_table_new(NULL, NULL);
  for (guint i = 0; ids && ids[i]; i++)
    add_with_requirements(loader, set, ids[i]);
  char *message = NULL;
  /* In load order, so the same conflict is always the one reported. */
  guint n = meeple_loader_n_plugins(loader);
  for (guint i = 0; !message && i < n; i++) {
    const MeeplePluginInfo *info = meeple_loader_plugin(loader, i);
    if (!g_hash_table_contains(set, info))
      continue;
    for (guint c = 0; info->conflicts[c] && !message; c++) {
      const MeeplePluginInfo *other = meeple_loader_find(loader,
                                                         info->conflicts[c]);
      if (other && other != info && g_hash_table_contains(set, other))
        message = g_strdup_printf("rule sets '%s' and '%s' cannot be "
                                  "played together ('%s' declares the "
                                  "conflict)", info->id, other->id,
                                  info->id);
    }
  }
  g_hash_table_unref(set);
  return message;
}

int
sim_build_rules(MeepleLoader *loader, const char *command,
                const char *const *ids, MeepleRules **rules)
{
  *rules = NULL;
  int status = sim_check_rulesets(loader, command, ids);
  if (status != SIM_EXIT_OK)
    return status;
  GError *error = NULL;
  *rules = meeple_loader_build_rules(loader, ids, &error);
  if (!*rules) {
    status = sim_fail(error);
    g_error_free(error);
  }
  return status;
}
