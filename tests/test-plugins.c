/* tests/test-plugins.c — the plugin loader and the hook machinery
 * (meeple/loader.h, meeple/plugin.h, doc/plugins.md; DESIGN "Plugins",
 * invariants 2 and 3; RULES §0.4).
 *
 * Every case loads fixture plugins (sources in tests/plugins, built by
 * `make check` into tests/plugins/.libs) from a directory of its own
 * that holds links to just the fixtures it needs: the loader scans every
 * *.so of a directory.  A broken fixture must be skipped with an exact message
 * while the others, "good" at least, still load and build rules.
 *
 * Fixtures log init/setup/exit calls to the file $MEEPLE_FIXTURE_LOG
 * (tests/plugins/fixture.h); hook fixtures report each call as an event
 * of a type they register (tests/plugins/recorder.h).
 */
#include "grow-beside.h"
#include "testutil.h"

#include <meeple/plugin.h>
#include <gmodule.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "plugins/slots.h"

#define FIXTURE_DIR TEST_BUILDDIR "/tests/plugins/.libs"
#define FIXTURE_SRC TEST_SRCDIR "/tests/plugins"
#define BASE_TILES TEST_SRCDIR "/data/tiles"

/* Every case's directory lives under this one; main() removes it. */
static char *tmp_root;

/* ---- helpers ------------------------------------------------------------- */

/* A new directory with links to the fixtures named in @names (separated
 * by blanks).  "NAME" links NAME.so to the fixture NAME; "LINK=NAME"
 * names the link LINK.so instead (file order is part of the load order);
 * a name ending in ".tiles" links that file of tests/plugins. */
static char *
plugin_dir(const char *names)
{
  g_auto(GStrv) list = g_strsplit_set(names, " ", -1);
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func(g_free);
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; list[i]; i++) {
    if (!*list[i])
      continue;
    const char *eq = strchr(list[i], '=');
    g_autofree char *link = eq ? g_strndup(list[i], (gsize)(eq - list[i]))
                               : g_strdup(list[i]);
    const char *fixture = eq ? eq + 1 : list[i];
    if (g_str_has_suffix(fixture, ".tiles")) {
      g_ptr_array_add(targets, g_build_filename(FIXTURE_SRC, fixture, NULL));
      g_ptr_array_add(links, g_steal_pointer(&link));
    } else {
      g_autofree char *so = g_strconcat(fixture, ".so", NULL);
      g_ptr_array_add(targets, g_build_filename(FIXTURE_DIR, so, NULL));
      g_ptr_array_add(links, g_strconcat(link, ".so", NULL));
    }
  }
  g_ptr_array_add(targets, NULL);
  g_ptr_array_add(links, NULL);
  return tu_link_dir(tmp_root, (const char *const *)targets->pdata,
                     (const char *const *)links->pdata);
}

/* Loads the plugins of @dir, with the base tiles and the fixtures' tile
 * files as tile directories. */
static MeepleLoader *
load(const char *dir)
{
  static const char *const tiles[] = { BASE_TILES, FIXTURE_SRC, NULL };
  return tu_load_dir(dir, tiles);
}

/* The plugin the loader found as @dir/@file, loaded or not. */
static const MeeplePluginInfo *
plugin_file(MeepleLoader *loader, const char *dir, const char *file)
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

/* @dir/@file was skipped with exactly "@dir/@file: @why". */
static const MeeplePluginInfo *
assert_skipped(MeepleLoader *loader, const char *dir, const char *file,
               const char *why)
{
  const MeeplePluginInfo *p = plugin_file(loader, dir, file);
  g_autofree char *path = g_build_filename(dir, file, NULL);
  g_autofree char *want = g_strdup_printf("%s: %s", path, why);
  ck_assert_msg(!p->loaded, "%s loaded", file);
  ck_assert_ptr_nonnull(p->error);
  ck_assert_str_eq(p->error, want);
  return p;
}

/* Rules for @ids (comma-separated); fails the test on error. */
static MeepleRules *
build_ok(MeepleLoader *loader, const char *ids)
{
  g_auto(GStrv) list = g_strsplit(ids, ",", -1);
  GError *error = NULL;
  MeepleRules *rules =
      meeple_loader_build_rules(loader, (const char *const *)list, &error);
  ck_assert_msg(rules != NULL, "rules '%s': %s", ids,
                error ? error->message : "?");
  return rules;
}

/* Building @ids fails with error @code, and checking them without
 * building fails the same way; returns the message. */
static char *
build_error(MeepleLoader *loader, const char *ids, int code)
{
  g_auto(GStrv) list = g_strsplit(ids, ",", -1);
  GError *error = NULL;
  MeepleRules *rules =
      meeple_loader_build_rules(loader, (const char *const *)list, &error);
  ck_assert_msg(rules == NULL, "rules '%s' were built", ids);
  ck_assert_ptr_nonnull(error);
  ck_assert_msg(g_error_matches(error, MEEPLE_ERROR, code), "%s: code %d",
                error->message, error->code);
  GError *checked = NULL;
  ck_assert(!meeple_loader_check_rulesets(loader, (const char *const *)list,
                                          &checked));
  ck_assert(g_error_matches(checked, MEEPLE_ERROR, code));
  ck_assert_str_eq(checked->message, error->message);
  g_error_free(checked);
  char *message = g_strdup(error->message);
  g_error_free(error);
  return message;
}

/* The "good" fixture loaded and plays: proof the others did not hurt. */
static void
assert_good_plays(MeepleLoader *loader)
{
  const MeeplePluginInfo *p = meeple_loader_find(loader, "good");
  ck_assert_ptr_nonnull(p);
  ck_assert(p->loaded);
  ck_assert_ptr_null(p->error);
  ck_assert_str_eq(p->id, "good");
  ck_assert_str_eq(p->name, "Fixture good");
  ck_assert_str_eq(p->version, "1.0");
  MeepleRules *rules = build_ok(loader, "good");
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(rules, "good"));
  MeepleGameConfig cfg = { .n_players = 2, .seed = 3 };
  MeepleGame *game = meeple_game_new(rules, &cfg, NULL);
  ck_assert_ptr_nonnull(game);
  GRand *rand = g_rand_new_with_seed(3);
  tu_play_random(game, rand, 20);
  g_rand_free(rand);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}

/* Logging: the fixtures append to the file $MEEPLE_FIXTURE_LOG. */
static char *
start_log(const char *dir)
{
  char *path = g_build_filename(dir, "calls.log", NULL);
  g_unlink(path);
  g_setenv("MEEPLE_FIXTURE_LOG", path, TRUE);
  return path;
}

static char *
read_log(const char *path)
{
  char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return g_strdup("");
  return text;
}

/* Joins @lines with newlines, each line ending in one. */
static char *
lines(const char *const *list)
{
  GString *s = g_string_new(NULL);
  for (guint i = 0; list[i]; i++)
    g_string_append_printf(s, "%s\n", list[i]);
  return g_string_free(s, FALSE);
}

/* ---- 1. what makes a plugin file unusable -------------------------------- */

START_TEST(abi_major_mismatch)
{
  g_autofree char *dir = plugin_dir("abi-major good");
  MeepleLoader *loader = load(dir);
  g_autofree char *why = g_strdup_printf(
      "built for plugin ABI %d.0; this meepled speaks %d.%d (the major "
      "version must match)", MEEPLE_PLUGIN_ABI_MAJOR + 1,
      MEEPLE_PLUGIN_ABI_MAJOR, MEEPLE_PLUGIN_ABI_MINOR);
  const MeeplePluginInfo *p = assert_skipped(loader, dir, "abi-major.so", why);
  ck_assert_ptr_null(p->id); /* nothing past the ABI is read */
  /* loaded ones first, then the skipped */
  ck_assert_uint_eq(meeple_loader_n_plugins(loader), 2);
  ck_assert(meeple_loader_plugin(loader, 0)->loaded);
  ck_assert_ptr_eq(meeple_loader_plugin(loader, 1), p);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(abi_one_refused_with_a_rebuild_hint)
{
  /* A plugin built for ABI 1 (the last was 1.5): its hooks and action
   * kinds mean something else under ABI 2, so it is refused before
   * anything past the ABI fields is read, and told how to fix it
   * (doc/plugins.md, "ABI compatibility"). */
  g_autofree char *dir = plugin_dir("abi-one good");
  MeepleLoader *loader = load(dir);
  g_autofree char *why = g_strdup_printf(
      "built for plugin ABI 1.5, which this meepled no longer loads; it "
      "speaks %d.%d: rebuild the plugin against the ABI %d headers "
      "(doc/plugins.md, \"ABI %d.0\")", MEEPLE_PLUGIN_ABI_MAJOR,
      MEEPLE_PLUGIN_ABI_MINOR, MEEPLE_PLUGIN_ABI_MAJOR,
      MEEPLE_PLUGIN_ABI_MAJOR);
  const MeeplePluginInfo *p = assert_skipped(loader, dir, "abi-one.so", why);
  ck_assert_ptr_null(p->id);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(abi_minor_newer)
{
  g_autofree char *dir = plugin_dir("abi-minor good");
  MeepleLoader *loader = load(dir);
  g_autofree char *why = g_strdup_printf(
      "needs plugin ABI %d.%d, newer than this meepled's %d.%d; upgrade "
      "meepled", MEEPLE_PLUGIN_ABI_MAJOR, MEEPLE_PLUGIN_ABI_MINOR + 1,
      MEEPLE_PLUGIN_ABI_MAJOR, MEEPLE_PLUGIN_ABI_MINOR);
  assert_skipped(loader, dir, "abi-minor.so", why);
  ck_assert_ptr_null(meeple_loader_find(loader, "abi-minor"));
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(no_descriptor)
{
  g_autofree char *dir = plugin_dir("good no-descriptor");
  MeepleLoader *loader = load(dir);
  const MeeplePluginInfo *p = assert_skipped(
      loader, dir, "no-descriptor.so",
      "not a meepled plugin: it exports no 'meeple_plugin_descriptor'");
  ck_assert_ptr_null(p->id);
  ck_assert_ptr_nonnull(p->requires);
  ck_assert_ptr_null(p->requires[0]);
  ck_assert_ptr_nonnull(p->conflicts);
  ck_assert_ptr_null(p->conflicts[0]);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(undefined_symbol)
{
  g_autofree char *dir = plugin_dir("good undefined-symbol");
  MeepleLoader *loader = load(dir);
  /* Bound at load time: the dynamic linker's own message. */
  g_autofree char *path = g_build_filename(dir, "undefined-symbol.so", NULL);
  g_autofree char *why = g_strdup_printf(
      "cannot be loaded: %s: undefined symbol: "
      "meeple_fixture_missing_function", path);
  assert_skipped(loader, dir, "undefined-symbol.so", why);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(init_fails)
{
  g_autofree char *dir = plugin_dir("good init-fails");
  g_autofree char *log = start_log(dir);
  MeepleLoader *loader = load(dir);
  const MeeplePluginInfo *p =
      assert_skipped(loader, dir, "init-fails.so",
                     "init failed: the fixture refuses to start");
  ck_assert_str_eq(p->id, "init-fails");
  ck_assert_int_eq(p->priority, 7); /* read from the descriptor */
  ck_assert_ptr_null(meeple_loader_find(loader, "init-fails"));
  g_autofree char *have =
      build_error(loader, "good,init-fails", MEEPLE_ERROR_PLUGIN);
  g_autofree char *want = g_strdup_printf(
      "rule set 'init-fails' is installed but could not be loaded: %s",
      p->error);
  ck_assert_str_eq(have, want);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
  /* a plugin that never started is never stopped */
  g_autofree char *calls = read_log(log);
  /* init-fails has the higher priority (7), so it is tried first */
  ck_assert_str_eq(calls, "init init-fails\n"
                          "init good\n"
                          "setup good\n"
                          "setup good\n"  /* assert_good_plays */
                          "exit good\n");

  /* Loading again registers its static quark name again: the first
   * load's module must still be mapped (loader: modules stay resident). */
  loader = load(dir);
  p = assert_skipped(loader, dir, "init-fails.so",
                     "init failed: the fixture refuses to start");
  ck_assert_str_eq(g_quark_to_string(
                       g_quark_try_string("meeple-fixture-init-fails-error")),
                   "meeple-fixture-init-fails-error");
  meeple_loader_unref(loader);
}
END_TEST

/* "base" in requires is always met; the other requirement comes along. */
START_TEST(requires_base)
{
  g_autofree char *dir = plugin_dir("good needs-base");
  MeepleLoader *loader = load(dir);
  const MeeplePluginInfo *p = plugin_file(loader, dir, "needs-base.so");
  ck_assert_msg(p->loaded, "%s", p->error);
  ck_assert_str_eq(p->requires[0], "good");
  ck_assert_ptr_null(p->requires[1]);
  const char *ids[] = { "needs-base", NULL };
  GError *error = NULL;
  MeepleRules *rules = meeple_loader_build_rules(loader, ids, &error);
  ck_assert_msg(rules != NULL, "%s", error ? error->message : "");
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(rules, "good"));
  ck_assert_ptr_nonnull(meeple_rules_find_ruleset(rules, "needs-base"));
  meeple_rules_unref(rules);
  meeple_loader_unref(loader);
}
END_TEST

static void
apply_nothing(MeepleGame *game, const MeepleAction *action, gpointer data)
{
  (void)game;
  (void)action;
  (void)data;
}

/* Record header keys cannot be action kinds or figures: a record holding
 * such an action could not be read back. */
START_TEST(reserved_names)
{
  MeepleRules *rules = meeple_rules_new();
  static const char *const words[] = { "meepled-record", "rules", "players",
                                       "seed", "tiles", "farmers", "place",
                                       "pass", "follower", "figure" };
  for (guint i = 0; i < G_N_ELEMENTS(words); i++) {
    GError *error = NULL;
    ck_assert_int_eq(meeple_rules_add_action_kind(rules, words[i], "x", 0,
                                                  MEEPLE_EFFECT_SPEC_NONE,
                                                  apply_nothing, NULL,
                                                  &error), -1);
    ck_assert_msg(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY),
                  "%s", words[i]);
    ck_assert_msg(strstr(error->message, words[i]), "%s", error->message);
    g_clear_error(&error);
    ck_assert_int_eq(meeple_rules_add_figure_type(rules, words[i], TRUE, 1,
                                                  &error), -1);
    ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY));
    g_clear_error(&error);
  }
  GError *error = NULL;
  ck_assert_int_eq(meeple_rules_add_action_kind(
                       rules, "tiles", "x", 0, MEEPLE_EFFECT_SPEC_NONE,
                       apply_nothing, NULL, &error),
                   -1);
  ck_assert_str_eq(error->message, "action kind 'tiles': the name is a word "
                                   "of the game-record format");
  g_clear_error(&error);
  ck_assert_int_ge(meeple_rules_add_action_kind(rules, "tile-swap", "x", 0,
                                                MEEPLE_EFFECT_SPEC_NONE,
                                                apply_nothing, NULL, &error),
                   MEEPLE_ACTION_CORE_COUNT);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(setup_fails)
{
  g_autofree char *dir = plugin_dir("good setup-fails");
  g_autofree char *log = start_log(dir);
  MeepleLoader *loader = load(dir);
  assert_skipped(loader, dir, "setup-fails.so",
                 "rule set 'setup-fails': setup failed: the fixture cannot "
                 "set up");
  /* init() ran, so exit() runs as soon as the plugin is dropped */
  g_autofree char *calls = read_log(log);
  ck_assert_str_eq(calls, "init good\n"
                          "setup good\n"
                          "init setup-fails\n"
                          "setup setup-fails\n"
                          "exit setup-fails\n");
  assert_good_plays(loader);
  meeple_loader_unref(loader);
  g_autofree char *after = read_log(log);
  ck_assert_str_eq(after + strlen(calls), "setup good\nexit good\n");
}
END_TEST

START_TEST(descriptor_fields)
{
  g_autofree char *dir = plugin_dir("good bad-id no-version no-setup");
  MeepleLoader *loader = load(dir);
  assert_skipped(loader, dir, "bad-id.so",
                 "its id must be 1-64 lower-case letters, digits and '-', "
                 "and not 'base'");
  assert_skipped(loader, dir, "no-version.so",
                 "rule set 'no-version' needs a version of 1-32 printable "
                 "ASCII characters other than '/' and '#'");
  assert_skipped(loader, dir, "no-setup.so",
                 "rule set 'no-setup' has no setup function");
  ck_assert_uint_eq(meeple_loader_n_plugins(loader), 4);
  /* the skipped ones follow the loaded, in file order */
  ck_assert_str_eq(meeple_loader_plugin(loader, 0)->id, "good");
  g_autofree char *f1 = g_build_filename(dir, "bad-id.so", NULL);
  g_autofree char *f2 = g_build_filename(dir, "no-setup.so", NULL);
  g_autofree char *f3 = g_build_filename(dir, "no-version.so", NULL);
  ck_assert_str_eq(meeple_loader_plugin(loader, 1)->file, f1);
  ck_assert_str_eq(meeple_loader_plugin(loader, 2)->file, f2);
  ck_assert_str_eq(meeple_loader_plugin(loader, 3)->file, f3);
  g_autofree char *unknown =
      build_error(loader, "nope", MEEPLE_ERROR_RULESET);
  ck_assert_str_eq(unknown, "unknown rule set 'nope' (available: base, good)");
  /* what the message shows of a bad id: 64 characters, valid UTF-8 */
  g_autofree char *long_id = g_strnfill(100, 'x');
  g_autofree char *shown = g_strnfill(64, 'x');
  g_autofree char *too_long =
      build_error(loader, long_id, MEEPLE_ERROR_RULESET);
  g_autofree char *want_long = g_strdup_printf(
      "unknown rule set '%s' (available: base, good)", shown);
  ck_assert_str_eq(too_long, want_long);
  g_autofree char *invalid =
      build_error(loader, "a\xff" "b", MEEPLE_ERROR_RULESET);
  ck_assert_str_eq(invalid, "unknown rule set 'a\xef\xbf\xbd"
                            "b' (available: base, good)");
  /* no ids, or "base" alone: the base game */
  GError *error = NULL;
  MeepleRules *base = meeple_loader_build_rules(loader, NULL, &error);
  ck_assert_ptr_nonnull(base);
  ck_assert_uint_eq(meeple_rules_n_rulesets(base), 1);
  ck_assert_str_eq(meeple_rules_ruleset(base, 0)->id, "base");
  meeple_rules_unref(base);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

/* ---- 2. dependencies ----------------------------------------------------- */

START_TEST(missing_dependency)
{
  g_autofree char *dir = plugin_dir("good needs-missing");
  MeepleLoader *loader = load(dir);
  const MeeplePluginInfo *p = assert_skipped(
      loader, dir, "needs-missing.so",
      "rule set 'needs-missing' requires 'not-installed', which is not "
      "installed");
  ck_assert_str_eq(p->requires[0], "not-installed");
  ck_assert_ptr_null(p->requires[1]);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(dependency_cycle)
{
  g_autofree char *dir = plugin_dir("good cycle-a cycle-b behind-cycle");
  g_autofree char *log = start_log(dir);
  MeepleLoader *loader = load(dir);
  assert_skipped(loader, dir, "cycle-a.so",
                 "dependency cycle: cycle-a -> cycle-b -> cycle-a");
  assert_skipped(loader, dir, "cycle-b.so",
                 "dependency cycle: cycle-b -> cycle-a -> cycle-b");
  assert_skipped(loader, dir, "behind-cycle.so",
                 "rule set 'behind-cycle' requires 'cycle-a', which is on a "
                 "dependency cycle");
  /* none of them was started */
  g_autofree char *calls = read_log(log);
  ck_assert_str_eq(calls, "init good\nsetup good\n");
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(requires_skipped)
{
  g_autofree char *dir =
      plugin_dir("good init-fails needs-skipped needs-needs-skipped");
  MeepleLoader *loader = load(dir);
  assert_skipped(loader, dir, "init-fails.so",
                 "init failed: the fixture refuses to start");
  assert_skipped(loader, dir, "needs-skipped.so",
                 "rule set 'needs-skipped' requires 'init-fails', which "
                 "could not be loaded");
  assert_skipped(loader, dir, "needs-needs-skipped.so",
                 "rule set 'needs-needs-skipped' requires 'needs-skipped', "
                 "which could not be loaded");
  ck_assert_uint_eq(meeple_loader_n_plugins(loader), 4);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(duplicate_id)
{
  g_autofree char *dir = plugin_dir("good dup-one dup-two");
  MeepleLoader *loader = load(dir);
  g_autofree char *first = g_build_filename(dir, "dup-one.so", NULL);
  g_autofree char *why =
      g_strdup_printf("rule set 'dup' is already provided by %s", first);
  assert_skipped(loader, dir, "dup-two.so", why);
  const MeeplePluginInfo *p = meeple_loader_find(loader, "dup");
  ck_assert_ptr_nonnull(p);
  ck_assert_str_eq(p->file, first);
  MeepleRules *rules = build_ok(loader, "dup");
  meeple_rules_unref(rules);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

/* ---- 3. conflicts ------------------------------------------------------- */

START_TEST(conflicts)
{
  g_autofree char *dir =
      plugin_dir("good conflict-x conflict-y self-conflict needs-both");
  MeepleLoader *loader = load(dir);
  /* both load: a conflict is about playing them together */
  ck_assert_ptr_nonnull(meeple_loader_find(loader, "conflict-x"));
  ck_assert_ptr_nonnull(meeple_loader_find(loader, "conflict-y"));
  ck_assert_str_eq(meeple_loader_find(loader, "conflict-x")->conflicts[0],
                   "conflict-y");
  const char *const each[] = { "conflict-x", "conflict-y", "good,conflict-x",
                               "conflict-y,good" };
  for (guint i = 0; i < G_N_ELEMENTS(each); i++)
    meeple_rules_unref(build_ok(loader, each[i]));
  const char *want = "rule sets 'conflict-x' and 'conflict-y' cannot be "
                     "played together ('conflict-x' declares the conflict)";
  g_autofree char *xy =
      build_error(loader, "conflict-x,conflict-y", MEEPLE_ERROR_RULESET);
  g_autofree char *yx =
      build_error(loader, "good,conflict-y,conflict-x", MEEPLE_ERROR_RULESET);
  ck_assert_str_eq(xy, want);
  ck_assert_str_eq(yx, want);
  /* requiring what it conflicts with: never playable, so skipped */
  assert_skipped(loader, dir, "self-conflict.so",
                 "rule sets 'self-conflict' and 'conflict-y' cannot be "
                 "played together ('self-conflict' declares the conflict)");
  /* requiring two rule sets that conflict: the same */
  assert_skipped(loader, dir, "needs-both.so", want);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

/* ---- 4. tile files of plugins ------------------------------------------- */

START_TEST(tiles_malformed)
{
  g_autofree char *dir = plugin_dir("good bad-tiles");
  MeepleLoader *loader = load(dir);
  assert_skipped(loader, dir, "bad-tiles.so",
                 "rule set 'bad-tiles': " FIXTURE_SRC "/fixture-bad.tiles:6: "
                 "tile 'BAD2': edge letter 'X' in 'FFFX' must be C, R or F");
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(tiles_missing)
{
  g_autofree char *dir = plugin_dir("good missing-tiles");
  MeepleLoader *loader = load(dir);
  g_autofree char *why = g_strdup_printf(
      "rule set 'missing-tiles': tile file 'fixture-missing.tiles' not "
      "found (looked in %s, " BASE_TILES ", " FIXTURE_SRC ")", dir);
  assert_skipped(loader, dir, "missing-tiles.so", why);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

START_TEST(tiles_own)
{
  g_autofree char *dir = plugin_dir("good own-tiles");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build_ok(loader, "own-tiles");
  ck_assert_int_ge(meeple_rules_find_tile_type(rules, "OWN1"), 0);
  const MeepleRuleSetInfo *rs = meeple_rules_find_ruleset(rules, "own-tiles");
  ck_assert_ptr_nonnull(rs);
  ck_assert_str_eq(rs->version, "1.0");
  const MeepleTileSetInfo *ts =
      meeple_rules_tileset(rules, meeple_rules_n_tilesets(rules) - 1);
  ck_assert_str_eq(ts->id, "own-tiles");
  ck_assert_str_eq(ts->file, FIXTURE_SRC "/fixture-own.tiles");
  /* the games get its 2 tiles: 72 + 2, less the start and drawn tiles */
  MeepleGameConfig cfg = { .n_players = 2, .seed = 1 };
  MeepleGame *game = meeple_game_new(rules, &cfg, NULL);
  ck_assert_uint_eq(meeple_game_tiles_left(game), 72 + 2 - 2);
  meeple_game_free(game);
  meeple_rules_unref(rules);
  MeepleRules *plain = build_ok(loader, "good");
  ck_assert_int_lt(meeple_rules_find_tile_type(plain, "OWN1"), 0);
  meeple_rules_unref(plain);
  meeple_loader_unref(loader);
}
END_TEST

/* The tile file next to the plugin comes before the tile directories. */
START_TEST(tiles_next_to_plugin)
{
  g_autofree char *dir =
      plugin_dir("good own-tiles fixture-own.tiles=fixture-bad.tiles");
  MeepleLoader *loader = load(dir);
  g_autofree char *why = g_strdup_printf(
      "rule set 'own-tiles': %s/fixture-own.tiles:6: tile 'BAD2': edge "
      "letter 'X' in 'FFFX' must be C, R or F", dir);
  assert_skipped(loader, dir, "own-tiles.so", why);
  assert_good_plays(loader);
  meeple_loader_unref(loader);
}
END_TEST

/* ---- 5. load order, init and exit ------------------------------------ */

START_TEST(load_order)
{
  /* link names put the files in another order than the load order */
  g_autofree char *dir = plugin_dir(
      "a1=order-c a2=order-dep a3=order-low a4=order-b a5=order-a "
      "a6=order-high z9=init-fails a0=setup-fails");
  g_autofree char *log = start_log(dir);
  MeepleLoader *loader = load(dir);
  /* dependencies first, then priority (higher first), then id:
   * order-dep (100) waits for order-low (-5), then beats order-c (-10) */
  const char *const order[] = { "order-high", "order-a", "order-b",
                                "order-low", "order-dep", "order-c" };
  const int priority[] = { 10, 0, 0, -5, 100, -10 };
  ck_assert_uint_eq(meeple_loader_n_plugins(loader), 8);
  for (guint i = 0; i < G_N_ELEMENTS(order); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    ck_assert_msg(p->loaded, "%s skipped: %s", p->file, p->error);
    ck_assert_str_eq(p->id, order[i]);
    ck_assert_int_eq(p->priority, priority[i]);
    ck_assert_ptr_eq(meeple_loader_find(loader, order[i]), p);
  }
  ck_assert_str_eq(meeple_loader_plugin(loader, 4)->requires[0], "order-low");
  /* then the skipped, in file order */
  g_autofree char *f6 = g_build_filename(dir, "a0.so", NULL);
  g_autofree char *f7 = g_build_filename(dir, "z9.so", NULL);
  ck_assert_str_eq(meeple_loader_plugin(loader, 6)->file, f6);
  ck_assert_str_eq(meeple_loader_plugin(loader, 7)->file, f7);
  ck_assert(!meeple_loader_plugin(loader, 6)->loaded);
  ck_assert(!meeple_loader_plugin(loader, 7)->loaded);

  /* init() in load order (the failed ones where they fell), each followed
   * by its trial set-up, requirements first */
  const char *const loading[] = {
    "init order-high", "setup order-high",
    "init init-fails",
    "init order-a", "setup order-a",
    "init order-b", "setup order-b",
    "init setup-fails", "setup setup-fails", "exit setup-fails",
    "init order-low", "setup order-low",
    "init order-dep", "setup order-low", "setup order-dep",
    "init order-c", "setup order-c",
    NULL,
  };
  g_autofree char *want_loading = lines(loading);
  g_autofree char *calls = read_log(log);
  ck_assert_str_eq(calls, want_loading);

  /* rules set up in load order, whatever order they are asked in */
  MeepleRules *rules = build_ok(
      loader, "order-c,order-dep,order-low,order-b,order-a,order-high");
  ck_assert_uint_eq(meeple_rules_n_rulesets(rules), 7);
  ck_assert_str_eq(meeple_rules_ruleset(rules, 0)->id, "base");
  for (guint i = 0; i < G_N_ELEMENTS(order); i++)
    ck_assert_str_eq(meeple_rules_ruleset(rules, i + 1)->id, order[i]);
  /* a rule set brings what it requires, set up before it */
  MeepleRules *dep = build_ok(loader, "order-dep");
  ck_assert_uint_eq(meeple_rules_n_rulesets(dep), 3);
  ck_assert_str_eq(meeple_rules_ruleset(dep, 1)->id, "order-low");
  ck_assert_str_eq(meeple_rules_ruleset(dep, 2)->id, "order-dep");
  meeple_rules_unref(dep);

  /* the rules keep the loader: no exit() until the last reference */
  meeple_loader_unref(loader);
  g_autofree char *before = read_log(log);
  ck_assert(g_str_has_suffix(before, "setup order-low\nsetup order-dep\n"));
  meeple_rules_unref(rules);
  g_autofree char *after = read_log(log);
  const char *const exits[] = {
    "exit order-c", "exit order-dep", "exit order-low", "exit order-b",
    "exit order-a", "exit order-high", NULL,
  };
  g_autofree char *want_exits = lines(exits);
  ck_assert_str_eq(after + strlen(before), want_exits);
}
END_TEST

/* ---- 6. hook order --------------------------------------------------------- */

/* Appends one line per event to @trace: core events by name (with what
 * identifies them), the recorder fixtures' events by their hook label
 * and, for feature hooks, the value they saw. */
static void
trace_events(GPtrArray *trace, MeepleGame *game, const MeepleEvent *ev,
             gsize n)
{
  MeepleRules *rules = meeple_game_rules(game);
  for (gsize i = 0; i < n; i++) {
    const MeepleEvent *e = &ev[i];
    const char *name = meeple_rules_event_type_name(rules, e->type);
    const char *tile = e->tile < meeple_rules_n_tile_types(rules)
                           ? meeple_rules_tile_type(rules, e->tile)->id : "?";
    char *s;
    switch (e->type) {
    case MEEPLE_EVENT_TURN_STARTED:
    case MEEPLE_EVENT_FIGURE_PLACED:
    case MEEPLE_EVENT_WINNER:
      s = g_strdup_printf("%s p%d", name, e->player);
      break;
    case MEEPLE_EVENT_TILE_DRAWN:
    case MEEPLE_EVENT_TILE_PLACED:
    case MEEPLE_EVENT_TILE_DISCARDED:
      s = g_strdup_printf("%s %s", name, tile);
      break;
    case MEEPLE_EVENT_FIGURE_RETURNED:
      s = g_strdup_printf("%s p%d %s", name, e->player, e->rule);
      break;
    case MEEPLE_EVENT_POINTS_SCORED:
      s = g_strdup_printf("%s p%d %+d %s", name, e->player, e->points,
                          e->rule);
      break;
    default:
      if (e->type >= MEEPLE_EVENT_CORE_COUNT &&
          g_str_has_suffix(name, "-hook"))
        s = e->points ? g_strdup_printf("%s v=%d", e->rule, e->points)
                      : g_strdup(e->rule);
      else if (e->type >= MEEPLE_EVENT_CORE_COUNT)
        s = g_strdup_printf("%s p%d %d %s", name, e->player, e->arg,
                            e->rule ? e->rule : "-");
      else
        s = g_strdup(name);
      break;
    }
    g_ptr_array_add(trace, s);
  }
}

static void
trace_act(GPtrArray *trace, MeepleGame *game, const char *text)
{
  gsize n = 0;
  const MeepleEvent *ev = tu_act(game, text, &n);
  trace_events(trace, game, ev, n);
}

/* @trace equals @want (NULL-terminated) line by line. */
static void
assert_trace(GPtrArray *trace, const char *const *want)
{
  g_ptr_array_add(trace, NULL);
  g_autofree char *have = lines((const char *const *)trace->pdata);
  g_ptr_array_remove_index(trace, trace->len - 1);
  g_autofree char *expected = lines(want);
  ck_assert_str_eq(have, expected);
}

static MeepleGame *
hook_game(MeepleRules *rules, GPtrArray *trace)
{
  MeepleGame *game = tu_game(rules, 2, "E U", TRUE);
  gsize n = 0;
  const MeepleEvent *ev = meeple_game_initial_events(game, &n);
  trace_events(trace, game, ev, n);
  return game;
}

START_TEST(hook_order)
{
  g_autofree char *dir = plugin_dir("hook-x hook-y good");
  MeepleLoader *loader = load(dir);
  ck_assert_str_eq(meeple_loader_plugin(loader, 0)->id, "hook-y");
  ck_assert_str_eq(meeple_loader_plugin(loader, 1)->id, "good");
  ck_assert_str_eq(meeple_loader_plugin(loader, 2)->id, "hook-x");
  MeepleRules *rules = build_ok(loader, "hook-x,hook-y");
  meeple_loader_unref(loader);
  /* the fixtures' own event types, after the core's, in load order */
  ck_assert_uint_eq(meeple_rules_n_event_types(rules),
                    MEEPLE_EVENT_CORE_COUNT + 2);
  ck_assert_str_eq(meeple_rules_event_type_name(rules,
                                                MEEPLE_EVENT_CORE_COUNT),
                   "hook-y-hook");
  ck_assert_str_eq(meeple_rules_event_type_name(rules,
                                                MEEPLE_EVENT_CORE_COUNT + 1),
                   "hook-x-hook");
  ck_assert_str_eq(meeple_event_type_name(MEEPLE_EVENT_CORE_COUNT),
                   "plugin-event");

  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  MeepleGame *game = hook_game(rules, trace);
  trace_act(trace, game, "place E @ 0,-1 r180");
  trace_act(trace, game, "follower C1"); /* completes the city */
  trace_act(trace, game, "place U @ 1,0 r0");
  trace_act(trace, game, "follower R1"); /* last tile: final scoring */
  ck_assert(meeple_game_is_over(game));
  /* Priority (higher first), then load order (hook-y before hook-x),
   * then registration order; the core's step first in TURN_START, between
   * priority > 0 and <= 0 in SCORE and FINAL_SCORING. */
  const char *const want[] = {
    "tile-placed D",
    "turn-started p0",
    "x.turn-start@3",
    "y.turn-start@0",
    "x.turn-start@0#1",
    "x.turn-start@0#2",
    "y.turn-start@-2",
    "tile-drawn E",
    "x.draw@2",
    "y.draw@0",
    /* place E */
    "tile-placed E",
    "y.place-tile@0",
    "x.place-tile@0",
    "y.place-ghosts@0",
    /* follower C1 */
    "figure-placed p0",
    "y.after-figure@1",
    "x.after-figure@-1",
    "x.score@1000",
    "y.score@1",
    "feature-completed",
    "x.feature-value@5 v=4",
    "y.feature-value@0 v=104",       /* sees x's change */
    "points-scored p0 +104 FIXTURE-BONUS",
    "y.feature-scored@0 v=104",
    "x.feature-scored@0 v=104",
    "figure-returned p0 BASE-19",
    "x.figure-removed@1",
    "y.figure-removed@0",
    "x.score@0",
    "y.score@-1",
    "y.turn-end@0",
    "x.turn-end@0",
    "turn-started p1",
    "x.turn-start@3",
    "y.turn-start@0",
    "x.turn-start@0#1",
    "x.turn-start@0#2",
    "y.turn-start@-2",
    "tile-drawn U",
    "x.draw@2",
    "y.draw@0",
    /* place U */
    "tile-placed U",
    "y.place-tile@0",
    "x.place-tile@0",
    "y.place-ghosts@0",
    /* follower R1 */
    "figure-placed p1",
    "y.after-figure@1",
    "x.after-figure@-1",
    "x.score@1000",
    "y.score@1",
    "x.score@0",
    "y.score@-1",
    "y.turn-end@0",
    "x.turn-end@0",
    "y.final-scoring@2",
    "x.feature-value@5 v=2",         /* final: no bonus */
    "y.feature-value@0 v=2",
    "points-scored p1 +2 BASE-22",
    "y.feature-scored@0 v=2",
    "x.feature-scored@0 v=2",
    "x.final-scoring@0",
    "x.final-scoring@-3",
    "game-over",
    "winner p0",
    NULL,
  };
  assert_trace(trace, want);
  ck_assert_int_eq(meeple_game_score(game, 0), 104);
  ck_assert_int_eq(meeple_game_score(game, 1), 2);
  g_ptr_array_unref(trace);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(hook_stop)
{
  g_autofree char *dir = plugin_dir("hook-x hook-y hook-stop");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build_ok(loader, "hook-x,hook-y,hook-stop");
  meeple_loader_unref(loader);
  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  MeepleGame *game = hook_game(rules, trace);
  trace_act(trace, game, "place E @ 0,-1 r180");
  trace_act(trace, game, "follower C1");
  /* STOP ends the later hooks of its point, this time only; the core's
   * step (turn start, feature scoring, the points) still happens */
  const char *const want[] = {
    "tile-placed D",
    "turn-started p0",
    "stop.turn-start@2000",
    "tile-drawn E",
    "x.draw@2",
    "y.draw@0",
    "tile-placed E",
    "y.place-tile@0",
    "x.place-tile@0",
    "y.place-ghosts@0",
    "figure-placed p0",
    "y.after-figure@1",
    "x.after-figure@-1",
    "stop.score@2000",
    "feature-completed",
    "stop.feature-value@2000 v=4",
    "points-scored p0 +4 BASE-17",   /* x's +100 never ran */
    "y.feature-scored@0 v=4",
    "x.feature-scored@0 v=4",
    "figure-returned p0 BASE-19",
    "x.figure-removed@1",
    "y.figure-removed@0",
    "y.turn-end@0",
    "x.turn-end@0",
    "turn-started p1",
    "stop.turn-start@2000",
    "tile-drawn U",
    "x.draw@2",
    "y.draw@0",
    NULL,
  };
  assert_trace(trace, want);
  g_ptr_array_unref(trace);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- 7. draw, filter and figure-action hooks ----------------------------- */

static MeepleRules *
rules_of(const char *fixtures, const char *ids)
{
  g_autofree char *dir = plugin_dir(fixtures);
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build_ok(loader, ids);
  meeple_loader_unref(loader);
  return rules;
}

START_TEST(draw_hook_takes_tile)
{
  MeepleRules *rules = rules_of("draw-taker good", "draw-taker");
  MeepleGame *game = tu_game(rules, 2, "V V E U", TRUE);
  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  gsize n = 0;
  const MeepleEvent *ev = meeple_game_initial_events(game, &n);
  trace_events(trace, game, ev, n);
  /* both V are taken out of play; the player draws again */
  const char *const want[] = {
    "tile-placed D",
    "turn-started p0",
    "tile-drawn V",
    "tile-taken p0 1 FIXTURE-DRAW",
    "tile-drawn V",
    "tile-taken p0 2 FIXTURE-DRAW",
    "tile-drawn E",
    NULL,
  };
  assert_trace(trace, want);
  ck_assert_int_eq(meeple_game_drawn_tile(game),
                   meeple_rules_find_tile_type(rules, "E"));
  ck_assert_uint_eq(meeple_game_tiles_left(game), 1);
  ck_assert_uint_eq(meeple_game_n_discarded(game), 0);
  const MeepleDecision *d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_TILE);
  ck_assert_uint_eq(d->player, 0);
  g_ptr_array_set_size(trace, 0);
  g_ptr_array_unref(trace);
  meeple_game_free(game);

  /* the last tile taken: the supply is empty, the game ends */
  game = tu_game(rules, 2, "E V", TRUE);
  tu_act(game, "place E @ 0,-1 r180", NULL);
  ev = tu_act(game, "pass", &n);
  ck_assert(meeple_game_is_over(game));
  ck_assert_uint_eq(tu_count_events(ev, n, MEEPLE_EVENT_CORE_COUNT, NULL), 1);
  ck_assert_uint_eq(tu_count_events(ev, n, MEEPLE_EVENT_GAME_OVER, NULL), 1);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(filter_hook_vetoes)
{
  g_autofree char *dir = plugin_dir("filter good");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build_ok(loader, "filter");
  MeepleRules *base = build_ok(loader, "base");
  meeple_loader_unref(loader);
  MeepleGame *game = tu_game(rules, 2, "J X E", FALSE);
  MeepleGame *plain = tu_game(base, 2, "J X E", FALSE);

  /* placements: the base game's, less those west of the start tile */
  const MeepleDecision *d = meeple_game_decision(game);
  const MeepleDecision *all = meeple_game_decision(plain);
  gsize east = 0;
  for (gsize i = 0; i < all->n_actions; i++)
    if (all->actions[i].x >= 0)
      ck_assert_mem_eq(&d->actions[east++], &all->actions[i],
                       sizeof(MeepleAction));
  ck_assert_uint_eq(d->n_actions, east);
  ck_assert_uint_lt(east, all->n_actions);
  char *why = NULL;
  ck_assert(tu_is_legal(plain, "place J @ -1,0 r0"));
  ck_assert(!tu_try(game, "place J @ -1,0 r0", &why));
  ck_assert_str_eq(why, "not a legal placement");
  g_free(why);

  /* figures: no follower on the city; "pass" is never vetoed */
  tu_act(game, "place J @ 0,-1 r180", NULL);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_FIGURE);
  ck_assert_uint_eq(d->n_actions, 4);
  ck_assert(tu_is_legal(game, "pass"));
  ck_assert(tu_is_legal(game, "follower R1"));
  ck_assert(tu_is_legal(game, "follower F1"));
  ck_assert(tu_is_legal(game, "follower F2"));
  ck_assert(!tu_is_legal(game, "follower C1"));
  MeepleAction a;
  GError *error = NULL;
  ck_assert(meeple_action_parse(game, "follower C1", &a, NULL, NULL));
  ck_assert(!meeple_game_apply(game, &a, NULL, NULL, &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_ILLEGAL_ACTION));
  g_clear_error(&error);

  /* X has no placement left at all: it leaves the game (BASE-06) */
  gsize n = 0;
  const MeepleEvent *ev = tu_act(game, "pass", &n);
  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  trace_events(trace, game, ev, n);
  const char *const want[] = {
    "feature-completed",
    "turn-started p1",
    "tile-drawn X",
    "tile-discarded X",
    "tile-drawn E",
    NULL,
  };
  assert_trace(trace, want);
  ck_assert_uint_eq(meeple_game_n_discarded(game), 1);
  ck_assert_str_eq(tu_find_event(ev, n, MEEPLE_EVENT_TILE_DISCARDED, 0)->rule,
                   "BASE-06");
  g_ptr_array_unref(trace);
  meeple_game_free(plain);
  meeple_game_free(game);
  meeple_rules_unref(base);
  meeple_rules_unref(rules);
}
END_TEST

/* Writes @game as a record, replays it on @rules and checks the replay is
 * the same game and writes the same text.  Returns the text. */
static char *
assert_record_replays(MeepleGame *game, MeepleRules *rules)
{
  char *text = meeple_record_write(game, NULL);
  GError *error = NULL;
  MeepleRecord *record = meeple_record_parse(text, -1, "plugin.rec", &error);
  ck_assert_msg(record != NULL, "parse: %s\n%s",
                error ? error->message : "?", text);
  MeepleGame *again = meeple_record_replay(record, rules, &error);
  ck_assert_msg(again != NULL, "replay: %s\n%s",
                error ? error->message : "?", text);
  g_autofree char *d1 = tu_state_digest(game);
  g_autofree char *d2 = tu_state_digest(again);
  ck_assert_str_eq(d1, d2);
  gsize n1 = 0, n2 = 0;
  const MeepleHistoryEntry *h1 = meeple_game_history(game, &n1);
  const MeepleHistoryEntry *h2 = meeple_game_history(again, &n2);
  ck_assert_uint_eq(n1, n2);
  for (gsize i = 0; i < n1; i++) {
    ck_assert_mem_eq(&h1[i].action, &h2[i].action, sizeof(MeepleAction));
    ck_assert_uint_eq(h1[i].player, h2[i].player);
    ck_assert_uint_eq(h1[i].turn, h2[i].turn);
  }
  g_autofree char *text2 = meeple_record_write(again, NULL);
  ck_assert_str_eq(text, text2);
  meeple_game_free(again);
  meeple_record_free(record);
  return text;
}

/* @text, parsed back, is exactly @a; and @a is written as @text. */
static void
assert_notation(MeepleGame *game, const MeepleAction *a, const char *text)
{
  g_autofree char *written = meeple_action_to_string(game, a);
  ck_assert_str_eq(written, text);
  MeepleAction back;
  GError *error = NULL;
  ck_assert_msg(meeple_action_parse(game, text, &back, NULL, &error),
                "'%s': %s", text, error ? error->message : "?");
  ck_assert_mem_eq(&back, a, sizeof back);
}

START_TEST(figure_actions_hook)
{
  MeepleRules *rules = rules_of("actions good", "actions");
  int salute = meeple_rules_find_action_kind(rules, "salute");
  int wave = meeple_rules_find_action_kind(rules, "wave");
  int shrug = meeple_rules_find_action_kind(rules, "shrug");
  ck_assert_int_ge(salute, MEEPLE_ACTION_CORE_COUNT);
  ck_assert_int_eq(wave, salute + 1);
  ck_assert_int_eq(shrug, salute + 2);
  ck_assert_str_eq(meeple_rules_action_kind(rules, (guint)wave)->description,
                   "Wave at a cell");
  ck_assert_uint_eq(meeple_rules_action_kind(rules, (guint)wave)->fields,
                    MEEPLE_ACTION_USES_CELL);

  MeepleGame *game = tu_game(rules, 2, "E U", FALSE);
  tu_act(game, "place E @ 0,-1 r180", NULL);
  const MeepleDecision *d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_FIGURE);
  /* pass, follower C1, follower F1, then the hook's three */
  ck_assert_uint_eq(d->n_actions, 6);
  ck_assert_uint_eq(d->actions[3].kind, (guint)salute);
  ck_assert_uint_eq(d->actions[4].kind, (guint)wave);
  ck_assert_uint_eq(d->actions[5].kind, (guint)shrug);
  assert_notation(game, &d->actions[3], "salute follower C1 @ 0,-1 3");
  assert_notation(game, &d->actions[4], "wave @ 0,-1");
  assert_notation(game, &d->actions[5], "shrug");
  MeepleAction bad;
  GError *error = NULL;
  guint column = 0;
  ck_assert(!meeple_action_parse(game, "salute nobody C1 @ 0,-1 3", &bad,
                                 &column, &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION));
  ck_assert_str_eq(error->message,
                   "'salute' needs a figure type, found 'nobody'");
  ck_assert_uint_eq(column, 8);
  g_clear_error(&error);

  gsize n = 0;
  const MeepleEvent *ev = tu_act(game, "salute follower C1 @ 0,-1 3", &n);
  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  trace_events(trace, game, ev, n);
  const char *const want[] = {
    "fixture-action p0 3 FIXTURE-SALUTE",
    "points-scored p0 +3 FIXTURE-SALUTE",
    "feature-completed", /* nobody on it: no points */
    "turn-started p1",
    "tile-drawn U",
    NULL,
  };
  assert_trace(trace, want);
  g_ptr_array_unref(trace);
  tu_act(game, "place U @ 1,0 r0", NULL);
  ck_assert(tu_is_legal(game, "wave @ 1,0"));
  ck_assert(!tu_is_legal(game, "wave @ 0,-1")); /* the hook's list only */
  tu_act(game, "wave @ 1,0", NULL);
  ck_assert(meeple_game_is_over(game));
  ck_assert_int_eq(meeple_game_score(game, 0), 3);
  ck_assert_int_eq(meeple_game_score(game, 1), 1);

  g_autofree char *text = assert_record_replays(game, rules);
  ck_assert_ptr_nonnull(strstr(text, "\nrules base/1.0 actions/1.0\n"));
  ck_assert_ptr_nonnull(strstr(text, "\nsalute follower C1 @ 0,-1 3\n"));
  ck_assert_ptr_nonnull(strstr(text, "\nwave @ 1,0\n"));
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- 8. decisions other players take mid-turn ---------------------------- */

/* A FILTER hook for some effects only (ABI 2.3) is never asked about the
 * others: this one vetoes whatever it is asked, and is asked only about
 * figure placements. */
START_TEST(filter_hook_for_some_effects)
{
  g_autofree char *dir = plugin_dir("filter-figures good");
  MeepleLoader *loader = load(dir);
  MeepleRules *rules = build_ok(loader, "filter-figures");
  MeepleRules *base = build_ok(loader, "base");
  meeple_loader_unref(loader);
  MeepleGame *game = tu_game(rules, 2, "J X E", FALSE);
  MeepleGame *plain = tu_game(base, 2, "J X E", FALSE);
  /* every placement of the base game, in its order */
  const MeepleDecision *d = meeple_game_decision(game);
  const MeepleDecision *all = meeple_game_decision(plain);
  ck_assert_uint_eq(d->n_actions, all->n_actions);
  ck_assert_mem_eq(d->actions, all->actions,
                   d->n_actions * sizeof(MeepleAction));
  MeepleAction a;
  ck_assert(meeple_action_parse(game, "place J @ 0,-1 r180", &a, NULL,
                                NULL));
  ck_assert(meeple_game_action_allowed(game, MEEPLE_DECISION_PLACE_TILE, 0,
                                       &a));
  /* no follower anywhere: only "pass" is left, which is not asked */
  tu_act(game, "place J @ 0,-1 r180", NULL);
  tu_act(plain, "place J @ 0,-1 r180", NULL);
  ck_assert_uint_eq(meeple_game_decision(plain)->kind,
                    MEEPLE_DECISION_PLACE_FIGURE);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_TILE);
  ck_assert_uint_eq(meeple_game_active_player(game), 1);
  meeple_game_free(game);
  meeple_game_free(plain);
  meeple_rules_unref(rules);
  meeple_rules_unref(base);
}
END_TEST

/* The same tiles played with a filtering fixture and with the base game
 * alone, side by side: what the filter struck is the difference. */
typedef struct {
  MeepleRules *rules, *base;
  MeepleGame *game, *plain;
} SideBySide;

static SideBySide
side_by_side(const char *fixtures, const char *ids, const char *tiles)
{
  SideBySide sb = { .rules = rules_of(fixtures, ids),
                    .base = rules_of("good", "base") };
  sb.game = tu_game(sb.rules, 2, tiles, FALSE);
  sb.plain = tu_game(sb.base, 2, tiles, FALSE);
  return sb;
}

/* Checks that both games ended, and frees them. */
static void
side_by_side_end(SideBySide *sb)
{
  ck_assert(meeple_game_is_over(sb->plain));
  ck_assert(meeple_game_is_over(sb->game));
  meeple_game_free(sb->game);
  meeple_game_free(sb->plain);
  meeple_rules_unref(sb->rules);
  meeple_rules_unref(sb->base);
}

/* MeepleFilterContext.memo (ABI 2.4): each FILTER hook has its own, zero
 * when a list starts and kept through the list.  "filter-memo" keeps
 * every other tile placement by counting in its memo, and vetoes the
 * whole list when a memo is shared or carried over (tests/plugins). */
START_TEST(filter_memo_per_hook_and_list)
{
  SideBySide sb = side_by_side("filter-memo good", "filter-memo", "J X E D");
  MeepleGame *game = sb.game, *plain = sb.plain;
  guint lists = 0;
  while (!meeple_game_is_over(plain)) {
    const MeepleDecision *d = meeple_game_decision(game);
    const MeepleDecision *all = meeple_game_decision(plain);
    ck_assert_uint_eq(d->kind, all->kind);
    if (d->kind != MEEPLE_DECISION_PLACE_TILE) {
      ck_assert_uint_eq(d->n_actions, all->n_actions);
      ck_assert_mem_eq(d->actions, all->actions,
                       d->n_actions * sizeof(MeepleAction));
    } else {
      ck_assert_uint_gt(all->n_actions, 2);
      ck_assert_uint_eq(d->n_actions, (all->n_actions + 1) / 2);
      for (gsize i = 0; i < d->n_actions; i++)
        ck_assert_mem_eq(&d->actions[i], &all->actions[2 * i],
                         sizeof(MeepleAction));
      /* one action asked alone is a list of one: its first */
      ck_assert(meeple_game_action_allowed(game, MEEPLE_DECISION_PLACE_TILE,
                                           d->player, &all->actions[1]));
      lists++;
    }
    MeepleAction a = d->actions[0];
    ck_assert(meeple_game_apply(game, &a, NULL, NULL, NULL));
    ck_assert(meeple_game_apply(plain, &a, NULL, NULL, NULL));
  }
  ck_assert_uint_eq(lists, 4); /* J X E D, the start tile aside */
  side_by_side_end(&sb);
}
END_TEST

/* ABI 2.5: a scoped FILTER hook is asked about exactly the actions its
 * scope names.  "filter-scope" vetoes whatever it is asked about, so each
 * list must be the plain game's minus exactly that scope: placements at
 * (1, 0); every figure action on odd turns; nothing on even turns. */
START_TEST(filter_scope_limits_what_is_asked)
{
  SideBySide sb =
      side_by_side("filter-scope good", "filter-scope", "J X E D V U");
  MeepleGame *game = sb.game, *plain = sb.plain;
  guint at_cell = 0, all_lists = 0, none_lists = 0;
  guint same_column = 0, same_row = 0; /* out of scope by one coordinate */
  while (!meeple_game_is_over(plain)) {
    const MeepleDecision *d = meeple_game_decision(game);
    const MeepleDecision *all = meeple_game_decision(plain);
    if (all->kind == MEEPLE_DECISION_PLACE_FIGURE &&
        d->kind != MEEPLE_DECISION_PLACE_FIGURE) {
      /* every choice but "pass" struck (scope ALL, odd turns): the engine
       * does not ask a decision of "pass" alone (doc/engine.md) */
      ck_assert_uint_eq(meeple_game_turn(plain) % 2, 1);
      all_lists++;
      ck_assert_uint_eq(all->actions[0].kind, MEEPLE_ACTION_PASS);
      MeepleAction pass = all->actions[0];
      ck_assert(meeple_game_apply(plain, &pass, NULL, NULL, NULL));
      continue;
    }
    ck_assert_uint_eq(d->kind, all->kind);
    gsize kept = 0;
    for (gsize i = 0; i < all->n_actions; i++) {
      const MeepleAction *a = &all->actions[i];
      gboolean in_scope;
      if (d->kind == MEEPLE_DECISION_PLACE_TILE)
        in_scope = a->x == 1 && a->y == 0;
      else
        in_scope = a->kind != MEEPLE_ACTION_PASS &&
                   meeple_game_turn(game) % 2 == 1;
      if (d->kind == MEEPLE_DECISION_PLACE_TILE) {
        at_cell += in_scope;
        same_column += a->x == 1 && a->y != 0;
        same_row += a->y == 0 && a->x != 1;
      }
      /* one action asked alone gets the same scope */
      ck_assert_int_eq(meeple_game_action_allowed(game, d->kind, d->player, a),
                       !in_scope);
      if (in_scope)
        continue;
      ck_assert_uint_lt(kept, d->n_actions);
      ck_assert_mem_eq(&d->actions[kept], a, sizeof *a);
      kept++;
    }
    ck_assert_uint_eq(kept, d->n_actions);
    if (d->kind == MEEPLE_DECISION_PLACE_FIGURE) {
      if (meeple_game_turn(game) % 2 == 1)
        all_lists++;
      else
        none_lists++;
    }
    MeepleAction a = grow_beside_column_1(d);
    ck_assert(meeple_game_apply(game, &a, NULL, NULL, NULL));
    ck_assert(meeple_game_apply(plain, &a, NULL, NULL, NULL));
  }
  /* every scope was met, and the cell had placements to strike */
  ck_assert_uint_gt(at_cell, 0);
  ck_assert_uint_gt(same_column, 0);
  ck_assert_uint_gt(same_row, 0);
  ck_assert_uint_gt(all_lists, 0);
  ck_assert_uint_gt(none_lists, 0);
  side_by_side_end(&sb);
}
END_TEST

START_TEST(filter_sees_requested_decisions)
{
  /* ABI 2.0: FILTER hooks run on the decisions rule sets request, with
   * the decision's kind and player.  "veto-yes" strikes "vote 1" from the
   * council's votes, and all of seat 2's vote: that decision is not
   * asked, and the turn goes on as if the council had not asked it. */
  MeepleRules *rules = rules_of("council veto-yes good", "council,veto-yes");
  guint vote = tu_decision_kind(rules, "council-vote");
  MeepleGame *game = tu_game(rules, 3, "E U V", TRUE);
  tu_act(game, "place E @ 0,-1 r180", NULL);
  tu_act(game, "follower C1", NULL);
  const MeepleDecision *d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, vote);
  ck_assert_uint_eq(d->player, 1);
  ck_assert_uint_eq(d->n_actions, 1);
  assert_notation(game, &d->actions[0], "vote 0");
  ck_assert(!tu_is_legal(game, "vote 1"));
  gsize n = 0;
  const MeepleEvent *ev = tu_act(game, "vote 0", &n);
  ck_assert_uint_eq(tu_count_events(ev, n, tu_event_type(rules, "voted"),
                                    NULL),
                    1); /* seat 1's vote; seat 2 is never asked */
  ck_assert_uint_eq(tu_count_events(ev, n, MEEPLE_EVENT_TURN_STARTED, NULL),
                    1);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_TILE);
  ck_assert_uint_eq(d->player, 1);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(decisions_round_the_table)
{
  MeepleRules *rules = rules_of("council good", "council");
  guint vote = tu_decision_kind(rules, "council-vote");
  ck_assert_uint_ge(vote, MEEPLE_DECISION_CORE_COUNT);
  MeepleGame *game = tu_game(rules, 3, "E U V", TRUE);
  tu_act(game, "place E @ 0,-1 r180", NULL);
  gsize n = 0;
  const MeepleEvent *ev = tu_act(game, "follower C1", &n);
  /* the turn stops after the figure: player 1 votes first */
  ck_assert_uint_eq(n, 1);
  ck_assert_uint_eq(ev[0].type, MEEPLE_EVENT_FIGURE_PLACED);
  const MeepleDecision *d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, vote);
  ck_assert_uint_eq(d->player, 1);
  ck_assert_uint_eq(d->n_actions, 2);
  assert_notation(game, &d->actions[0], "vote 0");
  assert_notation(game, &d->actions[1], "vote 1");
  ck_assert_uint_eq(meeple_game_active_player(game), 0);
  ck_assert_uint_eq(meeple_game_phase(game), MEEPLE_PHASE_DRAGON_MOVE);

  /* a clone taken mid-vote goes its own way */
  MeepleGame *clone = meeple_game_clone(game);
  g_autofree char *at_vote = tu_state_digest(game);
  g_autofree char *clone_digest = tu_state_digest(clone);
  ck_assert_str_eq(at_vote, clone_digest);

  GPtrArray *trace = g_ptr_array_new_with_free_func(g_free);
  trace_act(trace, game, "vote 1");
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, vote);
  ck_assert_uint_eq(d->player, 2);
  trace_act(trace, game, "vote 0");
  /* then the turn resumes: SCORE, TURN_END, the next turn */
  const char *const want[] = {
    "voted p1 1 FIXTURE-VOTE",
    "points-scored p1 +1 FIXTURE-VOTE",
    "voted p2 0 FIXTURE-VOTE",
    "feature-completed",
    "points-scored p0 +4 BASE-17",
    "figure-returned p0 BASE-19",
    "turn-started p1",
    "tile-drawn U",
    NULL,
  };
  assert_trace(trace, want);
  g_ptr_array_unref(trace);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, MEEPLE_DECISION_PLACE_TILE);
  ck_assert_uint_eq(d->player, 1);
  ck_assert_uint_eq(meeple_game_turn(game), 2);
  ck_assert_int_eq(meeple_game_score(game, 0), 4);
  ck_assert_int_eq(meeple_game_score(game, 1), 1);

  /* turn 2 (player 1): players 2, then 0, round the table */
  tu_act(game, "place U @ 1,0 r0", NULL);
  tu_act(game, "pass", NULL);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, vote);
  ck_assert_uint_eq(d->player, 2);
  tu_act(game, "vote 1", NULL);
  d = meeple_game_decision(game);
  ck_assert_uint_eq(d->kind, vote);
  ck_assert_uint_eq(d->player, 0);
  tu_act(game, "vote 1", NULL);
  ck_assert_uint_eq(meeple_game_turn(game), 3);
  ck_assert_uint_eq(meeple_game_decision(game)->player, 2);

  /* the clone: unchanged, then its own votes */
  g_autofree char *clone_now = tu_state_digest(clone);
  ck_assert_str_eq(clone_now, at_vote);
  tu_act(clone, "vote 0", NULL);
  tu_act(clone, "vote 0", NULL);
  ck_assert_int_eq(meeple_game_score(clone, 1), 0);
  ck_assert_uint_eq(meeple_game_decision(clone)->player, 1);

  GRand *rand = g_rand_new_with_seed(9);
  tu_play_random(game, rand, G_MAXUINT);
  g_rand_free(rand);
  ck_assert(meeple_game_is_over(game));
  g_autofree char *text = assert_record_replays(game, rules);
  ck_assert_ptr_nonnull(strstr(text, "\nrules base/1.0 council/1.0\n"));
  ck_assert_ptr_nonnull(strstr(text, "\nvote 1\n"));
  meeple_game_free(clone);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* A whole seeded game: every turn each other player votes once, in seat
 * order from the active player's left, and the record replays. */
START_TEST(decisions_whole_game)
{
  MeepleRules *rules = rules_of("council", "council");
  guint vote_kind = (guint)meeple_rules_find_action_kind(rules, "vote");
  const guint players = 4;
  MeepleGameConfig cfg = { .n_players = players, .seed = 11 };
  MeepleGame *game = meeple_game_new(rules, &cfg, NULL);
  GRand *rand = g_rand_new_with_seed(5);
  tu_play_random(game, rand, G_MAXUINT);
  g_rand_free(rand);
  ck_assert(meeple_game_is_over(game));
  gsize n = 0;
  const MeepleHistoryEntry *h = meeple_game_history(game, &n);
  guint turn = 0, votes = 0, turns = 0;
  for (gsize i = 0; i < n; i++) {
    if (h[i].turn != turn) {
      ck_assert_msg(turn == 0 || votes == players - 1,
                    "turn %u had %u votes", turn, votes);
      turn = h[i].turn;
      votes = 0;
      turns++;
    }
    guint active = (turn - 1) % players;
    if (h[i].action.kind == vote_kind) {
      votes++;
      ck_assert_uint_eq(h[i].player, (active + votes) % players);
    } else {
      ck_assert_uint_eq(h[i].player, active);
    }
  }
  ck_assert_uint_eq(votes, players - 1);
  ck_assert_uint_gt(turns, 60);
  g_autofree char *text = assert_record_replays(game, rules);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- 9. per-game state in slots ------------------------------------------ */

START_TEST(slots_lifecycle)
{
  g_autofree char *dir = plugin_dir("slots good");
  MeepleLoader *loader = load(dir);
  const MeeplePluginInfo *info = meeple_loader_find(loader, "slots");
  ck_assert_ptr_nonnull(info);
  /* the same module again (dlopen shares it): its counters */
  GModule *module = g_module_open(info->file, G_MODULE_BIND_LOCAL);
  ck_assert_msg(module != NULL, "%s", g_module_error());
  gpointer symbol = NULL;
  ck_assert(g_module_symbol(module, SLOTS_COUNTS_SYMBOL, &symbol));
  SlotsCountsFunc counts = (SlotsCountsFunc)symbol;
  MeepleRules *rules = build_ok(loader, "slots");
  meeple_loader_unref(loader);
  guint init, copy, clear;
  counts(&init, &copy, &clear);
  ck_assert_uint_eq(init + copy + clear, 0); /* building rules makes none */

  MeepleGameConfig cfg = { .n_players = 2, .seed = 4 };
  MeepleGame *a = meeple_game_new(rules, &cfg, NULL);
  MeepleGame *b = meeple_game_new(rules, &cfg, NULL);
  /* the only plugin with slots: 0 is the deep one, 1 the flat one */
  SlotsDeep *deep_a = meeple_game_slot(a, 0);
  SlotsFlat *flat_a = meeple_game_slot(a, 1);
  ck_assert_uint_eq(deep_a->magic, SLOTS_MAGIC);
  ck_assert_int_eq(*deep_a->turns, 1); /* turn 1 has started */
  ck_assert_int_eq(flat_a->turns, 1);
  ck_assert_ptr_eq(meeple_game_slot_const(a, 0), deep_a);

  MeepleGame *clones[4];
  clones[0] = meeple_game_clone(a);
  clones[1] = meeple_game_clone(a);
  clones[2] = meeple_game_clone(clones[0]);
  clones[3] = meeple_game_clone(b);
  counts(&init, &copy, &clear);
  ck_assert_uint_eq(init, 2);
  ck_assert_uint_eq(copy, 4);
  ck_assert_uint_eq(clear, 0);

  /* deep state is copied, not shared */
  SlotsDeep *deep_c = meeple_game_slot(clones[0], 0);
  SlotsFlat *flat_c = meeple_game_slot(clones[0], 1);
  ck_assert_ptr_ne(deep_c, deep_a);
  ck_assert_ptr_ne(deep_c->turns, deep_a->turns);
  ck_assert_int_eq(*deep_c->turns, 1);
  *deep_c->turns = 99;
  flat_c->scratch[1] = 7;
  ck_assert_int_eq(*deep_a->turns, 1);
  ck_assert_int_eq(flat_a->scratch[1], 0);
  ck_assert_int_eq(*((SlotsDeep *)meeple_game_slot(clones[2], 0))->turns, 1);

  /* playing a clone on changes its state only */
  GRand *rand = g_rand_new_with_seed(2);
  tu_play_random(clones[1], rand, 10);
  g_rand_free(rand);
  SlotsDeep *deep_1 = meeple_game_slot(clones[1], 0);
  SlotsFlat *flat_1 = meeple_game_slot(clones[1], 1);
  ck_assert_int_eq(*deep_1->turns, (int)meeple_game_turn(clones[1]));
  ck_assert_int_eq(flat_1->turns, (int)meeple_game_turn(clones[1]));
  ck_assert_uint_gt(meeple_game_turn(clones[1]), 1);
  ck_assert_int_eq(*deep_a->turns, 1);
  ck_assert_int_eq(flat_a->turns, 1);
  ck_assert_int_eq(*deep_c->turns, 99);

  meeple_game_free(clones[2]);
  meeple_game_free(a); /* before its clones: they own their copies */
  for (guint i = 0; i < G_N_ELEMENTS(clones); i++)
    if (i != 2)
      meeple_game_free(clones[i]);
  meeple_game_free(b);
  counts(&init, &copy, &clear);
  ck_assert_uint_eq(init, 2);
  ck_assert_uint_eq(copy, 4);
  ck_assert_uint_eq(clear, init + copy);
  meeple_rules_unref(rules);
  g_module_close(module);
}
END_TEST

/* ---- main ------------------------------------------------------------------ */

int
main(void)
{
  GError *error = NULL;
  tmp_root = g_dir_make_tmp("test-plugins-XXXXXX", &error);
  if (!tmp_root) {
    g_printerr("test-plugins: %s\n", error->message);
    return 99;
  }
  g_unsetenv("MEEPLE_FIXTURE_LOG");

  Suite *s = suite_create("plugins");
  TCase *tc = tcase_create("unusable");
  tcase_add_test(tc, abi_major_mismatch);
  tcase_add_test(tc, abi_one_refused_with_a_rebuild_hint);
  tcase_add_test(tc, abi_minor_newer);
  tcase_add_test(tc, no_descriptor);
  tcase_add_test(tc, undefined_symbol);
  tcase_add_test(tc, init_fails);
  tcase_add_test(tc, setup_fails);
  tcase_add_test(tc, descriptor_fields);
  suite_add_tcase(s, tc);

  tc = tcase_create("dependencies");
  tcase_add_test(tc, missing_dependency);
  tcase_add_test(tc, dependency_cycle);
  tcase_add_test(tc, requires_skipped);
  tcase_add_test(tc, duplicate_id);
  tcase_add_test(tc, requires_base);
  tcase_add_test(tc, reserved_names);
  tcase_add_test(tc, conflicts);
  suite_add_tcase(s, tc);

  tc = tcase_create("tiles");
  tcase_add_test(tc, tiles_malformed);
  tcase_add_test(tc, tiles_missing);
  tcase_add_test(tc, tiles_own);
  tcase_add_test(tc, tiles_next_to_plugin);
  suite_add_tcase(s, tc);

  tc = tcase_create("order");
  tcase_add_test(tc, load_order);
  tcase_add_test(tc, hook_order);
  tcase_add_test(tc, hook_stop);
  suite_add_tcase(s, tc);

  tc = tcase_create("hooks");
  tcase_add_test(tc, draw_hook_takes_tile);
  tcase_add_test(tc, filter_hook_vetoes);
  tcase_add_test(tc, filter_hook_for_some_effects);
  tcase_add_test(tc, filter_memo_per_hook_and_list);
  tcase_add_test(tc, filter_scope_limits_what_is_asked);
  tcase_add_test(tc, filter_sees_requested_decisions);
  tcase_add_test(tc, figure_actions_hook);
  tcase_add_test(tc, decisions_round_the_table);
  tcase_add_test(tc, decisions_whole_game);
  tcase_add_test(tc, slots_lifecycle);
  suite_add_tcase(s, tc);

  int status = tu_run_suite(s);
  tu_remove_tree(tmp_root);
  g_free(tmp_root);
  return status;
}
