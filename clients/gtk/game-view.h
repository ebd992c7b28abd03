/* game-view.h — the page of one game: the board and, beside it, whose
 * turn it is, the drawn tile, the choice being made with its confirm and
 * back buttons, the decision's list of actions, the players, the tiles
 * left, the rule sets' notes, the final scores and the event log.
 *
 * Live, it follows an MgSession and plays the seats it holds for a
 * person; as a replay, it shows a finished game's log step by step. */
#ifndef MG_GAME_VIEW_H
#define MG_GAME_VIEW_H

#include <gtk/gtk.h>
#include "board.h"
#include "local-replay.h"
#include "scores.h"
#include "session.h"

G_BEGIN_DECLS

typedef struct MgGameView MgGameView;

MgGameView *mg_game_view_new(void);
void mg_game_view_free(MgGameView *view);
GtkWidget *mg_game_view_widget(MgGameView *view);

/* Shows @session (owned by the view from now on; NULL: nothing). */
void mg_game_view_set_session(MgGameView *view, MgSession *session);
MgSession *mg_game_view_session(MgGameView *view);
/* Shows the finished game @game (owned by the view) as a replay. */
void mg_game_view_set_replay(MgGameView *view, MeepleRemoteGame *game);
/* Shows a game replayed here from its record (owned by the view). */
void mg_game_view_set_local_replay(MgGameView *view, MgLocalReplay *replay);
/* Reads the game again and redraws (also called on every change). */
void mg_game_view_refresh(MgGameView *view);
/* Shows the connection banner's state (called by the session). */
typedef void (*MgBannerFunc)(gboolean lost, const char *text, gpointer data);
void mg_game_view_set_banner_func(MgGameView *view, MgBannerFunc func,
                                  gpointer data);
/* The session callbacks that drive this view (for mg_session_open()). */
const MgSessionCallbacks *mg_game_view_session_callbacks(void);

/* What tests and the window look at. */
typedef struct {
  MgBoard *board;
  GtkLabel *status, *choice, *error, *tiles, *notes, *replay_step,
           *scores_title;
  GtkButton *confirm, *back, *pass, *rotate_left, *rotate_right, *fit,
            *last, *replay_prev, *replay_next;
  GtkListBox *actions, *players, *log;
  GtkWidget *scores_box, *replay_box, *tile_preview;
  MgScores *scores;
} MgGameViewParts;
const MgGameViewParts *mg_game_view_parts(MgGameView *view);
/* Whether it is a seat of this client's person to decide now. */
gboolean mg_game_view_my_turn(MgGameView *view);
/* The pending decision's kind, or NULL. */
const char *mg_game_view_decision_kind(MgGameView *view);
/* The game shown (the session's, or the replay's), or NULL. */
MeepleRemoteGame *mg_game_view_game(MgGameView *view);
/* The state shown (a replay's: as of its end), or NULL. */
const MeepleClientState *mg_game_view_state(MgGameView *view);
/* Replay: step to @step (clamped); the number of steps. */
void mg_game_view_replay_step(MgGameView *view, int step);
guint mg_game_view_replay_steps(MgGameView *view, guint *current);

G_END_DECLS

#endif
