/* session.h — one game as this client plays it: the remote mirror, the
 * seats it holds (people's and bots'), the bots that play the bot seats
 * in this process, and getting everything back after the daemon or the
 * bus went away.
 *
 * Seats are taken with Join and their tokens saved in the token file
 * shared with `meeple` (meeple_client_tokens_save()); after a loss the
 * session reopens the game on a (new) connection and reclaims every seat
 * it held with those tokens, by itself, retrying every second until the
 * daemon answers. */
#ifndef MG_SESSION_H
#define MG_SESSION_H

#include "conn.h"
#include "strategy.h"

G_BEGIN_DECLS

typedef struct MgSession MgSession;

typedef struct {
  /* The state or the pending decision may have changed. */
  void (*changed)(MgSession *session, gpointer data);
  /* New events were appended to the log. */
  void (*events)(MgSession *session, GPtrArray *events, gpointer data);
  /* The connection was lost (@ok FALSE, @why says how) or is back. */
  void (*connection)(MgSession *session, gboolean ok, const char *why,
                     gpointer data);
  /* The game's mirror (and its catalog) is about to be freed: let go of
   * anything that points into it. */
  void (*release)(MgSession *session, gpointer data);
  /* A call failed in a way the player should read about. */
  void (*error)(MgSession *session, const char *text, gpointer data);
} MgSessionCallbacks;

/* Opens game @id on @conn (which must outlive the session). */
MgSession *mg_session_open(MgConn *conn, const char *id,
                           const MgSessionCallbacks *cbs, gpointer data,
                           GError **error);
void mg_session_free(MgSession *session);
/* NULL while disconnected. */
MeepleRemoteGame *mg_session_game(MgSession *session);
const char *mg_session_id(MgSession *session);

/* Joins @seat (-1: any of @kind) as @name for @holder (MEEPLE_CLIENT_HOLDER_*). */
gboolean mg_session_join(MgSession *session, const char *name, int seat,
                         const char *kind, const char *holder,
                         guint *seat_out, GError **error);
/* Takes back every seat a token was saved for; the number taken. */
guint mg_session_reclaim(MgSession *session);
/* Asks the daemon to start the game when every seat is taken (any
 * seated client may); quiet when it is not ready yet. */
void mg_session_try_start(MgSession *session);

/* Whether this client holds @seat for a person (not a bot). */
gboolean mg_session_plays(MgSession *session, guint seat);
/* Whether a bot of this client plays @seat. */
gboolean mg_session_bot_plays(MgSession *session, guint seat);
/* Whether this client holds any seat for a person. */
gboolean mg_session_has_player(MgSession *session);

/* Takes action @index of @decision for its seat. */
gboolean mg_session_act(MgSession *session,
                        const MeepleClientDecision *decision, guint index,
                        GError **error);
/* Why the daemon removed the game ("deleted", "expired"; Manager
 * .GameRemoved), or NULL: a removed game is not reconnected to. */
const char *mg_session_removed(MgSession *session);
/* Whether the connection to the game is there now. */
gboolean mg_session_connected(MgSession *session);
/* The strategy of the bot of @seat (greedy until set); its thinking runs
 * in a worker thread, so a search's think time never blocks the window. */
void mg_session_set_bot_strategy(MgSession *session, guint seat,
                                 const MeepleStrategy *strategy);
const MeepleStrategy *mg_session_bot_strategy(MgSession *session,
                                              guint seat);
/* Milliseconds a bot waits before it moves (people follow its moves). */
void mg_session_set_bot_delay(MgSession *session, guint ms);

G_END_DECLS

#endif
