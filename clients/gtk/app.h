/* app.h — meeple-gtk's application: one window with the lobby and the
 * game page, the connection banner, the settings.  Single instance
 * (org.meepled.Meeple): starting it again raises the window. */
#ifndef MG_APP_H
#define MG_APP_H

#include <adwaita.h>
#include "game-view.h"
#include "lobby.h"

G_BEGIN_DECLS

#define MG_APP_ID "org.meepled.Meeple"

typedef struct MgApp MgApp;

/* The application; @flags as for g_application_new() (tests pass
 * G_APPLICATION_NON_UNIQUE). */
MgApp *mg_app_new(GApplicationFlags flags);
void mg_app_free(MgApp *app);
GApplication *mg_app_application(MgApp *app);

/* Opens game @id as the lobby would (tests, the command line). */
void mg_app_open_game(MgApp *app, const char *id, MgOpenMode mode,
                      guint32 bots);
/* Back to the lobby (leaving the game; seats stay ours). */
void mg_app_show_lobby(MgApp *app);

typedef struct {
  GtkWindow *window;
  GtkStack *stack;
  GtkRevealer *banner;
  GtkLabel *banner_label;
  GtkButton *lobby_button;
  MgLobby *lobby;
  MgGameView *view;
  MgConn *conn;
  GtkButton *prefs_button;
  AdwPreferencesWindow *prefs; /* while open */
  GSettings *settings;         /* NULL without the schema */
} MgAppParts;
/* NULL before the window exists (activate). */
const MgAppParts *mg_app_parts(MgApp *app);

G_END_DECLS

#endif
