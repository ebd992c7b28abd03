/* variant.h — convert between libdbus message values and GVariant.
 *
 * A D-Bus value and its GVariant have the same type signature: y b n q i u
 * x t d s o g, arrays (a{..} dictionaries included), structs as tuples, and
 * D-Bus variants as GVariant "v".  Unix fds (h) and GVariant-only types
 * (maybe, the empty tuple "()", dict entries outside arrays) have no
 * counterpart and are refused.  Values nested more than 64 containers deep
 * (variants included) are refused too: libdbus rejects such messages. */
#ifndef MEEPLE_DBUS_VARIANT_H
#define MEEPLE_DBUS_VARIANT_H

#include <dbus/dbus.h>
#include <glib.h>

G_BEGIN_DECLS

/* The value at @iter (any D-Bus type except unix fds) as a new GVariant
 * (not floating) with the same type signature; NULL when @iter is at the
 * end or the type is unsupported.  Does not advance @iter. */
GVariant *meeple_dbus_iter_get_variant(DBusMessageIter *iter);

/* Every argument of @message as one tuple GVariant ("()" for none), not
 * floating; NULL when an argument has an unsupported type. */
GVariant *meeple_dbus_message_get_args(DBusMessage *message);

/* Appends @value (floating references are sunk and released) at @iter, an
 * iterator from dbus_message_iter_init_append() or an open container, as a
 * value of its own type: a GVariant of type "v" is appended as a D-Bus
 * VARIANT, a tuple as a STRUCT.  Nesting is counted from @iter.  FALSE on
 * failure: an unsupported type or a signature value D-Bus does not accept
 * (checked before anything is appended, so the message is unchanged), or
 * out of memory (the message is then half-written: discard it). */
gboolean meeple_dbus_iter_append_variant(DBusMessageIter *iter,
                                         GVariant *value);

/* Appends each child of the tuple @args to @message (floating references
 * are sunk and released).  FALSE when @args is not a tuple or a child is
 * unsupported (nothing is appended then), or out of memory (discard the
 * message). */
gboolean meeple_dbus_message_append_args(DBusMessage *message,
                                         GVariant *args);

G_END_DECLS

#endif
