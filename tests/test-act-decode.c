/* test-act-decode.c — meepled's decoding of Act arguments against
 * random dictionaries (the deterministic stand-in for
 * tests/fuzz/fuzz-act.c; see tests/act-fuzz.h). */
#include "config.h"

#include "act-fuzz.h"
#include "testutil.h"

/* A started 2-seat base game whose seats "holder" holds. */
static Session *
new_session(MeepleRules *rules, guint64 seed)
{
  MeepleGameConfig config = { .n_players = 2, .seed = seed };
  Session *s = session_new("1", "fuzz", rules, &config, NULL, NULL);
  ck_assert_ptr_nonnull(s);
  for (int i = 0; i < 2; i++) {
    guint seat;
    char *token;
    ck_assert(session_join(s, "holder", NULL, -1, NULL, &seat, &token, NULL));
    g_free(token);
  }
  ck_assert(session_start(s, "holder", NULL));
  return s;
}

START_TEST(random_dictionaries)
{
  /* RULES: none — API contract (doc/dbus-api.md, Act). */
  MeepleRules *rules = tu_base_rules();
  GRand *rand = g_rand_new_with_seed(20261122);
  Session *s = new_session(rules, 1);
  guint accepted = 0, refused = 0, games = 1;
  for (guint i = 0; i < 20000; i++) {
    guint8 bytes[64];
    for (guint k = 0; k < sizeof bytes; k++)
      bytes[k] = (guint8)g_rand_int(rand);
    gsize size = g_rand_int_range(rand, 0, sizeof bytes + 1);
    DBusMessage *m = act_fuzz_message(bytes, size, s->game);
    char *problem = NULL;
    /* A spectator now and then: it must be refused too. */
    const char *holder = i % 7 == 0 ? "spectator" : "holder";
    if (act_fuzz_check(s, holder, m, &problem)) {
      ck_assert_msg(holder[0] == 'h', "input %u: a spectator acted", i);
      accepted++;
    } else {
      refused++;
    }
    dbus_message_unref(m);
    ck_assert_msg(problem == NULL, "input %u: %s", i, problem);
    if (session_status(s) == SESSION_OVER) {
      session_free(s);
      s = new_session(rules, ++games);
    }
  }
  /* Both sides of the contract were exercised, not only refusals. */
  ck_assert_uint_gt(accepted, 500);
  ck_assert_uint_gt(refused, 5000);
  session_free(s);
  g_rand_free(rand);
  meeple_rules_unref(rules);
}
END_TEST

static Suite *
act_decode_suite(void)
{
  Suite *suite = suite_create("act-decode");
  TCase *tc = tcase_create("decode");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, random_dictionaries);
  suite_add_tcase(suite, tc);
  return suite;
}

int
main(void)
{
  return tu_run_suite(act_decode_suite());
}
