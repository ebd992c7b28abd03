/* cmd-tiles.c — meeple-sim tiles: loads tile files the way a game would
 * (one MeepleRules, in the order given) and lists what they define. */
#include "config.h"

#include <string.h>

#include "render.h"
#include "sim.h"

static const char edge_letter[] = { 'F', 'R', 'C' };
static const char *const side_names[4] = { "N", "E", "S", "W" };
static const char *const half_names[8] = {
  "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn",
};

/* Appends the names of the symbols in @mask, comma-separated. */
static void
append_symbols(GString *out, MeepleRules *rules, guint32 mask)
{
  gboolean first = TRUE;
  for (guint i = 0; i < 32; i++)
    if (mask & (1u << i)) {
      const char *name = meeple_rules_symbol_name(rules, i);
      g_string_append_printf(out, "%s%s", first ? "" : ",", name ? name : "?");
      first = FALSE;
    }
}

/* One segment in the tile-file syntax ("C1:N,W*", "F1:En,Wn>C1"), so the
 * listing shows what the parser understood. */
static void
append_segment(GString *out, MeepleRules *rules, const MeepleTileType *type,
               guint index)
{
  const MeepleSegment *s = &type->segments[index];
  const MeepleKind *kind = meeple_rules_kind(rules, s->kind);
  g_string_append(out, s->name);
  const char *sep = ":";
  if (kind && kind->shape == MEEPLE_SHAPE_EDGE)
    for (guint side = 0; side < 4; side++)
      if (s->edges & (1u << side)) {
        g_string_append_printf(out, "%s%s", sep, side_names[side]);
        sep = ",";
      }
  if (kind && kind->shape == MEEPLE_SHAPE_FIELD)
    for (guint h = 0; h < 8; h++)
      if (s->halves & (1u << h)) {
        g_string_append_printf(out, "%s%s", sep, half_names[h]);
        sep = ",";
      }
  for (guint p = 0; p < s->pennants; p++)
    g_string_append_c(out, '*');
  sep = ">";
  for (guint i = 0; i < type->n_segments && i < 16; i++)
    if (s->borders & (1u << i)) {
      g_string_append_printf(out, "%s%s", sep, type->segments[i].name);
      sep = ",";
    }
  if (s->symbols) {
    g_string_append_c(out, '[');
    append_symbols(out, rules, s->symbols);
    g_string_append_c(out, ']');
  }
}

static void
list_tileset(GString *out, MeepleRules *rules,
             const MeepleTileSetInfo *set, gboolean draw, guint *counted)
{
  g_string_append_printf(out, "Tile set %s: %s, version %s (%s)\n",
                         set->id, set->name ? set->name : "",
                         set->version ? set->version : "?",
                         set->file ? set->file : "?");
  g_string_append(out, "  id    count  NESW  segments  [symbols]\n");
  guint types = 0, tiles = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    if (!type->tileset || strcmp(type->tileset, set->id) != 0)
      continue;
    g_string_append_printf(out, "  %-5s %5u  ", type->id, type->count);
    for (guint side = 0; side < 4; side++)
      g_string_append_c(out, type->edges[side] < G_N_ELEMENTS(edge_letter)
                               ? edge_letter[type->edges[side]] : '?');
    g_string_append(out, " ");
    for (guint i = 0; i < type->n_segments; i++) {
      g_string_append_c(out, ' ');
      append_segment(out, rules, type, i);
    }
    if (type->symbols) {
      g_string_append(out, "  [");
      append_symbols(out, rules, type->symbols);
      g_string_append_c(out, ']');
    }
    g_string_append_c(out, '\n');
    if (draw)
      sim_render_tile(out, rules, t, "        ");
    types++;
    tiles += type->count;
  }
  g_string_append_printf(out, "  %u tile types, %u tiles\n", types, tiles);
  /* The loader's own count must agree with what it defined. */
  if (types != set->n_types || tiles != set->n_tiles)
    g_string_append_printf(out, "  note: the tile set reports %u types and "
                           "%u tiles\n", set->n_types, set->n_tiles);
  counted[0] += types;
  counted[1] += tiles;
}

int
sim_cmd_tiles(int argc, char **argv)
{
  g_autofree char *tiles_dir = NULL;
  g_autofree char *rules_text = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  gboolean draw = FALSE;
  GOptionEntry entries[] = {
    { "draw", 'd', 0, G_OPTION_ARG_NONE, &draw,
      "Draw every tile type as on the board, turned 0, 90, 180 and 270 "
      "degrees", NULL },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      "Start from the base game and these rule sets (with the tile files "
      "of their plugins); FILEs are loaded on top", "ID[,ID...]" },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory whose base.tiles is listed when no FILE is given", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      "With --rules: directory to look for expansion plugins in; repeat "
      "for several " SIM_PLUGIN_DIR_DEFAULT, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("[FILE...] - validate and "
                                                 "list tile sets");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Loads each tile file (doc/tile-format.md) in order into one rule set,\n"
    "as a game would, and lists every tile type: id, copies, edges from\n"
    "north clockwise (F field, R road, C city), segments in the file's\n"
    "syntax and symbols; then the start tile and the totals.  Without\n"
    "FILE, base.tiles of the tile directory is used.  With --rules, the\n"
    "base game and those rule sets are set up first, as 'play --rules'\n"
    "does, so that FILEs may use the segment kinds and symbols the\n"
    "plugins register, and their tile sets are listed too.  A malformed\n"
    "file is reported as FILE:LINE: message and makes the exit status 1.\n");
  int status = sim_parse_options(context, "tiles", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;

  g_auto(GStrv) rule_ids = NULL;
  if (rules_text) {
    status = sim_parse_ruleset_list("tiles", rules_text, &rule_ids);
    if (status != SIM_EXIT_OK)
      return status;
  }

  MeepleRules *rules = NULL;
  if (rules_text || argc <= 1) {
    /* The base game (and rule sets) as a game gets them.  Plugins are
     * looked for only when asked for. */
    GError *error = NULL;
    MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir,
                                          rules_text != NULL,
                                          rules_text != NULL, &error);
    if (!loader) {
      status = sim_fail(error);
      g_error_free(error);
      return status;
    }
    status = sim_build_rules(loader, "tiles", (const char *const *)rule_ids,
                             &rules);
    meeple_loader_unref(loader);
    if (status != SIM_EXIT_OK)
      return status;
  } else {
    rules = meeple_rules_new();
  }
  for (int i = 1; i < argc; i++) {
    GError *error = NULL;
    if (!meeple_rules_load_tiles(rules, argv[i], &error)) {
      /* Keep going: one run reports every bad file. */
      status = sim_fail(error);
      g_error_free(error);
    }
  }

  GString *out = g_string_new(NULL);
  guint counted[2] = { 0, 0 };
  guint n_sets = meeple_rules_n_tilesets(rules);
  for (guint i = 0; i < n_sets; i++)
    list_tileset(out, rules, meeple_rules_tileset(rules, i), draw,
                 counted);
  int start = meeple_rules_start_tile(rules);
  const MeepleTileType *start_type =
    start >= 0 ? meeple_rules_tile_type(rules, (guint)start) : NULL;
  g_string_append_printf(out, "Total: %u tile set%s, %u tile types, %u "
                         "tiles; start tile: %s\n", n_sets,
                         n_sets == 1 ? "" : "s", counted[0], counted[1],
                         start_type ? start_type->id : "none");
  if (n_sets > 0 && !sim_write(stdout, out->str, out->len))
    status = SIM_EXIT_FAILURE;
  g_string_free(out, TRUE);
  meeple_rules_unref(rules);
  return status;
}
