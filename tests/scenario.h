/* tests/scenario.h — the vocabulary the rule scenario suites share
 * (test-rules-abbot.c, test-rules-pd-tiles.c, ...): a game is played turn
 * by turn in notation, the events of the current turn are kept in @ev,
 * and the checks read like the rules ("offers", "refused", "over").
 * Call scenario_setup() in the suite's fixture setup and
 * scenario_teardown() in its teardown. */
#ifndef MEEPLE_TESTS_SCENARIO_H
#define MEEPLE_TESTS_SCENARIO_H

#include <check.h>
#include <meeple.h>

#include "testutil.h"

/* Events of the current turn (MeepleEvent): put() starts afresh, act()
 * adds. */
extern GArray *ev;

void scenario_setup(void);
void scenario_teardown(void);

/* ev's events as an array. */
const MeepleEvent *evs(void);
/* Events in ev of @type (citing @rule when not NULL). */
guint count(guint type, const char *rule);

/* Segment index of segment @name of tile type @tile in @g's rules. */
guint sg(const MeepleGame *g, const char *tile, const char *name);
/* The feature of segment @name of the @tile at (x, y). */
MeepleFeatureInfo feat(const MeepleGame *g, int x, int y, const char *tile,
                       const char *name);
/* Figures of @seat on segment @name of the @tile at (x, y). */
guint on(const MeepleGame *g, guint seat, int x, int y, const char *tile,
         const char *name);

/* The pending decision is of @kind and @seat's. */
void decision_is(MeepleGame *g, guint kind, guint seat);
/* Applies @text (it must be legal); its events are added to ev. */
void act(MeepleGame *g, const char *text);
/* Seat @seat places a tile: ev starts afresh with this turn. */
void put(MeepleGame *g, guint seat, const char *place);
/* A whole turn: the tile, then the figure decision @figure. */
void turn(MeepleGame *g, guint seat, const char *place, const char *figure);
/* The pending decision offers exactly the NULL-ended actions, in any
 * order. */
G_GNUC_NULL_TERMINATED void offers(MeepleGame *g, ...);
/* @text parses but is neither offered nor accepted, and the game stays
 * as it was. */
void refused(MeepleGame *g, const char *text);
/* The game ended in the last turn with these two scores. */
void over(MeepleGame *g, int s0, int s1);

/* One expected points-scored event.  x, y: the cell the event names,
 * checked by scenario_awards() with @at_cell unless x is ANY_CELL. */
typedef struct {
  int seat, points;
  const char *rule;
  guint kind;
  int x, y;
} Award;
#define ANY_CELL 9999

/* The POINTS_SCORED events of ev are exactly @want, in this order; with
 * @at_cell also at the cells the awards name. */
void scenario_awards(const Award *want, guint n_want, gboolean at_cell);
/* The @nth event of ev of @type; fails the test when there is none. */
const MeepleEvent *event(guint type, guint nth);

/* A suite defines AWARDS as SCENARIO_AWARDS(TRUE or FALSE, ...):
 *   AWARDS({ 0, 4, "BASE-17", MEEPLE_KIND_CITY }, ...)  */
#define SCENARIO_AWARDS(at_cell, ...)                                      \
  do {                                                                     \
    static const Award w_[] = { __VA_ARGS__ };                             \
    scenario_awards(w_, G_N_ELEMENTS(w_), at_cell);                        \
  } while (0)
#define NO_AWARDS() scenario_awards(NULL, 0, FALSE)

#endif
