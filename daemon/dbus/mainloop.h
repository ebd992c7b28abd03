/* mainloop.h — drive a libdbus DBusConnection from a GLib main context.
 *
 * libdbus does no I/O on its own: it asks its user to watch file
 * descriptors, run timeouts and call dbus_connection_dispatch().  These
 * functions do that with GSources on a GMainContext, so the daemon and
 * libmeeple-client can both run libdbus inside an ordinary GLib main loop.
 *
 * Single-threaded: attach, detach and the main loop all run in one thread. */
#ifndef MEEPLE_DBUS_MAINLOOP_H
#define MEEPLE_DBUS_MAINLOOP_H

#include <dbus/dbus.h>
#include <glib.h>

G_BEGIN_DECLS

/* Makes @context (NULL: the default context) drive @connection: its
 * watches become GSources polling the fd, its timeouts GSources that
 * repeat until libdbus removes them, and queued incoming messages are
 * dispatched ONE message per main-loop iteration, so a flood of messages
 * cannot starve other sources.  Idempotent per connection: attaching again
 * to the same context does nothing; attaching to another context moves the
 * connection there.
 *
 * Every source runs at G_PRIORITY_DEFAULT.  Sources of the same priority
 * run between two dispatched messages; sources of a lower priority (such as
 * g_idle_add()'s G_PRIORITY_DEFAULT_IDLE) run only once the incoming
 * queue is empty, as GLib's priorities say.
 *
 * The connection is not kept alive by being attached: the sources hold no
 * reference to it, and they are removed when it is finalised. */
void meeple_dbus_attach(DBusConnection *connection, GMainContext *context);

/* Removes every source meeple_dbus_attach() added for @connection (also
 * done automatically when the connection is finalised).  Messages already
 * received stay queued in the connection until it is attached again.  Does
 * nothing when @connection is not attached. */
void meeple_dbus_detach(DBusConnection *connection);

G_END_DECLS

#endif
