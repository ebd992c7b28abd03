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

/* ---- methods (ABI 2.3) ----------------------------------------------------- */

static const char *const value_names[] = {
  [MEEPLE_VALUE_NONE] = "nothing",
  [MEEPLE_VALUE_BOOL] = "a boolean",
  [MEEPLE_VALUE_INT] = "an integer",
  [MEEPLE_VALUE_STRING] = "a string",
};

static gboolean
value_type_valid(MeepleValueType type)
{
  return (guint)type < G_N_ELEMENTS(value_names);
}

static gboolean
method_name_valid(const char *name)
{
  if (!name || !(g_ascii_islower(name[0]) || name[0] == '_'))
    return FALSE;
  for (const char *c = name; *c; c++)
    if (!(g_ascii_islower(*c) || g_ascii_isdigit(*c) || *c == '_'))
      return FALSE;
  return TRUE;
}

gboolean
meeple_rules_describe_api(MeepleRules *rules, const char *name,
                          const MeepleApiMethod *methods, guint n_methods,
                          GError **error)
{
  g_return_val_if_fail(name != NULL, FALSE);
  ApiDef *api = (ApiDef *)find_api(rules, name);
  const char *by = registry_current_ruleset(rules);
  if (!api || g_strcmp0(api->ruleset, by ? by : "base") != 0) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "interface '%s' is not published by this rule set: publish "
                "it (meeple_rules_provide_api()) before describing it",
                name);
    return FALSE;
  }
  if (api->methods) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "interface '%s' is described already", name);
    return FALSE;
  }
  for (guint i = 0; i < n_methods; i++) {
    const MeepleApiMethod *m = &methods[i];
    gboolean ok = method_name_valid(m->name) && m->call &&
                  m->n_args <= MEEPLE_API_MAX_ARGS &&
                  value_type_valid(m->result);
    for (guint a = 0; ok && a < m->n_args; a++)
      ok = value_type_valid(m->args[a]) && m->args[a] != MEEPLE_VALUE_NONE;
    for (guint j = 0; ok && j < i; j++)
      ok = strcmp(methods[j].name, m->name) != 0;
    if (!ok) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                  "interface '%s': method %u ('%s') is malformed: a name of "
                  "[a-z0-9_] not used before, a function, at most %d "
                  "arguments of known types", name, i,
                  m->name ? m->name : "(null)", MEEPLE_API_MAX_ARGS);
      return FALSE;
    }
  }
  api->methods = methods;
  api->n_methods = n_methods;
  return TRUE;
}

const MeepleApiMethod *
meeple_rules_api_methods(const MeepleRules *rules, const char *name,
                         guint *n_methods, guint *major, guint *minor,
                         GError **error)
{
  g_return_val_if_fail(name != NULL, NULL);
  const ApiDef *api = find_api(rules, name);
  if (!api) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "no rule set of these rules publishes interface '%s'", name);
    return NULL;
  }
  if (!api->methods) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "interface '%s' of rule set '%s' has no methods a host can "
                "call", name, api->ruleset);
    return NULL;
  }
  if (n_methods)
    *n_methods = api->n_methods;
  if (major)
    *major = api->major;
  if (minor)
    *minor = api->minor;
  return api->methods;
}

gboolean
meeple_rules_call_api(const MeepleRules *rules, const char *name,
                      const MeepleApiMethod *method, const MeepleGame *game,
                      const MeepleValue *args, guint n_args,
                      MeepleValue *result, GError **error)
{
  const ApiDef *api = find_api(rules, name);
  /* The method must be one of the interface's own. */
  if (!api || !api->methods || method < api->methods ||
      method >= api->methods + api->n_methods) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "no such method of interface '%s'", name);
    return FALSE;
  }
  const char *why = NULL;
  if (method->takes_game && !game)
    why = "it needs the game of a hook";
  else if (!method->takes_game && game)
    why = "it takes no game";
  else if (method->setup_only && !registry_current_ruleset(rules))
    why = "it is a setting, and may be changed only during setup";
  else if (n_args != method->n_args)
    why = "wrong number of arguments";
  for (guint a = 0; !why && a < n_args; a++)
    if (args[a].type != method->args[a])
      why = "an argument of the wrong type";
  if (why) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "%s.%s: %s", name, method->name, why);
    return FALSE;
  }
  *result = (MeepleValue){ .type = MEEPLE_VALUE_NONE };
  GError *own = NULL;
  if (!method->call(api->table, game, args, result, &own)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET, "%s.%s: %s",
                name, method->name, own ? own->message : "refused");
    g_clear_error(&own);
    return FALSE;
  }
  if (result->type != MEEPLE_VALUE_NONE && result->type != method->result) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "%s.%s returned %s, not %s", name, method->name,
                value_type_valid(result->type) ? value_names[result->type]
                                               : "an unknown type",
                value_names[method->result]);
    *result = (MeepleValue){ .type = MEEPLE_VALUE_NONE };
    return FALSE;
  }
  return TRUE;
}
