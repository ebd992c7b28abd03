/* bot.c — the strategy library (clients/bot: random, greedy, search) in
 * the Lua module: game:bot(seat, "search:1s") is a computer player for a
 * seat the script holds, the same algorithm `meeple bot`, meeple-sim and
 * meeple-gtk run under that name.  It sees what the seat may see: the
 * game is rebuilt here from the public events and actions (remote.h),
 * with the game's rule sets loaded as meepled loads them.
 *
 *   local bot = game:bot(seat, "search:1s", { seed = 7 })
 *   game:play(seat, bot)          -- play calls bot(decision, game)
 *   local i = bot:choose(d)       -- or ask it: an index into d.actions
 *   print(bot:stats().iterations) -- what the last search did
 *
 * A choice runs in the script's thread: a search thinks its time with
 * the loop of the module waiting (as `meeple bot` does). */
#include "config.h"

#include <string.h>

#include "lmeeple.h"
#include "remote.h"
#include "strategy.h"

#define LMEEPLE_BOT_MT "meeple.Bot"

/* A Bot userdata (user value 1: its Game). */
typedef struct {
  MeepleStrategy strategy;
  guint seat;                 /* from 0 */
  guint64 seed;
  MeepleBotRemote *remote;    /* made at the first choice (the game must
                                 have started) */
  MeepleBotPlayer *player;
} LBot;

static LBot *
check_bot(lua_State *L, int index)
{
  return luaL_checkudata(L, index, LMEEPLE_BOT_MT);
}

/* The Game of @bot (at @index), checked open. */
static LGame *
bot_game(lua_State *L, int index)
{
  lua_getiuservalue(L, index, 1);
  LGame *g = luaL_checkudata(L, -1, LMEEPLE_GAME_MT);
  lua_pop(L, 1);
  if (!g->game)
    luaL_error(L, "the bot's game is closed");
  return g;
}

/* bot:choose(decision) -> index into decision.actions (from 1). */
static int
l_choose(lua_State *L)
{
  LBot *b = check_bot(L, 1);
  LGame *g = bot_game(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "id");
  luaL_argcheck(L, lua_isinteger(L, -1), 2, "decision without an id");
  guint64 id = (guint64)lua_tointeger(L, -1);
  lua_getfield(L, 2, "seat");
  lua_Integer seat = lua_tointeger(L, -1);
  lua_pop(L, 2);
  if (seat != LMEEPLE_SEAT(b->seat))
    return luaL_error(L, "this bot plays seat %d, not seat %d",
                      (int)LMEEPLE_SEAT(b->seat), (int)seat);
  GError *error = NULL;
  lua_State *previous = lmeeple_enter(L);
  const MeepleClientDecision *d = meeple_remote_game_decision(g->game,
                                                              &error);
  if (d && d->id != id) {
    g_set_error(&error, MEEPLE_CLIENT_ERROR,
                MEEPLE_CLIENT_ERROR_STALE_DECISION,
                "decision %" G_GUINT64_FORMAT " is no longer pending", id);
    d = NULL;
  }
  /* Random needs only the list's length; the others the game rebuilt. */
  gboolean needs_view = b->strategy.kind != MEEPLE_STRATEGY_RANDOM;
  if (d && needs_view && !b->remote)
    b->remote = meeple_bot_remote_new(g->game, &error);
  MeepleAction *actions =
      d && needs_view && b->remote
        ? meeple_bot_remote_update(b->remote, d, &error) : NULL;
  lmeeple_leave(L, previous);
  if (!d || (needs_view && !actions))
    lmeeple_raise(L, error);
  if (!b->player)
    b->player = meeple_bot_player_new(&b->strategy, b->seat, b->seed);
  GError *fallback = NULL;
  gsize index = meeple_bot_player_choose(
      b->player, needs_view ? meeple_bot_remote_view(b->remote) : NULL,
      actions, d->actions->len, &fallback);
  g_free(actions);
  /* The index is valid either way: greedy or search that could not
   * rebuild the game took the first action and said why. */
  if (fallback) {
    g_warning("bot of seat %u: %s", b->seat + 1, fallback->message);
    g_error_free(fallback);
  }
  lua_pushinteger(L, (lua_Integer)index + 1);
  return 1;
}

/* bot(decision, game): as choose, for game:play(seats, bot). */
static int
l_call(lua_State *L)
{
  lua_settop(L, 2);
  return l_choose(L);
}

/* bot:stats() -> what the last search did: iterations, nodes, seconds,
 * budget (the think time it was given), determinizations, best_value. */
static int
l_stats(lua_State *L)
{
  LBot *b = check_bot(L, 1);
  MeepleSearchStats none = { 0 };
  const MeepleSearchStats *s = b->player ? meeple_bot_player_stats(b->player)
                                         : &none;
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, (lua_Integer)s->iterations);
  lua_setfield(L, -2, "iterations");
  lua_pushinteger(L, (lua_Integer)s->nodes);
  lua_setfield(L, -2, "nodes");
  lua_pushnumber(L, s->seconds);
  lua_setfield(L, -2, "seconds");
  lua_pushnumber(L, s->budget);
  lua_setfield(L, -2, "budget");
  lua_pushinteger(L, s->determinizations);
  lua_setfield(L, -2, "determinizations");
  lua_pushnumber(L, s->best_value);
  lua_setfield(L, -2, "best_value");
  return 1;
}

/* bot.seat, bot.strategy, then the methods. */
static int
l_index(lua_State *L)
{
  LBot *b = check_bot(L, 1);
  const char *key = lua_tostring(L, 2);
  if (key && strcmp(key, "seat") == 0) {
    lua_pushinteger(L, LMEEPLE_SEAT(b->seat));
    return 1;
  }
  if (key && strcmp(key, "strategy") == 0) {
    char *text = meeple_strategy_to_string(&b->strategy);
    lua_pushstring(L, text);
    g_free(text);
    return 1;
  }
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "methods");
  lua_getfield(L, -1, key ? key : "");
  return 1;
}

static int
l_tostring(lua_State *L)
{
  LBot *b = check_bot(L, 1);
  char *text = meeple_strategy_to_string(&b->strategy);
  lua_pushfstring(L, "meeple.Bot(seat %d, %s)", (int)LMEEPLE_SEAT(b->seat),
                  text);
  g_free(text);
  return 1;
}

static int
l_gc(lua_State *L)
{
  LBot *b = check_bot(L, 1);
  g_clear_pointer(&b->player, meeple_bot_player_free);
  g_clear_pointer(&b->remote, meeple_bot_remote_free);
  return 0;
}

/* game:bot(seat, strategy [, { seed = N }]) -> a Bot.  @strategy as
 * `meeple bot --strategy` takes it ("greedy", "search:1s", "search:2000");
 * without a seed the bot's choices come from a random one. */
int
lmeeple_game_bot(lua_State *L)
{
  LGame *g = luaL_checkudata(L, 1, LMEEPLE_GAME_MT);
  if (!g->game)
    return luaL_argerror(L, 1, "the game is closed");
  lua_Integer seat = luaL_checkinteger(L, 2);
  luaL_argcheck(L, seat >= 1 && seat <= MEEPLE_MAX_PLAYERS, 2,
                "seat out of range (seats count from 1)");
  const char *text = luaL_checkstring(L, 3);
  MeepleStrategy strategy;
  GError *bad = NULL;
  if (!meeple_strategy_parse(text, &strategy, &bad)) {
    lua_pushstring(L, bad->message);
    g_error_free(bad);
    return luaL_argerror(L, 3, lua_tostring(L, -1));
  }
  guint64 seed = ((guint64)g_random_int() << 32) | g_random_int();
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    if (lua_getfield(L, 4, "seed") != LUA_TNIL) {
      luaL_argcheck(L, lua_isinteger(L, -1), 4, "seed must be an integer");
      seed = (guint64)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
  }
  LBot *b = lua_newuserdatauv(L, sizeof *b, 1);
  memset(b, 0, sizeof *b);
  b->strategy = strategy;
  b->seat = (guint)(seat - 1);
  b->seed = seed;
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, -2, 1);
  luaL_setmetatable(L, LMEEPLE_BOT_MT);
  return 1;
}

void
lmeeple_open_bot(lua_State *L)
{
  static const luaL_Reg methods[] = {
    { "choose", l_choose },
    { "stats", l_stats },
    { NULL, NULL },
  };
  if (luaL_newmetatable(L, LMEEPLE_BOT_MT)) {
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "methods");
    lua_pushcfunction(L, l_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_call);
    lua_setfield(L, -2, "__call");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, l_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pop(L, 1);
}
