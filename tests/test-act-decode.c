/* test-act-decode.c — meepled's decoding of Act arguments against
 * random bytes, on sessions of every rule set (the deterministic
 * stand-in for tests/fuzz/fuzz-act.c; see tests/act-fuzz.h). */
#include "config.h"

#include "act-fuzz.h"
#include "testutil.h"

START_TEST(random_sessions)
{
  /* RULES: none — API contract (doc/dbus-api.md, Act). */
  MeepleRules *rules[ACT_FUZZ_N_RULESETS];
  for (guint r = 0; r < ACT_FUZZ_N_RULESETS; r++)
    rules[r] = tu_rules_with(act_fuzz_rulesets[r]);
  GRand *rand = g_rand_new_with_seed(20261122);
  ActFuzzStats stats = { 0 };
  for (guint i = 0; i < 1600; i++) {
    guint8 bytes[2048];
    for (guint k = 0; k < sizeof bytes; k++)
      bytes[k] = (guint8)g_rand_int(rand);
    /* Every rule set in turn, and sessions of every length. */
    bytes[0] = (guint8)(i % ACT_FUZZ_N_RULESETS);
    /* Most sessions start early in a game, so few are over before the
     * calls come; the others may start anywhere up to the end. */
    if (i % 4)
      bytes[2] %= 64;
    gsize size = g_rand_int_range(rand, 0, sizeof bytes + 1);
    char *problem = NULL;
    ck_assert_msg(act_fuzz_session(rules, bytes, size, &stats, &problem),
                  "input %u: %s", i, problem);
  }
  /* Both sides of the contract were exercised, not only refusals;
   * actions were accepted with every rule set, the expansions' own
   * kinds among them, and decisions of other seats than the active one
   * (the dragon's moves, ...). */
  ck_assert_uint_gt(stats.accepted, 5000);
  ck_assert_uint_gt(stats.refused, 40000);
  ck_assert_uint_gt(stats.plugin_kinds, 500);
  ck_assert_uint_gt(stats.other_seat, 50);
  for (guint r = 0; r < ACT_FUZZ_N_RULESETS; r++)
    ck_assert_msg(stats.by_ruleset[r] > 150, "rule sets '%s': %u accepted",
                  act_fuzz_rulesets[r], stats.by_ruleset[r]);
  g_rand_free(rand);
  for (guint r = 0; r < ACT_FUZZ_N_RULESETS; r++)
    meeple_rules_unref(rules[r]);
}
END_TEST

static Suite *
act_decode_suite(void)
{
  Suite *suite = suite_create("act-decode");
  TCase *tc = tcase_create("decode");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, random_sessions);
  suite_add_tcase(suite, tc);
  return suite;
}

int
main(void)
{
  return tu_run_suite(act_decode_suite());
}
