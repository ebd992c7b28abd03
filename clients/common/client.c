/* client.c — the connection to the bus, calls to the daemon, the error
 * mapping and the Manager's methods. */
#include <string.h>

#include "client-private.h"
#include "dbus/mainloop.h"
#include "dbus/names.h"
#include "dbus/variant.h"

G_DEFINE_QUARK(meeple-client-error-quark, meeple_client_error)

/* org.meepled.Meepled1.Error.<Name> -> code. */
static const struct {
  const char *name;
  MeepleClientErrorCode code;
} meepled_errors[] = {
  { MEEPLE_DBUS_ERROR_INVALID_ARGS, MEEPLE_CLIENT_ERROR_INVALID_ARGS },
  { MEEPLE_DBUS_ERROR_INVALID_RULE_SETS, MEEPLE_CLIENT_ERROR_INVALID_RULE_SETS },
  { MEEPLE_DBUS_ERROR_LIMIT_REACHED, MEEPLE_CLIENT_ERROR_LIMIT_REACHED },
  { MEEPLE_DBUS_ERROR_NO_SUCH_GAME, MEEPLE_CLIENT_ERROR_NO_SUCH_GAME },
  { MEEPLE_DBUS_ERROR_GAME_FULL, MEEPLE_CLIENT_ERROR_GAME_FULL },
  { MEEPLE_DBUS_ERROR_SEAT_TAKEN, MEEPLE_CLIENT_ERROR_SEAT_TAKEN },
  { MEEPLE_DBUS_ERROR_ALREADY_STARTED, MEEPLE_CLIENT_ERROR_ALREADY_STARTED },
  { MEEPLE_DBUS_ERROR_BAD_TOKEN, MEEPLE_CLIENT_ERROR_BAD_TOKEN },
  { MEEPLE_DBUS_ERROR_NOT_SEATED, MEEPLE_CLIENT_ERROR_NOT_SEATED },
  { MEEPLE_DBUS_ERROR_NOT_READY, MEEPLE_CLIENT_ERROR_NOT_READY },
  { MEEPLE_DBUS_ERROR_NOT_STARTED, MEEPLE_CLIENT_ERROR_NOT_STARTED },
  { MEEPLE_DBUS_ERROR_GAME_OVER, MEEPLE_CLIENT_ERROR_GAME_OVER },
  { MEEPLE_DBUS_ERROR_NOT_YOUR_TURN, MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN },
  { MEEPLE_DBUS_ERROR_STALE_DECISION, MEEPLE_CLIENT_ERROR_STALE_DECISION },
  { MEEPLE_DBUS_ERROR_ILLEGAL_ACTION, MEEPLE_CLIENT_ERROR_ILLEGAL_ACTION },
  { MEEPLE_DBUS_ERROR_NOT_FINISHED, MEEPLE_CLIENT_ERROR_NOT_FINISHED },
  { MEEPLE_DBUS_ERROR_STORAGE, MEEPLE_CLIENT_ERROR_STORAGE },
  { MEEPLE_DBUS_ERROR_SUSPENDED, MEEPLE_CLIENT_ERROR_SUSPENDED },
  { MEEPLE_DBUS_ERROR_NOT_AUTHORIZED, MEEPLE_CLIENT_ERROR_NOT_AUTHORIZED },
  { MEEPLE_DBUS_ERROR_FAILED, MEEPLE_CLIENT_ERROR_FAILED },
  /* The bus's own name for bad arguments (a malformed message). */
  { DBUS_ERROR_INVALID_ARGS, MEEPLE_CLIENT_ERROR_INVALID_ARGS },
};

/* Bus errors that mean "there is no daemon to talk to", each with what
 * the message says happened (all are MEEPLE_CLIENT_ERROR_NO_DAEMON). */
static const struct {
  const char *name;
  const char *what;
} no_daemon_errors[] = {
  { DBUS_ERROR_SERVICE_UNKNOWN,
    "meepled is not running and could not be started" },
  { DBUS_ERROR_NAME_HAS_NO_OWNER,
    "meepled is not running and could not be started" },
  { DBUS_ERROR_NO_REPLY, "meepled did not answer" },
  { DBUS_ERROR_TIMEOUT, "meepled did not answer" },
  { DBUS_ERROR_TIMED_OUT, "meepled did not answer" },
  { DBUS_ERROR_DISCONNECTED, "the connection to the bus is lost" },
  { DBUS_ERROR_NO_SERVER, "the connection to the bus is lost" },
  { DBUS_ERROR_NO_NETWORK, "the connection to the bus is lost" },
};

void
mcl_set_dbus_error(GError **error, const char *name, const char *message)
{
  if (!message || !*message)
    message = name;
  for (gsize i = 0; i < G_N_ELEMENTS(meepled_errors); i++)
    if (strcmp(name, meepled_errors[i].name) == 0) {
      g_set_error_literal(error, MEEPLE_CLIENT_ERROR, meepled_errors[i].code,
                          message);
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS(no_daemon_errors); i++)
    if (strcmp(name, no_daemon_errors[i].name) == 0) {
      g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                  "%s: %s", no_daemon_errors[i].what, message);
      return;
    }
  /* Every org.freedesktop.DBus.Error.Spawn.* is a failed activation. */
  if (g_str_has_prefix(name, "org.freedesktop.DBus.Error.Spawn.")) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "meepled is not running and could not be started: %s",
                message);
    return;
  }
  g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
              "%s (%s)", message, name);
}

const char *
meeple_client_error_name(const GError *error)
{
  if (!error || error->domain != MEEPLE_CLIENT_ERROR)
    return "Failed";
  switch (error->code) {
  case MEEPLE_CLIENT_ERROR_NO_DAEMON:
    return "NoDaemon";
  case MEEPLE_CLIENT_ERROR_TIMED_OUT:
    return "TimedOut";
  default:
    break;
  }
  /* The first name of the table with this code is the daemon's. */
  for (gsize i = 0; i < G_N_ELEMENTS(meepled_errors); i++)
    if ((int)meepled_errors[i].code == error->code)
      return meepled_errors[i].name + strlen(MEEPLE_DBUS_ERROR_PREFIX);
  return "Failed";
}

MeepleClient *
meeple_client_new(const char *bus_address, GMainContext *context,
                  GError **error)
{
  DBusError derr;
  DBusConnection *connection;

  dbus_error_init(&derr);
  if (bus_address) {
    connection = dbus_connection_open_private(bus_address, &derr);
    if (connection && !dbus_bus_register(connection, &derr)) {
      dbus_connection_close(connection);
      dbus_connection_unref(connection);
      connection = NULL;
    }
  } else {
    connection = dbus_bus_get_private(DBUS_BUS_SESSION, &derr);
  }
  if (!connection) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "cannot connect to the %s bus: %s",
                bus_address ? bus_address : "session",
                derr.message ? derr.message : "unknown error");
    dbus_error_free(&derr);
    return NULL;
  }
  /* A client library must never exit() its host when the bus goes. */
  dbus_connection_set_exit_on_disconnect(connection, FALSE);

  MeepleClient *client = g_new0(MeepleClient, 1);
  client->connection = connection;
  client->context = context ? g_main_context_ref(context)
                            : g_main_context_ref(g_main_context_default());
  client->timeout_ms = 25000;
  client->bus_address = g_strdup(bus_address);
  meeple_dbus_attach(connection, client->context);
  return client;
}

void
meeple_client_free(MeepleClient *client)
{
  if (!client)
    return;
  meeple_dbus_detach(client->connection);
  dbus_connection_close(client->connection);
  dbus_connection_unref(client->connection);
  g_main_context_unref(client->context);
  g_free(client->bus_address);
  g_free(client->store_key);
  g_free(client);
}

DBusConnection *
meeple_client_connection(MeepleClient *client)
{
  return client->connection;
}

GMainContext *
meeple_client_context(MeepleClient *client)
{
  return client->context;
}

void
meeple_client_set_timeout(MeepleClient *client, int timeout_ms)
{
  client->timeout_ms = timeout_ms > 0 ? timeout_ms : 25000;
}

GVariant *
mcl_call(MeepleClient *client, const char *path, const char *iface,
         const char *method, GVariant *args, const char *reply_type,
         GError **error)
{
  DBusMessage *call, *reply;
  DBusError derr;
  GVariant *result;

  if (args)
    g_variant_ref_sink(args);
  call = dbus_message_new_method_call(MEEPLE_DBUS_NAME, path, iface, method);
  if (!call || (args && !meeple_dbus_message_append_args(call, args))) {
    if (call)
      dbus_message_unref(call);
    if (args)
      g_variant_unref(args);
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "cannot build the call %s.%s", iface, method);
    return NULL;
  }
  if (args)
    g_variant_unref(args);

  if (!dbus_connection_get_is_connected(client->connection)) {
    dbus_message_unref(call);
    mcl_set_dbus_error(error, DBUS_ERROR_DISCONNECTED,
                       "the connection to the bus is closed");
    return NULL;
  }

  dbus_error_init(&derr);
  reply = dbus_connection_send_with_reply_and_block(client->connection, call,
                                                    client->timeout_ms, &derr);
  dbus_message_unref(call);
  if (!reply) {
    mcl_set_dbus_error(error, derr.name ? derr.name : DBUS_ERROR_FAILED,
                       derr.message);
    dbus_error_free(&derr);
    return NULL;
  }

  result = meeple_dbus_message_get_args(reply);
  dbus_message_unref(reply);
  if (!result || !g_variant_is_of_type(result, G_VARIANT_TYPE(reply_type))) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "%s.%s replied %s instead of %s", iface, method,
                result ? g_variant_get_type_string(result) : "garbage",
                reply_type);
    if (result)
      g_variant_unref(result);
    return NULL;
  }
  return result;
}

/* ---- the Manager -------------------------------------------------------- */

char *
meeple_client_store_id(MeepleClient *client, GError **error)
{
  GVariant *reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH,
                             DBUS_INTERFACE_PROPERTIES, "Get",
                             g_variant_new("(ss)", MEEPLE_DBUS_MANAGER_IFACE,
                                           "StoreId"),
                             "(v)", error);
  if (!reply)
    return NULL;
  GVariant *value = NULL;
  g_variant_get(reply, "(v)", &value);
  g_variant_unref(reply);
  char *id = NULL;
  /* Only a non-empty string can key anything. */
  if (g_variant_is_of_type(value, G_VARIANT_TYPE_STRING) &&
      *g_variant_get_string(value, NULL))
    id = g_variant_dup_string(value, NULL);
  else
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "the daemon's StoreId is not a non-empty string");
  g_variant_unref(value);
  return id;
}

char *
meeple_client_daemon_name(MeepleClient *client, GError **error)
{
  /* Activation first (a Ping to the daemon), so that the name has an
   * owner to ask about. */
  DBusMessage *ping = dbus_message_new_method_call(
    MEEPLE_DBUS_NAME, MEEPLE_DBUS_MANAGER_PATH, DBUS_INTERFACE_PEER, "Ping");
  DBusError derr;
  dbus_error_init(&derr);
  DBusMessage *reply = ping
    ? dbus_connection_send_with_reply_and_block(client->connection, ping,
                                                client->timeout_ms, &derr)
    : NULL;
  if (ping)
    dbus_message_unref(ping);
  if (reply)
    dbus_message_unref(reply);
  dbus_error_free(&derr);
  dbus_error_init(&derr);
  DBusMessage *call = dbus_message_new_method_call(
    DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "GetNameOwner");
  const char *name = MEEPLE_DBUS_NAME;
  char *owner = NULL;
  if (call && dbus_message_append_args(call, DBUS_TYPE_STRING, &name,
                                       DBUS_TYPE_INVALID) &&
      (reply = dbus_connection_send_with_reply_and_block(
         client->connection, call, client->timeout_ms, &derr))) {
    const char *s = NULL;
    if (dbus_message_get_args(reply, &derr, DBUS_TYPE_STRING, &s,
                              DBUS_TYPE_INVALID))
      owner = g_strdup(s);
    dbus_message_unref(reply);
  }
  if (call)
    dbus_message_unref(call);
  if (!owner)
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "meepled is not running and could not be started%s%s",
                derr.message ? ": " : "", derr.message ? derr.message : "");
  dbus_error_free(&derr);
  return owner;
}

/* Calls the Manager's @method, whose reply is @reply_type (one array),
 * and turns each element into an item with @from_variant: the list, which
 * frees them with @free_item; NULL on error. */
static GPtrArray *
call_list(MeepleClient *client, const char *method, GVariant *args,
          const char *reply_type, gpointer (*from_variant)(GVariant *),
          GDestroyNotify free_item, GVariant **reply_out, GError **error)
{
  GVariant *reply, *list, *child;
  GVariantIter iter;
  GPtrArray *out;

  reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                   method, args, reply_type, error);
  if (!reply)
    return NULL;
  out = g_ptr_array_new_with_free_func(free_item);
  list = g_variant_get_child_value(reply, 0);
  g_variant_iter_init(&iter, list);
  while ((child = g_variant_iter_next_value(&iter))) {
    g_ptr_array_add(out, from_variant(child));
    g_variant_unref(child);
  }
  g_variant_unref(list);
  if (reply_out)
    *reply_out = reply;
  else
    g_variant_unref(reply);
  return out;
}

GPtrArray *
meeple_client_list_rulesets(MeepleClient *client, GError **error)
{
  return call_list(client, "ListRuleSets", NULL, "(a(sssas))",
                   mcl_ruleset_from_variant, mcl_ruleset_free, NULL, error);
}

GPtrArray *
meeple_client_list_rule_set_details(MeepleClient *client, GError **error)
{
  return call_list(client, "ListRuleSetDetails", NULL, "(aa{sv})",
                   mcl_ruleset_details_from_variant, mcl_ruleset_details_free,
                   NULL, error);
}

/* An "as" value from a NULL-terminated list. */
static GVariant *
strv_value(const char *const *strv)
{
  return g_variant_new_strv(strv, -1);
}

char *
meeple_client_create_game(MeepleClient *client,
                          const MeepleClientGameOptions *options,
                          GError **error)
{
  static const MeepleClientGameOptions defaults;
  GVariantBuilder opts;
  GVariant *reply;
  char *id;

  if (!options)
    options = &defaults;
  g_variant_builder_init(&opts, G_VARIANT_TYPE_VARDICT);
  if (options->rules)
    g_variant_builder_add(&opts, "{sv}", "rules", strv_value(options->rules));
  if (options->seats)
    g_variant_builder_add(&opts, "{sv}", "seats",
                          g_variant_new_uint32(options->seats));
  if (options->has_seed)
    g_variant_builder_add(&opts, "{sv}", "seed",
                          g_variant_new_uint64(options->seed));
  if (options->tiles)
    g_variant_builder_add(&opts, "{sv}", "tiles", strv_value(options->tiles));
  if (options->seat_kinds)
    g_variant_builder_add(&opts, "{sv}", "seat-kinds",
                          strv_value(options->seat_kinds));
  if (options->no_farmers)
    g_variant_builder_add(&opts, "{sv}", "farmers",
                          g_variant_new_boolean(FALSE));
  if (options->name)
    g_variant_builder_add(&opts, "{sv}", "name",
                          g_variant_new_string(options->name));

  reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                   "CreateGame", g_variant_new("(a{sv})", &opts), "(os)",
                   error);
  if (!reply)
    return NULL;
  g_variant_get(reply, "(&os)", NULL, &id);
  g_variant_unref(reply);
  return id;
}

GPtrArray *
meeple_client_list_games(MeepleClient *client, GError **error)
{
  return call_list(client, "ListGames", NULL, "(a(soa{sv}))",
                   mcl_summary_from_variant, mcl_summary_free, NULL, error);
}

/* ---- the history ---------------------------------------------------------- */

GPtrArray *
meeple_client_list_history(MeepleClient *client, guint offset, guint limit,
                           guint *total, GError **error)
{
  GVariant *reply = NULL;
  GPtrArray *games = call_list(client, "ListHistory",
                               g_variant_new("(uu)", offset, limit),
                               "(a(ssa{sv})u)",
                               mcl_history_entry_from_variant,
                               mcl_history_entry_free, &reply, error);
  if (games && total)
    g_variant_get_child(reply, 1, "u", total);
  if (reply)
    g_variant_unref(reply);
  return games;
}

char *
meeple_client_get_record(MeepleClient *client, const char *id, GError **error)
{
  GVariant *reply;
  char *record;

  reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                   "GetRecord", g_variant_new("(s)", id), "(s)", error);
  if (!reply)
    return NULL;
  g_variant_get(reply, "(s)", &record);
  g_variant_unref(reply);
  return record;
}

gboolean
meeple_client_import_game(MeepleClient *client, const char *record,
                          gssize length, const char *name, char **id_out,
                          GError **error)
{
  GVariantBuilder opts;
  GVariant *reply;
  const char *bad;

  /* A D-Bus string is UTF-8 without NUL bytes: say where it is not
   * rather than send it (or cut it short). */
  if (!g_utf8_validate_len(record, length < 0 ? strlen(record) : (gsize)length,
                           &bad)) {
    int line = 1, column = 1;
    for (const char *p = record; p < bad; p = g_utf8_next_char(p)) {
      if (*p == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_INVALID_ARGS,
                "record:%d:%d: %s (a record is plain text)", line, column,
                *bad ? "invalid UTF-8" : "a NUL byte");
    return FALSE;
  }
  if (name && !g_utf8_validate(name, -1, NULL)) {
    g_set_error_literal(error, MEEPLE_CLIENT_ERROR,
                        MEEPLE_CLIENT_ERROR_INVALID_ARGS,
                        "the game name is not valid UTF-8");
    return FALSE;
  }
  g_variant_builder_init(&opts, G_VARIANT_TYPE_VARDICT);
  if (name && *name)
    g_variant_builder_add(&opts, "{sv}", "name", g_variant_new_string(name));
  reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                   "ImportGame", g_variant_new("(sa{sv})", record, &opts),
                   "(os)", error);
  if (!reply)
    return FALSE;
  if (id_out)
    g_variant_get(reply, "(&os)", NULL, id_out);
  g_variant_unref(reply);
  return TRUE;
}
