/* lmeeple.h — what the parts of the Lua module meeple.core share.
 *
 * The module is a face of libmeeple-client: a Client userdata owns one
 * MeepleClient, a Game userdata one MeepleRemoteGame.  Every client of
 * one Lua state runs on one GMainContext of that state; the pure-Lua
 * part (meeple.lua) iterates it through core.iterate() while a script
 * waits, so the script never sees the loop.
 *
 * Callbacks of the client library run while the context is iterated,
 * inside a C call of this module; they call Lua handlers with lua_pcall
 * on the thread that made that call (lmeeple_enter() records it) and
 * keep the first error, which the call raises once the library returns
 * (lmeeple_leave()), since a Lua error must never unwind through GLib.
 */
#ifndef LMEEPLE_H
#define LMEEPLE_H

#include <lua.h>
#include <lauxlib.h>

#include "meeple-client.h"

#define LMEEPLE_CLIENT_MT "meeple.Client"
#define LMEEPLE_GAME_MT "meeple.Game"
#define LMEEPLE_ERROR_MT "meeple.Error"

/* A seat as Lua numbers it (from 1, as meeple shows seats) from the
 * daemon's number (from 0). */
#define LMEEPLE_SEAT(seat) ((lua_Integer)(seat) + 1)

typedef struct LGame LGame;

/* A Client userdata. */
typedef struct {
  MeepleClient *client;   /* NULL once closed */
  GPtrArray *games;       /* LGame* open on it, to close them first */
} LClient;

/* A Game userdata (user values: 1 its Client, 2 its handler table). */
struct LGame {
  MeepleRemoteGame *game; /* NULL once closed */
  LClient *owner;
  char *gone;             /* why the daemon is gone, or NULL */
  int in_handler;         /* handlers of this game running now */
};

/* ---- module.c ---------------------------------------------------------- */

/* The context every client of @L's module runs on. */
GMainContext *lmeeple_context(lua_State *L);
/* Around calls into the library that may run callbacks: records @L as
 * the thread handlers run on; lmeeple_leave() restores the previous one
 * and raises the first error a handler raised meanwhile (so call it
 * where raising is fine). */
lua_State *lmeeple_enter(lua_State *L);
void lmeeple_leave(lua_State *L, lua_State *previous);
/* The thread handlers run on now (NULL outside a call of the module). */
lua_State *lmeeple_current(void);
/* Keeps the error on top of @L (popped) as the one to raise at
 * lmeeple_leave(), unless one is kept already. */
void lmeeple_keep_error(lua_State *L);

/* Raises @error (freed) as a meeple error: a table {name, message,
 * code} whose __tostring is "name: message". */
int lmeeple_raise(lua_State *L, GError *error) G_GNUC_NORETURN;
/* Pushes that table without raising. */
void lmeeple_push_error(lua_State *L, const GError *error);

/* ---- client.c, game.c -------------------------------------------------- */

void lmeeple_open_client(lua_State *L);   /* leaves nothing on the stack */
void lmeeple_open_game(lua_State *L);
/* ---- bot.c: game:bot(), the strategy library (clients/bot) ------------ */
void lmeeple_open_bot(lua_State *L);      /* leaves nothing on the stack */
int lmeeple_game_bot(lua_State *L);
/* Pushes a new Game userdata for @game, opened on the Client at @owner
 * (a stack index). */
LGame *lmeeple_push_game(lua_State *L, int owner, MeepleRemoteGame *game);
/* Closes @g (frees its mirror) and drops it from its client's list. */
void lmeeple_game_close(LGame *g);
LClient *lmeeple_check_client(lua_State *L, int index);

/* ---- convert.c: the library's structs as Lua tables -------------------- */

void lmeeple_push_strv(lua_State *L, char **strv);
void lmeeple_push_decision(lua_State *L, const MeepleClientDecision *d);
void lmeeple_push_action(lua_State *L, const MeepleClientAction *a,
                         guint index);
void lmeeple_push_event(lua_State *L, const MeepleClientEvent *e);
void lmeeple_push_state(lua_State *L, const MeepleClientState *s);
void lmeeple_push_catalog(lua_State *L, const MeepleClientCatalog *c);
void lmeeple_push_ruleset(lua_State *L, const MeepleClientRuleSet *r);
void lmeeple_push_summary(lua_State *L, const MeepleClientGameSummary *s);
void lmeeple_push_history_entry(lua_State *L,
                                const MeepleClientHistoryEntry *h);
/* A list of strings at @index (a table of strings, or one string of
 * comma-separated words) as a NULL-terminated vector (g_strfreev);
 * raises an argument error for @arg otherwise. */
char **lmeeple_check_strv(lua_State *L, int index, int arg,
                          const char *what);
/* Only the check of lmeeple_check_strv(), allocating nothing. */
void lmeeple_validate_strv(lua_State *L, int index, int arg,
                           const char *what);

#endif
