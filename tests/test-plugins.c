/* tests/test-plugins.c — placeholder until the loader tests land. */
#include "testutil.h"

START_TEST(plugins_build)
{
  MeepleRules *rules = tu_rules_with("abbot");
  ck_assert_int_ge(meeple_rules_find_figure_type(rules, "abbot"), 0);
  meeple_rules_unref(rules);
}
END_TEST

int
main(void)
{
  Suite *s = suite_create("plugins");
  TCase *tc = tcase_create("abbot");
  tcase_add_test(tc, plugins_build);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
