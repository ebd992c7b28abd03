/* turn.h — a decision's legal actions as things on the board: the cells
 * and rotations where the drawn tile fits ("place" actions), spots of
 * segments and whole cells that other actions name, and a sentence for
 * each action.  Any rule set's decision is read the same way: an action
 * with a segment targets that segment's spot, an action with a cell its
 * cell, anything else is only in the list. */
#ifndef MG_TURN_H
#define MG_TURN_H

#include "board.h"

G_BEGIN_DECLS

typedef struct {
  int tile;             /* catalog index of the tile to place, -1 */
  GArray *placements;   /* MgBoardPlacement */
  GArray *targets;      /* MgBoardTarget, .action indexes the decision */
  int pass;             /* index of the "pass" action, -1 */
} MgTurn;

void mg_turn_init(MgTurn *turn);
void mg_turn_clear(MgTurn *turn);
/* Reads @decision (NULL: nothing to decide) against @state's board. */
void mg_turn_build(MgTurn *turn, const MeepleClientDecision *decision,
                   const MeepleClientState *state,
                   const MeepleClientCatalog *catalog);
/* The "place" action at (x, y) turned @rotation, or -1. */
int mg_turn_find_place(const MeepleClientDecision *decision, int x, int y,
                       guint rotation);
/* Whether @action names a cell (a segment or an "@ x,y"). */
gboolean mg_turn_action_has_cell(const MeepleClientAction *action);
/* Segment index of @name on the tile at (x, y) of @state, or -1. */
int mg_turn_segment_index(const MeepleClientState *state,
                          const MeepleClientCatalog *catalog, int x, int y,
                          const char *name);
/* The kind name ("city") of segment @segment of the tile at (x, y) of
 * @state, or NULL. */
const char *mg_turn_segment_kind(const MeepleClientState *state,
                                 const MeepleClientCatalog *catalog, int x,
                                 int y, const char *segment);
/* A sentence for @action ("Put a follower on the city"), g_free. */
char *mg_turn_describe(const MeepleClientAction *action,
                       const MeepleClientState *state,
                       const MeepleClientCatalog *catalog);
/* Words for a decision kind: its description, or its name made
 * readable. */
const char *mg_turn_kind_words(const MeepleClientDecision *decision);

G_END_DECLS

#endif
