/* plugins.c — meeple-sim: where plugins are looked for, the one loader
 * every command builds its rules with, and checking the rule sets a
 * command line or a record names. */
#include "config.h"

#include <string.h>

#include "sim.h"

MeepleLoader *
sim_loader_new(char **plugin_dirs, const char *tiles_dir, gboolean scan,
               gboolean warn, GError **error)
{
  MeepleLoader *loader = meeple_loader_new();
  if (scan) {
    char **dirs = paths_plugin_dirs(plugin_dirs);
    for (guint i = 0; dirs[i]; i++)
      meeple_loader_add_plugin_dir(loader, dirs[i]);
    g_strfreev(dirs);
  }
  char *tiles = paths_tiles_dir(tiles_dir);
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

/* A rule set the command line asked for that cannot be played is the
 * user's mistake (exit 2); a plugin that failed to load, or a failing
 * setup, is a runtime error (exit 1). */
static int
ruleset_status(const char *command, const GError *error)
{
  if (g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET))
    return sim_usage_error(command, "%s; see '" SIM_NAME " rules'",
                           error->message);
  return sim_fail(error);
}

int
sim_check_rulesets(MeepleLoader *loader, const char *command,
                   const char *const *ids)
{
  GError *error = NULL;
  if (meeple_loader_check_rulesets(loader, ids, &error))
    return SIM_EXIT_OK;
  int status = ruleset_status(command, error);
  g_error_free(error);
  return status;
}

int
sim_build_rules(MeepleLoader *loader, const char *command,
                const char *const *ids, MeepleRules **rules)
{
  GError *error = NULL;
  *rules = meeple_loader_build_rules(loader, ids, &error);
  if (*rules)
    return SIM_EXIT_OK;
  int status = ruleset_status(command, error);
  g_error_free(error);
  return status;
}
