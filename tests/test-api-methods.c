/* test-api-methods.c — methods of published interfaces (ABI 2.3,
 * meeple_rules_describe_api(), doc/plugins.md "Methods for hosts"): The
 * Princess & the Dragon describes its "princess-dragon" interface, the
 * engine checks each call against the description, and the Lua host
 * binds it without knowing the plugin (plugins/lua/apis.c).
 *
 * The C half calls the methods through the engine; the Lua half loads
 * small scripts beside the build tree's plugins and checks what a script
 * author sees: the right values in a hook, and a named refusal — the
 * script skipped with its file:line at setup, or the action refused in a
 * hook — for every way of calling a method wrongly. */
#include "testutil.h"

#include <glib/gstdio.h>
#include <string.h>

#include <meeple/loader.h>
#include <meeple/plugin.h>

#define PLUGINS TEST_BUILDDIR "/plugins/.libs"
#define TILES TEST_SRCDIR "/data/tiles"

static const MeepleApiMethod *
find_method(const MeepleApiMethod *methods, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (strcmp(methods[i].name, name) == 0)
      return &methods[i];
  ck_abort_msg("no method %s", name);
  return NULL;
}

/* ---- through the engine ------------------------------------------------ */

START_TEST(test_description)
{
  MeepleRules *rules = tu_rules_with("princess-dragon");
  guint n = 0, major = 0, minor = 99;
  GError *error = NULL;
  const MeepleApiMethod *m = meeple_rules_api_methods(
      rules, "princess-dragon", &n, &major, &minor, &error);
  ck_assert_msg(m != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq(n, 5);
  ck_assert_uint_eq(major, 1);
  ck_assert_uint_eq(minor, 0);
  const MeepleApiMethod *tp = find_method(m, n, "turn_points");
  ck_assert(tp->takes_game && !tp->setup_only);
  ck_assert_uint_eq(tp->n_args, 1);
  ck_assert_int_eq(tp->args[0], MEEPLE_VALUE_INT);
  ck_assert_int_eq(tp->result, MEEPLE_VALUE_INT);
  const MeepleApiMethod *guard = find_method(m, n, "set_fairy_guard");
  ck_assert(!guard->takes_game && guard->setup_only);
  ck_assert_int_eq(guard->args[0], MEEPLE_VALUE_STRING);
  ck_assert(strlen(guard->summary) > 10);

  /* An interface nobody publishes, and one published without methods
   * (the mist's: Spell Circles uses its C table only). */
  ck_assert(!meeple_rules_api_methods(rules, "nope", &n, NULL, NULL,
                                      &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET));
  ck_assert_str_eq(error->message, "no rule set of these rules publishes "
                                   "interface 'nope'");
  g_clear_error(&error);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(test_calls_checked)
{
  MeepleRules *rules = tu_rules_with("princess-dragon");
  guint n;
  const MeepleApiMethod *m =
      meeple_rules_api_methods(rules, "princess-dragon", &n, NULL, NULL,
                               NULL);
  MeepleGame *game = tu_game(rules, 2, "", FALSE);
  MeepleValue result;
  GError *error = NULL;

  /* The dragon is not on the board before a volcano; no fairy yet. */
  const MeepleApiMethod *in_play = find_method(m, n, "dragon_in_play");
  ck_assert(meeple_rules_call_api(rules, "princess-dragon", in_play, game,
                                  NULL, 0, &result, &error));
  ck_assert_int_eq(result.type, MEEPLE_VALUE_BOOL);
  ck_assert(!result.b);
  const MeepleApiMethod *fairy = find_method(m, n, "fairy_follower");
  ck_assert(meeple_rules_call_api(rules, "princess-dragon", fairy, game,
                                  NULL, 0, &result, &error));
  ck_assert_int_eq(result.type, MEEPLE_VALUE_NONE);

  /* turn_points of seat 1: no fairy, no points (PD-22). */
  const MeepleApiMethod *tp = find_method(m, n, "turn_points");
  MeepleValue seat = { .type = MEEPLE_VALUE_INT, .i = 1 };
  ck_assert(meeple_rules_call_api(rules, "princess-dragon", tp, game, &seat,
                                  1, &result, &error));
  ck_assert_int_eq(result.type, MEEPLE_VALUE_INT);
  ck_assert_int_eq(result.i, 0);

  /* Each misfit is named after the method, and the method is not run. */
  static const struct {
    const char *method;
    gboolean with_game;
    guint n_args;
    MeepleValue arg;
    const char *message;
  } bad[] = {
    { "turn_points", TRUE, 1, { .type = MEEPLE_VALUE_INT, .i = 2 },
      "princess-dragon.turn_points: no seat 2" },
    { "turn_points", FALSE, 1, { .type = MEEPLE_VALUE_INT, .i = 0 },
      "princess-dragon.turn_points: it needs the game of a hook" },
    { "turn_points", TRUE, 1, { .type = MEEPLE_VALUE_STRING, .s = "0" },
      "princess-dragon.turn_points: an argument of the wrong type" },
    { "turn_points", TRUE, 0, { 0 },
      "princess-dragon.turn_points: wrong number of arguments" },
    { "set_turn_points", TRUE, 1, { .type = MEEPLE_VALUE_INT, .i = 3 },
      "princess-dragon.set_turn_points: it takes no game" },
    /* Rules in use are shared by their games: settings are refused. */
    { "set_turn_points", FALSE, 1, { .type = MEEPLE_VALUE_INT, .i = 3 },
      "princess-dragon.set_turn_points: it is a setting, and may be "
      "changed only during setup" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    const MeepleApiMethod *method = find_method(m, n, bad[i].method);
    ck_assert_msg(!meeple_rules_call_api(rules, "princess-dragon", method,
                                         bad[i].with_game ? game : NULL,
                                         &bad[i].arg, bad[i].n_args,
                                         &result, &error),
                  "case %u accepted", i);
    ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET));
    ck_assert_str_eq(error->message, bad[i].message);
    g_clear_error(&error);
  }
  /* A method of another interface (or none) is not called. */
  ck_assert(!meeple_rules_call_api(rules, "nope", tp, game, &seat, 1,
                                   &result, &error));
  ck_assert_str_eq(error->message, "no such method of interface 'nope'");
  g_clear_error(&error);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

static gboolean
noop(gconstpointer table, const MeepleGame *game, const MeepleValue *args,
     MeepleValue *result, GError **error)
{
  (void)table, (void)game, (void)args, (void)result, (void)error;
  return TRUE;
}

static const int table = 42;

START_TEST(test_describe_refused)
{
  /* Base rules stand for a rule set's setup: what they publish is
   * theirs. */
  MeepleRules *rules = tu_base_rules();
  static const MeepleApiMethod good[] = {
    { "answer", "a test method", noop, FALSE, FALSE, 0, { 0 },
      MEEPLE_VALUE_NONE },
  };
  GError *error = NULL;
  ck_assert(!meeple_rules_describe_api(rules, "mine", good, 1, &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY));
  ck_assert(strstr(error->message, "publish it") != NULL);
  g_clear_error(&error);
  ck_assert(meeple_rules_provide_api(rules, "mine", 1, 0, &table,
                                     sizeof table, NULL));
  static const MeepleApiMethod bad_name[] = {
    { "Answer", "capital", noop, FALSE, FALSE, 0, { 0 }, MEEPLE_VALUE_NONE },
  };
  static const MeepleApiMethod twice[] = {
    { "a", "one", noop, FALSE, FALSE, 0, { 0 }, MEEPLE_VALUE_NONE },
    { "a", "two", noop, FALSE, FALSE, 0, { 0 }, MEEPLE_VALUE_NONE },
  };
  static const MeepleApiMethod none_arg[] = {
    { "a", "none", noop, FALSE, FALSE, 1, { MEEPLE_VALUE_NONE },
      MEEPLE_VALUE_NONE },
  };
  static const MeepleApiMethod no_call[] = {
    { "a", "none", NULL, FALSE, FALSE, 0, { 0 }, MEEPLE_VALUE_NONE },
  };
  const MeepleApiMethod *const refused[] = { bad_name, twice, none_arg,
                                             no_call };
  const guint sizes[] = { 1, 2, 1, 1 };
  for (guint i = 0; i < G_N_ELEMENTS(refused); i++) {
    ck_assert_msg(!meeple_rules_describe_api(rules, "mine", refused[i],
                                             sizes[i], &error),
                  "case %u accepted", i);
    ck_assert(strstr(error->message, "is malformed") != NULL);
    g_clear_error(&error);
  }
  ck_assert(meeple_rules_describe_api(rules, "mine", good, 1, &error));
  ck_assert(!meeple_rules_describe_api(rules, "mine", good, 1, &error));
  ck_assert(strstr(error->message, "described already") != NULL);
  g_clear_error(&error);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- through the Lua host ------------------------------------------------ */

static char *root;

/* A loader of the build tree's plugins and one script, @body being the
 * inside of its setup(rules) and @requires its requirement list. */
static MeepleLoader *
load_script(const char *name, const char *requires, const char *body)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func(g_free);
  GDir *d = g_dir_open(PLUGINS, 0, NULL);
  ck_assert_msg(d != NULL, "no %s", PLUGINS);
  for (const char *f; (f = g_dir_read_name(d));)
    if (g_str_has_suffix(f, ".so"))
      g_ptr_array_add(targets, g_build_filename(PLUGINS, f, NULL));
  g_dir_close(d);
  g_autofree char *script = g_strdup_printf("%s/%s.lua", root, name);
  g_autofree char *text = g_strdup_printf(
      "-- test-api-methods: %s\n"
      "local pd\n"
      "return {\n"
      "  id = \"%s\", name = \"%s\", version = \"1\",\n"
      "  requires = { %s },\n"
      "  setup = function(rules)\n"
      "    %s\n"
      "  end,\n"
      "}\n", name, name, name, requires, body);
  ck_assert(g_file_set_contents(script, text, -1, NULL));
  g_ptr_array_add(targets, g_strdup(script));
  g_ptr_array_add(targets, NULL);
  g_autofree char *dir = tu_link_dir(root, (const char *const *)
                                     targets->pdata, NULL);
  static const char *const tiles[] = { TILES, NULL };
  return tu_load_dir(dir, tiles);
}

/* The script @name was skipped, with its file and line 7 (setup's
 * body) and @message in the reason. */
static const MeeplePluginInfo *
find_script(MeepleLoader *loader, const char *name)
{
  g_autofree char *file = g_strdup_printf("/%s.lua", name);
  for (guint i = 0; i < meeple_loader_n_plugins(loader); i++) {
    const MeeplePluginInfo *p = meeple_loader_plugin(loader, i);
    if (g_strcmp0(p->id, name) == 0 || g_str_has_suffix(p->file, file))
      return p;
  }
  return NULL;
}

static void
assert_skipped(MeepleLoader *loader, const char *name, const char *message)
{
  const MeeplePluginInfo *p = find_script(loader, name);
  ck_assert_msg(p != NULL, "%s not listed", name);
  ck_assert_msg(!p->loaded, "%s loaded", name);
  g_autofree char *where = g_strdup_printf("%s.lua:7:", name);
  ck_assert_msg(p->error && strstr(p->error, where) &&
                strstr(p->error, message),
                "%s: '%s' lacks '%s' or '%s'", name,
                p->error ? p->error : "(none)", where, message);
}

static void
lua_setup(void)
{
  root = g_dir_make_tmp("api-methods-XXXXXX", NULL);
  ck_assert(root != NULL);
}

static void
lua_teardown(void)
{
  tu_remove_tree(root);
  g_free(root);
}

START_TEST(test_lua_misuse_at_setup)
{
  static const struct {
    const char *name, *requires, *body, *message;
  } cases[] = {
    { "api-unknown", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\"):nope()",
      "interface 'princess-dragon' has no method 'nope' (it has: "
      "dragon_in_play, fairy_follower, turn_points, set_turn_points, "
      "set_fairy_guard)" },
    { "api-type", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\"):set_turn_points(\"two\")",
      "number expected, got string" },
    { "api-range", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\"):set_turn_points(101)",
      "princess-dragon.set_turn_points: turn points must be 0..100, "
      "not 101" },
    { "api-guard", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\"):set_fairy_guard(\"moat\")",
      "the fairy guards \"tile\" or \"figures\", not \"moat\"" },
    { "api-extra", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\"):set_turn_points(2, 3)",
      "princess-dragon.set_turn_points takes 1 argument" },
    { "api-dot", "\"princess-dragon\"",
      "local pd = rules:api(\"princess-dragon\") pd.set_turn_points(2)",
      "princess-dragon.set_turn_points: call it as a method" },
    { "api-version", "\"princess-dragon\"",
      "rules:api(\"princess-dragon\", 2)",
      "interface 'princess-dragon' is at version 1.0; this script was "
      "written for 2.x" },
    /* Without the requirement the provider is not among the rules. */
    { "api-not-required", "",
      "rules:api(\"princess-dragon\")",
      "no rule set of these rules publishes interface 'princess-dragon'" },
    { "api-no-methods", "\"mist\"", "rules:api(\"mist\")",
      "interface 'mist' of rule set 'mist' has no methods a host can "
      "call" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    MeepleLoader *loader = load_script(cases[i].name, cases[i].requires,
                                       cases[i].body);
    assert_skipped(loader, cases[i].name, cases[i].message);
    meeple_loader_unref(loader);
  }
}
END_TEST

/* In a hook: the methods answer about the game at hand; a setting is
 * refused there (the action with it), named. */
START_TEST(test_lua_in_hooks)
{
  MeepleLoader *loader = load_script(
      "api-hooks", "\"princess-dragon\"",
      "pd = rules:api(\"princess-dragon\", 1)\n"
      "    pd:set_turn_points(3)\n"
      "    rules:hook(\"turn_start\", function(game)\n"
      "      local seat = game:active_player()\n"
      "      if pd:dragon_in_play(game) or pd:fairy_follower(game) ~= nil\n"
      "         or pd:turn_points(game, seat) ~= 0 then\n"
      "        error(\"unexpected answer\")\n"
      "      end\n"
      "      if game:turn() == 3 then pd:set_turn_points(5) end\n"
      "    end)");
  const MeeplePluginInfo *p = meeple_loader_find(loader, "api-hooks");
  ck_assert_msg(p && p->loaded, "%s", p && p->error ? p->error : "?");
  GError *error = NULL;
  MeepleRules *rules = meeple_loader_build_rules(
      loader, (const char *const[]){ "api-hooks", NULL }, &error);
  ck_assert_msg(rules != NULL, "%s", error ? error->message : "?");
  /* Tiles without a volcano or a magic portal: no dragon, no fairy.  The
   * answers are checked by the hook at the start of turns 1 and 2; the
   * action that starts turn 3 runs the setting, and is refused. */
  MeepleGame *game = tu_game(rules, 2, "V V V V V V", FALSE);
  gboolean refused = FALSE;
  for (guint step = 0; step < 20 && !refused; step++) {
    ck_assert(meeple_game_decision(game) != NULL);
    guint turn = meeple_game_turn(game);
    if (!meeple_game_apply_index(game, 0, NULL, NULL, &error)) {
      ck_assert_uint_eq(turn, 2);
      ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_HOOK));
      ck_assert_msg(strstr(error->message, "api-hooks.lua:") &&
                    strstr(error->message, "princess-dragon."
                           "set_turn_points: it is a setting, and may be "
                           "changed only during setup"),
                    "%s", error->message);
      g_clear_error(&error);
      ck_assert_uint_eq(meeple_game_turn(game), 2);
      refused = TRUE;
    }
  }
  ck_assert(refused);
  meeple_game_free(game);
  meeple_rules_unref(rules);
  meeple_loader_unref(loader);
}
END_TEST

static Suite *
api_methods_suite(void)
{
  Suite *s = suite_create("api-methods");
  TCase *tc = tcase_create("engine");
  tcase_add_test(tc, test_description);
  tcase_add_test(tc, test_calls_checked);
  tcase_add_test(tc, test_describe_refused);
  suite_add_tcase(s, tc);
  tc = tcase_create("lua");
  tcase_add_checked_fixture(tc, lua_setup, lua_teardown);
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_lua_misuse_at_setup);
  tcase_add_test(tc, test_lua_in_hooks);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(api_methods_suite());
}
