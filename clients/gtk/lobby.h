/* lobby.h — the first page: the daemon's rule sets and a form to create
 * a game with them, the games of the daemon (waiting, playing, over),
 * kept current, each with what this player can do (play, take a seat
 * back, join, watch), and the finished games of the history to replay. */
#ifndef MG_LOBBY_H
#define MG_LOBBY_H

#include <gtk/gtk.h>
#include "conn.h"
#include "strategy.h"

G_BEGIN_DECLS

typedef struct MgLobby MgLobby;

/* What the player asked for. */
typedef enum {
  MG_OPEN_CREATED,  /* a game just created: take seat 1, seat the bots */
  MG_OPEN_JOIN,     /* take a free seat */
  MG_OPEN_RESUME,   /* take back the seats saved for it */
  MG_OPEN_WATCH,    /* look on */
  MG_OPEN_REPLAY,   /* step through a finished game */
} MgOpenMode;

typedef struct {
  /* Open game @id; for MG_OPEN_CREATED @bots has bit s set for each
   * seat s a bot of this client plays. */
  void (*open)(MgLobby *lobby, const char *id, MgOpenMode mode,
               guint32 bots, gpointer data);
  void (*error)(MgLobby *lobby, const char *text, gpointer data);
} MgLobbyCallbacks;

MgLobby *mg_lobby_new(MgConn *conn, GSettings *settings,
                      const MgLobbyCallbacks *cbs, gpointer data);
void mg_lobby_free(MgLobby *lobby);
GtkWidget *mg_lobby_widget(MgLobby *lobby);
/* Reads the rule sets, games and history again. */
void mg_lobby_refresh(MgLobby *lobby);
/* Whether it refreshes the lists by itself (while shown). */
void mg_lobby_set_live(MgLobby *lobby, gboolean live);
/* The strategy chosen for the bot of @seat; FALSE when the seat is not
 * a bot's. */
gboolean mg_lobby_bot_strategy(MgLobby *lobby, guint seat,
                               MeepleStrategy *out);
/* The daemon's rule sets as the lobby lists them: id, label, id,
 * label…, NULL-terminated (g_strfreev). */
char **mg_lobby_rule_sets(MgLobby *lobby);
/* The player's name as typed (or the settings'). */
const char *mg_lobby_player_name(MgLobby *lobby);

/* What tests use. */
typedef struct {
  GtkEditable *name, *game_name, *tiles, *seed;
  GtkSpinButton *seats;
  GtkCheckButton *bot[MEEPLE_MAX_PLAYERS];
  GtkDropDown *strategy[MEEPLE_MAX_PLAYERS]; /* MeepleStrategyKind order */
  GtkSpinButton *think[MEEPLE_MAX_PLAYERS];  /* seconds, for search */
  GtkSwitch *farmers;
  GtkBox *rules;       /* GtkCheckButton per rule set, "rule-id" data */
  GtkExpander *advanced;
  GtkButton *create;
  GtkListBox *games, *history;
} MgLobbyParts;
const MgLobbyParts *mg_lobby_parts(MgLobby *lobby);

G_END_DECLS

#endif
