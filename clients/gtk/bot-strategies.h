/* bot-strategies.h — the strategy chosen for each bot seat meeple-gtk
 * plays, kept on disk so that a bot seat taken back after the client
 * restarted plays as chosen (the seat's token is kept by libmeeple-client,
 * meeple-client.h "seat tokens"). */
#ifndef MG_BOT_STRATEGIES_H
#define MG_BOT_STRATEGIES_H

#include "strategy.h"

/* The file: $XDG_STATE_HOME/meeple/gtk-bots, a key file with a group per
 * game ("STORE GAME") and a key per seat ("seat2=search:1s"). */
char *mg_bot_strategies_path(void);

/* Records @strategy for @seat of @game of the daemon's store @store.
 * The file keeps the MG_BOT_STRATEGIES_MAX games written last.  FALSE
 * with @error when it cannot be written. */
#define MG_BOT_STRATEGIES_MAX 200
gboolean mg_bot_strategies_save(const char *store, const char *game,
                                guint seat, const MeepleStrategy *strategy,
                                GError **error);

/* The strategy recorded for @seat of @game, into @out; FALSE when none
 * is (or the file cannot be read, or holds something else there). */
gboolean mg_bot_strategies_load(const char *store, const char *game,
                                guint seat, MeepleStrategy *out);

#endif
