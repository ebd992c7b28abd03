/* marshal.h — a session as D-Bus values (GVariants of the types in
 * data/org.meepled.Meepled1.Game.xml), and typed actions back into
 * engine actions.  Only public information leaves here: never the seed,
 * the tile order or anything else still hidden. */
#ifndef MEEPLED_MARSHAL_H
#define MEEPLED_MARSHAL_H

#include <dbus/dbus.h>
#include <glib.h>
#include <meeple.h>

#include "session.h"

/* GetState's a{sv}. */
GVariant *marshal_state(const Session *session);
/* GetCatalog's a{sv}. */
GVariant *marshal_catalog(const MeepleRules *rules);
/* Appends the legal actions of the pending decision, a(sssiiussy).
 * FALSE: out of memory. */
gboolean marshal_append_actions(DBusMessageIter *iter,
                                const Session *session,
                                const MeepleDecision *decision);
/* Appends the events with sequence numbers @first + 1 .. @last,
 * a(tsa{sv}).  FALSE: out of memory. */
gboolean marshal_append_events(DBusMessageIter *iter, const Session *session,
                               guint64 first, guint64 last);
/* The Seats property, a(ssbb). */
GVariant *marshal_seats(const Session *session);

/* An Act action dictionary, read. */
typedef struct {
  gboolean has_guard;    /* "decision" given */
  guint64 guard;
  gboolean has_index;    /* "index" given */
  guint32 index;
  const char *notation;  /* "notation", pointing into the message */
  GVariant *typed;       /* the whole dictionary when "kind" is given */
} MarshalAction;

/* Reads an Act action dictionary at @dict (an a{sv}): known keys with
 * the right types, exactly one of "index", "notation" and "kind".
 * MEEPLED_ERROR_INVALID_ARGS otherwise.  Nothing about the game is looked
 * at yet.  marshal_action_clear() frees what it holds. */
gboolean marshal_read_action(DBusMessageIter *dict, MarshalAction *action,
                             GError **error);
void marshal_action_clear(MarshalAction *action);
/* The engine action a read dictionary describes, for the pending
 * decision @decision, always one of its legal actions:
 * MEEPLED_ERROR_ILLEGAL_ACTION for an index out of range, fields no legal
 * action has or notation of an action that is not legal now,
 * MEEPLED_ERROR_INVALID_ARGS for notation that does not parse or names
 * (kind, tile, figure) that do not exist. */
gboolean marshal_resolve_action(const Session *session,
                                const MeepleDecision *decision,
                                const MarshalAction *request,
                                MeepleAction *action, GError **error);

#endif
