/* remote.c — the public view of a game played through meepled
 * (remote.h). */
#include "config.h"

#include <string.h>

#include "paths.h"
#include "remote.h"

#define BUS_NAME "org.meepled.Meepled1"
#define GAME_IFACE "org.meepled.Meepled1.Game"

struct MeepleBotRemote {
  MeepleRemoteGame *game;
  MeepleRules *rules;
  MeepleBotView *view;
  guint fed_events;
  /* GetState does not say whether farmers play; a game without them is
   * recognised when the rebuilt game offers actions the daemon does not
   * (a follower in a field), and rebuilt the other way. */
  gboolean no_farmers;
};

MeepleRules *
meeple_bot_load_rules(char **ids, GError **error)
{
  MeepleLoader *loader = meeple_loader_new();
  char **dirs = paths_plugin_dirs(NULL);
  for (guint i = 0; dirs && dirs[i]; i++)
    meeple_loader_add_plugin_dir(loader, dirs[i]);
  g_strfreev(dirs);
  char *tiles = paths_tiles_dir(NULL);
  meeple_loader_add_tiles_dir(loader, tiles);
  g_free(tiles);
  MeepleRules *rules = NULL;
  if (meeple_loader_load(loader, error))
    rules = meeple_loader_build_rules(loader, (const char *const *)ids,
                                      error);
  /* The rules keep what they need of the loader. */
  meeple_loader_unref(loader);
  return rules;
}

MeepleBotRemote *
meeple_bot_remote_new(MeepleRemoteGame *game, GError **error)
{
  const MeepleClientState *state = meeple_remote_game_state(game, error);
  if (!state)
    return NULL;
  MeepleRules *rules = meeple_bot_load_rules(state->rules, error);
  if (!rules)
    return NULL;
  MeepleBotRemote *r = g_new0(MeepleBotRemote, 1);
  r->game = game;
  r->rules = rules;
  r->view = meeple_bot_view_new(rules, state->seats->len, FALSE);
  return r;
}

void
meeple_bot_remote_free(MeepleBotRemote *remote)
{
  if (!remote)
    return;
  meeple_bot_view_free(remote->view);
  meeple_rules_unref(remote->rules);
  g_free(remote);
}

const MeepleBotView *
meeple_bot_remote_view(MeepleBotRemote *remote)
{
  return remote->view;
}

/* GetActions(@since): seats into @seats, notations into @texts. */
static gboolean
get_actions(MeepleBotRemote *r, guint32 since, GArray *seats,
            GPtrArray *texts, GError **error)
{
  DBusConnection *c =
    meeple_client_connection(meeple_remote_game_client(r->game));
  DBusMessage *m = dbus_message_new_method_call(
    BUS_NAME, meeple_remote_game_path(r->game), GAME_IFACE, "GetActions");
  if (!m || !dbus_message_append_args(m, DBUS_TYPE_UINT32, &since,
                                      DBUS_TYPE_INVALID)) {
    if (m)
      dbus_message_unref(m);
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "out of memory");
    return FALSE;
  }
  DBusError e;
  dbus_error_init(&e);
  DBusMessage *reply = dbus_connection_send_with_reply_and_block(
    c, m, DBUS_TIMEOUT_USE_DEFAULT, &e);
  dbus_message_unref(m);
  if (!reply) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "GetActions: %s", e.message ? e.message : "no reply");
    dbus_error_free(&e);
    return FALSE;
  }
  gboolean ok = g_strcmp0(dbus_message_get_signature(reply), "a(us)") == 0;
  DBusMessageIter top, array, item;
  if (ok) {
    dbus_message_iter_init(reply, &top);
    dbus_message_iter_recurse(&top, &array);
    while (dbus_message_iter_get_arg_type(&array) == DBUS_TYPE_STRUCT) {
      dbus_uint32_t seat;
      const char *text;
      dbus_message_iter_recurse(&array, &item);
      dbus_message_iter_get_basic(&item, &seat);
      dbus_message_iter_next(&item);
      dbus_message_iter_get_basic(&item, &text);
      guint s = seat;
      g_array_append_val(seats, s);
      g_ptr_array_add(texts, g_strdup(text));
      dbus_message_iter_next(&array);
    }
  } else {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_FAILED,
                "GetActions answered '%s', not a(us): the daemon is older "
                "than this bot", dbus_message_get_signature(reply));
  }
  dbus_message_unref(reply);
  return ok;
}

/* The events of the mirror's log the view has not seen: the draws, the
 * set-aside tiles and the shuffle-backs (view.h). */
static void
feed_events(MeepleBotRemote *r)
{
  GPtrArray *log = meeple_remote_game_events(r->game);
  for (; log && r->fed_events < log->len; r->fed_events++) {
    const MeepleClientEvent *ce = g_ptr_array_index(log, r->fed_events);
    MeepleEvent e = { 0 };
    if (strcmp(ce->type, meeple_event_type_name(MEEPLE_EVENT_TILE_DRAWN)) ==
        0)
      e.type = MEEPLE_EVENT_TILE_DRAWN;
    else if (strcmp(ce->type,
                    meeple_event_type_name(MEEPLE_EVENT_TILE_SET_ASIDE)) == 0)
      e.type = MEEPLE_EVENT_TILE_SET_ASIDE;
    else if (strcmp(ce->type,
                    meeple_event_type_name(MEEPLE_EVENT_TILES_RETURNED)) == 0)
      e.type = MEEPLE_EVENT_TILES_RETURNED;
    else
      continue;
    if (ce->tile) {
      int t = meeple_rules_find_tile_type(r->rules, ce->tile);
      e.tile = t < 0 ? G_MAXUINT16 : (uint16_t)t;
    }
    meeple_bot_view_add_events(r->view, &e, 1);
  }
}

static MeepleAction *
update_once(MeepleBotRemote *r, const MeepleClientDecision *d,
            GError **error)
{
  GArray *seats = g_array_new(FALSE, FALSE, sizeof(guint));
  GPtrArray *texts = g_ptr_array_new_with_free_func(g_free);
  MeepleAction *actions = NULL;
  if (get_actions(r, meeple_bot_view_n_actions(r->view), seats, texts,
                  error)) {
    /* Signals sent before the reply wait in the connection's queue: let
     * the mirror take them in, so the log holds every draw so far. */
    GMainContext *context =
      meeple_client_context(meeple_remote_game_client(r->game));
    while (g_main_context_iteration(context, FALSE))
      ;
    feed_events(r);
    if (meeple_bot_view_add_notations(r->view, (const guint *)seats->data,
                                      (const char *const *)texts->pdata,
                                      texts->len, error)) {
      const char **notations = g_new(const char *, d->actions->len + 1);
      for (guint i = 0; i < d->actions->len; i++)
        notations[i] = ((const MeepleClientAction *)
                          g_ptr_array_index(d->actions, i))->notation;
      actions = meeple_bot_view_parse_decision(r->view, notations,
                                               d->actions->len, error);
      g_free(notations);
    }
  }
  g_array_unref(seats);
  g_ptr_array_unref(texts);
  return actions;
}

MeepleAction *
meeple_bot_remote_update(MeepleBotRemote *r, const MeepleClientDecision *d,
                         GError **error)
{
  GError *local = NULL;
  MeepleAction *actions = update_once(r, d, &local);
  if (!actions) {
    /* Perhaps the other farmers setting: rebuild the view that way. */
    guint n_players = meeple_bot_view_n_players(r->view);
    meeple_bot_view_free(r->view);
    r->no_farmers = !r->no_farmers;
    r->view = meeple_bot_view_new(r->rules, n_players, r->no_farmers);
    r->fed_events = 0;
    GError *other = NULL;
    actions = update_once(r, d, &other);
    if (other)
      g_error_free(other);
  }
  if (!actions)
    g_propagate_error(error, local);
  else
    g_clear_error(&local);
  return actions;
}
