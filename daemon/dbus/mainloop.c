/* mainloop.c — libdbus integrated into a GMainContext (see mainloop.h).
 *
 * Per attached connection, a LoopState lives in a data slot of the
 * connection.  It owns:
 *  - one GSource per enabled DBusWatch (polling its fd) and per enabled
 *    DBusTimeout (a repeating GLib timeout), kept in a table keyed by the
 *    watch or timeout so toggling and removal find them;
 *  - one DispatchSource, ready while the connection's incoming queue holds
 *    messages, that dispatches one message each time it runs.
 * Nothing here holds a reference on the connection between callbacks: the
 * data slot's free function runs when the connection is finalised and
 * destroys whatever sources are left. */
#include "mainloop.h"

#include <glib-unix.h>

typedef struct {
  DBusConnection *connection; /* not owned: the state lives in its slot */
  GMainContext *context;      /* owned reference */
  GSource *dispatch;          /* owned: the DispatchSource */
  /* DBusWatch * or DBusTimeout * -> owned GSource *, only while enabled. */
  GHashTable *sources;
} LoopState;

typedef struct {
  GSource source;
  DBusConnection *connection; /* not owned, see LoopState */
} DispatchSource;

/* The connection data slot holding the LoopState; allocated once, kept for
 * the life of the process (single-threaded, so no locking). */
static dbus_int32_t state_slot = -1;

/* ---- sources in the table ----------------------------------------------- */

/* Table value destructor: a source leaves its context when dropped. */
static void
source_drop(gpointer data)
{
  GSource *source = data;
  g_source_destroy(source);
  g_source_unref(source);
}

/* Attaches @source to the state's context and files it under @key,
 * replacing (and destroying) any source the key had. */
static void
state_add_source(LoopState *state, gpointer key, GSource *source)
{
  g_source_set_priority(source, G_PRIORITY_DEFAULT);
  g_source_attach(source, state->context);
  g_hash_table_replace(state->sources, key, source);
}

/* ---- watches ------------------------------------------------------------ */

/* What to poll for: what libdbus wants, plus errors and hangups, which
 * poll() reports anyway and libdbus needs to hear about. */
static GIOCondition
watch_condition(DBusWatch *watch)
{
  unsigned int flags = dbus_watch_get_flags(watch);
  GIOCondition condition = G_IO_ERR | G_IO_HUP;
  if (flags & DBUS_WATCH_READABLE)
    condition |= G_IO_IN;
  if (flags & DBUS_WATCH_WRITABLE)
    condition |= G_IO_OUT;
  return condition;
}

/* What poll() saw, in libdbus's terms.  An invalid fd counts as an error so
 * libdbus drops the connection instead of us polling it forever. */
static unsigned int
watch_flags(GIOCondition condition)
{
  unsigned int flags = 0;
  if (condition & G_IO_IN)
    flags |= DBUS_WATCH_READABLE;
  if (condition & G_IO_OUT)
    flags |= DBUS_WATCH_WRITABLE;
  if (condition & (G_IO_ERR | G_IO_NVAL))
    flags |= DBUS_WATCH_ERROR;
  if (condition & G_IO_HUP)
    flags |= DBUS_WATCH_HANGUP;
  return flags;
}

/* GUnixFDSourceFunc of a watch's source.  libdbus may remove the watch
 * (and so destroy this source) inside dbus_watch_handle(); GLib keeps the
 * source alive until we return, and a destroyed source is not run again
 * whatever we return. */
static gboolean
on_watch_ready(gint fd, GIOCondition condition, gpointer data)
{
  (void)fd;
  /* FALSE means out of memory: the fd stays ready, so poll() tells us
   * again on the next iteration, which is the retry libdbus asks for. */
  (void)dbus_watch_handle((DBusWatch *)data, watch_flags(condition));
  return G_SOURCE_CONTINUE;
}

/* Brings the watch's source in line with the watch: none while disabled
 * (or without an fd, as an invalidated watch has), otherwise a fresh one
 * for its current fd and flags. */
static void
state_sync_watch(LoopState *state, DBusWatch *watch)
{
  int fd = dbus_watch_get_unix_fd(watch);
  if (!dbus_watch_get_enabled(watch) || fd < 0) {
    g_hash_table_remove(state->sources, watch);
    return;
  }
  GSource *source = g_unix_fd_source_new(fd, watch_condition(watch));
  g_source_set_callback(source, G_SOURCE_FUNC(on_watch_ready), watch, NULL);
  g_source_set_name(source, "meeple-dbus watch");
  /* GLib blocks a source that cannot recurse while it runs by taking its
   * fd out of the poll set and back, and each of those wakes the context
   * up: two eventfd writes, a read and a wasted poll() for every message.
   * Nothing here runs the loop from inside a watch, so allowing recursion
   * changes nothing else. */
  g_source_set_can_recurse(source, TRUE);
  state_add_source(state, watch, source);
}

static dbus_bool_t
add_watch(DBusWatch *watch, void *data)
{
  state_sync_watch(data, watch);
  return TRUE;
}

static void
remove_watch(DBusWatch *watch, void *data)
{
  LoopState *state = data;
  g_hash_table_remove(state->sources, watch);
}

static void
toggle_watch(DBusWatch *watch, void *data)
{
  state_sync_watch(data, watch);
}

/* ---- timeouts ----------------------------------------------------------- */

/* GSourceFunc of a timeout's source.  libdbus timeouts are periodic: it
 * removes or disables them itself when they are done, so the source always
 * repeats (a one-shot source would also lose the retry libdbus asks for
 * when dbus_timeout_handle() runs out of memory). */
static gboolean
on_timeout(gpointer data)
{
  (void)dbus_timeout_handle((DBusTimeout *)data);
  return G_SOURCE_CONTINUE;
}

/* Like state_sync_watch(): a toggled timeout may have a new interval, and
 * restarting it then is what libdbus expects. */
static void
state_sync_timeout(LoopState *state, DBusTimeout *timeout)
{
  if (!dbus_timeout_get_enabled(timeout)) {
    g_hash_table_remove(state->sources, timeout);
    return;
  }
  int interval = dbus_timeout_get_interval(timeout);
  GSource *source = g_timeout_source_new((guint)MAX(interval, 0));
  g_source_set_callback(source, on_timeout, timeout, NULL);
  g_source_set_name(source, "meeple-dbus timeout");
  state_add_source(state, timeout, source);
}

static dbus_bool_t
add_timeout(DBusTimeout *timeout, void *data)
{
  state_sync_timeout(data, timeout);
  return TRUE;
}

static void
remove_timeout(DBusTimeout *timeout, void *data)
{
  LoopState *state = data;
  g_hash_table_remove(state->sources, timeout);
}

static void
toggle_timeout(DBusTimeout *timeout, void *data)
{
  state_sync_timeout(data, timeout);
}

/* ---- dispatching -------------------------------------------------------- */

static gboolean
dispatch_ready(GSource *source)
{
  DispatchSource *self = (DispatchSource *)source;
  return dbus_connection_get_dispatch_status(self->connection) ==
         DBUS_DISPATCH_DATA_REMAINS;
}

/* Ready without polling while messages are queued; -1 lets poll() sleep
 * otherwise (a message arriving wakes us through a watch). */
static gboolean
dispatch_prepare(GSource *source, gint *timeout)
{
  *timeout = -1;
  return dispatch_ready(source);
}

static gboolean
dispatch_check(GSource *source)
{
  return dispatch_ready(source);
}

/* Dispatches exactly one message: the source stays ready while more are
 * queued, so the next one waits for the next iteration and every other
 * ready source of the same priority runs in between. */
static gboolean
dispatch_dispatch(GSource *source, GSourceFunc callback, gpointer data)
{
  (void)callback;
  (void)data;
  DBusConnection *connection = ((DispatchSource *)source)->connection;
  /* A handler may drop the application's last reference; ours keeps the
   * connection alive until dispatch returns.  Our unref may finalise it,
   * destroying this source, which GLib keeps valid until we return. */
  dbus_connection_ref(connection);
  dbus_connection_dispatch(connection);
  dbus_connection_unref(connection);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs dispatch_funcs = {
  .prepare = dispatch_prepare,
  .check = dispatch_check,
  .dispatch = dispatch_dispatch,
};

/* Makes a context that may be blocked in poll() look again.  The thread
 * that owns the context is not blocked (it is running us, from a source
 * or between iterations) and prepares every source before it polls next,
 * so it needs no wake-up: that saves a write and a read of the context's
 * eventfd, and a poll, several times per message. */
static void
wake(LoopState *state)
{
  if (!g_main_context_is_owner(state->context))
    g_main_context_wakeup(state->context);
}

/* libdbus calls this when the queue starts or stops holding messages.  A
 * context blocked in poll() would not notice a message queued outside the
 * main loop (e.g. read during a blocking call, or by another thread), so
 * wake it up. */
static void
on_dispatch_status(DBusConnection *connection, DBusDispatchStatus status,
                   void *data)
{
  (void)connection;
  if (status == DBUS_DISPATCH_DATA_REMAINS)
    wake(data);
}

/* libdbus calls this when the loop should look again, e.g. a message was
 * queued for sending and the write watch needs polling. */
static void
on_wakeup_main(void *data)
{
  wake(data);
}

/* ---- the per-connection state ------------------------------------------- */

/* Data slot free function: runs on detach and when the connection is
 * finalised.  By then libdbus has already removed our watches and
 * timeouts (detach does it first; finalisation frees the lists before the
 * slots), so only the dispatch source and leftovers remain. */
static void
state_free(void *data)
{
  LoopState *state = data;
  g_source_destroy(state->dispatch);
  g_source_unref(state->dispatch);
  g_hash_table_destroy(state->sources);
  g_main_context_unref(state->context);
  g_free(state);
}

static LoopState *
state_new(DBusConnection *connection, GMainContext *context)
{
  LoopState *state = g_new0(LoopState, 1);
  state->connection = connection;
  state->context = g_main_context_ref(context);
  state->sources = g_hash_table_new_full(NULL, NULL, NULL, source_drop);
  state->dispatch = g_source_new(&dispatch_funcs, sizeof(DispatchSource));
  ((DispatchSource *)state->dispatch)->connection = connection;
  g_source_set_name(state->dispatch, "meeple-dbus dispatch");
  g_source_set_priority(state->dispatch, G_PRIORITY_DEFAULT);
  g_source_attach(state->dispatch, context);
  return state;
}

static LoopState *
state_get(DBusConnection *connection)
{
  if (state_slot < 0)
    return NULL;
  return dbus_connection_get_data(connection, state_slot);
}

/* Hands libdbus our callbacks; it calls add_watch/add_timeout at once for
 * what it already has.  libdbus only fails here for lack of memory, which
 * GLib programs treat as fatal. */
static void
state_install(LoopState *state)
{
  DBusConnection *c = state->connection;
  if (!dbus_connection_set_watch_functions(c, add_watch, remove_watch,
                                           toggle_watch, state, NULL) ||
      !dbus_connection_set_timeout_functions(c, add_timeout, remove_timeout,
                                             toggle_timeout, state, NULL))
    g_error("meeple_dbus_attach: out of memory");
  dbus_connection_set_dispatch_status_function(c, on_dispatch_status, state,
                                               NULL);
  dbus_connection_set_wakeup_main_function(c, on_wakeup_main, state, NULL);
}

void
meeple_dbus_attach(DBusConnection *connection, GMainContext *context)
{
  g_return_if_fail(connection != NULL);
  if (!context)
    context = g_main_context_default();
  LoopState *old = state_get(connection);
  if (old && old->context == context)
    return;
  if (old)
    meeple_dbus_detach(connection);
  if (state_slot < 0 && !dbus_connection_allocate_data_slot(&state_slot))
    g_error("meeple_dbus_attach: out of memory");

  LoopState *state = state_new(connection, context);
  if (!dbus_connection_set_data(connection, state_slot, state, state_free))
    g_error("meeple_dbus_attach: out of memory");
  state_install(state);
}

void
meeple_dbus_detach(DBusConnection *connection)
{
  g_return_if_fail(connection != NULL);
  if (!state_get(connection))
    return;
  /* Clearing the functions makes libdbus call remove_watch/remove_timeout
   * for everything, which destroys those sources. */
  dbus_connection_set_dispatch_status_function(connection, NULL, NULL, NULL);
  dbus_connection_set_wakeup_main_function(connection, NULL, NULL, NULL);
  dbus_connection_set_watch_functions(connection, NULL, NULL, NULL, NULL,
                                      NULL);
  dbus_connection_set_timeout_functions(connection, NULL, NULL, NULL, NULL,
                                        NULL);
  /* Replacing the slot's data runs state_free on the old state. */
  dbus_connection_set_data(connection, state_slot, NULL, NULL);
}
