/* tests/test-rules-abbot.c — placeholder until the ABBOT scenarios land. */
#include "testutil.h"

START_TEST(abbot_rules_build)
{
  MeepleRules *rules = tu_rules_with("abbot");
  ck_assert_int_ge(meeple_rules_find_figure_type(rules, "abbot"), 0);
  meeple_rules_unref(rules);
}
END_TEST

int
main(void)
{
  Suite *s = suite_create("rules-abbot");
  TCase *tc = tcase_create("abbot");
  tcase_add_test(tc, abbot_rules_build);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
