/* test-events.c — typed events (meeple/events.h): for every event type of
 * every rule set, a real emitted event (the first of its type in seeded
 * random games) has exactly the fields listed here and renders to the
 * sentence listed here; the template language's forms, groups and
 * registration checks.
 *
 * The tables below are written out by hand, not read from the engine, so
 * a type that changes its fields or wording fails here.  EVENTS_DUMP=1
 * prints what the games produce, to write a new row. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

#include "meeple/plugin.h"
#include "testutil.h"

typedef struct {
  const char *type;
  const char *fields; /* the fields the first such event has, in order */
  const char *text;   /* its sentence */
} Expect;

typedef struct {
  const char *rules;  /* rule sets besides the base game */
  guint n_players;
  guint64 first_seed, last_seed;
  const Expect *expect;
  gboolean every_type;  /* @expect has a row for every type of the rules */
} Case;

#include "test-events-expect.h"

static const char *const names[] = { "Anna", "Ben", "Cleo" };

static char *
fields_string(guint32 fields)
{
  GString *s = g_string_new(NULL);
  for (guint32 bit = 1; bit & MEEPLE_EVENT_FIELDS_ALL; bit <<= 1)
    if (fields & bit)
      g_string_append_printf(s, "%s%s", s->len ? " " : "",
                             meeple_event_field_name(bit));
  return g_string_free(s, FALSE);
}

/* Plays seeded random games of @c until each type in @c->expect was seen
 * and checks the first event of each type. */
static void
check_case(const Case *c)
{
  MeepleRules *rules = c->rules ? tu_rules_with(c->rules) : tu_base_rules();
  guint n_types = meeple_rules_n_event_types(rules);
  gboolean *seen = g_new0(gboolean, n_types);
  char **fields = g_new0(char *, n_types);
  char **texts = g_new0(char *, n_types);
  gboolean dump = g_getenv("EVENTS_DUMP") != NULL;
  for (guint64 seed = c->first_seed; seed <= c->last_seed; seed++) {
    MeepleGameConfig cfg = { .n_players = c->n_players, .seed = seed };
    GError *error = NULL;
    MeepleGame *g = meeple_game_new(rules, &cfg, &error);
    ck_assert_msg(g != NULL, "%s", error ? error->message : "");
    GRand *rand = g_rand_new_with_seed((guint32)seed);
    gsize n = 0;
    const MeepleEvent *ev = meeple_game_initial_events(g, &n);
    for (;;) {
      for (gsize i = 0; i < n; i++) {
        guint t = ev[i].type;
        ck_assert_uint_lt(t, n_types);
        guint32 has = meeple_event_fields(rules, &ev[i]);
        /* never a field the type does not declare */
        ck_assert_uint_eq(has & ~meeple_rules_event_spec(rules, t)->fields,
                          0);
        if (seen[t])
          continue;
        seen[t] = TRUE;
        fields[t] = fields_string(has);
        texts[t] = meeple_event_text(rules, g, &ev[i], names, 3);
      }
      const MeepleDecision *d = meeple_game_decision(g);
      if (!d)
        break;
      gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
      ck_assert(meeple_game_apply_index(g, pick, &ev, &n, NULL));
    }
    g_rand_free(rand);
    meeple_game_free(g);
  }
  if (dump)
    for (guint t = 0; t < n_types; t++)
      printf("  { \"%s\", \"%s\",\n    \"%s\" },\n",
             meeple_rules_event_type_name(rules, t),
             fields[t] ? fields[t] : "", texts[t] ? texts[t] : "(unseen)");
  /* every row is met; in the setting of every rule set, every type has
   * a row */
  guint rows = 0;
  for (const Expect *x = c->expect; x->type; x++, rows++) {
    int t = -1;
    for (guint k = 0; k < n_types; k++)
      if (strcmp(meeple_rules_event_type_name(rules, k), x->type) == 0)
        t = (int)k;
    ck_assert_msg(t >= 0, "%s: no event type %s", c->rules, x->type);
    ck_assert_msg(seen[t], "%s: no %s event in the games", c->rules,
                  x->type);
    ck_assert_str_eq(fields[t], x->fields);
    ck_assert_str_eq(texts[t], x->text);
  }
  if (c->every_type)
    ck_assert_uint_eq(rows, n_types);
  for (guint t = 0; t < n_types; t++) {
    g_free(fields[t]);
    g_free(texts[t]);
  }
  g_free(fields);
  g_free(texts);
  g_free(seen);
  meeple_rules_unref(rules);
}

START_TEST(every_type_of_every_rule_set)
{
  check_case(&cases[_i]);
}
END_TEST

/* ---- the template language ----------------------------------------------- */

static MeepleRules *lang_rules;
static MeepleGame *lang_game;

static char *
render(const char *template, guint32 fields, MeepleEvent e)
{
  MeepleEventSpec spec = { fields, "n", template };
  GError *error = NULL;
  g_autofree char *name = g_strdup_printf("t%u",
                                          meeple_rules_n_event_types(lang_rules));
  int type = meeple_rules_add_typed_event(lang_rules, name, &spec, &error);
  ck_assert_msg(type >= 0, "%s", error ? error->message : "");
  e.type = (uint16_t)type;
  return meeple_event_text(lang_rules, lang_game, &e, names, 3);
}

#define RENDERS(want, template, fields, ...)                               \
  do {                                                                     \
    char *got_ = render(template, fields, (MeepleEvent){ __VA_ARGS__ });   \
    ck_assert_str_eq(got_, want);                                          \
    g_free(got_);                                                          \
  } while (0)

#define FS(x) MEEPLE_EVENT_FIELD_##x

START_TEST(forms_and_groups)
{
  lang_rules = tu_base_rules();
  lang_game = tu_game(lang_rules, 2, "V", FALSE);
  static const struct { int v; const char *want; } nth[] = {
    { 1, "1st" }, { 2, "2nd" }, { 3, "3rd" }, { 4, "4th" }, { 11, "11th" },
    { 12, "12th" }, { 13, "13th" }, { 21, "21st" }, { 102, "102nd" },
    { 111, "111th" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(nth); i++)
    RENDERS(nth[i].want, "{count:nth}", FS(COUNT), .arg = nth[i].v);
  RENDERS("1 point, -1 point, 2 points",
          "1 point, {points} point{points:s}, 2 points", FS(POINTS),
          .points = -1);
  RENDERS("0 points", "{points} point{points:s}", FS(POINTS), .points = 0);
  RENDERS("loses 3", "loses {points:abs}", FS(POINTS), .points = -3);
  RENDERS("270°", "{count:deg}°", FS(COUNT), .arg = 3);
  /* groups vanish when a field in them is absent */
  RENDERS("Ben at 2,-1", "{seat}[ at {cell}]", FS(SEAT) | FS(CELL),
          .player = 1, .x = 2, .y = -1);
  RENDERS("Ben", "{seat}[ at {cell}]", FS(SEAT) | FS(CELL), .player = 1,
          .x = MEEPLE_EVENT_NO_CELL);
  RENDERS("the road", "[{seat}'s ]the {kind}", FS(SEAT) | FS(KIND),
          .player = -1, .kind = MEEPLE_KIND_ROAD);
  RENDERS("seat 4 draws V", "{seat} draws {tile}", FS(SEAT) | FS(TILE),
          .player = 3, .tile = (uint16_t)meeple_rules_find_tile_type(
                                   lang_rules, "V"));
  RENDERS("{x} [y]", "{{x}} [[y]]", 0);
  RENDERS("BASE-17", "{rule}", FS(RULE), .rule = "BASE-17");
  /* a type without a template: a generic sentence of every field (tile
   * type 0 is A; segment 0 of the start tile D is its city), rule left
   * out */
  MeepleEvent e = { .player = 0, .points = 5, .rule = "X-1" };
  GError *error = NULL;
  int t = meeple_rules_add_event_type(lang_rules, "untyped", &error);
  ck_assert_int_ge(t, 0);
  e.type = (uint16_t)t;
  ck_assert_uint_eq(meeple_rules_event_spec(lang_rules, (guint)t)->fields,
                    MEEPLE_EVENT_FIELDS_ALL);
  g_autofree char *generic = meeple_event_text(lang_rules, lang_game, &e,
                                               names, 3);
  ck_assert_str_eq(generic, "untyped: seat Anna, tile A, cell 0,0, "
                   "segment city, figure follower, kind road, points 5, "
                   "count 0");
  meeple_game_free(lang_game);
  meeple_rules_unref(lang_rules);
}
END_TEST

START_TEST(bad_templates_refused)
{
  MeepleRules *rules = tu_base_rules();
  static const struct { const char *text; guint32 fields; } bad[] = {
    { "{cell}", MEEPLE_EVENT_FIELD_SEAT },        /* not declared */
    { "{colour}", MEEPLE_EVENT_FIELDS_ALL },       /* no such field */
    { "{seat:nth}", MEEPLE_EVENT_FIELD_SEAT },     /* forms: numbers only */
    { "{count:roman}", MEEPLE_EVENT_FIELD_COUNT }, /* no such form */
    { "{count", MEEPLE_EVENT_FIELD_COUNT },
    { "count}", MEEPLE_EVENT_FIELD_COUNT },
    { "[a [b] c]", 0 },
    { "[a", 0 },
    { "a]", 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    MeepleEventSpec spec = { bad[i].fields, NULL, bad[i].text };
    GError *error = NULL;
    g_autofree char *name = g_strdup_printf("bad%u", i);
    ck_assert_msg(meeple_rules_add_typed_event(rules, name, &spec, &error) < 0,
                  "\"%s\" accepted", bad[i].text);
    ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY));
    g_error_free(error);
  }
  /* unknown field bits */
  MeepleEventSpec spec = { 1u << 20, NULL, NULL };
  GError *error = NULL;
  ck_assert_int_lt(meeple_rules_add_typed_event(rules, "bits", &spec, &error),
                   0);
  g_clear_error(&error);
  meeple_rules_unref(rules);
}
END_TEST

static Suite *
events_suite(void)
{
  Suite *s = suite_create("events");
  TCase *tc = tcase_create("types");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, every_type_of_every_rule_set, 0,
                      (int)G_N_ELEMENTS(cases));
  suite_add_tcase(s, tc);
  tc = tcase_create("language");
  tcase_add_test(tc, forms_and_groups);
  tcase_add_test(tc, bad_templates_refused);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(events_suite());
}
