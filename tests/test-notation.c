/* test-notation.c — actions as text: every legal action writes and reads
 * back to itself; bad text names the column. */
#include "testutil.h"

#include <string.h>

START_TEST(every_legal_action_round_trips)
{
  MeepleRules *rules = tu_base_rules();
  GRand *rand = g_rand_new_with_seed(11);
  guint checked = 0;
  for (guint seed = 0; seed < 40; seed++) {
    MeepleGameConfig cfg = { .n_players = 2 + seed % 5, .seed = seed };
    MeepleGame *game = meeple_game_new(rules, &cfg, NULL);
    const MeepleDecision *d;
    while ((d = meeple_game_decision(game))) {
      for (gsize i = 0; i < d->n_actions; i++) {
        g_autofree char *text = meeple_action_to_string(game, &d->actions[i]);
        MeepleAction back;
        GError *error = NULL;
        ck_assert_msg(meeple_action_parse(game, text, &back, NULL, &error),
                      "'%s' does not parse: %s", text,
                      error ? error->message : "");
        ck_assert_msg(memcmp(&back, &d->actions[i], sizeof back) == 0,
                      "'%s' parses to another action", text);
        checked++;
      }
      meeple_game_apply_index(
          game, (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions), NULL,
          NULL, NULL);
    }
    meeple_game_free(game);
  }
  ck_assert_uint_gt(checked, 10000);
  g_rand_free(rand);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(known_texts)
{
  MeepleRules *rules = tu_base_rules();
  MeepleGame *game = tu_game(rules, 2, "E V", FALSE);
  MeepleAction a;
  ck_assert(meeple_action_parse(game, "  place E @ 0,-1 r180 ", &a, NULL,
                                NULL));
  ck_assert_uint_eq(a.kind, MEEPLE_ACTION_PLACE_TILE);
  ck_assert_int_eq(a.x, 0);
  ck_assert_int_eq(a.y, -1);
  ck_assert_uint_eq(a.rotation, 2);
  ck_assert_str_eq(meeple_rules_tile_type(rules, a.tile)->id, "E");
  g_autofree char *text = meeple_action_to_string(game, &a);
  ck_assert_str_eq(text, "place E @ 0,-1 r180");
  tu_act(game, "place E @ 0,-1 r180", NULL);
  ck_assert(meeple_action_parse(game, "follower C1", &a, NULL, NULL));
  ck_assert_uint_eq(a.kind, MEEPLE_ACTION_PLACE_FIGURE);
  ck_assert_uint_eq(a.segment, tu_segment(rules, "E", "C1"));
  ck_assert_int_eq(a.y, -1);
  /* a figure on another tile than this turn's names the cell */
  ck_assert(meeple_action_parse(game, "follower R1 @ 0,0", &a, NULL, NULL));
  g_autofree char *other = meeple_action_to_string(game, &a);
  ck_assert_str_eq(other, "follower R1 @ 0,0");
  ck_assert(meeple_action_parse(game, "pass", &a, NULL, NULL));
  ck_assert_uint_eq(a.kind, MEEPLE_ACTION_PASS);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

static const struct {
  const char *text;
  guint column;
  const char *says;
} bad_texts[] = {
  { "", 1, "empty action" },
  { "jump", 1, "unknown action 'jump'" },
  { "place", 6, "needs a tile id" },
  { "place Z9 @ 0,1 r0", 7, "unknown tile 'Z9'" },
  { "place E 0,1 r0", 9, "expected '@'" },
  { "place E @ 0;1 r0", 12, "expected ','" },
  { "place E @ a,1 r0", 11, "whole number" },
  { "place E @ 0,99999 r0", 13, "out of range" },
  { "place E @ 0,1 r45", 15, "r0, r90, r180 or r270" },
  { "place E @ 0,1", 14, "r0, r90, r180 or r270" },
  { "place E @ 0,1 r0 now", 18, "unexpected 'now'" },
  { "follower", 9, "needs a segment" },
  { "follower C1", 12, "no tile was placed this turn" },
  { "follower Q7 @ 0,0", 10, "has no segment 'Q7' (it has C1, R1, F1, F2)" },
  { "follower C1 @ 5,5", 18, "no tile at 5,5" },
  { "pass me", 6, "unexpected 'me'" },
};

START_TEST(bad_text_names_column)
{
  MeepleRules *rules = tu_base_rules();
  MeepleGame *game = tu_game(rules, 2, "E V", FALSE);
  MeepleAction a = { .kind = 77 };
  GError *error = NULL;
  guint column = 0;
  ck_assert(!meeple_action_parse(game, bad_texts[_i].text, &a, &column,
                                 &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION));
  ck_assert_msg(strstr(error->message, bad_texts[_i].says),
                "'%s': message '%s' should say '%s'", bad_texts[_i].text,
                error->message, bad_texts[_i].says);
  ck_assert_msg(column == bad_texts[_i].column, "'%s': column %u, not %u",
                bad_texts[_i].text, column, bad_texts[_i].column);
  ck_assert_uint_eq(a.kind, 77); /* untouched on failure */
  g_error_free(error);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

static Suite *
notation_suite(void)
{
  Suite *s = suite_create("notation");
  TCase *tc = tcase_create("notation");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, every_legal_action_round_trips);
  tcase_add_test(tc, known_texts);
  tcase_add_loop_test(tc, bad_text_names_column, 0, G_N_ELEMENTS(bad_texts));
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(notation_suite());
}
