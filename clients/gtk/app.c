/* app.c — the application and its window (see app.h).
 *
 * libadwaita (1.2) is used for two things plain GTK 4.8 lacks: the
 * window follows the desktop's dark or light preference (AdwStyleManager
 * reads it from the desktop settings service), and the stylesheet has the GNOME
 * classes (boxed lists, headings, suggested actions) the panels use. */
#include "config.h"

#include <string.h>

#include "app.h"
#include "look.h"
#include "prefs.h"
#include "renderer.h"

struct MgApp {
  AdwApplication *app;
  GSettings *settings;
  char *bus;
  MgAppParts p;
  gboolean built;
};

/* The schema from the system, else from the build tree, so that the
 * program runs uninstalled (./quickstart); without either, defaults. */
static GSettings *
open_settings(void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default();
  GSettingsSchema *schema =
      source ? g_settings_schema_source_lookup(source, MG_APP_ID, TRUE) : NULL;
  if (!schema) {
    GSettingsSchemaSource *build = g_settings_schema_source_new_from_directory(
        MEEPLE_GTK_BUILD_SCHEMA_DIR, source, FALSE, NULL);
    if (build) {
      schema = g_settings_schema_source_lookup(build, MG_APP_ID, FALSE);
      g_settings_schema_source_unref(build);
    }
  }
  if (!schema)
    return NULL;
  GSettings *settings = g_settings_new_full(schema, NULL, NULL);
  g_settings_schema_unref(schema);
  return settings;
}

static void
banner(gboolean lost, const char *text, gpointer data)
{
  MgApp *a = data;
  gtk_label_set_text(a->p.banner_label, text ? text : "");
  gtk_revealer_set_reveal_child(a->p.banner, lost);
}

static void
show_error(MgApp *a, const char *text)
{
  gtk_label_set_text(a->p.banner_label, text);
  gtk_revealer_set_reveal_child(a->p.banner, TRUE);
}

void
mg_app_show_lobby(MgApp *a)
{
  if (!a->built)
    return;
  mg_game_view_set_session(a->p.view, NULL);
  gtk_revealer_set_reveal_child(a->p.banner, FALSE);
  gtk_stack_set_visible_child_name(a->p.stack, "lobby");
  gtk_widget_set_visible(GTK_WIDGET(a->p.lobby_button), FALSE);
  gtk_window_set_title(a->p.window, "Meeple");
  mg_lobby_set_live(a->p.lobby, TRUE);
}

void
mg_app_open_game(MgApp *a, const char *id, MgOpenMode mode, guint32 bots)
{
  GError *error = NULL;
  gtk_revealer_set_reveal_child(a->p.banner, FALSE);
  if (!mg_conn_ensure(a->p.conn, &error))
    goto failed;
  if (mode == MG_OPEN_REPLAY) {
    MeepleRemoteGame *game =
        meeple_remote_game_open(a->p.conn->client, id, &error);
    if (game) {
      mg_game_view_set_replay(a->p.view, game);
    } else if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                               MEEPLE_CLIENT_ERROR_NO_SUCH_GAME)) {
      /* only in the history: its record, replayed here */
      g_clear_error(&error);
      char *record = meeple_client_get_record(a->p.conn->client, id, &error);
      if (!record)
        goto failed;
      MgLocalReplay *local = mg_local_replay_new(id, record, &error);
      g_free(record);
      if (!local)
        goto failed;
      mg_game_view_set_local_replay(a->p.view, local);
    } else {
      goto failed;
    }
  } else {
    MgSession *s = mg_session_open(a->p.conn, id,
                                   mg_game_view_session_callbacks(),
                                   a->p.view, &error);
    if (!s)
      goto failed;
    const char *name = mg_lobby_player_name(a->p.lobby);
    gboolean ok = TRUE;
    if (mode == MG_OPEN_CREATED) {
      ok = mg_session_join(s, name, 0, NULL, MEEPLE_CLIENT_HOLDER_PLAYER,
                           NULL, &error);
      for (guint seat = 1; ok && seat < 32; seat++)
        if (bots & (1u << seat)) {
          char bot_name[32];
          g_snprintf(bot_name, sizeof bot_name, "Bot %u", seat + 1);
          ok = mg_session_join(s, bot_name, (int)seat, NULL,
                               MEEPLE_CLIENT_HOLDER_BOT, NULL, &error);
          MeepleStrategy st;
          if (ok && mg_lobby_bot_strategy(a->p.lobby, seat, &st))
            mg_session_set_bot_strategy(s, seat, &st);
        }
    } else if (mode == MG_OPEN_JOIN) {
      ok = mg_session_join(s, name, -1, "human",
                           MEEPLE_CLIENT_HOLDER_PLAYER, NULL, &error);
    } else if (mode == MG_OPEN_RESUME) {
      if (!mg_session_reclaim(s)) {
        g_set_error(&error, MEEPLE_CLIENT_ERROR,
                    MEEPLE_CLIENT_ERROR_BAD_TOKEN,
                    "no seat of game %s is saved here", id);
        ok = FALSE;
      }
    }
    if (!ok) {
      mg_session_free(s);
      goto failed;
    }
    mg_session_try_start(s);
    mg_game_view_set_session(a->p.view, s);
  }
  mg_lobby_set_live(a->p.lobby, FALSE);
  gtk_stack_set_visible_child_name(a->p.stack, "game");
  gtk_widget_set_visible(GTK_WIDGET(a->p.lobby_button), TRUE);
  char *title = g_strdup_printf("Meeple — game %s%s", id,
                                mode == MG_OPEN_REPLAY ? " (replay)"
                                : mode == MG_OPEN_WATCH ? " (watching)" : "");
  gtk_window_set_title(a->p.window, title);
  g_free(title);
  gtk_widget_grab_focus(GTK_WIDGET(mg_game_view_parts(a->p.view)->board));
  return;
failed: {
    char *text = mg_error_text(error);
    show_error(a, text);
    g_free(text);
    g_error_free(error);
  }
}

static void
lobby_open(MgLobby *lobby, const char *id, MgOpenMode mode, guint32 bots,
           gpointer data)
{
  (void)lobby;
  mg_app_open_game(data, id, mode, bots);
}

static void
lobby_error(MgLobby *lobby, const char *text, gpointer data)
{
  (void)lobby;
  (void)text;
  (void)data; /* the lobby shows it itself */
}

static void
on_lobby_clicked(GtkButton *b, gpointer data)
{
  (void)b;
  mg_app_show_lobby(data);
}

static const char *const css =
    "revealer.banner > box { background: #b45f06; color: white; "
    "padding: 6px 12px; }\n"
    "label.error { color: #c01c28; }\n";

static void
build(MgApp *a)
{
  GtkWindow *w = GTK_WINDOW(gtk_application_window_new(GTK_APPLICATION(a->app)));
  a->p.window = w;
  gtk_window_set_title(w, "Meeple");
  gtk_window_set_default_size(w, 1280, 800);
  GtkCssProvider *provider = gtk_css_provider_new();
  gtk_css_provider_load_from_data(provider, css, -1);
  gtk_style_context_add_provider_for_display(
      gtk_widget_get_display(GTK_WIDGET(w)), GTK_STYLE_PROVIDER(provider),
      GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref(provider);

  GtkWidget *header = gtk_header_bar_new();
  a->p.lobby_button = GTK_BUTTON(gtk_button_new_with_mnemonic("_Lobby"));
  gtk_widget_set_tooltip_text(GTK_WIDGET(a->p.lobby_button),
                              "Back to the lobby (your seats stay yours)");
  g_signal_connect(a->p.lobby_button, "clicked",
                   G_CALLBACK(on_lobby_clicked), a);
  gtk_header_bar_pack_start(GTK_HEADER_BAR(header),
                            GTK_WIDGET(a->p.lobby_button));
  GtkWidget *prefs = gtk_button_new_from_icon_name("emblem-system-symbolic");
  gtk_actionable_set_action_name(GTK_ACTIONABLE(prefs), "app.preferences");
  gtk_widget_set_tooltip_text(prefs, "Preferences (Ctrl+,)");
  gtk_accessible_update_property(GTK_ACCESSIBLE(prefs),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "Preferences", -1);
  a->p.prefs_button = GTK_BUTTON(prefs);
  gtk_header_bar_pack_end(GTK_HEADER_BAR(header), prefs);
  gtk_window_set_titlebar(w, header);

  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  a->p.banner = GTK_REVEALER(gtk_revealer_new());
  gtk_widget_add_css_class(GTK_WIDGET(a->p.banner), "banner");
  GtkWidget *bbox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  a->p.banner_label = GTK_LABEL(gtk_label_new(""));
  gtk_label_set_wrap(a->p.banner_label, TRUE);
  gtk_label_set_xalign(a->p.banner_label, 0);
  gtk_box_append(GTK_BOX(bbox), GTK_WIDGET(a->p.banner_label));
  gtk_revealer_set_child(a->p.banner, bbox);
  /* announced to screen readers when it appears */
  gtk_accessible_update_property(GTK_ACCESSIBLE(a->p.banner_label),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "Connection status", -1);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(a->p.banner));

  a->p.stack = GTK_STACK(gtk_stack_new());
  gtk_stack_set_transition_type(a->p.stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  /* GTK follows the desktop's "reduce animation" itself; tests turn
   * transitions off with MEEPLE_GTK_NO_ANIMATION */
  if (g_getenv("MEEPLE_GTK_NO_ANIMATION"))
    gtk_stack_set_transition_type(a->p.stack, GTK_STACK_TRANSITION_TYPE_NONE);
  gtk_widget_set_vexpand(GTK_WIDGET(a->p.stack), TRUE);
  MgLobbyCallbacks lcbs = { lobby_open, lobby_error };
  a->p.lobby = mg_lobby_new(a->p.conn, a->settings, &lcbs, a);
  gtk_stack_add_named(a->p.stack, mg_lobby_widget(a->p.lobby), "lobby");
  a->p.view = mg_game_view_new();
  mg_game_view_set_banner_func(a->p.view, banner, a);
  gtk_stack_add_named(a->p.stack, mg_game_view_widget(a->p.view), "game");
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(a->p.stack));
  gtk_window_set_child(w, box);
  a->built = TRUE;
  mg_app_show_lobby(a);
}

static void
on_activate(GApplication *application, gpointer data)
{
  (void)application;
  MgApp *a = data;
  if (!a->built)
    build(a);
  gtk_window_present(a->p.window);
}

static void
on_prefs_closed(GtkWindow *window, gpointer data)
{
  (void)window;
  MgApp *a = data;
  a->p.prefs = NULL;
}

static void
on_preferences(GSimpleAction *action, GVariant *param, gpointer data)
{
  (void)action;
  (void)param;
  MgApp *a = data;
  if (!a->built || !a->settings)
    return;
  if (!a->p.prefs) {
    g_auto(GStrv) rules = mg_lobby_rule_sets(a->p.lobby);
    a->p.prefs = mg_prefs_new(a->p.window, a->settings,
                              (const char *const *)rules);
    g_signal_connect(a->p.prefs, "destroy", G_CALLBACK(on_prefs_closed), a);
  }
  gtk_window_present(GTK_WINDOW(a->p.prefs));
}

/* Seat colours changed (Preferences, or gsettings): every drawing of a
 * seat follows. */
static void
on_colours_changed(GSettings *settings, const char *key, gpointer data)
{
  (void)key;
  MgApp *a = data;
  g_auto(GStrv) colours = g_settings_get_strv(settings, "seat-colours");
  mg_look_set_seat_colours((const char *const *)colours);
  if (a->built) {
    mg_board_looks_changed(mg_game_view_parts(a->p.view)->board);
    gtk_widget_queue_draw(GTK_WIDGET(a->p.window));
  }
}

static void
on_startup(GApplication *application, gpointer data)
{
  (void)application;
  MgApp *a = data;
  a->settings = open_settings();
  a->p.settings = a->settings;
  if (a->settings) {
    g_auto(GStrv) colours = g_settings_get_strv(a->settings, "seat-colours");
    mg_look_set_seat_colours((const char *const *)colours);
    g_signal_connect(a->settings, "changed::seat-colours",
                     G_CALLBACK(on_colours_changed), a);
  }
  a->p.conn = mg_conn_new(a->bus);
  static const GActionEntry entries[] = {
    { .name = "preferences", .activate = on_preferences },
  };
  g_action_map_add_action_entries(G_ACTION_MAP(application), entries,
                                  G_N_ELEMENTS(entries), a);
  const char *prefs[] = { "<Control>comma", NULL };
  gtk_application_set_accels_for_action(GTK_APPLICATION(application),
                                        "app.preferences", prefs);
  const char *quit[] = { "<Control>q", NULL };
  GSimpleAction *action = g_simple_action_new("quit", NULL);
  g_signal_connect_swapped(action, "activate",
                           G_CALLBACK(g_application_quit), application);
  g_action_map_add_action(G_ACTION_MAP(application), G_ACTION(action));
  g_object_unref(action);
  gtk_application_set_accels_for_action(GTK_APPLICATION(application),
                                        "app.quit", quit);
}

static int
on_options(GApplication *application, GVariantDict *options, gpointer data)
{
  (void)application;
  MgApp *a = data;
  const char *bus = NULL;
  if (g_variant_dict_lookup(options, "bus", "&s", &bus))
    a->bus = g_strdup(bus);
  return -1; /* go on */
}

MgApp *
mg_app_new(GApplicationFlags flags)
{
  MgApp *a = g_new0(MgApp, 1);
  /* Before GTK makes its first renderer, which reads GSK_RENDERER. */
  mg_renderer_choose();
  a->app = adw_application_new(MG_APP_ID, flags);
  g_application_add_main_option(G_APPLICATION(a->app), "bus", 0, 0,
                                G_OPTION_ARG_STRING,
                                "D-Bus address of meepled's bus (default: "
                                "$MEEPLE_BUS_ADDRESS, else the session bus)",
                                "ADDRESS");
  g_signal_connect(a->app, "handle-local-options", G_CALLBACK(on_options), a);
  g_signal_connect(a->app, "startup", G_CALLBACK(on_startup), a);
  g_signal_connect(a->app, "activate", G_CALLBACK(on_activate), a);
  return a;
}

void
mg_app_free(MgApp *a)
{
  if (!a)
    return;
  if (a->built) {
    if (a->p.prefs)
      gtk_window_destroy(GTK_WINDOW(a->p.prefs));
    mg_game_view_free(a->p.view);
    mg_lobby_free(a->p.lobby);
    if (a->p.window)
      gtk_window_destroy(a->p.window);
  }
  mg_conn_free(a->p.conn);
  g_clear_object(&a->settings);
  g_object_unref(a->app);
  g_free(a->bus);
  g_free(a);
}

GApplication *
mg_app_application(MgApp *a)
{
  return G_APPLICATION(a->app);
}

const MgAppParts *
mg_app_parts(MgApp *a)
{
  return a->built ? &a->p : NULL;
}
