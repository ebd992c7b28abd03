/* lhost.h — the Lua rule-set host (doc/lua-rulesets.md): what its files
 * share.
 *
 * One Script per *.lua file the loader finds (its source and metadata).
 * One Host per MeepleRules the rule set is set up in: a sandboxed
 * lua_State of its own with a memory limit (its own allocator) and an
 * instruction budget per hook call (a count hook).  Bots run clones of
 * one game — sharing one MeepleRules — on several threads: every entry
 * into any Lua state takes one process-wide recursive lock (lhost_lock).
 * One lock for all hosts, not one each: a hook of one Lua rule set can
 * run a hook of another (a figure it sends home), and two threads
 * taking two locks in opposite orders would deadlock.  Per-game state lives in the Host's state as one
 * Lua table per game (a slot holding its registry reference), deep-copied
 * when the engine clones a game. */
#ifndef LHOST_H
#define LHOST_H

#include <lua.h>
#include <lauxlib.h>
#include <meeple/plugin.h>
#include <meeple/error.h>

/* Limits a script may lower, never raise (its "limits" table). */
#define LHOST_MEMORY_MAX ((gsize)64 << 20)    /* bytes per rule set */
#define LHOST_BUDGET_MAX 20000000             /* instructions per hook */
#define LHOST_COUNT_STEP 1000                 /* instructions per count */
/* game:state_text(): caps of the C walk, which the budget does not count */
#define LHOST_STATE_TEXT_MAX 4194304          /* bytes of text */
#define LHOST_STATE_DEPTH_MAX 100             /* nested tables */
/* A field of the metatables of the host's own read-only tables (the
 * libraries, the globals): upvalues.c leaves them as they are. */
#define LHOST_SEALED "__lhost_sealed"
/* upvalues.c: what the walk after setup follows */
#define LHOST_UPVALUES_MAX 4096               /* upvalues watched */
#define LHOST_UPVALUES_DEPTH 32               /* functions/tables deep */

/* What a script file is, read once by the loader. */
typedef struct {
  char *file;          /* path, as the loader found it */
  char *chunkname;     /* "@" + base name: Lua's "FILE:LINE:" messages */
  char *source;        /* the script's text */
  gsize length;
  gsize memory_limit;
  long budget;
} Script;

typedef enum {
  LHOST_OK = 0,
  LHOST_OUT_OF_MEMORY,
  LHOST_OUT_OF_BUDGET,
} LhostExceeded;

typedef struct Host Host;
struct Host {
  const Script *script;
  MeepleRules *rules;          /* not owned: the host lives in it */
  lua_State *L;
  gsize used, limit;           /* bytes allocated by L */
  long remaining;              /* counts of LHOST_COUNT_STEP left */
  LhostExceeded exceeded;
  int depth;                   /* nested hook calls */
  gboolean frozen;             /* after setup: globals read-only */
  gboolean in_setup;           /* registries may be used */
  guint slot;                  /* per-game state slot */
  int state_init;              /* registry ref of the "state" function */
  char *state_where;           /* "FILE:LINE" of that function */
  int game_ref;                /* registry ref of the game userdata */
  GHashTable *rules_strings;   /* interned rule ids this host handed out */
  GPtrArray *hooks;            /* HookRef*, owned */
  GArray *own_kinds;           /* guint: action kinds this rule set added */
  GArray *upvalues;            /* upvalues.c: watched after setup */
};

/* A registered Lua function and what the trampoline needs. */
typedef struct {
  Host *host;
  int ref;                     /* registry ref of the function */
  MeepleHookPoint point;
  const char *what;            /* "turn_start", "apply abbot-return", ... */
  char *where;                 /* "abbot.lua:42": where it is defined */
  gpointer scope;              /* a filter's scope function: HookRef*, or
                                  NULL (asked about every action) */
} HookRef;

/* The game userdata hooks get: valid only while the hook runs. */
typedef struct {
  MeepleGame *game;            /* NULL outside a hook */
  gboolean readonly;           /* NOTES hooks, FILTER hooks */
  gboolean may_request;        /* phase hooks and apply functions */
  int drawing;                 /* the tile of a DRAW hook, else -1 */
} GameBox;

/* host.c: taken by every entry into any host's Lua state */
extern GRecMutex lhost_lock;

/* sandbox.c */
lua_State *lhost_state_new(Host *h);
/* Runs the function on top of the stack with @nargs arguments under the
 * host's budget; on failure returns FALSE with a message "FILE:LINE:
 * reason" in @error (a message without a place gets @where's). */
gboolean lhost_call(Host *h, int nargs, int nresults, const char *where,
                    GError **error);
void lhost_freeze(Host *h);
/* A static copy of @s for the engine's "static string" rule fields. */
const char *lhost_intern(Host *h, lua_State *L, const char *s);

/* upvalues.c (doc/lua-rulesets.md, "Determinism"): after setup, the
 * tables the rule set's functions and globals reach become read-only
 * proxies and every upvalue's value is recorded (FALSE with
 * MEEPLE_ERROR_PLUGIN when the walk runs out of memory or bounds). */
gboolean lhost_upvalues_watch(Host *h, GError **error);
/* NULL when every watched upvalue holds its value after setup; else puts
 * them back and returns "FILE:LINE: upvalue 'x' changed ..." (free it). */
char *lhost_upvalues_check(Host *h);
void lhost_upvalues_free(Host *h);
/* TRUE, pushing the proxied table, when @index is a read-only proxy */
gboolean lhost_readonly_original(lua_State *L, int index);

/* registry.c: the "rules" object setup() gets */
/* Action effects by name, in MeepleEffect's order, NULL-terminated
 * (luaL_checkoption): what add_action_kind takes and a FILTER hook's
 * context says. */
extern const char *const lhost_effect_names[7];
void lhost_push_rules(Host *h);
/* apis.c: rules:api(name), published interfaces for Lua */
int lhost_rules_api(lua_State *L);
/* game.c: the "game" object hooks get */
void lhost_game_open(lua_State *L);
GameBox *lhost_game_enter(Host *h, MeepleGame *game, gboolean readonly,
                          MeepleGame **saved);
void lhost_game_leave(GameBox *box, MeepleGame *saved);
void lhost_push_action(lua_State *L, const MeepleAction *a);
void lhost_check_action(lua_State *L, int index, MeepleAction *out);
/* hooks.c */
/* @effects and @scope_index (0: none) for FILTER hooks only
 * (meeple_rules_add_filter_hook_scoped()); @fn_index and @scope_index
 * absolute. */
gboolean lhost_add_hook(Host *h, lua_State *L, MeepleHookPoint point,
                        int fn_index, int priority, guint32 effects,
                        int scope_index);
HookRef *lhost_hook_ref(Host *h, lua_State *L, int fn_index,
                        const char *what);
void lhost_setup_slot(Host *h);
/* Runs a hook's function (pushed with its arguments) for @game: FALSE
 * after failing the game (meeple_game_fail()). */
gboolean lhost_run(HookRef *r, MeepleGame *game, int nargs, int nresults);
/* The per-game state table of @game, pushed. */
void lhost_push_state(Host *h, lua_State *L, MeepleGame *game);
/* The registry ref of @game's state table, or LUA_NOREF with why in
 * @broken (NULL: state() is still running). */
int lhost_state_ref(Host *h, const MeepleGame *game, const char **broken);

/* serialise.c: @game's state table as canonical text (doc/lua-rulesets.md,
 * "game:state_text()"), appended to @out.  FALSE with MEEPLE_ERROR_HOOK,
 * "state.PATH: why", and @out unchanged when a value has no canonical
 * text.  Takes lhost_lock. */
gboolean lhost_state_serialise(Host *h, MeepleGame *game, GString *out,
                               GError **error);
/* The same for callers holding the lock: pushes the text (TRUE) or the
 * message (FALSE) on @L. */
gboolean lhost_state_push_text(Host *h, lua_State *L, MeepleGame *game);

#endif
