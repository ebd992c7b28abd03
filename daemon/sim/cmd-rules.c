/* cmd-rules.c — meeple-sim rules: the rule sets a game can be played
 * with (the base game and every plugin found), loaded or skipped, as a
 * table or as JSON.  A report: skipped plugins do not make it fail. */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "sim.h"

/* One row of the report, base game or plugin. */
typedef struct {
  const char *id, *name, *version, *file, *error, *description, *source;
  const char *const *requires;
  const char *const *conflicts;
  int priority;
  gboolean loaded;
} Row;

static const char *const no_ids[] = { NULL };

/* @s as valid UTF-8, kept in @owned (a plugin's strings are only bytes;
 * the table and JSON need text). */
static const char *
valid(GPtrArray *owned, const char *s)
{
  if (!s || g_utf8_validate(s, -1, NULL))
    return s;
  char *copy = g_utf8_make_valid(s, -1);
  g_ptr_array_add(owned, copy);
  return copy;
}

static Row
plugin_row(const MeeplePluginInfo *info, GPtrArray *owned)
{
  return (Row){
    .id = info->id,
    .name = valid(owned, info->name),
    .version = valid(owned, info->version),
    .file = valid(owned, info->file),
    .error = valid(owned, info->error),
    .requires = info->requires ? info->requires : no_ids,
    .conflicts = info->conflicts ? info->conflicts : no_ids,
    .priority = info->priority,
    .loaded = info->loaded,
    .description = valid(owned, info->description),
    .source = info->source,
  };
}

static const char *
or_dash(const char *s)
{
  return s && *s ? s : "-";
}

/* Appends @s padded with blanks to @width characters (not bytes). */
static void
append_padded(GString *out, const char *s, int width)
{
  g_string_append(out, s);
  for (int n = (int)g_utf8_strlen(s, -1); n < width; n++)
    g_string_append_c(out, ' ');
}

static void
append_list_line(GString *out, const char *what, const char *const *ids)
{
  if (!ids[0])
    return;
  g_string_append_printf(out, "  %s: ", what);
  for (guint i = 0; ids[i]; i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", ids[i]);
  g_string_append_c(out, '\n');
}

static GString *
format_table(const Row *rows, guint n, gboolean verbose, char **dirs,
             const char *tiles_dir)
{
  int id_w = 2, version_w = 7, status_w = 7;
  for (guint i = 0; i < n; i++) {
    id_w = MAX(id_w, (int)g_utf8_strlen(or_dash(rows[i].id), -1));
    version_w = MAX(version_w,
                    (int)g_utf8_strlen(or_dash(rows[i].version), -1));
  }
  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "%-*s  %-*s  %-*s  %s\n", id_w, "ID",
                         version_w, "VERSION", status_w, "STATUS", "NAME");
  for (guint i = 0; i < n; i++) {
    const Row *r = &rows[i];
    gsize start = out->len;
    append_padded(out, or_dash(r->id), id_w + 2);
    append_padded(out, or_dash(r->version), version_w + 2);
    append_padded(out, r->loaded ? "loaded" : "skipped", status_w + 2);
    g_string_append(out, or_dash(r->name));
    while (out->len > start && out->str[out->len - 1] == ' ')
      g_string_truncate(out, out->len - 1);
    g_string_append_c(out, '\n');
    if (!r->loaded) {
      g_string_append_printf(out, "  reason: %s\n",
                             r->error ? r->error : "(none given)");
    } else {
      append_list_line(out, "requires", r->requires);
      append_list_line(out, "conflicts", r->conflicts);
      if (r->description)
        g_string_append_printf(out, "  %s\n", r->description);
    }
    if (verbose) {
      g_string_append_printf(out, "  file: %s\n", or_dash(r->file));
      if (r->priority)
        g_string_append_printf(out, "  priority: %d\n", r->priority);
    }
  }
  if (verbose) {
    g_string_append(out, "Plugin directories:");
    for (guint i = 0; dirs[i]; i++)
      g_string_append_printf(out, "%s %s", i ? "," : "", dirs[i]);
    g_string_append_printf(out, "\nTile directory: %s\n", tiles_dir);
  }
  return out;
}

static void
add_string_or_null(JsonBuilder *b, const char *member, const char *value)
{
  json_builder_set_member_name(b, member);
  if (value)
    json_builder_add_string_value(b, value);
  else
    json_builder_add_null_value(b);
}

static void
add_id_list(JsonBuilder *b, const char *member, const char *const *ids)
{
  json_builder_set_member_name(b, member);
  json_builder_begin_array(b);
  for (guint i = 0; ids[i]; i++)
    json_builder_add_string_value(b, ids[i]);
  json_builder_end_array(b);
}

static char *
format_json(const Row *rows, guint n, gsize *length)
{
  JsonBuilder *b = json_builder_new();
  json_builder_begin_array(b);
  for (guint i = 0; i < n; i++) {
    const Row *r = &rows[i];
    json_builder_begin_object(b);
    add_string_or_null(b, "id", r->id);
    add_string_or_null(b, "name", r->name);
    add_string_or_null(b, "version", r->version);
    add_string_or_null(b, "status", r->loaded ? "loaded" : "skipped");
    add_string_or_null(b, "file", r->file);
    add_string_or_null(b, "source", r->source);
    add_string_or_null(b, "description", r->description);
    add_id_list(b, "requires", r->requires);
    add_id_list(b, "conflicts", r->conflicts);
    json_builder_set_member_name(b, "priority");
    json_builder_add_int_value(b, r->priority);
    add_string_or_null(b, "error", r->loaded ? NULL : r->error);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
  JsonGenerator *generator = json_generator_new();
  JsonNode *root = json_builder_get_root(b);
  json_generator_set_root(generator, root);
  json_generator_set_pretty(generator, TRUE);
  json_generator_set_indent(generator, 2);
  char *text = json_generator_to_data(generator, length);
  json_node_unref(root);
  g_object_unref(generator);
  g_object_unref(b);
  return text;
}

int
sim_cmd_rules(int argc, char **argv)
{
  gboolean json = FALSE, verbose = FALSE;
  g_autofree char *tiles_dir = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      "Print a JSON array, one object per rule set", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose,
      "Also show each rule set's file and priority, and the directories "
      "searched", NULL },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory holding base.tiles (and plugins' tile files)", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      SIM_PLUGIN_DIR_HELP, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("- list the rule sets: "
                                                 "base game and plugins");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Loads the base game and every expansion plugin in the plugin\n"
    "directories, as 'play' does, and lists the rule sets: the base game\n"
    "first, then the plugins that loaded in load order, then those that\n"
    "were skipped.  Columns: rule-set id, version, status (loaded or\n"
    "skipped) and name.  An indented line under a skipped plugin gives\n"
    "the reason; under a loaded one, the rule sets it requires and those\n"
    "it conflicts with, and its description.  Rule sets written in Lua\n"
    "(doc/lua-rulesets.md) are listed like plugins.  The ids are what\n"
    "'play --rules' takes.\n"
    "\n"
    "With --json: an array of objects with id, name, version, status,\n"
    "file, source (builtin, plugin, lua or host), description (or null),\n"
    "requires, conflicts, priority and error (null unless skipped);\n"
    "id, name and version may be null for a skipped file whose descriptor\n"
    "could not be read.\n"
    "\n"
    "Skipped plugins do not change the exit status: it is 1 only when the\n"
    "base game cannot be loaded.\n");
  int status = sim_parse_options(context, "rules", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;
  if (argc > 1)
    return sim_usage_error("rules", "unexpected argument '%s'", argv[1]);

  GError *error = NULL;
  MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir, TRUE, FALSE,
                                        &error);
  if (!loader) {
    status = sim_fail(error);
    g_error_free(error);
    return status;
  }
  /* The base game as the engine sees it: its rule set and tile file. */
  MeepleRules *base = meeple_loader_build_rules(loader, NULL, &error);
  if (!base) {
    status = sim_fail(error);
    g_error_free(error);
    meeple_loader_unref(loader);
    return status;
  }
  const MeepleRuleSetInfo *set = meeple_rules_find_ruleset(base, "base");
  const MeepleTileSetInfo *tiles = NULL;
  for (guint i = 0; i < meeple_rules_n_tilesets(base) && !tiles; i++)
    if (strcmp(meeple_rules_tileset(base, i)->id, "base") == 0)
      tiles = meeple_rules_tileset(base, i);

  guint n = meeple_loader_n_plugins(loader) + 1;
  Row *rows = g_new0(Row, n);
  GPtrArray *owned = g_ptr_array_new_with_free_func(g_free);
  rows[0] = (Row){
    .id = "base",
    .name = set ? set->name : NULL,
    .version = set ? set->version : NULL,
    .file = valid(owned, tiles ? tiles->file : NULL),
    .requires = no_ids,
    .conflicts = no_ids,
    .loaded = TRUE,
    .description = MEEPLE_BASE_DESCRIPTION,
    .source = "builtin",
  };
  for (guint i = 1; i < n; i++)
    rows[i] = plugin_row(meeple_loader_plugin(loader, i - 1), owned);

  gboolean ok;
  if (json) {
    gsize length = 0;
    char *text = format_json(rows, n, &length);
    ok = sim_write(stdout, text, length) && sim_write(stdout, "\n", 1);
    g_free(text);
  } else {
    char **dirs = paths_plugin_dirs(plugin_dirs);
    char *tiles_text = paths_tiles_dir(tiles_dir);
    GString *out = format_table(rows, n, verbose, dirs, tiles_text);
    ok = sim_write(stdout, out->str, out->len);
    g_string_free(out, TRUE);
    g_free(tiles_text);
    g_strfreev(dirs);
  }
  g_free(rows);
  g_ptr_array_unref(owned);
  meeple_rules_unref(base);
  meeple_loader_unref(loader);
  return ok ? SIM_EXIT_OK : SIM_EXIT_FAILURE;
}
