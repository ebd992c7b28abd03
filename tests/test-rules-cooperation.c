/* test-rules-cooperation.c — rule sets meet only through the engine
 * (DESIGN "Rule sets meet only through the engine", plugin ABI 2.0).
 *
 *  - A restriction lives in the rule set that owns it and holds against
 *    everybody: a fixture rule set built outside plugins/, which knows no
 *    expansion (tests/plugins/placer.c), cannot put a follower onto the
 *    dragon's tile, neither in the turn's figure decision nor in a
 *    decision of its own (PD-12, X-05).
 *  - Figure and symbol traits say what the rule sets ask of each other's
 *    figures (X-01..X-04, X-10, X-15, PD-10, PD-11).
 *  - A rule set built on the mist against another version of the mist's
 *    interface is refused at load, naming both versions.
 *  - No plugin's code names another rule set's figures, kinds or symbols.
 */
#include "testutil.h"
#include "../plugins/mist/mist-api.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#define PLUGINS TEST_BUILDDIR "/plugins/.libs"
#define FIXTURES TEST_BUILDDIR "/tests/plugins/.libs"
#define TILES TEST_SRCDIR "/data/tiles"

static char *tmp_root;

/* A new directory linking the shared objects @names ("p/NAME" from
 * plugins/.libs, "f/NAME" from the fixtures, blank separated). */
static char *
plugin_dir(const char *names)
{
  g_auto(GStrv) list = g_strsplit(names, " ", -1);
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; list[i]; i++) {
    ck_assert(list[i][0] && list[i][1] == '/');
    g_autofree char *so = g_strconcat(list[i] + 2, ".so", NULL);
    g_ptr_array_add(targets, g_build_filename(
                                 list[i][0] == 'p' ? PLUGINS : FIXTURES, so,
                                 NULL));
  }
  g_ptr_array_add(targets, NULL);
  return tu_link_dir(tmp_root, (const char *const *)targets->pdata, NULL);
}

static MeepleLoader *
load(const char *dir)
{
  static const char *const tiles[] = { TILES, NULL };
  return tu_load_dir(dir, tiles);
}

static MeepleRules *
build(MeepleLoader *loader, const char *ids)
{
  g_auto(GStrv) list = g_strsplit(ids, ",", -1);
  GError *error = NULL;
  MeepleRules *rules =
      meeple_loader_build_rules(loader, (const char *const *)list, &error);
  ck_assert_msg(rules != NULL, "rules %s: %s", ids, error ? error->message
                                                          : "?");
  return rules;
}

/* Where the one figure of type @name stands; FALSE beside the board. */
static gboolean
figure_cell(const MeepleGame *g, const char *name, int *x, int *y)
{
  int type = meeple_rules_find_figure_type(meeple_game_rules((MeepleGame *)g),
                                           name);
  ck_assert_int_ge(type, 0);
  for (guint i = 0; i < meeple_game_n_figures(g); i++) {
    MeepleFigureInfo f = meeple_game_figure(g, i);
    if ((int)f.type == type && f.on_board) {
      *x = f.x;
      *y = f.y;
      return TRUE;
    }
  }
  return FALSE;
}

/* Drops (placer's action kind) the pending decision offers onto (x, y)
 * and elsewhere. */
static void
count_drops(MeepleGame *g, int x, int y, guint *here, guint *elsewhere)
{
  int drop = meeple_rules_find_action_kind(meeple_game_rules(g), "drop");
  ck_assert_int_ge(drop, 0);
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert_ptr_nonnull(d);
  *here = *elsewhere = 0;
  for (gsize i = 0; i < d->n_actions; i++) {
    const MeepleAction *a = &d->actions[i];
    if (a->kind != (guint)drop)
      continue;
    if (a->x == x && a->y == y)
      (*here)++;
    else
      (*elsewhere)++;
  }
}

static void
decision_is(MeepleGame *g, const char *kind, guint seat)
{
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert_ptr_nonnull(d);
  ck_assert_str_eq(meeple_rules_decision_kind(meeple_game_rules(g),
                                              d->kind)->name, kind);
  ck_assert_uint_eq(d->player, seat);
}

/* ---- a rule set that knows no expansion meets the dragon --------------- */

/* RULES: PD-12, X-05, PD-06, PD-05 */
START_TEST(placer_is_kept_off_the_dragons_tile)
{
  /* The fixture "placer" offers a follower onto every free segment of
   * every tile, in the figure decision and in its own "drop-anywhere"
   * decision at the end of each turn.  T1 seat 0 puts U east of D, T2
   * seat 1 U west of D (both pass everything); T3 seat 0 puts the
   * volcano DG/F.v at the first legal placement: the dragon jumps onto it
   * (PD-05).  From then on neither decision offers a drop onto the
   * dragon's tile (PD-12, X-05), while drops onto the other tiles stay:
   * The Princess & the Dragon's filter reads what the action does, not
   * whose it is. */
  g_autofree char *dir = plugin_dir("p/princess-dragon f/placer");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build(loader, "princess-dragon,placer");
  meeple_loader_unref(loader);
  MeepleGame *g = tu_game(rules, 2, "U U DG/F.v", FALSE);
  guint here, elsewhere;

  tu_act(g, "place U @ 1,0 r0", NULL);
  decision_is(g, "place-figure", 0);
  count_drops(g, 1, 0, &here, &elsewhere);
  ck_assert_uint_gt(here, 0);      /* the fixture does offer drops ... */
  ck_assert_uint_gt(elsewhere, 0); /* ... onto any tile */
  tu_act(g, "pass", NULL);
  decision_is(g, "drop-anywhere", 0);
  tu_act(g, "pass", NULL);
  tu_act(g, "place U @ -1,0 r0", NULL);
  tu_act(g, "pass", NULL);
  decision_is(g, "drop-anywhere", 1);
  tu_act(g, "pass", NULL);

  ck_assert(meeple_game_apply_index(g, 0, NULL, NULL, NULL)); /* volcano */
  int x, y;
  ck_assert(figure_cell(g, "dragon", &x, &y));
  MeeplePlacedTile volcano;
  ck_assert(meeple_game_current_tile(g, &volcano));
  ck_assert_int_eq(x, volcano.x);
  ck_assert_int_eq(y, volcano.y);
  /* the figure decision (the core's, with the fixture's actions) */
  decision_is(g, "place-figure", 0);
  count_drops(g, x, y, &here, &elsewhere);
  ck_assert_uint_eq(here, 0);
  ck_assert_uint_gt(elsewhere, 0);
  MeepleAction onto = { .kind = (uint16_t)meeple_rules_find_action_kind(
                            rules, "drop"),
                        .x = (int16_t)x, .y = (int16_t)y,
                        .figure = MEEPLE_FIGURE_FOLLOWER };
  ck_assert(!meeple_game_action_allowed(g, MEEPLE_DECISION_PLACE_FIGURE, 0,
                                        &onto));
  tu_act(g, "pass", NULL);
  /* the fixture's own decision, which the core never lists */
  decision_is(g, "drop-anywhere", 0);
  count_drops(g, x, y, &here, &elsewhere);
  ck_assert_uint_eq(here, 0);
  ck_assert_uint_gt(elsewhere, 0);
  ck_assert(!meeple_game_action_allowed(
      g, tu_decision_kind(rules, "drop-anywhere"), 0, &onto));
  onto.x = 1; /* a tile without the dragon stays open */
  onto.y = 0;
  ck_assert(meeple_game_action_allowed(
      g, tu_decision_kind(rules, "drop-anywhere"), 0, &onto));
  meeple_game_free(g);
  meeple_rules_unref(rules);
}
END_TEST

/* RULES: PD-12, X-05 */
START_TEST(without_the_dragon_the_placer_goes_anywhere)
{
  /* The same fixture with the base game only: its drops reach the tile
   * placed this turn and the others, so what kept it off the volcano
   * above was The Princess & the Dragon's restriction. */
  g_autofree char *dir = plugin_dir("f/placer");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build(loader, "placer");
  meeple_loader_unref(loader);
  MeepleGame *g = tu_game(rules, 2, "U U", FALSE);
  guint here, elsewhere;
  tu_act(g, "place U @ 1,0 r0", NULL);
  count_drops(g, 1, 0, &here, &elsewhere);
  ck_assert_uint_gt(here, 0);
  ck_assert_uint_gt(elsewhere, 0);
  meeple_game_free(g);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- traits --------------------------------------------------------------- */

static gboolean
has(MeepleRules *rules, const char *figure, guint32 traits)
{
  int type = meeple_rules_find_figure_type(rules, figure);
  ck_assert_msg(type >= 0, "no figure type %s", figure);
  return meeple_rules_figure_has_trait(rules, (guint)type, traits);
}

/* RULES: PD-10, PD-11, X-01, X-02, X-03, X-04, X-15, MW-12 */
START_TEST(figure_traits_say_what_the_dragon_eats)
{
  /* What the dragon eats is what is LIVING (PD-10): every follower type
   * (X-01 ringmaster, X-04 abbot), and the mage and the witch,
   * which are neutral figures, not followers (MW-12: the fairy may
   * never join them, X-15).  Never the fairy, itself or the big top
   * (PD-11, X-03). */
  MeepleRules *rules =
      tu_rules_with("princess-dragon,mage-witch,circus,abbot");
  const guint32 living = MEEPLE_TRAIT_LIVING;
  const guint32 follower = MEEPLE_TRAIT_FOLLOWER | MEEPLE_TRAIT_LIVING;
  ck_assert(has(rules, "follower", follower));
  ck_assert(has(rules, "abbot", follower));
  ck_assert(has(rules, "ringmaster", follower));
  for (guint i = 0; i < 2; i++) {
    const char *magic = i ? "witch" : "mage";
    ck_assert(has(rules, magic, living | MEEPLE_TRAIT_NEUTRAL));
    ck_assert(!has(rules, magic, MEEPLE_TRAIT_FOLLOWER));
  }
  static const char *const inedible[] = { "dragon", "fairy", "big-top" };
  for (guint i = 0; i < G_N_ELEMENTS(inedible); i++) {
    ck_assert(has(rules, inedible[i], MEEPLE_TRAIT_NEUTRAL));
    ck_assert(!has(rules, inedible[i], living));
    ck_assert(!has(rules, inedible[i], MEEPLE_TRAIT_FOLLOWER));
  }
  meeple_rules_unref(rules);
}
END_TEST

/* RULES: X-10, PD-16 */
START_TEST(the_portal_reaches_any_tile)
{
  /* The Princess & the Dragon gives its portal symbol the trait every
   * rule set that places followers its own way asks for (X-10: acrobats
   * through the portal); no other tile carries it. */
  MeepleRules *rules = tu_rules_with("princess-dragon,circus");
  int portal = meeple_rules_find_symbol(rules, "portal");
  ck_assert_int_ge(portal, 0);
  ck_assert_uint_eq(meeple_rules_symbol_traits(rules, (guint)portal),
                    MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE);
  guint with = 0;
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    const MeepleTileType *type = meeple_rules_tile_type(rules, t);
    gboolean reach = (meeple_rules_tile_symbol_traits(rules, t) &
                      MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE) != 0;
    ck_assert_int_eq(reach, (type->symbols & (1u << portal)) != 0);
    with += reach;
  }
  ck_assert_uint_gt(with, 0);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- the mist's published interface ------------------------------------- */

static const MeeplePluginInfo *
plugin(MeepleLoader *loader, const char *dir, const char *file)
{
  g_autofree char *path = g_build_filename(dir, file, NULL);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    if (strcmp(p->file, path) == 0)
      return p;
  }
  ck_abort_msg("the loader did not find %s", path);
  return NULL;
}

/* RULES: SC-01 */
START_TEST(a_dependant_of_another_mist_version_is_refused)
{
  /* Two builds of one fixture use the mist's table like Spell Circles,
   * one built for the next major of the interface, one for a newer
   * minor.  Both are refused when loaded, with both rule sets and both
   * versions in the message; Spell Circles, built for this mist, loads. */
  g_autofree char *dir = plugin_dir(
      "p/mist p/spell-circles f/mist-next-major f/mist-next-minor");
  MeepleLoader *loader = load(dir);
  ck_assert(plugin(loader, dir, "mist.so")->loaded);
  ck_assert(plugin(loader, dir, "spell-circles.so")->loaded);
  static const struct {
    const char *id;
    guint major, minor;
  } users[] = {
    { "mist-next-major", MIST_API_MAJOR + 1, 0 },
    { "mist-next-minor", MIST_API_MAJOR, MIST_API_MINOR + 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS(users); i++) {
    g_autofree char *file = g_strconcat(users[i].id, ".so", NULL);
    g_autofree char *path = g_build_filename(dir, file, NULL);
    const MeeplePluginInfo *p = plugin(loader, dir, file);
    ck_assert(!p->loaded);
    g_autofree char *want = g_strdup_printf(
        "%s: rule set '%s': setup failed: rule set '%s' was built for "
        "interface 'mist' %u.%u (%zu bytes); rule set 'mist' publishes "
        "'mist' %d.%d (%zu bytes): rebuild '%s' against 'mist' %d.x",
        path, users[i].id, users[i].id, users[i].major, users[i].minor,
        sizeof(MistApi), MIST_API_MAJOR, MIST_API_MINOR, sizeof(MistApi),
        users[i].id, MIST_API_MAJOR);
    ck_assert_str_eq(p->error, want);
  }
  meeple_loader_unref(loader);
}
END_TEST

/* ---- no plugin names another rule set's figures, kinds or symbols ------ */

/* @text without its comments (C and C++ style; string and character
 * literals kept as they are). */
static char *
strip_comments(const char *text)
{
  GString *out = g_string_new(NULL);
  for (const char *c = text; *c; c++) {
    if (c[0] == '/' && c[1] == '*') {
      const char *end = strstr(c + 2, "*/");
      c = end ? end + 1 : c + strlen(c) - 1;
      g_string_append_c(out, ' ');
    } else if (c[0] == '/' && c[1] == '/') {
      while (c[1] && c[1] != '\n')
        c++;
    } else if (*c == '"' || *c == '\'') {
      char q = *c;
      g_string_append_c(out, *c);
      while (c[1] && c[1] != q) {
        if (c[1] == '\\' && c[2]) {
          g_string_append_c(out, *++c);
        }
        g_string_append_c(out, *++c);
      }
      if (c[1])
        g_string_append_c(out, *++c);
    } else {
      g_string_append_c(out, *c);
    }
  }
  return g_string_free(out, FALSE);
}

/* Names rule set @p registers: figure types, segment kinds, symbols
 * (those of the rules with it, minus those with what it requires). */
static GPtrArray *
registered_names(MeepleLoader *loader, const MeeplePluginInfo *p)
{
  g_autofree char *required = g_strjoinv(",", (char **)p->requires);
  MeepleRules *base = build(loader, *required ? required : "base");
  MeepleRules *with = build(loader, p->id);
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  for (guint i = meeple_rules_n_figure_types(base);
       i < meeple_rules_n_figure_types(with); i++)
    g_ptr_array_add(names, g_strdup(meeple_rules_figure_type(with, i)->name));
  for (guint i = meeple_rules_n_kinds(base); i < meeple_rules_n_kinds(with);
       i++)
    g_ptr_array_add(names, g_strdup(meeple_rules_kind(with, i)->name));
  for (guint i = 0; i < meeple_rules_n_symbols(with); i++) {
    const char *s = meeple_rules_symbol_name(with, i);
    if (meeple_rules_find_symbol(base, s) < 0)
      g_ptr_array_add(names, g_strdup(s));
  }
  meeple_rules_unref(with);
  meeple_rules_unref(base);
  return names;
}

/* RULES */
START_TEST(no_plugin_names_another_rule_sets_things)
{
  /* For each rule set of plugins/, the names of the figure types, kinds
   * and symbols it registers; no other plugin's code (comments aside)
   * holds one as a string — except the ids of rule sets it requires,
   * which its descriptor must name. */
  g_autofree char *dir = plugin_dir(
      "p/abbot p/princess-dragon p/mage-witch p/circus p/mist "
      "p/spell-circles");
  MeepleLoader *loader = load(dir);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *owner = meeple_loader_plugin(loader, i);
    ck_assert_msg(owner->loaded, "%s", owner->error);
    g_autoptr(GPtrArray) names = registered_names(loader, owner);
    for (guint j = 0; j < meeple_loader_n_plugins(loader); j++) {
      const MeeplePluginInfo *other = meeple_loader_plugin(loader, j);
      if (other == owner)
        continue;
      g_autofree char *src = g_build_filename(TEST_SRCDIR, "plugins",
                                              other->id, NULL);
      GDir *d = g_dir_open(src, 0, NULL);
      ck_assert_msg(d != NULL, "no %s", src);
      const char *file;
      while ((file = g_dir_read_name(d))) {
        if (!g_str_has_suffix(file, ".c") && !g_str_has_suffix(file, ".h"))
          continue;
        g_autofree char *path = g_build_filename(src, file, NULL);
        g_autofree char *text = NULL;
        ck_assert(g_file_get_contents(path, &text, NULL, NULL));
        g_autofree char *code = strip_comments(text);
        for (guint k = 0; k < names->len; k++) {
          const char *name = names->pdata[k];
          if (g_strv_contains(other->requires, name))
            continue;
          g_autofree char *quoted = g_strdup_printf("\"%s\"", name);
          ck_assert_msg(!strstr(code, quoted), "%s names %s's '%s'", path,
                        owner->id, name);
        }
      }
      g_dir_close(d);
    }
  }
  meeple_loader_unref(loader);
}
END_TEST

/* The files of @dir and below whose names end in .c, .h or .lua. */
static void
collect_sources(const char *dir, GPtrArray *out)
{
  GDir *d = g_dir_open(dir, 0, NULL);
  if (!d)
    return;
  const char *name;
  while ((name = g_dir_read_name(d))) {
    char *path = g_build_filename(dir, name, NULL);
    if (g_file_test(path, G_FILE_TEST_IS_DIR))
      collect_sources(path, out);
    if (g_str_has_suffix(name, ".c") || g_str_has_suffix(name, ".h") ||
        g_str_has_suffix(name, ".lua"))
      g_ptr_array_add(out, path);
    else
      g_free(path);
  }
  g_dir_close(d);
}

/* The clients know no rule set: no file of clients/ — comments included —
 * holds, as a word, the id of a rule set of plugins/ or a figure type,
 * kind or symbol one registers.  They draw and explain every rule set from
 * the catalog (issue 22). */
START_TEST(no_client_names_a_rule_set)
{
  g_autofree char *dir = plugin_dir(
      "p/abbot p/princess-dragon p/mage-witch p/circus p/mist "
      "p/spell-circles");
  MeepleLoader *loader = load(dir);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func(g_free);
  g_autofree char *clients = g_build_filename(TEST_SRCDIR, "clients", NULL);
  collect_sources(clients, files);
  ck_assert_uint_gt(files->len, 20);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    ck_assert_msg(p->loaded, "%s", p->error);
    g_autoptr(GPtrArray) names = registered_names(loader, p);
    g_ptr_array_add(names, g_strdup(p->id));
    for (guint k = 0; k < names->len; k++) {
      /* as a word, in any case: "Dragon" in a comment counts too */
      g_autofree char *escaped = g_regex_escape_string(names->pdata[k], -1);
      g_autofree char *pattern =
          g_strdup_printf("(?<![\\w-])%s(?![\\w-])", escaped);
      GRegex *re = g_regex_new(pattern, G_REGEX_CASELESS, 0, NULL);
      ck_assert(re);
      for (guint f = 0; f < files->len; f++) {
        g_autofree char *text = NULL;
        ck_assert(g_file_get_contents(files->pdata[f], &text, NULL, NULL));
        GMatchInfo *m = NULL;
        gboolean found = g_regex_match(re, text, 0, &m);
        g_autofree char *what = found ? g_match_info_fetch(m, 0) : NULL;
        g_match_info_free(m);
        ck_assert_msg(!found, "%s names %s's '%s' (\"%s\")",
                      (const char *)files->pdata[f], p->id,
                      (const char *)names->pdata[k], what);
      }
      g_regex_unref(re);
    }
  }
  meeple_loader_unref(loader);
}
END_TEST

static Suite *
cooperation_suite(void)
{
  Suite *s = suite_create("rules-cooperation");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, placer_is_kept_off_the_dragons_tile);
  tcase_add_test(tc, without_the_dragon_the_placer_goes_anywhere);
  tcase_add_test(tc, figure_traits_say_what_the_dragon_eats);
  tcase_add_test(tc, the_portal_reaches_any_tile);
  tcase_add_test(tc, a_dependant_of_another_mist_version_is_refused);
  tcase_add_test(tc, no_plugin_names_another_rule_sets_things);
  tcase_add_test(tc, no_client_names_a_rule_set);
  suite_add_tcase(s, tc);
  return s;
}

/* Removes @root: case directories holding nothing but links. */
static void
remove_cases(const char *root)
{
  GDir *d = g_dir_open(root, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name(d))) {
    g_autofree char *dir = g_build_filename(root, name, NULL);
    GDir *c = g_dir_open(dir, 0, NULL);
    const char *link;
    while (c && (link = g_dir_read_name(c))) {
      g_autofree char *path = g_build_filename(dir, link, NULL);
      (void)g_unlink(path);
    }
    if (c)
      g_dir_close(c);
    (void)g_rmdir(dir);
  }
  if (d)
    g_dir_close(d);
  (void)g_rmdir(root);
}

int
main(void)
{
  tmp_root = g_dir_make_tmp("meeple-coop-XXXXXX", NULL);
  g_assert(tmp_root);
  SRunner *sr = srunner_create(cooperation_suite());
  srunner_run_all(sr, CK_ENV);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  remove_cases(tmp_root);
  g_free(tmp_root);
  return failed ? 1 : 0;
}
