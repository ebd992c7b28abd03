/* scenario.c — the vocabulary the rule scenario suites share
 * (scenario.h): turns by notation, the events of the current turn, the
 * offered actions, features and figures by segment name. */
#include "config.h"

#include <stdarg.h>

#include "scenario.h"

GArray *ev;

void
scenario_setup(void)
{
  ev = g_array_new(FALSE, FALSE, sizeof(MeepleEvent));
}

void
scenario_teardown(void)
{
  g_array_free(ev, TRUE);
  ev = NULL;
}

/* Segment @name of tile type @tile in @g's rules. */
guint
sg(const MeepleGame *g, const char *tile, const char *name)
{
  return tu_segment(meeple_game_rules(g), tile, name);
}

MeepleFeatureInfo
feat(const MeepleGame *g, int x, int y, const char *tile, const char *name)
{
  MeepleFeatureInfo fi;
  ck_assert_msg(meeple_game_feature(g, x, y, sg(g, tile, name), &fi),
                "no segment %s at %d,%d", name, x, y);
  return fi;
}

void
decision_is(MeepleGame *g, guint kind, guint seat)
{
  const MeepleDecision *d = meeple_game_decision(g);
  ck_assert_msg(d && d->kind == kind && d->player == seat,
                "expected decision kind %u of seat %u, have %s", kind, seat,
                d ? "another" : "none (game over)");
}

/* Applies @text; its events are added to ev. */
void
act(MeepleGame *g, const char *text)
{
  gsize n = 0;
  const MeepleEvent *e = tu_act(g, text, &n);
  g_array_append_vals(ev, e, (guint)n);
}

/* Seat @seat places a tile; the turn's events start afresh. */
void
put(MeepleGame *g, guint seat, const char *place)
{
  g_array_set_size(ev, 0);
  decision_is(g, MEEPLE_DECISION_PLACE_TILE, seat);
  act(g, place);
}

/* A whole turn: the tile, then the figure decision @figure. */
void
turn(MeepleGame *g, guint seat, const char *place, const char *figure)
{
  put(g, seat, place);
  decision_is(g, MEEPLE_DECISION_PLACE_FIGURE, seat);
  act(g, figure);
}

/* The pending decision offers exactly the actions of the NULL-ended
 * list, in any order. */
void
offers(MeepleGame *g, ...)
{
  va_list ap;
  va_start(ap, g);
  gsize n = 0;
  for (const char *t; (t = va_arg(ap, const char *)); n++)
    ck_assert_msg(tu_is_legal(g, t), "'%s' is not offered", t);
  va_end(ap);
  ck_assert_uint_eq(meeple_game_decision(g)->n_actions, n);
}

/* @text parses but is neither offered nor accepted; the game stays as it
 * was. */
void
refused(MeepleGame *g, const char *text)
{
  g_autofree char *was = tu_state_digest(g);
  MeepleAction a;
  g_autoptr(GError) err = NULL;
  ck_assert_msg(meeple_action_parse(g, text, &a, NULL, &err), "'%s': %s",
                text, err ? err->message : "");
  ck_assert_msg(!tu_is_legal(g, text), "'%s' is offered", text);
  ck_assert_msg(!meeple_game_apply(g, &a, NULL, NULL, &err), "'%s' taken",
                text);
  ck_assert(g_error_matches(err, MEEPLE_ERROR, MEEPLE_ERROR_ILLEGAL_ACTION));
  g_autofree char *is = tu_state_digest(g);
  ck_assert_str_eq(was, is);
}

const MeepleEvent *
evs(void)
{
  return (const MeepleEvent *)(void *)ev->data;
}

guint
count(guint type, const char *rule)
{
  return tu_count_events(evs(), ev->len, type, rule);
}

/* Figures of @seat on segment @name of the @tile at (x, y). */
guint
on(const MeepleGame *g, guint seat, int x, int y, const char *tile,
   const char *name)
{
  return tu_figures_at(g, seat, x, y, sg(g, tile, name));
}

/* The game ended in the last turn with these two scores. */
void
over(MeepleGame *g, int s0, int s1)
{
  ck_assert(meeple_game_is_over(g));
  ck_assert_ptr_null(meeple_game_decision(g));
  ck_assert_uint_eq(count(MEEPLE_EVENT_GAME_OVER, NULL), 1);
  ck_assert_int_eq(meeple_game_score(g, 0), s0);
  ck_assert_int_eq(meeple_game_score(g, 1), s1);
}

void
scenario_awards(const Award *want, guint n_want, gboolean at_cell)
{
  guint k = 0;
  for (guint i = 0; i < ev->len; i++) {
    const MeepleEvent *e = &evs()[i];
    if (e->type != MEEPLE_EVENT_POINTS_SCORED)
      continue;
    ck_assert_msg(k < n_want, "extra scoring: seat %d %d points (%s)",
                  e->player, e->points, e->rule ? e->rule : "-");
    const Award *w = &want[k++];
    gboolean cell = !at_cell || w->x == ANY_CELL ||
                    (e->x == w->x && e->y == w->y);
    char where[32] = "";
    if (at_cell && w->x != ANY_CELL)
      g_snprintf(where, sizeof where, " at %d,%d", w->x, w->y);
    ck_assert_msg(e->player == w->seat && e->points == w->points &&
                      g_strcmp0(e->rule, w->rule) == 0 &&
                      e->kind == w->kind && cell,
                  "scoring %u: seat %d %d points %s kind %u at %d,%d; "
                  "expected seat %d %d points %s kind %u%s", k, e->player,
                  e->points, e->rule ? e->rule : "-", e->kind, e->x, e->y,
                  w->seat, w->points, w->rule, w->kind, where);
  }
  ck_assert_msg(k == n_want, "%u scorings, expected %u", k, n_want);
}

const MeepleEvent *
event(guint type, guint nth)
{
  const MeepleEvent *e = tu_find_event(evs(), ev->len, type, nth);
  ck_assert_msg(e != NULL, "no event #%u of type %u", nth, type);
  return e;
}
