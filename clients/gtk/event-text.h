/* event-text.h — an event of the game's log as a sentence a person reads
 * ("Ann scored 4 points for a city").  The core event types
 * (doc/dbus-api.md, Events) have sentences of their own; a rule set's
 * type is told from its name and fields, so nothing is ever left out. */
#ifndef MG_EVENT_TEXT_H
#define MG_EVENT_TEXT_H

#include "meeple-client.h"

G_BEGIN_DECLS

/* The sentence for @event (g_free); seat names from @state (may be
 * NULL: "Seat 1"), segment kinds from the board of @state and @catalog
 * (may be NULL: the segment's name alone). */
char *mg_event_text(const MeepleClientEvent *event,
                    const MeepleClientState *state,
                    const MeepleClientCatalog *catalog);
/* Whether the event is worth a line of the log (draws and turn starts
 * are shown elsewhere). */
gboolean mg_event_is_news(const MeepleClientEvent *event);
/* The name of @seat ("Seat 2" when unknown). */
const char *mg_seat_name(const MeepleClientState *state, int seat,
                         char buffer[32]);

G_END_DECLS

#endif
