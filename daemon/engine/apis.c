/* apis.c — interfaces one rule set publishes for the rule sets that build
 * on it (meeple/plugin.h, doc/plugins.md "Published interfaces").
 *
 * Spell Circles works on the mist's ghosts.  It once did so by compiling
 * the mist's sources and casting the mist's slot: two .so files from
 * different versions then corrupted memory silently.  Now the provider
 * publishes a table with a name, a version and its size, and the
 * dependant is refused at setup — so at load, by the loader's trial
 * build — when what it was built against does not fit. */
#include "internal.h"

#include <string.h>

static void
api_free(ApiDef *api)
{
  g_free(api->name);
  g_free(api->ruleset);
  g_free(api);
}

void
apis_free(MeepleRules *rules)
{
  for (guint i = 0; i < rules->apis->len; i++)
    api_free(g_ptr_array_index(rules->apis, i));
  g_ptr_array_unref(rules->apis);
}

static const ApiDef *
find_api(const MeepleRules *rules, const char *name)
{
  for (guint i = 0; i < rules->apis->len; i++) {
    const ApiDef *api = g_ptr_array_index(rules->apis, i);
    if (strcmp(api->name, name) == 0)
      return api;
  }
  return NULL;
}

gboolean
meeple_rules_provide_api(MeepleRules *rules, const char *name, guint major,
                         guint minor, gconstpointer table, gsize size,
                         GError **error)
{
  g_return_val_if_fail(name && table && size > 0, FALSE);
  const ApiDef *old = find_api(rules, name);
  if (old) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "interface '%s' is already published by rule set '%s'",
                name, old->ruleset);
    return FALSE;
  }
  ApiDef *api = g_new0(ApiDef, 1);
  api->name = g_strdup(name);
  const char *by = registry_current_ruleset(rules);
  api->ruleset = g_strdup(by ? by : "base");
  api->major = major;
  api->minor = minor;
  api->table = table;
  api->size = size;
  g_ptr_array_add(rules->apis, api);
  return TRUE;
}

gconstpointer
meeple_rules_use_api(const MeepleRules *rules, const char *name, guint major,
                     guint minor, gsize size, GError **error)
{
  g_return_val_if_fail(name != NULL, NULL);
  const char *user = registry_current_ruleset(rules);
  if (!user)
    user = "(none)";
  const ApiDef *api = find_api(rules, name);
  if (!api) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "rule set '%s' needs interface '%s' %u.%u, which no rule set "
                "of these rules publishes", user, name, major, minor);
    return NULL;
  }
  /* Same major: the same meaning; a minor only appends to the table, so
   * an older dependant reads a prefix of a newer provider's table. */
  if (api->major != major || api->minor < minor || api->size < size) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "rule set '%s' was built for interface '%s' %u.%u "
                "(%" G_GSIZE_FORMAT " bytes); rule set '%s' publishes '%s' "
                "%u.%u (%" G_GSIZE_FORMAT " bytes): rebuild '%s' against "
                "'%s' %u.x", user, name, major, minor, size, api->ruleset,
                name, api->major, api->minor, api->size, user, api->ruleset,
                api->major);
    return NULL;
  }
  return api->table;
}
