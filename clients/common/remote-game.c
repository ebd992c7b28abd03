/* remote-game.c — the mirror of one game: catalog, state and event log,
 * kept current from the daemon's signals; seats (join, reclaim, leave),
 * start and export.
 *
 * Signals are matched by the game's object path and handled by a
 * connection filter.  The event log is the one piece kept incrementally;
 * the state is only marked dirty and fetched again when asked for, so a
 * burst of signals costs one GetState. */
#include <string.h>

#include "client-private.h"
#include "dbus/names.h"
#include "dbus/variant.h"

#define EVENTS_TYPE "a" MEEPLE_DBUS_EVENT_SIG

static void
append_events(MeepleRemoteGame *game, GVariant *list, gboolean fill_gaps,
              GPtrArray *added);

/* GetEvents(since) appended to the log. */
static gboolean
fetch_events(MeepleRemoteGame *game, guint64 since, GPtrArray *added,
             GError **error)
{
  GVariant *reply, *list;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "GetEvents", g_variant_new("(t)", since),
                   "(" EVENTS_TYPE ")", error);
  if (!reply)
    return FALSE;
  list = g_variant_get_child_value(reply, 0);
  append_events(game, list, FALSE, added);
  g_variant_unref(list);
  g_variant_unref(reply);
  return TRUE;
}

static void
append_events(MeepleRemoteGame *game, GVariant *list, gboolean fill_gaps,
              GPtrArray *added)
{
  GVariantIter iter;
  GVariant *child;

  g_variant_iter_init(&iter, list);
  while ((child = g_variant_iter_next_value(&iter))) {
    guint64 sequence;

    g_variant_get_child(child, 0, "t", &sequence);
    /* Signals and GetEvents overlap: keep each sequence number once. */
    if (sequence <= game->last_sequence) {
      g_variant_unref(child);
      continue;
    }
    if (fill_gaps && sequence != game->last_sequence + 1) {
      /* Events were missed (a signal sent before our match rule, or
       * dropped): the daemon's log fills the hole and brings everything
       * up to now, so the rest of @list is then old news.  If the call
       * fails, drop the rest too, so the log never has a hole: the next
       * signal (or the catch-up at the end) tries again. */
      fill_gaps = FALSE;
      if (!fetch_events(game, game->last_sequence, added, NULL)) {
        g_variant_unref(child);
        break;
      }
      if (sequence <= game->last_sequence) {
        g_variant_unref(child);
        continue;
      }
    }
    MeepleClientEvent *e = mcl_event_from_variant(child);
    g_variant_unref(child);
    game->last_sequence = e->sequence;
    if (strcmp(e->type, "game-over") == 0) {
      game->over = TRUE;
      game->pending_known = FALSE;
    }
    g_ptr_array_add(game->events, e);
    if (added)
      g_ptr_array_add(added, e);
  }
}

/* ---- signals ------------------------------------------------------------ */

static void
notify_changed(MeepleRemoteGame *game)
{
  if (game->callbacks.changed)
    game->callbacks.changed(game, game->callback_data);
}

/* Tells the callbacks about events just added to the log. */
static void
notify_events(MeepleRemoteGame *game, GPtrArray *added)
{
  if (added->len == 0)
    return;
  game->state_dirty = TRUE;
  if (game->callbacks.events)
    game->callbacks.events(game, added, game->callback_data);
  notify_changed(game);
}

void
mcl_game_catch_up(MeepleRemoteGame *game)
{
  GPtrArray *added;

  if (!game->over || game->log_final)
    return;
  added = g_ptr_array_new();
  /* On failure the signals still bring the rest; try again next time. */
  if (fetch_events(game, game->last_sequence, added, NULL))
    game->log_final = TRUE;
  notify_events(game, added);
  g_ptr_array_unref(added);
}

void
meeple_remote_game_catch_up(MeepleRemoteGame *game)
{
  g_return_if_fail(game);
  mcl_game_catch_up(game);
}

static void
on_events(MeepleRemoteGame *game, DBusMessage *message)
{
  GVariant *args = meeple_dbus_message_get_args(message);
  GPtrArray *added;

  if (!args || !g_variant_is_of_type(args, G_VARIANT_TYPE("(" EVENTS_TYPE ")"))) {
    if (args)
      g_variant_unref(args);
    return;
  }
  added = g_ptr_array_new();
  GVariant *list = g_variant_get_child_value(args, 0);
  append_events(game, list, TRUE, added);
  g_variant_unref(list);
  g_variant_unref(args);
  notify_events(game, added);
  g_ptr_array_unref(added);
}

static void
on_decision_required(MeepleRemoteGame *game, DBusMessage *message)
{
  GVariant *args = meeple_dbus_message_get_args(message);
  guint64 id;
  guint32 seat;
  const char *kind;

  if (!args || !g_variant_is_of_type(args, G_VARIANT_TYPE("(tus)"))) {
    if (args)
      g_variant_unref(args);
    return;
  }
  g_variant_get(args, "(tu&s)", &id, &seat, &kind);
  /* The header we already have (from GetDecision) — nothing new.  Ids
   * grow with every action, so a smaller one is old news: the signal of
   * an earlier act of ours, read while we waited for the reply of a
   * later one (which brought the newer decision). */
  if (!(game->pending_known && game->pending_id >= id)) {
    game->pending_known = TRUE;
    game->pending_id = id;
    game->pending_seat = seat;
    g_free(game->pending_kind);
    game->pending_kind = g_strdup(kind);
    game->probe = FALSE;
    game->state_dirty = TRUE;
    if (game->callbacks.decision)
      game->callbacks.decision(game, id, seat, kind, game->callback_data);
  }
  g_variant_unref(args);
}

static void
on_properties_changed(MeepleRemoteGame *game, DBusMessage *message)
{
  GVariant *args = meeple_dbus_message_get_args(message);
  const char *iface, *status;
  GVariant *changed;

  if (!args || !g_variant_is_of_type(args, G_VARIANT_TYPE("(sa{sv}as)"))) {
    if (args)
      g_variant_unref(args);
    return;
  }
  g_variant_get(args, "(&s@a{sv}@as)", &iface, &changed, NULL);
  if (strcmp(iface, MEEPLE_DBUS_GAME_IFACE) == 0) {
    if (g_variant_lookup(changed, "Status", "&s", &status) &&
        strcmp(status, "over") == 0) {
      game->over = TRUE;
      game->pending_known = FALSE;
    }
    game->state_dirty = TRUE;
    notify_changed(game);
  }
  g_variant_unref(changed);
  g_variant_unref(args);
}

/* Records why the daemon can no longer be reached and says so. */
static void
set_gone(MeepleRemoteGame *game, const char *why)
{
  g_free(game->gone);
  game->gone = g_strdup(why);
  if (game->callbacks.gone)
    game->callbacks.gone(game, why, game->callback_data);
}

static void
on_name_owner_changed(MeepleRemoteGame *game, DBusMessage *message)
{
  const char *name, *old_owner, *new_owner;

  if (!dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &name,
                             DBUS_TYPE_STRING, &old_owner, DBUS_TYPE_STRING,
                             &new_owner, DBUS_TYPE_INVALID) ||
      strcmp(name, MEEPLE_DBUS_NAME) != 0)
    return;
  g_clear_pointer(&game->daemon_owner, g_free);
  if (*new_owner) {
    game->daemon_owner = g_strdup(new_owner);
    g_clear_pointer(&game->gone, g_free);
  }
  /* Whatever comes next (nothing, or a new daemon), the mirror must ask. */
  game->pending_known = FALSE;
  game->probe = TRUE;
  game->state_dirty = TRUE;
  if (!*new_owner)
    set_gone(game, "meepled left the bus");
}

/* Manager.GameRemoved(id, path, reason): the bus match names our id,
 * but any signal reaches the filter, so the id is checked again. */
static void
on_game_removed(MeepleRemoteGame *game, DBusMessage *message)
{
  const char *id, *path, *reason;

  if (game->removed ||
      !dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &id,
                             DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING,
                             &reason, DBUS_TYPE_INVALID) ||
      strcmp(id, game->id) != 0)
    return;
  game->removed = g_strdup(reason);
  /* A finished game leaving after --keep-finished is over already: its
   * mirror has everything, so nothing is lost and nobody is told. */
  if (strcmp(reason, "finished") == 0 && game->over)
    return;
  g_autofree char *why =
      strcmp(reason, "deleted") == 0
          ? g_strdup_printf("game %s was deleted", game->id)
      : strcmp(reason, "expired") == 0
          ? g_strdup_printf("game %s expired: it waited for players longer "
                            "than the daemon keeps waiting games", game->id)
          : g_strdup_printf("game %s left the daemon (%s)", game->id,
                            reason);
  set_gone(game, why);
}

static DBusHandlerResult
filter(DBusConnection *connection, DBusMessage *message, void *data)
{
  MeepleRemoteGame *game = data;
  const char *sender = dbus_message_get_sender(message);

  (void)connection;
  if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_SIGNAL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;

  if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected")) {
    set_gone(game, "the connection to the bus was lost");
  } else if (dbus_message_is_signal(message, DBUS_INTERFACE_DBUS,
                                    "NameOwnerChanged")) {
    /* Only the bus itself knows who owns a name. */
    if (g_strcmp0(sender, DBUS_SERVICE_DBUS) == 0)
      on_name_owner_changed(game, message);
  } else if (dbus_message_is_signal(message, MEEPLE_DBUS_MANAGER_IFACE,
                                    "GameRemoved")) {
    if (game->daemon_owner && g_strcmp0(sender, game->daemon_owner) == 0)
      on_game_removed(game, message);
  } else if (g_strcmp0(dbus_message_get_path(message), game->path) != 0 ||
             !game->daemon_owner ||
             g_strcmp0(sender, game->daemon_owner) != 0) {
    /* another object's signal, or not the daemon's: ignored */
  } else if (dbus_message_is_signal(message, MEEPLE_DBUS_GAME_IFACE,
                                    "Events")) {
    on_events(game, message);
  } else if (dbus_message_is_signal(message, MEEPLE_DBUS_GAME_IFACE,
                                    "DecisionRequired")) {
    on_decision_required(game, message);
  } else if (dbus_message_is_signal(message, DBUS_INTERFACE_PROPERTIES,
                                    "PropertiesChanged")) {
    on_properties_changed(game, message);
  }
  /* Other games' filters (same connection) may want it too. */
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

/* Asks the bus who owns the daemon's name now (after GetGame it is
 * running). */
static gboolean
fetch_owner(MeepleRemoteGame *game, GError **error)
{
  DBusError derr = DBUS_ERROR_INIT;
  const char *name = MEEPLE_DBUS_NAME, *owner = NULL;
  DBusMessage *call = dbus_message_new_method_call(
      DBUS_SERVICE_DBUS, DBUS_PATH_DBUS, DBUS_INTERFACE_DBUS, "GetNameOwner");
  if (!call || !dbus_message_append_args(call, DBUS_TYPE_STRING, &name,
                                         DBUS_TYPE_INVALID)) {
    if (call)
      dbus_message_unref(call);
    g_set_error_literal(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                        "out of memory");
    return FALSE;
  }
  DBusMessage *reply = dbus_connection_send_with_reply_and_block(
      game->client->connection, call, game->client->timeout_ms, &derr);
  dbus_message_unref(call);
  if (reply && dbus_message_get_args(reply, &derr, DBUS_TYPE_STRING, &owner,
                                     DBUS_TYPE_INVALID)) {
    g_free(game->daemon_owner);
    game->daemon_owner = g_strdup(owner);
  }
  if (reply)
    dbus_message_unref(reply);
  if (dbus_error_is_set(&derr)) {
    mcl_set_dbus_error(error, derr.name, derr.message);
    dbus_error_free(&derr);
    return FALSE;
  }
  return TRUE;
}

/* ---- open / free -------------------------------------------------------- */

static gboolean
add_match(MeepleRemoteGame *game, const char *rule, GError **error)
{
  DBusError derr;

  dbus_error_init(&derr);
  dbus_bus_add_match(game->client->connection, rule, &derr);
  if (dbus_error_is_set(&derr)) {
    mcl_set_dbus_error(error, derr.name, derr.message);
    dbus_error_free(&derr);
    return FALSE;
  }
  return TRUE;
}

static gboolean
fetch_catalog(MeepleRemoteGame *game, GError **error)
{
  GVariant *reply, *dict;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "GetCatalog", NULL, "(a{sv})", error);
  if (!reply)
    return FALSE;
  dict = g_variant_get_child_value(reply, 0);
  game->catalog = mcl_catalog_from_variant(dict);
  g_variant_unref(dict);
  g_variant_unref(reply);
  return TRUE;
}

static gboolean
fetch_state(MeepleRemoteGame *game, GError **error)
{
  GVariant *reply, *dict;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "GetState", NULL, "(a{sv})", error);
  if (!reply)
    return FALSE;
  dict = g_variant_get_child_value(reply, 0);
  mcl_state_free(game->state);
  game->state = mcl_state_from_variant(dict);
  game->state_dirty = FALSE;
  if (strcmp(game->state->status, "over") == 0) {
    game->over = TRUE;
    game->pending_known = FALSE;
  }
  g_variant_unref(dict);
  g_variant_unref(reply);
  return TRUE;
}

MeepleRemoteGame *
meeple_remote_game_open(MeepleClient *client, const char *id, GError **error)
{
  MeepleRemoteGame *game;
  GVariant *reply;

  g_return_val_if_fail(client != NULL && id != NULL, NULL);
  reply = mcl_call(client, MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE,
                   "GetGame", g_variant_new("(s)", id), "(o)", error);
  if (!reply)
    return NULL;

  game = g_new0(MeepleRemoteGame, 1);
  game->client = client;
  game->id = g_strdup(id);
  g_variant_get(reply, "(o)", &game->path);
  g_variant_unref(reply);
  game->events = g_ptr_array_new_with_free_func(meeple_client_event_free);
  game->probe = TRUE;

  /* Subscribe first, fetch second: whatever happens in between arrives
   * as a signal and is merged by sequence number. */
  game->match_rule = g_strdup_printf("type='signal',sender='%s',path='%s'",
                                     MEEPLE_DBUS_NAME, game->path);
  game->owner_rule = g_strdup_printf(
      "type='signal',sender='%s',interface='%s',member='NameOwnerChanged',"
      "arg0='%s'", DBUS_SERVICE_DBUS, DBUS_INTERFACE_DBUS, MEEPLE_DBUS_NAME);
  if (!add_match(game, game->match_rule, error)) {
    g_clear_pointer(&game->match_rule, g_free);
    goto fail;
  }
  if (!add_match(game, game->owner_rule, error)) {
    g_clear_pointer(&game->owner_rule, g_free);
    goto fail;
  }
  game->removed_rule = g_strdup_printf(
      "type='signal',sender='%s',path='%s',interface='%s',"
      "member='GameRemoved',arg0='%s'", MEEPLE_DBUS_NAME,
      MEEPLE_DBUS_MANAGER_PATH, MEEPLE_DBUS_MANAGER_IFACE, id);
  if (!add_match(game, game->removed_rule, error)) {
    g_clear_pointer(&game->removed_rule, g_free);
    goto fail;
  }
  if (!dbus_connection_add_filter(client->connection, filter, game, NULL)) {
    g_set_error_literal(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                        "out of memory");
    goto fail;
  }
  game->filter_added = TRUE;

  if (!fetch_owner(game, error) || !fetch_catalog(game, error) || !fetch_events(game, 0, NULL, error) ||
      !fetch_state(game, error))
    goto fail;
  return game;

fail:
  meeple_remote_game_free(game);
  return NULL;
}

void
meeple_remote_game_free(MeepleRemoteGame *game)
{
  DBusConnection *connection;

  if (!game)
    return;
  connection = game->client->connection;
  if (game->filter_added)
    dbus_connection_remove_filter(connection, filter, game);
  /* Without an error argument these do not wait for the bus's reply. */
  if (game->match_rule)
    dbus_bus_remove_match(connection, game->match_rule, NULL);
  if (game->owner_rule)
    dbus_bus_remove_match(connection, game->owner_rule, NULL);
  if (game->removed_rule)
    dbus_bus_remove_match(connection, game->removed_rule, NULL);
  g_free(game->removed_rule);
  g_free(game->removed);
  g_free(game->match_rule);
  g_free(game->owner_rule);
  g_free(game->id);
  g_free(game->path);
  mcl_catalog_free(game->catalog);
  mcl_state_free(game->state);
  g_ptr_array_unref(game->events);
  g_free(game->gone);
  g_free(game->daemon_owner);
  g_free(game->pending_kind);
  mcl_decision_free(game->decision);
  mcl_decision_free(game->prefetched);
  g_free(game);
}

const char *
meeple_remote_game_id(MeepleRemoteGame *game)
{
  return game->id;
}

const char *
meeple_remote_game_path(MeepleRemoteGame *game)
{
  return game->path;
}

MeepleClient *
meeple_remote_game_client(MeepleRemoteGame *game)
{
  return game->client;
}

const MeepleClientCatalog *
meeple_remote_game_catalog(MeepleRemoteGame *game)
{
  return game->catalog;
}

const MeepleClientState *
meeple_remote_game_state(MeepleRemoteGame *game, GError **error)
{
  if ((game->state_dirty || !game->state) && !fetch_state(game, error))
    return NULL;
  return game->state;
}

GPtrArray *
meeple_remote_game_events(MeepleRemoteGame *game)
{
  return game->events;
}

gboolean
meeple_remote_game_is_over(MeepleRemoteGame *game)
{
  return game->over;
}

const char *
meeple_remote_game_removed(MeepleRemoteGame *game)
{
  return game->removed;
}

void
meeple_remote_game_set_callbacks(MeepleRemoteGame *game,
                                 const MeepleRemoteGameCallbacks *callbacks,
                                 gpointer data)
{
  if (callbacks)
    game->callbacks = *callbacks;
  else
    memset(&game->callbacks, 0, sizeof game->callbacks);
  game->callback_data = data;
}

/* ---- seats ------------------------------------------------------------- */

gboolean
meeple_remote_game_holds(MeepleRemoteGame *game, guint seat)
{
  return seat < 32 && (game->held & (1u << seat)) != 0;
}

static void
hold(MeepleRemoteGame *game, guint seat)
{
  if (seat < 32)
    game->held |= 1u << seat;
  game->probe = TRUE;
  game->state_dirty = TRUE;
}

gboolean
meeple_remote_game_join(MeepleRemoteGame *game, const char *name, int seat,
                        const char *kind, guint *seat_out, char **token_out,
                        GError **error)
{
  GVariantBuilder opts;
  GVariant *reply;
  guint32 taken;
  char *token;

  g_variant_builder_init(&opts, G_VARIANT_TYPE_VARDICT);
  if (name)
    g_variant_builder_add(&opts, "{sv}", "name", g_variant_new_string(name));
  if (seat >= 0)
    g_variant_builder_add(&opts, "{sv}", "seat",
                          g_variant_new_uint32((guint32)seat));
  if (kind)
    g_variant_builder_add(&opts, "{sv}", "kind", g_variant_new_string(kind));
  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE, "Join",
                   g_variant_new("(a{sv})", &opts), "(us)", error);
  if (!reply)
    return FALSE;
  g_variant_get(reply, "(us)", &taken, &token);
  g_variant_unref(reply);
  hold(game, taken);
  if (seat_out)
    *seat_out = taken;
  if (token_out)
    *token_out = token;
  else
    g_free(token);
  return TRUE;
}

gboolean
meeple_remote_game_reclaim(MeepleRemoteGame *game, const char *token,
                           guint *seat_out, GError **error)
{
  GVariant *reply;
  guint32 seat;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE, "Reclaim",
                   g_variant_new("(s)", token ? token : ""), "(u)", error);
  if (!reply)
    return FALSE;
  g_variant_get(reply, "(u)", &seat);
  g_variant_unref(reply);
  hold(game, seat);
  if (seat_out)
    *seat_out = seat;
  return TRUE;
}

gboolean
meeple_remote_game_leave(MeepleRemoteGame *game, guint seat, GError **error)
{
  GVariant *reply;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE, "Leave",
                   g_variant_new("(u)", seat), "()", error);
  if (!reply)
    return FALSE;
  g_variant_unref(reply);
  if (seat < 32)
    game->held &= ~(1u << seat);
  game->state_dirty = TRUE;
  return TRUE;
}

gboolean
meeple_remote_game_start(MeepleRemoteGame *game, GError **error)
{
  GVariant *reply;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE, "Start",
                   NULL, "()", error);
  if (!reply)
    return FALSE;
  g_variant_unref(reply);
  game->probe = TRUE;
  game->state_dirty = TRUE;
  return TRUE;
}

gboolean
meeple_remote_game_delete(MeepleRemoteGame *game, gboolean *deleted,
                          GError **error)
{
  GVariant *reply;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE, "Delete",
                   NULL, "(b)", error);
  if (!reply)
    return FALSE;
  g_variant_get(reply, "(b)", deleted);
  g_variant_unref(reply);
  return TRUE;
}

char *
meeple_remote_game_export(MeepleRemoteGame *game, GError **error)
{
  GVariant *reply;
  char *record;

  reply = mcl_call(game->client, game->path, MEEPLE_DBUS_GAME_IFACE,
                   "ExportRecord", NULL, "(s)", error);
  if (!reply)
    return NULL;
  g_variant_get(reply, "(s)", &record);
  g_variant_unref(reply);
  return record;
}
