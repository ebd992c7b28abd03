/* games-watch.c — the daemon's signals about its games (see
 * games-watch.h).
 *
 * The match rules name the daemon's well-known name as sender, so the
 * bus routes only its signals here.  A peer could still send a signal to
 * this connection directly; all it could cause is one more ListGames,
 * so signals are not checked further: they are a hint to read the list
 * again, never its content. */
#include "config.h"

#include <string.h>

#include "games-watch.h"

#define DAEMON "org.meepled.Meepled1"
#define MANAGER_IFACE "org.meepled.Meepled1.Manager"
#define GAME_IFACE "org.meepled.Meepled1.Game"
#define GAMES_PATH "/org/meepled/Meepled1/game"
#define GATHER_MS 100

static const char *const rules[] = {
  "type='signal',sender='" DAEMON "',interface='" MANAGER_IFACE "'",
  "type='signal',sender='" DAEMON "',"
  "interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
  "path_namespace='" GAMES_PATH "',arg0='" GAME_IFACE "'",
  "type='signal',sender='org.freedesktop.DBus',"
  "interface='org.freedesktop.DBus',member='NameOwnerChanged',"
  "arg0='" DAEMON "'",
};

struct MgGamesWatch {
  MgConn *conn;
  DBusConnection *watched; /* a reference of ours, or NULL */
  void (*changed)(gpointer);
  gpointer data;
  guint pending;
};

static gboolean
fire(gpointer data)
{
  MgGamesWatch *w = data;
  w->pending = 0;
  w->changed(w->data);
  return G_SOURCE_REMOVE;
}

static void
schedule(MgGamesWatch *w)
{
  if (!w->pending)
    w->pending = g_timeout_add(GATHER_MS, fire, w);
}

/* Whether a PropertiesChanged names a property the lobby shows (the
 * moves' Turn, ActiveSeat, TilesLeft and Scores do not change it). */
static gboolean
shown_property_changed(DBusMessage *message)
{
  DBusMessageIter it, dict;
  if (!dbus_message_iter_init(message, &it) ||
      !dbus_message_iter_next(&it) ||
      dbus_message_iter_get_arg_type(&it) != DBUS_TYPE_ARRAY)
    return FALSE;
  dbus_message_iter_recurse(&it, &dict);
  while (dbus_message_iter_get_arg_type(&dict) == DBUS_TYPE_DICT_ENTRY) {
    DBusMessageIter entry;
    const char *name = NULL;
    dbus_message_iter_recurse(&dict, &entry);
    if (dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_STRING)
      dbus_message_iter_get_basic(&entry, &name);
    if (name && (strcmp(name, "Status") == 0 || strcmp(name, "Seats") == 0 ||
                 strcmp(name, "Name") == 0))
      return TRUE;
    dbus_message_iter_next(&dict);
  }
  return FALSE;
}

static DBusHandlerResult
filter(DBusConnection *connection, DBusMessage *message, void *data)
{
  (void)connection;
  MgGamesWatch *w = data;
  if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (dbus_message_is_signal(message, MANAGER_IFACE, "GameCreated") ||
      dbus_message_is_signal(message, MANAGER_IFACE, "GameRemoved") ||
      (dbus_message_is_signal(message, "org.freedesktop.DBus.Properties",
                              "PropertiesChanged") &&
       g_str_has_prefix(dbus_message_get_path(message) ?
                        dbus_message_get_path(message) : "",
                        GAMES_PATH "/") &&
       shown_property_changed(message)))
    schedule(w);
  else if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL,
                                  "Disconnected"))
    schedule(w); /* the bus is gone: the lobby falls back to retrying */
  else if (dbus_message_is_signal(message, "org.freedesktop.DBus",
                                  "NameOwnerChanged")) {
    const char *name = NULL;
    DBusMessageIter it;
    if (dbus_message_iter_init(message, &it) &&
        dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_STRING)
      dbus_message_iter_get_basic(&it, &name);
    if (g_strcmp0(name, DAEMON) == 0)
      schedule(w);
  }
  /* The client library's own filters (its games) may want it too. */
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static void
detach(MgGamesWatch *w)
{
  if (!w->watched)
    return;
  /* Our reference keeps the object alive after the client closed it;
   * its match rules went with its bus connection. */
  if (dbus_connection_get_is_connected(w->watched))
    for (gsize i = 0; i < G_N_ELEMENTS(rules); i++)
      dbus_bus_remove_match(w->watched, rules[i], NULL);
  dbus_connection_remove_filter(w->watched, filter, w);
  dbus_connection_unref(w->watched);
  w->watched = NULL;
}

MgGamesWatch *
mg_games_watch_new(MgConn *conn, void (*changed)(gpointer), gpointer data)
{
  MgGamesWatch *w = g_new0(MgGamesWatch, 1);
  w->conn = conn;
  w->changed = changed;
  w->data = data;
  return w;
}

void
mg_games_watch_free(MgGamesWatch *w)
{
  if (!w)
    return;
  detach(w);
  if (w->pending)
    g_source_remove(w->pending);
  g_free(w);
}

gboolean
mg_games_watch_attach(MgGamesWatch *w)
{
  DBusConnection *c = w->conn->client
      ? meeple_client_connection(w->conn->client) : NULL;
  if (c && c == w->watched && dbus_connection_get_is_connected(c))
    return TRUE;
  detach(w);
  if (!c || !dbus_connection_get_is_connected(c))
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS(rules); i++) {
    DBusError derr;
    dbus_error_init(&derr);
    dbus_bus_add_match(c, rules[i], &derr);
    if (dbus_error_is_set(&derr)) {
      g_warning("cannot follow the daemon's games (%s): %s", rules[i],
                derr.message);
      dbus_error_free(&derr);
      for (gsize j = 0; j < i; j++)
        dbus_bus_remove_match(c, rules[j], NULL);
      return FALSE;
    }
  }
  if (!dbus_connection_add_filter(c, filter, w, NULL))
    return FALSE;
  w->watched = dbus_connection_ref(c);
  return TRUE;
}
