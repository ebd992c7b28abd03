/* loader.c — expansion plugins: finding, checking, ordering, loading and
 * combining them into rules (meeple/loader.h, doc/plugins.md).
 *
 * Nothing a plugin file contains may take the host down: every check that
 * can fail is a message on that plugin, and the plugin is skipped. */
#include "internal.h"
#include "meeple/loader.h"

#include <gmodule.h>
#include <string.h>

/* A rule set: a plugin's own (desc->setup), or one a host plugin read
 * from a file of its language (provided.setup, ABI 2.2); or a host. */
typedef struct {
  MeeplePluginInfo info;
  GModule *module;
  const MeeplePluginDescriptor *desc;
  MeepleProvidedRuleSet provided; /* .setup set: provided by a host */
  char *file, *id, *name, *version, *error, *description, *tiles;
  char **requires, **conflicts;
  const char *source;      /* static: "plugin", "host" or the host's */
  int priority;
  gboolean inited;
  gboolean placed;         /* topological sort: already ordered */
} Plugin;

struct MeepleLoader {
  gint ref_count;
  GPtrArray *plugin_dirs;  /* char* */
  GPtrArray *tiles_dirs;   /* char* */
  GPtrArray *plugins;      /* Plugin*, public order once loaded */
  GPtrArray *hosts;        /* Plugin*, loaded hosts, in file order */
  gboolean did_load;
};

static char *const empty_list[] = { NULL };

static void
plugin_fail(Plugin *p, const char *format, ...) G_GNUC_PRINTF(2, 3);

static void
plugin_fail(Plugin *p, const char *format, ...)
{
  if (p->error)
    return; /* the first reason is the one to tell */
  va_list ap;
  va_start(ap, format);
  g_autofree char *why = g_strdup_vprintf(format, ap);
  va_end(ap);
  /* messages go to terminals and JSON: file names and plugin strings
   * may be any bytes */
  g_autofree char *file = g_filename_display_name(p->file);
  g_autofree char *text = g_strdup_printf("%s: %s", file, why);
  p->error = g_utf8_make_valid(text, -1);
}

static void
plugin_free(gpointer data)
{
  Plugin *p = data;
  if (p->module)
    g_module_close(p->module);
  if (p->provided.free_data)
    p->provided.free_data(p->provided.data);
  g_free(p->provided.id);
  g_free(p->provided.name);
  g_free(p->provided.version);
  g_free(p->provided.description);
  g_free(p->provided.tiles);
  g_strfreev(p->provided.requires);
  g_strfreev(p->provided.conflicts);
  g_free(p->description);
  g_free(p->tiles);
  g_free(p->file);
  g_free(p->id);
  g_free(p->name);
  g_free(p->version);
  g_free(p->error);
  g_strfreev(p->requires);
  g_strfreev(p->conflicts);
  g_free(p);
}

MeepleLoader *
meeple_loader_new(void)
{
  MeepleLoader *l = g_new0(MeepleLoader, 1);
  l->ref_count = 1;
  l->plugin_dirs = g_ptr_array_new_with_free_func(g_free);
  l->tiles_dirs = g_ptr_array_new_with_free_func(g_free);
  l->plugins = g_ptr_array_new_with_free_func(plugin_free);
  l->hosts = g_ptr_array_new_with_free_func(plugin_free);
  return l;
}

MeepleLoader *
meeple_loader_ref(MeepleLoader *l)
{
  g_atomic_int_inc(&l->ref_count);
  return l;
}

void
meeple_loader_unref(MeepleLoader *l)
{
  if (!l || !g_atomic_int_dec_and_test(&l->ref_count))
    return;
  /* exit() in reverse load order; loaded plugins come first */
  for (guint i = l->plugins->len; i-- > 0;) {
    Plugin *p = g_ptr_array_index(l->plugins, i);
    if (p->inited && p->desc && p->desc->exit)
      p->desc->exit();
  }
  /* The rule sets a host provided go first: their data is the host's. */
  g_ptr_array_unref(l->plugins);
  for (guint i = l->hosts->len; i-- > 0;) {
    Plugin *p = g_ptr_array_index(l->hosts, i);
    if (p->inited && p->desc->exit)
      p->desc->exit();
  }
  g_ptr_array_unref(l->hosts);
  g_ptr_array_unref(l->plugin_dirs);
  g_ptr_array_unref(l->tiles_dirs);
  g_free(l);
}

void
meeple_loader_add_plugin_dir(MeepleLoader *l, const char *dir)
{
  g_ptr_array_add(l->plugin_dirs, g_strdup(dir));
}

void
meeple_loader_add_tiles_dir(MeepleLoader *l, const char *dir)
{
  g_ptr_array_add(l->tiles_dirs, g_strdup(dir));
}

/* ---- reading one plugin file ------------------------------------------- */

static gboolean
valid_id(const char *id)
{
  if (!id || !*id || strlen(id) > 64)
    return FALSE;
  for (const char *c = id; *c; c++)
    if (!g_ascii_islower(*c) && !g_ascii_isdigit(*c) && *c != '-')
      return FALSE;
  return TRUE;
}

static char **
copy_id_list(Plugin *p, const char *const *list, const char *what)
{
  GPtrArray *out = g_ptr_array_new();
  for (guint i = 0; list && list[i] && i < 64; i++) {
    if (!valid_id(list[i]))
      plugin_fail(p, "its '%s' list holds an invalid id", what);
    else if (strcmp(list[i], "base") != 0) /* always there */
      g_ptr_array_add(out, g_strdup(list[i]));
  }
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}

/* Opens @p->file and checks its descriptor; sets p->error on failure. */
static void
plugin_open(Plugin *p)
{
  /* Bind now: a plugin with a missing symbol fails here, with the
   * linker's message, rather than in the middle of a game. */
  p->module = g_module_open(p->file, G_MODULE_BIND_LOCAL);
  if (!p->module) {
    plugin_fail(p, "cannot be loaded: %s", g_module_error());
    return;
  }
  /* Never unmapped: GLib keeps pointers into a module's static data (a
   * G_DEFINE_QUARK error domain, for one) for the life of the process.
   * exit() is the plugin's unload hook. */
  g_module_make_resident(p->module);
  gpointer symbol = NULL;
  if (!g_module_symbol(p->module, MEEPLE_PLUGIN_SYMBOL, &symbol) || !symbol) {
    plugin_fail(p, "not a meepled plugin: it exports no '%s'",
                MEEPLE_PLUGIN_SYMBOL);
    return;
  }
  const MeeplePluginDescriptor *d = symbol;
  /* abi_major and abi_minor are the first fields in every ABI version. */
  if (d->abi_major < MEEPLE_PLUGIN_ABI_MAJOR) {
    /* An older major: its hooks, effects and descriptor mean something
     * else now (doc/plugins.md, "ABI compatibility"); say how to fix it. */
    plugin_fail(p, "built for plugin ABI %u.%u, which this meepled no "
                "longer loads; it speaks %d.%d: rebuild the plugin against "
                "the ABI %d headers (doc/plugins.md, \"ABI %d.0\")",
                d->abi_major, d->abi_minor, MEEPLE_PLUGIN_ABI_MAJOR,
                MEEPLE_PLUGIN_ABI_MINOR, MEEPLE_PLUGIN_ABI_MAJOR,
                MEEPLE_PLUGIN_ABI_MAJOR);
    return;
  }
  if (d->abi_major != MEEPLE_PLUGIN_ABI_MAJOR) {
    plugin_fail(p, "built for plugin ABI %u.%u; this meepled speaks %d.%d "
                "(the major version must match)", d->abi_major,
                d->abi_minor, MEEPLE_PLUGIN_ABI_MAJOR,
                MEEPLE_PLUGIN_ABI_MINOR);
    return;
  }
  if (d->abi_minor > MEEPLE_PLUGIN_ABI_MINOR) {
    plugin_fail(p, "needs plugin ABI %u.%u, newer than this meepled's "
                "%d.%d; upgrade meepled", d->abi_major, d->abi_minor,
                MEEPLE_PLUGIN_ABI_MAJOR, MEEPLE_PLUGIN_ABI_MINOR);
    return;
  }
  if (!valid_id(d->id) || strcmp(d->id, "base") == 0) {
    plugin_fail(p, "its id must be 1-64 lower-case letters, digits and "
                "'-', and not 'base'");
    return;
  }
  p->id = g_strdup(d->id);
  gboolean version_ok = d->version && *d->version && strlen(d->version) <= 32;
  for (const char *c = d->version; version_ok && *c; c++)
    version_ok = *c > ' ' && *c < 0x7f && *c != '/' && *c != '#';
  if (!version_ok) {
    plugin_fail(p, "rule set '%s' needs a version of 1-32 printable ASCII "
                "characters other than '/' and '#'", d->id);
    return;
  }
  /* ABI 2.2 fields exist only in descriptors of minor 2 and later */
  const MeepleRuleSetHost *host = d->abi_minor >= 2 ? d->host : NULL;
  if (host && (d->setup || !host->suffix || !host->open || !host->source)) {
    plugin_fail(p, "host '%s' must have no setup function, and a suffix, "
                "a source and an open function", d->id);
    return;
  }
  if (!d->setup && !host) {
    plugin_fail(p, "rule set '%s' has no setup function", d->id);
    return;
  }
  p->desc = d;
  p->priority = d->priority;
  p->source = host ? "host" : "plugin";
  p->name = g_utf8_make_valid(d->name && *d->name ? d->name : d->id, -1);
  p->version = g_strdup(d->version);
  p->tiles = g_strdup(d->tiles);
  if (d->abi_minor >= 2 && d->description)
    p->description = g_utf8_make_valid(d->description, -1);
  p->requires = copy_id_list(p, d->requires, "requires");
  p->conflicts = copy_id_list(p, d->conflicts, "conflicts");
}

/* Reads rule-set file @p->file with @host; sets p->error on failure.
 * The host's messages name the file themselves ("FILE:LINE: ..."). */
static void
provided_open(Plugin *p, const Plugin *host_plugin)
{
  const MeepleRuleSetHost *host = host_plugin->desc->host;
  p->source = host->source;
  GError *err = NULL;
  if (!host->open(p->file, &p->provided, &err) || !p->provided.setup) {
    p->error = g_utf8_make_valid(err ? err->message
                                     : "the host read no rule set", -1);
    g_clear_error(&err);
    return;
  }
  const MeepleProvidedRuleSet *r = &p->provided;
  if (!valid_id(r->id) || strcmp(r->id, "base") == 0) {
    plugin_fail(p, "its id must be 1-64 lower-case letters, digits and "
                "'-', and not 'base'");
    return;
  }
  p->id = g_strdup(r->id);
  gboolean version_ok = r->version && *r->version && strlen(r->version) <= 32;
  for (const char *c = r->version; version_ok && *c; c++)
    version_ok = *c > ' ' && *c < 0x7f && *c != '/' && *c != '#';
  if (!version_ok) {
    plugin_fail(p, "rule set '%s' needs a version of 1-32 printable ASCII "
                "characters other than '/' and '#'", r->id);
    return;
  }
  p->priority = r->priority;
  p->name = g_utf8_make_valid(r->name && *r->name ? r->name : r->id, -1);
  p->version = g_strdup(r->version);
  p->tiles = g_strdup(r->tiles);
  if (r->description)
    p->description = g_utf8_make_valid(r->description, -1);
  p->requires = copy_id_list(p, (const char *const *)r->requires,
                             "requires");
  p->conflicts = copy_id_list(p, (const char *const *)r->conflicts,
                              "conflicts");
}

static void
publish_info(Plugin *p)
{
  p->info.file = p->file;
  p->info.id = p->id;
  p->info.name = p->name;
  p->info.version = p->version;
  p->info.requires = (const char *const *)(p->requires ? p->requires
                                                       : empty_list);
  p->info.conflicts = (const char *const *)(p->conflicts ? p->conflicts
                                                         : empty_list);
  p->info.priority = p->priority;
  p->info.loaded = p->error == NULL;
  p->info.error = p->error;
  p->info.description = p->description;
  p->info.source = p->source ? p->source : "plugin";
}

/* ---- ordering -------------------------------------------------------------- */

static Plugin *
find_candidate(GPtrArray *list, const char *id)
{
  for (guint i = 0; i < list->len; i++) {
    Plugin *p = g_ptr_array_index(list, i);
    if (!p->error && p->id && strcmp(p->id, id) == 0)
      return p;
  }
  return NULL;
}

static gboolean
any_named(GPtrArray *list, const char *id)
{
  for (guint i = 0; i < list->len; i++) {
    Plugin *p = g_ptr_array_index(list, i);
    if (p->id && strcmp(p->id, id) == 0)
      return TRUE;
  }
  return FALSE;
}

/* Fails every plugin whose requirement is missing or failed, until none
 * changes. */
static void
fail_missing_requirements(GPtrArray *all)
{
  gboolean changed = TRUE;
  while (changed) {
    changed = FALSE;
    for (guint i = 0; i < all->len; i++) {
      Plugin *p = g_ptr_array_index(all, i);
      if (p->error)
        continue;
      for (guint r = 0; p->requires[r]; r++) {
        if (find_candidate(all, p->requires[r]))
          continue;
        if (any_named(all, p->requires[r]))
          plugin_fail(p, "rule set '%s' requires '%s', which could not be "
                      "loaded", p->id, p->requires[r]);
        else
          plugin_fail(p, "rule set '%s' requires '%s', which is not "
                      "installed", p->id, p->requires[r]);
        changed = TRUE;
        break;
      }
    }
  }
}

static gboolean
requirements_placed(GPtrArray *all, const Plugin *p)
{
  for (guint r = 0; p->requires[r]; r++)
    if (!find_candidate(all, p->requires[r])->placed)
      return FALSE;
  return TRUE;
}

/* Kahn's algorithm: among the plugins whose requirements are ordered,
 * the highest priority first, then the smaller id.  What is left lies on
 * or behind a dependency cycle. */
static GPtrArray *
order_plugins(GPtrArray *all)
{
  GPtrArray *order = g_ptr_array_new();
  for (;;) {
    Plugin *best = NULL;
    for (guint i = 0; i < all->len; i++) {
      Plugin *p = g_ptr_array_index(all, i);
      if (p->error || p->placed || !requirements_placed(all, p))
        continue;
      if (!best || p->priority > best->priority ||
          (p->priority == best->priority &&
           strcmp(p->id, best->id) < 0))
        best = p;
    }
    if (!best)
      break;
    best->placed = TRUE;
    g_ptr_array_add(order, best);
  }
  /* Messages first, failures after: failing one plugin of a cycle must
   * not hide it from the walks of the others. */
  GPtrArray *stuck = g_ptr_array_new();
  GPtrArray *why = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < all->len; i++) {
    Plugin *p = g_ptr_array_index(all, i);
    if (p->error || p->placed)
      continue;
    /* Walk unplaced requirements until a plugin repeats: that is the
     * cycle.  Name it when @p is on it. */
    GPtrArray *path = g_ptr_array_new();
    Plugin *at = p;
    guint start = 0;
    while (at) {
      guint seen;
      for (seen = 0; seen < path->len && path->pdata[seen] != at; seen++)
        ;
      if (seen < path->len) {
        start = seen;
        break;
      }
      g_ptr_array_add(path, at);
      Plugin *next = NULL;
      for (guint r = 0; at->requires[r] && !next; r++) {
        Plugin *q = find_candidate(all, at->requires[r]);
        if (q && !q->placed)
          next = q;
      }
      at = next;
    }
    char *msg;
    if (start == 0 && at) {
      GString *cycle = g_string_new(NULL);
      for (guint k = 0; k < path->len; k++)
        g_string_append_printf(cycle, "%s -> ",
                               ((Plugin *)path->pdata[k])->id);
      g_string_append(cycle, p->id);
      msg = g_strdup_printf("dependency cycle: %s", cycle->str);
      g_string_free(cycle, TRUE);
    } else {
      msg = g_strdup_printf("rule set '%s' requires '%s', which is on a "
                            "dependency cycle", p->id,
                            path->len > 1 ? ((Plugin *)path->pdata[1])->id
                                          : "?");
    }
    g_ptr_array_add(stuck, p);
    g_ptr_array_add(why, msg);
    g_ptr_array_free(path, TRUE);
  }
  for (guint i = 0; i < stuck->len; i++)
    plugin_fail(stuck->pdata[i], "%s", (char *)why->pdata[i]);
  g_ptr_array_free(stuck, TRUE);
  g_ptr_array_unref(why);
  return order;
}

/* ---- building rules ------------------------------------------------------ */

/* First existing @name in @first_dir (may be NULL), then the tile dirs. */
static char *
find_tile_file(MeepleLoader *l, const char *first_dir, const char *name)
{
  if (first_dir) {
    char *path = g_build_filename(first_dir, name, NULL);
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
      return path;
    g_free(path);
  }
  for (guint i = 0; i < l->tiles_dirs->len; i++) {
    char *path = g_build_filename(l->tiles_dirs->pdata[i], name, NULL);
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
      return path;
    g_free(path);
  }
  if (!l->tiles_dirs->len) {
    char *path = g_build_filename(MEEPLE_TILES_DIR, name, NULL);
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
      return path;
    g_free(path);
  }
  return NULL;
}

static char *
tiles_dirs_text(MeepleLoader *l, const char *first_dir)
{
  GString *s = g_string_new(first_dir ? first_dir : "");
  for (guint i = 0; i < l->tiles_dirs->len; i++)
    g_string_append_printf(s, "%s%s", s->len ? ", " : "",
                           (char *)l->tiles_dirs->pdata[i]);
  if (!l->tiles_dirs->len)
    g_string_append_printf(s, "%s%s", s->len ? ", " : "", MEEPLE_TILES_DIR);
  return g_string_free(s, FALSE);
}

static gboolean
setup_plugin(MeepleLoader *l, MeepleRules *rules, Plugin *p, GError **error)
{
  registry_begin_ruleset(rules, p->id, p->name, p->version);
  GError *err = NULL;
  gboolean ok = p->provided.setup
                    ? p->provided.setup(rules, p->provided.data, &err)
                    : p->desc->setup(rules, &err);
  if (!ok) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "rule set '%s': setup failed: %s", p->id,
                err ? err->message : "(no reason given)");
    g_clear_error(&err);
  } else if (p->tiles) {
    g_autofree char *dir = g_path_get_dirname(p->file);
    g_autofree char *path = find_tile_file(l, dir, p->tiles);
    if (!path) {
      g_autofree char *dirs = tiles_dirs_text(l, dir);
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                  "rule set '%s': tile file '%s' not found (looked in %s)",
                  p->id, p->tiles, dirs);
      ok = FALSE;
    } else if (!meeple_rules_load_tiles(rules, path, &err)) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                  "rule set '%s': %s", p->id, err->message);
      g_clear_error(&err);
      ok = FALSE;
    }
  }
  registry_end_ruleset(rules);
  return ok;
}

/* Base game plus @enabled (in load order). */
static MeepleRules *
build(MeepleLoader *l, GPtrArray *enabled, GError **error)
{
  g_autofree char *base = find_tile_file(l, NULL, "base.tiles");
  if (!base) {
    g_autofree char *dirs = tiles_dirs_text(l, NULL);
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                "base.tiles not found (looked in %s)", dirs);
    return NULL;
  }
  MeepleRules *rules = meeple_rules_new();
  /* Owned first so it is released last: hooks' data may live in the
   * plugins' code until then. */
  meeple_rules_own(rules, meeple_loader_ref(l),
                   (GDestroyNotify)meeple_loader_unref);
  if (!meeple_rules_load_tiles(rules, base, error)) {
    meeple_rules_unref(rules);
    return NULL;
  }
  for (guint i = 0; i < enabled->len; i++)
    if (!setup_plugin(l, rules, enabled->pdata[i], error)) {
      meeple_rules_unref(rules);
      return NULL;
    }
  return rules;
}

/* Adds @p and what it requires to @set (a hash set of Plugin*). */
static void
add_closure(GPtrArray *candidates, GHashTable *set, Plugin *p)
{
  if (!g_hash_table_add(set, p))
    return;
  for (guint r = 0; p->requires[r]; r++) {
    Plugin *q = find_candidate(candidates, p->requires[r]);
    if (q)
      add_closure(candidates, set, q);
  }
}

/* The members of @set in the order of @order. */
static GPtrArray *
in_order(GPtrArray *order, GHashTable *set)
{
  GPtrArray *out = g_ptr_array_new();
  for (guint i = 0; i < order->len; i++)
    if (g_hash_table_contains(set, order->pdata[i]))
      g_ptr_array_add(out, order->pdata[i]);
  return out;
}

static gboolean
check_conflicts(GPtrArray *enabled, GError **error)
{
  for (guint i = 0; i < enabled->len; i++) {
    Plugin *p = enabled->pdata[i];
    for (guint c = 0; p->conflicts[c]; c++)
      for (guint j = 0; j < enabled->len; j++) {
        Plugin *q = enabled->pdata[j];
        if (q != p && strcmp(q->id, p->conflicts[c]) == 0) {
          g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                      "rule sets '%s' and '%s' cannot be played together "
                      "('%s' declares the conflict)", p->id, q->id, p->id);
          return FALSE;
        }
      }
  }
  return TRUE;
}

/* ---- loading ------------------------------------------------------------- */

static gint
compare_names(gconstpointer a, gconstpointer b)
{
  /* g_ptr_array_sort() passes pointers to the elements */
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
scan_dir(const char *dir, const char *suffix, GPtrArray *out)
{
  GDir *d = g_dir_open(dir, 0, NULL);
  if (!d)
    return; /* a missing directory simply holds no plugins */
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  const char *name;
  while ((name = g_dir_read_name(d)))
    if (g_str_has_suffix(name, suffix))
      g_ptr_array_add(names, g_strdup(name));
  g_dir_close(d);
  /* file order is part of the documented load order: sort it */
  g_ptr_array_sort(names, compare_names);
  for (guint i = 0; i < names->len; i++) {
    Plugin *p = g_new0(Plugin, 1);
    p->file = g_build_filename(dir, names->pdata[i], NULL);
    g_ptr_array_add(out, p);
  }
  g_ptr_array_unref(names);
}

gboolean
meeple_loader_load(MeepleLoader *l, GError **error)
{
  g_return_val_if_fail(!l->did_load, FALSE);
  l->did_load = TRUE;
  /* The base game first: without it nothing can be played, and no
   * plugin should be blamed for it. */
  GPtrArray *none = g_ptr_array_new();
  MeepleRules *base = build(l, none, error);
  g_ptr_array_free(none, TRUE);
  if (!base)
    return FALSE;
  meeple_rules_unref(base);

  GPtrArray *all = g_ptr_array_new();
  for (guint i = 0; i < l->plugin_dirs->len; i++)
    scan_dir(l->plugin_dirs->pdata[i], ".so", all);
  guint n_objects = all->len;
  for (guint i = 0; i < n_objects; i++)
    plugin_open(all->pdata[i]);

  /* Hosts (ABI 2.2) are set apart, initialised now, and asked for the
   * rule sets of their files in the plugin directories, which then load
   * like the plugins' own. */
  GPtrArray *objects = all;
  all = g_ptr_array_new();
  for (guint i = 0; i < objects->len; i++) {
    Plugin *p = objects->pdata[i];
    gboolean host = p->source && strcmp(p->source, "host") == 0;
    GError *err = NULL;
    if (host && !p->error && p->desc->init && !p->desc->init(&err)) {
      plugin_fail(p, "init failed: %s", err ? err->message : "(no reason)");
      g_clear_error(&err);
    }
    if (host && !p->error) {
      p->inited = TRUE;
      g_ptr_array_add(l->hosts, p);
    } else {
      g_ptr_array_add(all, p);
    }
  }
  g_ptr_array_free(objects, TRUE);
  for (guint h = 0; h < l->hosts->len; h++) {
    Plugin *host = l->hosts->pdata[h];
    guint first = all->len;
    for (guint i = 0; i < l->plugin_dirs->len; i++)
      scan_dir(l->plugin_dirs->pdata[i], host->desc->host->suffix, all);
    for (guint i = first; i < all->len; i++)
      provided_open(all->pdata[i], host);
  }

  for (guint i = 0; i < all->len; i++) {
    Plugin *p = all->pdata[i];
    for (guint j = 0; j < i && !p->error; j++) {
      Plugin *q = all->pdata[j];
      if (!q->error && strcmp(q->id, p->id) == 0)
        plugin_fail(p, "rule set '%s' is already provided by %s", p->id,
                    q->file);
    }
  }
  fail_missing_requirements(all);
  GPtrArray *order = order_plugins(all);

  /* In load order: requirements loaded, no conflict with them, init(),
   * then a trial build proves setup and tile file. */
  for (guint i = 0; i < order->len; i++) {
    Plugin *p = order->pdata[i];
    for (guint r = 0; p->requires[r] && !p->error; r++) {
      Plugin *q = find_candidate(all, p->requires[r]);
      if (!q)
        plugin_fail(p, "rule set '%s' requires '%s', which could not be "
                    "loaded", p->id, p->requires[r]);
    }
    if (p->error)
      continue;
    GHashTable *set = g_hash_table_new(NULL, NULL);
    add_closure(all, set, p);
    GPtrArray *enabled = in_order(order, set);
    g_hash_table_unref(set);
    GError *err = NULL;
    if (!check_conflicts(enabled, &err)) {
      plugin_fail(p, "%s", err->message);
      g_clear_error(&err);
    } else if (p->desc && p->desc->init && !p->desc->init(&err)) {
      plugin_fail(p, "init failed: %s", err ? err->message : "(no reason)");
      g_clear_error(&err);
    } else {
      p->inited = TRUE;
      MeepleRules *trial = build(l, enabled, &err);
      if (!trial) {
        plugin_fail(p, "%s", err->message);
        g_clear_error(&err);
      }
      meeple_rules_unref(trial);
    }
    g_ptr_array_free(enabled, TRUE);
    if (p->error && p->inited) {
      if (p->desc && p->desc->exit)
        p->desc->exit();
      p->inited = FALSE;
    }
  }

  /* Public order: loaded in load order, then the skipped in file order. */
  for (guint i = 0; i < order->len; i++)
    if (!((Plugin *)order->pdata[i])->error)
      g_ptr_array_add(l->plugins, order->pdata[i]);
  for (guint i = 0; i < all->len; i++) {
    Plugin *p = all->pdata[i];
    if (p->error) {
      g_ptr_array_add(l->plugins, p);
      if (p->module) {
        g_module_close(p->module);
        p->module = NULL;
        p->desc = NULL;
      }
    }
  }
  for (guint i = 0; i < l->plugins->len; i++)
    publish_info(l->plugins->pdata[i]);
  g_ptr_array_free(order, TRUE);
  g_ptr_array_free(all, TRUE);
  return TRUE;
}

guint
meeple_loader_n_plugins(const MeepleLoader *l)
{
  return l->plugins->len;
}

const MeeplePluginInfo *
meeple_loader_plugin(const MeepleLoader *l, guint index)
{
  g_return_val_if_fail(index < l->plugins->len, NULL);
  return &((Plugin *)g_ptr_array_index(l->plugins, index))->info;
}

const MeeplePluginInfo *
meeple_loader_find(const MeepleLoader *l, const char *id)
{
  Plugin *p = find_candidate(l->plugins, id);
  return p ? &p->info : NULL;
}

static char *
available_ids(MeepleLoader *l)
{
  GString *s = g_string_new("base");
  for (guint i = 0; i < l->plugins->len; i++) {
    Plugin *p = l->plugins->pdata[i];
    if (!p->error)
      g_string_append_printf(s, ", %s", p->id);
  }
  return g_string_free(s, FALSE);
}

/* The plugins @ids enable, with their requirements, in load order; NULL
 * with @error set when they cannot be played together. */
static GPtrArray *
resolve(MeepleLoader *l, const char *const *ids, GError **error)
{
  GHashTable *set = g_hash_table_new(NULL, NULL);
  for (guint i = 0; ids && ids[i]; i++) {
    if (strcmp(ids[i], "base") == 0 || !*ids[i])
      continue;
    Plugin *p = find_candidate(l->plugins, ids[i]);
    if (!p) {
      Plugin *failed = NULL;
      for (guint k = 0; k < l->plugins->len && !failed; k++) {
        Plugin *q = l->plugins->pdata[k];
        if (q->id && strcmp(q->id, ids[i]) == 0)
          failed = q;
      }
      if (failed) {
        g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_PLUGIN,
                    "rule set '%s' is installed but could not be loaded: "
                    "%s", ids[i], failed->error);
      } else {
        g_autofree char *have = available_ids(l);
        g_autofree char *valid = g_utf8_make_valid(ids[i], -1);
        g_autofree char *shown = g_utf8_substring(
            valid, 0, MIN(g_utf8_strlen(valid, -1), 64));
        g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                    "unknown rule set '%s' (available: %s)", shown, have);
      }
      g_hash_table_unref(set);
      return NULL;
    }
    add_closure(l->plugins, set, p);
  }
  GPtrArray *enabled = in_order(l->plugins, set);
  g_hash_table_unref(set);
  if (!check_conflicts(enabled, error)) {
    g_ptr_array_free(enabled, TRUE);
    return NULL;
  }
  return enabled;
}

gboolean
meeple_loader_check_rulesets(MeepleLoader *l, const char *const *ids,
                             GError **error)
{
  GPtrArray *enabled = resolve(l, ids, error);
  if (!enabled)
    return FALSE;
  g_ptr_array_free(enabled, TRUE);
  return TRUE;
}

MeepleRules *
meeple_loader_build_rules(MeepleLoader *l, const char *const *ids,
                          GError **error)
{
  GPtrArray *enabled = resolve(l, ids, error);
  if (!enabled)
    return NULL;
  MeepleRules *rules = build(l, enabled, error);
  g_ptr_array_free(enabled, TRUE);
  return rules;
}
