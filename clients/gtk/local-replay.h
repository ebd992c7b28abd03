/* local-replay.h — a finished game the daemon no longer holds, replayed
 * here from its game record (GetRecord) with libmeeple: the rule sets
 * are loaded from the plugin and tile directories the daemon uses, the
 * record's actions applied one by one, and every event turned into what
 * the daemon would have sent (type, fields, sentence).  The result has
 * the client library's shapes — a catalog, an event log, a state — so
 * the game page shows it as it shows a game the daemon holds. */
#ifndef MG_LOCAL_REPLAY_H
#define MG_LOCAL_REPLAY_H

#include "meeple-client.h"

G_BEGIN_DECLS

typedef struct MgLocalReplay MgLocalReplay;

/* Replays @record (doc/game-record.md) of game @id.  NULL with @error
 * set when it does not parse, a rule set it names is missing here, or an
 * action does not replay (the message says which line). */
MgLocalReplay *mg_local_replay_new(const char *id, const char *record,
                                   GError **error);
void mg_local_replay_free(MgLocalReplay *replay);
const MeepleClientCatalog *mg_local_replay_catalog(MgLocalReplay *replay);
/* MeepleClientEvent*, from the game's creation to its end. */
GPtrArray *mg_local_replay_events(MgLocalReplay *replay);
/* The end: seats with the record's names and final scores, "over". */
const MeepleClientState *mg_local_replay_state(MgLocalReplay *replay);

G_END_DECLS

#endif
