/* replay.h — the board as it was after the first n events of a game's
 * log: tiles from tile-placed, figures from figure-placed, -moved and
 * -returned.  The log of any rule set says every change of the board
 * (doc/dbus-api.md, Events), so replays need no engine and no rule set. */
#ifndef MG_REPLAY_H
#define MG_REPLAY_H

#include "board.h"

G_BEGIN_DECLS

typedef struct {
  GArray *tiles;    /* MgBoardTile */
  GArray *figures;  /* MgBoardFigure; types point into the events */
  gboolean has_last;
  int last_x, last_y;
} MgReplayBoard;

void mg_replay_board_init(MgReplayBoard *board);
void mg_replay_board_clear(MgReplayBoard *board);
/* Fills @board from events [0, @n) of @events. */
void mg_replay_board_build(MgReplayBoard *board, GPtrArray *events, guint n,
                           const MeepleClientCatalog *catalog);
/* Index just after the events of each turn: the replay's steps.  The
 * first step (0 turns) shows the start tile. */
GArray *mg_replay_steps(GPtrArray *events);

G_END_DECLS

#endif
