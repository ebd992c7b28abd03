/* act-fuzz.h — fuzzing meepled's decoding of Act calls (the most used
 * and most permissive argument: an a{sv} from any client), without a bus.
 *
 * act_fuzz_message() turns arbitrary bytes into an Act message: a seat
 * and a dictionary of known and unknown keys, right and wrong value
 * types, small and large numbers, and strings that are words of the
 * notation, notation of the game's legal actions, or printable noise.
 * act_fuzz_check() runs it through the daemon's own decoding (marshal.c,
 * session.c) on a live session and checks the contract: an accepted
 * action is applied and came from the holder of the deciding seat; a
 * refused one gives a MEEPLED_ERROR with a message and leaves the game
 * unchanged.  act_fuzz_session() plays a whole session of any rule sets
 * that way, so the expansions' notation and their mid-turn decisions,
 * taken by other seats than the active one, are fed too. */
#ifndef MEEPLE_ACT_FUZZ_H
#define MEEPLE_ACT_FUZZ_H

#include <dbus/dbus.h>
#include <glib.h>

#include "session.h"

/* Rule sets a session is played with, as comma-separated ids for the
 * loader ("" is the base game alone): the base game, each plugin alone,
 * then all of them together.  A session's first byte picks one. */
#define ACT_FUZZ_N_RULESETS 8
extern const char *const act_fuzz_rulesets[ACT_FUZZ_N_RULESETS];

/* The most seats a session has (its players' holders are "player-0", ...;
 * "spectator" holds none). */
#define ACT_FUZZ_MAX_SEATS 6

/* An Act method call built from @data; @session's game (may be NULL)
 * lends strings from its legal actions.  *@holder is who sends it: most
 * often the holder of the seat the call names, now and then another
 * seat's holder or a spectator.  *@used says how many bytes it read.
 * dbus_message_unref() it. */
DBusMessage *act_fuzz_message(const guint8 *data, gsize size,
                              Session *session, const char **holder,
                              gsize *used);

/* Decodes and applies @m for the caller @holder.  Returns TRUE when the
 * action was accepted.  When the contract is broken, *@problem says how
 * (g_free); otherwise it is NULL. */
gboolean act_fuzz_check(Session *session, const char *holder, DBusMessage *m,
                        char **problem);

/* What act_fuzz_session() did, added to the counts already there. */
typedef struct {
  guint sessions, calls, accepted, refused, games_over;
  guint by_ruleset[ACT_FUZZ_N_RULESETS]; /* accepted actions */
  guint plugin_kinds; /* accepted actions of a plugin's action kind */
  guint other_seat;   /* accepted decisions of another seat than the active */
} ActFuzzStats;

/* A whole session played from @data: byte 0 picks the rule sets
 * (@rules[i] built from act_fuzz_rulesets[i]), byte 1 the number of
 * seats and the seed, byte 2 half the number of random legal actions
 * played first (0..510: about a turn each two, to reach the middle and
 * the end of games); the remaining bytes are
 * one Act call after another, each by the holder act_fuzz_message()
 * chose.  Returns FALSE with *@problem (g_free) when the contract is
 * broken; @stats may be NULL. */
gboolean act_fuzz_session(MeepleRules *const *rules, const guint8 *data,
                          gsize size, ActFuzzStats *stats, char **problem);

#endif
