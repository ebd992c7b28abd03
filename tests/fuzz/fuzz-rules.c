/* fuzz-rules.c — rules of any combination of rule sets for the fuzz
 * targets (fuzz-rules.h). */
#include "fuzz-rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_PLUGIN_DIR
#define FUZZ_PLUGIN_DIR "tests/fuzz/plugins"
#endif
#ifndef FUZZ_TILES_DIR
#define FUZZ_TILES_DIR "data/tiles"
#endif

/* The project's rule sets (plugins/): every one must be there. */
static const char *const expected[] = {
  "abbot", "princess-dragon", "mage-witch", "circus", "mist", "spell-circles",
};

static MeepleLoader *loader;
/* Sorted, deduplicated "id,id" -> MeepleRules.  Only rules that were
 * built are kept, so at most one entry per subset of the plugins: a
 * fuzzer inventing ids cannot make it grow without bound. */
static GHashTable *built;

void
fuzz_rules_init(const char *target)
{
  const char *plugins = g_getenv("MEEPLE_FUZZ_PLUGIN_DIR");
  const char *tiles = g_getenv("MEEPLE_FUZZ_TILES_DIR");
  GError *error = NULL;
  /* A GLib warning or critical from the engine or a plugin (a failed
   * g_return_if_fail, "a plugin asked for a second decision") is a bug
   * the run must stop at, not a line in the log. */
  g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL |
                         G_LOG_LEVEL_WARNING);
  loader = meeple_loader_new();
  meeple_loader_add_plugin_dir(loader, plugins ? plugins : FUZZ_PLUGIN_DIR);
  meeple_loader_add_tiles_dir(loader, tiles ? tiles : FUZZ_TILES_DIR);
  if (!meeple_loader_load(loader, &error)) {
    fprintf(stderr, "%s: %s (set MEEPLE_FUZZ_TILES_DIR)\n", target,
            error->message);
    exit(1);
  }
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    if (!p->loaded) {
      fprintf(stderr, "%s: plugin skipped: %s\n", target, p->error);
      exit(1);
    }
  }
  for (guint i = 0; i < G_N_ELEMENTS(expected); i++) {
    if (!meeple_loader_find(loader, expected[i])) {
      fprintf(stderr, "%s: no rule set '%s' in %s (set "
              "MEEPLE_FUZZ_PLUGIN_DIR)\n", target, expected[i],
              plugins ? plugins : FUZZ_PLUGIN_DIR);
      exit(1);
    }
  }
  built = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                (GDestroyNotify)meeple_rules_unref);
}

static int
compare_ids(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

MeepleRules *
fuzz_rules(const char *const *ids, GError **error)
{
  GPtrArray *sorted = g_ptr_array_new();
  for (guint i = 0; ids[i]; i++)
    g_ptr_array_add(sorted, (gpointer)ids[i]);
  g_ptr_array_sort(sorted, compare_ids);
  GString *key = g_string_new(NULL);
  for (guint i = 0; i < sorted->len; i++) {
    const char *id = g_ptr_array_index(sorted, i);
    if (i == 0 || strcmp(id, g_ptr_array_index(sorted, i - 1)) != 0)
      g_string_append_printf(key, "%s%s", key->len ? "," : "", id);
  }
  g_ptr_array_add(sorted, NULL);
  MeepleRules *rules = g_hash_table_lookup(built, key->str);
  if (!rules) {
    rules = meeple_loader_build_rules(
      loader, (const char *const *)sorted->pdata, error);
    if (rules)
      g_hash_table_insert(built, g_strdup(key->str), rules);
  }
  g_string_free(key, TRUE);
  g_ptr_array_free(sorted, TRUE);
  return rules;
}

MeepleRules *
fuzz_rules_list(const char *ids, GError **error)
{
  /* "" splits into no ids at all: the base game. */
  char **list = g_strsplit(ids, ",", -1);
  MeepleRules *rules = fuzz_rules((const char *const *)list, error);
  g_strfreev(list);
  return rules;
}
