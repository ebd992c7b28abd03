/* games-watch.h — hears when the daemon's list of games changes, from
 * its signals: the Manager's GameCreated and GameRemoved, a game's
 * PropertiesChanged that carries what the lobby shows (Status, Seats,
 * Name), the daemon's name changing owner (a restart), and the loss of
 * the bus connection.  The
 * libmeeple-client connection of an MgConn is watched; a new connection
 * (after the bus was lost) is watched once mg_games_watch_attach() is
 * called again. */
#ifndef MG_GAMES_WATCH_H
#define MG_GAMES_WATCH_H

#include "conn.h"

G_BEGIN_DECLS

typedef struct MgGamesWatch MgGamesWatch;

/* @changed runs from the main loop, at most once per burst of signals
 * (they are gathered for a tenth of a second). */
MgGamesWatch *mg_games_watch_new(MgConn *conn, void (*changed)(gpointer),
                                 gpointer data);
void mg_games_watch_free(MgGamesWatch *watch);
/* Subscribes on @conn's current connection, unless already done; FALSE
 * while there is no connection or the bus refused the subscription. */
gboolean mg_games_watch_attach(MgGamesWatch *watch);

G_END_DECLS

#endif
