/* tests/testutil.c — helpers shared by the Check suites. */
#include "testutil.h"

#include <glib/gstdio.h>

#include <string.h>
#include <unistd.h>

MeepleRules *
tu_base_rules(void)
{
  MeepleRules *rules = meeple_rules_new();
  GError *error = NULL;
  if (!meeple_rules_load_tiles(rules, TEST_SRCDIR "/data/tiles/base.tiles",
                               &error))
    ck_abort_msg("cannot load base tiles: %s", error->message);
  return rules;
}

MeepleRules *
tu_rules_with(const char *ids)
{
  MeepleLoader *loader = meeple_loader_new();
  /* MEEPLE_TEST_PLUGIN_DIR: the same scenarios against other plugins
   * (the Lua abbot, tests/lua-rulesets/test-lua-abbot.sh) */
  const char *dir = g_getenv("MEEPLE_TEST_PLUGIN_DIR");
  meeple_loader_add_plugin_dir(loader, dir ? dir : MEEPLE_BUILD_PLUGIN_DIR);
  meeple_loader_add_tiles_dir(loader, TEST_SRCDIR "/data/tiles");
  GError *error = NULL;
  if (!meeple_loader_load(loader, &error))
    ck_abort_msg("loader: %s", error->message);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    if (!p->loaded)
      ck_abort_msg("plugin skipped: %s", p->error);
  }
  g_auto(GStrv) list = g_strsplit(ids, ",", -1);
  MeepleRules *rules =
      meeple_loader_build_rules(loader, (const char *const *)list, &error);
  if (!rules)
    ck_abort_msg("rules '%s': %s", ids, error->message);
  meeple_loader_unref(loader); /* the rules keep it alive */
  return rules;
}

void
tu_remove_tree(const char *path)
{
  if (g_file_test(path, G_FILE_TEST_IS_DIR) &&
      !g_file_test(path, G_FILE_TEST_IS_SYMLINK)) {
    GDir *d = g_dir_open(path, 0, NULL);
    const char *name;
    while (d && (name = g_dir_read_name(d))) {
      g_autofree char *child = g_build_filename(path, name, NULL);
      tu_remove_tree(child);
    }
    if (d)
      g_dir_close(d);
    g_rmdir(path);
  } else {
    g_unlink(path);
  }
}

char *
tu_link_dir(const char *root, const char *const *targets,
            const char *const *links)
{
  char *dir = g_build_filename(root, "case-XXXXXX", NULL);
  ck_assert_msg(g_mkdtemp(dir) != NULL, "mkdtemp %s failed", dir);
  for (guint i = 0; targets[i]; i++) {
    ck_assert_msg(g_file_test(targets[i], G_FILE_TEST_IS_REGULAR),
                  "%s was not built", targets[i]);
    g_autofree char *base = g_path_get_basename(targets[i]);
    g_autofree char *path =
        g_build_filename(dir, links ? links[i] : base, NULL);
    ck_assert_msg(symlink(targets[i], path) == 0, "symlink %s failed",
                  path);
  }
  return dir;
}

MeepleLoader *
tu_load_dir(const char *dir, const char *const *tiles_dirs)
{
  MeepleLoader *loader = meeple_loader_new();
  meeple_loader_add_plugin_dir(loader, dir);
  for (guint i = 0; tiles_dirs[i]; i++)
    meeple_loader_add_tiles_dir(loader, tiles_dirs[i]);
  GError *error = NULL;
  ck_assert_msg(meeple_loader_load(loader, &error), "loader: %s",
                error ? error->message : "?");
  return loader;
}

MeepleGame *
tu_game(MeepleRules *rules, guint n_players, const char *tiles,
        gboolean no_farmers)
{
  return tu_game_seeded(rules, n_players, tiles, no_farmers, 1);
}

MeepleGame *
tu_game_seeded(MeepleRules *rules, guint n_players, const char *tiles,
               gboolean no_farmers, guint64 seed)
{
  g_auto(GStrv) ids = g_strsplit_set(tiles, " \t\n", -1);
  GArray *order = g_array_new(FALSE, FALSE, sizeof(guint16));
  for (guint i = 0; ids[i]; i++) {
    if (!ids[i][0])
      continue;
    int t = meeple_rules_find_tile_type(rules, ids[i]);
    ck_assert_msg(t >= 0, "unknown tile id '%s'", ids[i]);
    guint16 v = (guint16)t;
    g_array_append_val(order, v);
  }
  MeepleGameConfig cfg = {
    .n_players = n_players,
    .seed = seed,
    .tile_order = (const guint16 *)order->data,
    .n_tile_order = order->len,
    .no_farmers = no_farmers,
  };
  GError *error = NULL;
  MeepleGame *game = meeple_game_new(rules, &cfg, &error);
  ck_assert_msg(game != NULL, "meeple_game_new: %s",
                error ? error->message : "?");
  g_array_free(order, TRUE);
  return game;
}

gboolean
tu_try(MeepleGame *game, const char *text, char **message)
{
  MeepleAction action;
  GError *error = NULL;
  if (message)
    *message = NULL;
  if (!meeple_action_parse(game, text, &action, NULL, &error) ||
      !meeple_game_apply(game, &action, NULL, NULL, &error)) {
    if (message)
      *message = g_strdup(error->message);
    g_error_free(error);
    return FALSE;
  }
  return TRUE;
}

const MeepleEvent *
tu_act(MeepleGame *game, const char *text, gsize *n_events)
{
  MeepleAction action;
  GError *error = NULL;
  const MeepleEvent *events = NULL;
  gsize n = 0;
  if (!meeple_action_parse(game, text, &action, NULL, &error))
    ck_abort_msg("cannot parse '%s': %s", text, error->message);
  if (!meeple_game_apply(game, &action, &events, &n, &error))
    ck_abort_msg("'%s' rejected: %s", text, error->message);
  if (n_events)
    *n_events = n;
  return events;
}

guint
tu_count_events(const MeepleEvent *events, gsize n, guint type,
                const char *rule)
{
  guint count = 0;
  for (gsize i = 0; i < n; i++)
    if (events[i].type == type &&
        (!rule || (events[i].rule && strcmp(events[i].rule, rule) == 0)))
      count++;
  return count;
}

const MeepleEvent *
tu_find_event(const MeepleEvent *events, gsize n, guint type, guint nth)
{
  for (gsize i = 0; i < n; i++)
    if (events[i].type == type && nth-- == 0)
      return &events[i];
  return NULL;
}

gboolean
tu_is_legal(MeepleGame *game, const char *text)
{
  const MeepleDecision *d = meeple_game_decision(game);
  MeepleAction action;
  if (!d || !meeple_action_parse(game, text, &action, NULL, NULL))
    return FALSE;
  for (gsize i = 0; i < d->n_actions; i++)
    if (memcmp(&d->actions[i], &action, sizeof action) == 0)
      return TRUE;
  return FALSE;
}

guint
tu_figures_at(const MeepleGame *game, guint player, int x, int y,
              guint segment)
{
  guint count = 0;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (f.on_board && f.owner == (int)player && f.x == x && f.y == y &&
        f.segment == segment)
      count++;
  }
  return count;
}

guint
tu_segment(const MeepleRules *rules, const char *tile_id, const char *name)
{
  int t = meeple_rules_find_tile_type(rules, tile_id);
  ck_assert_msg(t >= 0, "unknown tile %s", tile_id);
  const MeepleTileType *type = meeple_rules_tile_type(rules, (guint)t);
  for (guint i = 0; i < type->n_segments; i++)
    if (strcmp(type->segments[i].name, name) == 0)
      return i;
  ck_abort_msg("tile %s has no segment %s", tile_id, name);
  return 0;
}

char *
tu_state_digest(MeepleGame *game)
{
  GChecksum *sum = g_checksum_new(G_CHECKSUM_SHA256);
#define FEED(v) do { gint64 _v = (gint64)(v); \
    g_checksum_update(sum, (const guchar *)&_v, sizeof _v); } while (0)
  FEED(meeple_game_phase(game));
  FEED(meeple_game_turn(game));
  FEED(meeple_game_active_player(game));
  FEED(meeple_game_is_over(game));
  FEED(meeple_game_tiles_left(game));
  FEED(meeple_game_drawn_tile(game));
  FEED(meeple_game_n_discarded(game));
  guint n_types = meeple_rules_n_figure_types(meeple_game_rules(game));
  for (guint p = 0; p < meeple_game_n_players(game); p++) {
    FEED(meeple_game_score(game, p));
    for (guint f = 0; f < n_types; f++)
      FEED(meeple_game_supply(game, p, f));
  }
  for (guint i = 0; i < meeple_game_n_placed(game); i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    FEED(t.type); FEED(t.x); FEED(t.y); FEED(t.rotation);
  }
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    FEED(f.type); FEED(f.owner); FEED(f.on_board);
    if (f.on_board) {
      FEED(f.x); FEED(f.y); FEED(f.segment);
    }
  }
  const MeepleDecision *d = meeple_game_decision(game);
  if (d) {
    FEED(d->kind); FEED(d->player); FEED(d->n_actions);
    g_checksum_update(sum, (const guchar *)d->actions,
                      d->n_actions * sizeof(MeepleAction));
  }
#undef FEED
  char *hex = g_strdup(g_checksum_get_string(sum));
  g_checksum_free(sum);
  return hex;
}

gboolean
tu_placement_ok(const MeepleGame *game, guint type, int x, int y,
                guint rotation)
{
  static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  const MeepleRules *rules = meeple_game_rules(game);
  const MeepleTileType *t = meeple_rules_tile_type(rules, type);
  if (meeple_game_tile_at(game, x, y, NULL))
    return FALSE;
  gboolean touches = FALSE;
  for (guint s = 0; s < 4; s++) {
    MeeplePlacedTile n;
    if (!meeple_game_tile_at(game, x + dx[s], y + dy[s], &n))
      continue;
    touches = TRUE;
    const MeepleTileType *nt = meeple_rules_tile_type(rules, n.type);
    if (meeple_tile_edge(t, rotation, s) !=
        meeple_tile_edge(nt, n.rotation, (s + 2) % 4))
      return FALSE;
  }
  return touches;
}

int
tu_run_suite(Suite *suite)
{
  SRunner *runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? 1 : 0;
}

guint
tu_play_random(MeepleGame *game, GRand *rand, guint max)
{
  const MeepleDecision *d;
  guint applied = 0;
  while (applied < max && (d = meeple_game_decision(game))) {
    GError *error = NULL;
    gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
    if (!meeple_game_apply_index(game, pick, NULL, NULL, &error))
      ck_abort_msg("legal action %" G_GSIZE_FORMAT " refused: %s", pick,
                   error->message);
    applied++;
  }
  return applied;
}

guint
tu_decision_kind(const MeepleRules *rules, const char *name)
{
  for (guint k = 0; k < meeple_rules_n_decision_kinds(rules); k++)
    if (strcmp(meeple_rules_decision_kind(rules, k)->name, name) == 0)
      return k;
  ck_abort_msg("no decision kind %s", name);
  return 0;
}

guint
tu_event_type(const MeepleRules *rules, const char *name)
{
  for (guint k = 0; k < meeple_rules_n_event_types(rules); k++)
    if (strcmp(meeple_rules_event_type_name(rules, k), name) == 0)
      return k;
  ck_abort_msg("no event type %s", name);
  return 0;
}

guint
tu_kind(const MeepleRules *rules, const char *name)
{
  for (guint k = 0; k < meeple_rules_n_kinds(rules); k++)
    if (strcmp(meeple_rules_kind(rules, k)->name, name) == 0)
      return k;
  ck_abort_msg("no segment kind %s", name);
  return 0;
}

guint
tu_property_games(guint default_games, guint base_games)
{
  const char *env = g_getenv("MEEPLE_PROPERTY_GAMES");
  double factor = 1.0;
  if (env && *env) {
    char *end = NULL;
    double value = g_ascii_strtod(env, &end);
    ck_assert_msg(end != env && value >= 0 &&
                      (*end == '\0' || (end[0] == 'x' && end[1] == '\0')),
                  "MEEPLE_PROPERTY_GAMES='%s': want a count (%u) or a "
                  "multiplier (10x)", env, base_games);
    factor = *end == 'x' ? value : value / base_games;
  }
  return MAX(1u, (guint)(default_games * factor + 0.5));
}

/* Seat 0's standing after an action: its lead over the best other seat,
 * then most of its figures and fewest of the others' on the board. */
static int
greedy_value(MeepleGame *g)
{
  int best_other = G_MININT;
  for (guint p = 1; p < meeple_game_n_players(g); p++)
    best_other = MAX(best_other, meeple_game_score(g, p));
  int figures = 0;
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if (f.on_board && f.owner >= 0)
      figures += f.owner == 0 ? 2 : -1;
  }
  return 8 * (meeple_game_score(g, 0) - best_other) + figures;
}

gsize
tu_greedy_pick(MeepleGame *game, const MeepleDecision *d, GRand *rand)
{
  int best = G_MININT;
  gsize pick = 0, ties = 0;
  for (gsize i = 0; i < d->n_actions; i++) {
    MeepleGame *copy = meeple_game_clone(game);
    ck_assert(meeple_game_apply_index(copy, i, NULL, NULL, NULL));
    int v = greedy_value(copy);
    meeple_game_free(copy);
    if (v > best) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v == best && g_rand_int_range(rand, 0, (gint32)++ties) == 0) {
      pick = i;
    }
  }
  return pick;
}

/* ---- determinism checks shared by the property suites ------------------ */

char *
tu_notes_string(const MeepleGame *game)
{
  GPtrArray *notes = meeple_game_notes(game);
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < notes->len; i++) {
    const MeepleNote *n = g_ptr_array_index(notes, i);
    g_string_append_printf(s, "%s: %s\n", n->label, n->text);
  }
  g_ptr_array_unref(notes);
  return g_string_free(s, FALSE);
}

char *
tu_events_differ(const MeepleEvent *a, gsize n_a, const MeepleEvent *b,
                 gsize n_b)
{
  if (n_a != n_b)
    return g_strdup_printf("%" G_GSIZE_FORMAT " events, not %" G_GSIZE_FORMAT,
                           n_b, n_a);
  for (gsize i = 0; i < n_a; i++) {
    const MeepleEvent *x = &a[i], *y = &b[i];
    if (x->type == y->type && x->player == y->player &&
        x->points == y->points && g_strcmp0(x->rule, y->rule) == 0 &&
        x->kind == y->kind && x->x == y->x && x->y == y->y &&
        x->tile == y->tile && x->segment == y->segment &&
        x->figure == y->figure && x->arg == y->arg)
      continue;
    return g_strdup_printf("event %" G_GSIZE_FORMAT " is type %u seat %d "
                           "points %d %s arg %d, not type %u seat %d points "
                           "%d %s arg %d", i, y->type, y->player, y->points,
                           y->rule ? y->rule : "-", y->arg, x->type,
                           x->player, x->points, x->rule ? x->rule : "-",
                           x->arg);
  }
  return NULL;
}

char *
tu_games_differ(MeepleGame *a, MeepleGame *b)
{
  g_autofree char *da = tu_state_digest(a);
  g_autofree char *db = tu_state_digest(b);
  if (strcmp(da, db) != 0)
    return g_strdup_printf("digest %s, not %s", db, da);
  g_autofree char *na = tu_notes_string(a);
  g_autofree char *nb = tu_notes_string(b);
  if (strcmp(na, nb) != 0)
    return g_strdup_printf("notes '%s', not '%s'", nb, na);
  return NULL;
}

static void
collect_replayed(const MeepleRecord *record, MeepleGame *game, int action,
                 int player, const MeepleEvent *events, gsize n,
                 gpointer data)
{
  (void)record;
  (void)game;
  (void)action;
  (void)player;
  g_array_append_vals((GArray *)data, events, (guint)n);
}

char *
tu_replay_differs(MeepleGame *game, MeepleRules *rules,
                  const MeepleEvent *events, gsize n_events,
                  MeepleGame **again_out)
{
  g_autofree char *text = meeple_record_write(game, NULL);
  GError *error = NULL;
  MeepleRecord *record = meeple_record_parse(text, -1, "game.rec", &error);
  if (!record) {
    char *why = g_strdup_printf("the record does not parse: %s",
                                error->message);
    g_error_free(error);
    return why;
  }
  g_autoptr(GArray) stream = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
  MeepleGame *again = meeple_record_replay_events(record, rules,
                                                  collect_replayed, stream,
                                                  &error);
  meeple_record_free(record);
  if (!again) {
    char *why = g_strdup_printf("the record does not replay: %s",
                                error->message);
    g_error_free(error);
    return why;
  }
  char *why = tu_events_differ(events, n_events,
                               (const MeepleEvent *)(void *)stream->data,
                               stream->len);
  if (!why)
    why = tu_games_differ(game, again);
  if (!why) {
    g_autofree char *text2 = meeple_record_write(again, NULL);
    if (strcmp(text, text2) != 0)
      why = g_strdup("the record written again differs");
  }
  if (again_out)
    *again_out = again;
  else
    meeple_game_free(again);
  return why;
}

static int
compare_actions(const void *a, const void *b)
{
  return memcmp(a, b, sizeof(MeepleAction));
}

char *
tu_repeated_action(const MeepleGame *game, const MeepleDecision *d)
{
  MeepleAction *copy = g_memdup2(d->actions, d->n_actions * sizeof *copy);
  qsort(copy, d->n_actions, sizeof *copy, compare_actions);
  char *repeated = NULL;
  for (gsize i = 1; i < d->n_actions && !repeated; i++)
    if (memcmp(&copy[i - 1], &copy[i], sizeof *copy) == 0)
      repeated = meeple_action_to_string(game, &copy[i]);
  g_free(copy);
  return repeated;
}

char *
tu_clone_step_differs(MeepleGame *game, MeepleGame *clone, gsize index,
                      const MeepleEvent *events, gsize n_events)
{
  const MeepleEvent *cev;
  gsize cn;
  GError *error = NULL;
  if (!meeple_game_apply_index(clone, index, &cev, &cn, &error)) {
    char *why = g_strdup_printf("the clone refused it: %s", error->message);
    g_error_free(error);
    return why;
  }
  char *why = tu_events_differ(events, n_events, cev, cn);
  return why ? why : tu_games_differ(game, clone);
}
