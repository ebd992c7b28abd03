/* act-fuzz.h — fuzzing meepled's decoding of Act calls (the most used
 * and most permissive argument: an a{sv} from any client), without a bus.
 *
 * act_fuzz_message() turns arbitrary bytes into an Act message: a seat
 * and a dictionary of known and unknown keys, right and wrong value
 * types, small and large numbers, and strings that are words of the
 * notation, notation of the game's legal actions, or printable noise.
 * act_fuzz_check() runs it through the daemon's own decoding (marshal.c,
 * session.c) on a live session and checks the contract: an accepted
 * action is applied; a refused one gives a MEEPLED_ERROR with a message
 * and leaves the game unchanged. */
#ifndef MEEPLE_ACT_FUZZ_H
#define MEEPLE_ACT_FUZZ_H

#include <dbus/dbus.h>
#include <glib.h>

#include "session.h"

/* An Act method call built from @data; @game (may be NULL) lends strings
 * from its legal actions.  dbus_message_unref() it. */
DBusMessage *act_fuzz_message(const guint8 *data, gsize size,
                              MeepleGame *game);

/* Decodes and applies @m for the caller @holder.  Returns TRUE when the
 * action was accepted.  When the contract is broken, *@problem says how
 * (g_free); otherwise it is NULL. */
gboolean act_fuzz_check(Session *session, const char *holder, DBusMessage *m,
                        char **problem);

#endif
