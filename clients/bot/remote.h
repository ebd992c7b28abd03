/* remote.h — a seat's public view (view.h) of a game played through
 * meepled: the rules rebuilt locally from the game's rule sets (the
 * plugin loader, as meepled loads them), the draws from the event log
 * and the actions from GetActions (doc/dbus-api.md).  What the search
 * needs and nothing more: no seed, no supply. */
#ifndef MEEPLE_BOT_REMOTE_H
#define MEEPLE_BOT_REMOTE_H

#include <glib.h>
#include "meeple-client.h"
#include "view.h"

G_BEGIN_DECLS

typedef struct MeepleBotRemote MeepleBotRemote;

/** Rules with the rule sets @ids (NULL-terminated; the base game is
 * implied) loaded here as the daemon does: plugins from
 * $MEEPLE_PLUGIN_PATH or the installed (else the build tree's) plugin
 * directory, tiles from $MEEPLE_TILES_DIR or the installed directory.
 * NULL with @error when a rule set cannot be loaded here. */
MeepleRules *meeple_bot_load_rules(char **ids, GError **error);

/** A view of @game (which must have started), its rules built from the
 * rule sets the state names; NULL with @error when they cannot be loaded
 * here (plugins from $MEEPLE_PLUGIN_PATH or the installed directory). */
MeepleBotRemote *meeple_bot_remote_new(MeepleRemoteGame *game,
                                       GError **error);
void meeple_bot_remote_free(MeepleBotRemote *remote);

/** Brings the view up to @decision (the game's pending one) and returns
 * its actions as engine actions (g_free), in the decision's order; NULL
 * with @error when the game cannot be rebuilt. */
MeepleAction *meeple_bot_remote_update(MeepleBotRemote *remote,
                                       const MeepleClientDecision *decision,
                                       GError **error);
/** The view, current after meeple_bot_remote_update(). */
const MeepleBotView *meeple_bot_remote_view(MeepleBotRemote *remote);

G_END_DECLS

#endif
