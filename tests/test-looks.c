/* test-looks.c — looks (meeple/looks.h): every figure type, kind and
 * symbol style of every rule set, as the rules give them to clients; the
 * defaults; what registration refuses. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "meeple/plugin.h"
#include "testutil.h"

#define ALL "abbot,princess-dragon,mage-witch,circus,mist,spell-circles"

static char *
look_string(const MeepleLook *l)
{
  return g_strdup_printf("%c %s %s %s", l->ascii, l->unicode,
                         meeple_colour_role_name(l->colour), l->shape);
}

/* Every figure type and kind of every rule set: written out by hand, so a
 * change of look fails here (the CLI's golden boards depend on them). */
START_TEST(every_figure_and_kind)
{
  static const struct { const char *name, *look; } figures[] = {
    { "follower", "F F seat meeple" },  { "abbot", "A A seat meeple" },
    { "dragon", "D ▲ neutral triangle" }, { "fairy", "F ✦ neutral star" },
    { "mage", "@ ◉ neutral disc" },     { "witch", "% ◎ neutral circle" },
    { "big-top", "T ⌂ neutral tent" },  { "ringmaster", "R R seat meeple" },
  }, kinds[] = {
    { "road", "- ─ road band" },        { "city", "# ▓ city area" },
    { "field", ". · field area" },      { "monastery", "M † monastery building" },
    { "garden", "g ♣ field tree" },     { "ring", "b b other circle" },
    { "acrobat", "a a other spot" },
  }, symbols[] = {
    { "mist", "~ ≈ field fog" },        { "mist-2", "~ ≈ field fog" },
    { "circles-1", "o ◯ other circle" },  { "volcano", "^ ⛰ other triangle" },
    { "portal", "o ◌ other circle" },     { "mage", "* ✧ other star" },
  };
  MeepleRules *rules = tu_rules_with(ALL);
  ck_assert_uint_eq(meeple_rules_n_figure_types(rules),
                    G_N_ELEMENTS(figures));
  for (guint i = 0; i < G_N_ELEMENTS(figures); i++) {
    int f = meeple_rules_find_figure_type(rules, figures[i].name);
    ck_assert_int_ge(f, 0);
    MeepleLook l;
    ck_assert(meeple_rules_figure_look(rules, (guint)f, &l));
    g_autofree char *s = look_string(&l);
    ck_assert_str_eq(s, figures[i].look);
  }
  ck_assert_uint_eq(meeple_rules_n_kinds(rules), G_N_ELEMENTS(kinds));
  for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
    MeepleLook l;
    ck_assert_str_eq(meeple_rules_kind(rules, i)->name, kinds[i].name);
    ck_assert(meeple_rules_kind_look(rules, i, &l));
    g_autofree char *s = look_string(&l);
    ck_assert_str_eq(s, kinds[i].look);
  }
  for (guint i = 0; i < G_N_ELEMENTS(symbols); i++) {
    int sym = meeple_rules_find_symbol(rules, symbols[i].name);
    ck_assert_int_ge(sym, 0);
    MeepleLook l;
    ck_assert(meeple_rules_symbol_style(rules, (guint)sym, &l));
    g_autofree char *s = look_string(&l);
    ck_assert_str_eq(s, symbols[i].look);
  }
  meeple_rules_unref(rules);
}
END_TEST

/* Types and kinds nobody describes get the documented defaults; a
 * symbol without a look has none. */
START_TEST(defaults_and_refusals)
{
  MeepleRules *rules = tu_base_rules();
  GError *error = NULL;
  int owned = meeple_rules_add_figure_type(rules, "knight", TRUE, 1, &error);
  int neutral = meeple_rules_add_neutral_figure_type(rules, "count", 1,
                                                     &error);
  int kind = meeple_rules_add_kind(rules, "tower", "Tw", MEEPLE_SHAPE_SPOT,
                                   FALSE, 9, &error);
  int sym = meeple_rules_symbol(rules, "banner");
  ck_assert(owned >= 0 && neutral >= 0 && kind >= 0 && sym >= 0);
  MeepleLook l;
  ck_assert(meeple_rules_figure_look(rules, (guint)owned, &l));
  g_autofree char *a = look_string(&l);
  ck_assert_str_eq(a, "K K seat meeple");
  ck_assert(meeple_rules_figure_look(rules, (guint)neutral, &l));
  g_autofree char *b = look_string(&l);
  ck_assert_str_eq(b, "C C neutral meeple");
  ck_assert(meeple_rules_kind_look(rules, (guint)kind, &l));
  g_autofree char *c = look_string(&l);
  ck_assert_str_eq(c, "t t other spot");
  ck_assert(!meeple_rules_symbol_style(rules, (guint)sym, &l));
  ck_assert(!meeple_rules_figure_look(rules, 99, &l));
  ck_assert(!meeple_rules_kind_look(rules, 99, &l));

  static const MeepleLook bad[] = {
    { ' ', "x", MEEPLE_COLOUR_OTHER, "spot" },      /* not printable */
    { 'x', "", MEEPLE_COLOUR_OTHER, "spot" },       /* no Unicode glyph */
    { 'x', "xy", MEEPLE_COLOUR_OTHER, "spot" },     /* two characters */
    { 'x', "x", MEEPLE_COLOUR_COUNT, "spot" },      /* no such colour */
    { 'x', "x", MEEPLE_COLOUR_OTHER, "Big Spot" },  /* not [a-z-]+ */
    { 'x', "x", MEEPLE_COLOUR_OTHER, NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    ck_assert_msg(!meeple_rules_set_kind_look(rules, (guint)kind, &bad[i]),
                  "bad look %u accepted", i);
    ck_assert(meeple_rules_kind_look(rules, (guint)kind, &l));
    ck_assert_int_eq(l.ascii, 't');
  }
  static const MeepleLook good = { 'T', "♜", MEEPLE_COLOUR_CITY, "tower" };
  ck_assert(meeple_rules_set_kind_look(rules, (guint)kind, &good));
  ck_assert(!meeple_rules_set_kind_look(rules, 99, &good));
  ck_assert(meeple_rules_kind_look(rules, (guint)kind, &l));
  g_autofree char *d = look_string(&l);
  ck_assert_str_eq(d, "T ♜ city tower");
  meeple_rules_unref(rules);
}
END_TEST

int
main(void)
{
  Suite *s = suite_create("looks");
  TCase *tc = tcase_create("looks");
  tcase_add_test(tc, every_figure_and_kind);
  tcase_add_test(tc, defaults_and_refusals);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
