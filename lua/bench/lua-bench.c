/* lua-bench.c — acts per second of the Lua bot against the C bot, on
 * the same daemon, in one run: games alternate between the C bot library
 * (clients/bot, meeple_bot_play) and a Lua script through the module
 * (lua/bench/bench.lua), each playing both seats of a game from one
 * connection with the same strategy and the same game seed.  Each game
 * is timed whole (create, join, start, play, close), so both sides do
 * the same D-Bus work; alternating game by game keeps the load of a
 * shared machine from favouring either side.  Prints acts/s of each
 * (all games together) and their ratio, and the median of the ratios of
 * the rounds (a round: one game each).
 *
 *   lua-bench [GAMES [STRATEGY...]]   (the bus: $MEEPLE_BUS_ADDRESS;
 *   bench.lua is found through $MEEPLE_LUA_DIR/bench) */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <lualib.h>

#include "bot.h"
#include "lmeeple.h"

int luaopen_meeple_core(lua_State *L);

static void
die(const char *what, const char *message)
{
  fprintf(stderr, "lua-bench: %s: %s\n", what, message);
  exit(1);
}

static void
count_move(MeepleRemoteGame *game, const MeepleClientDecision *decision,
           guint index, gpointer data)
{
  (void)game;
  (void)decision;
  (void)index;
  (*(guint *)data)++;
}

/* One batch with the C bots; returns the acts taken. */
static guint
c_batch(MeepleClient *client, MeepleBotStrategy strategy, guint games,
        guint64 seed)
{
  guint acts = 0;
  for (guint i = 0; i < games; i++) {
    GError *error = NULL;
    MeepleClientGameOptions options = { .seats = 2, .has_seed = TRUE,
                                        .seed = seed + i };
    char *id = meeple_client_create_game(client, &options, &error);
    if (!id)
      die("CreateGame", error->message);
    MeepleRemoteGame *game = meeple_remote_game_open(client, id, &error);
    g_free(id);
    if (!game ||
        !meeple_remote_game_join(game, "C 1", 0, NULL, NULL, NULL, &error) ||
        !meeple_remote_game_join(game, "C 2", 1, NULL, NULL, NULL, &error) ||
        !meeple_remote_game_start(game, &error))
      die("a game", error->message);
    guint seats[] = { 0, 1 };
    if (!meeple_bot_play(game, seats, 2, strategy, (guint32)(seed + i),
                         count_move, &acts, &error))
      die("meeple_bot_play", error->message);
    meeple_remote_game_free(game);
  }
  return acts;
}

/* One batch in Lua: bench.lua's play(games, strategy, seed) -> acts. */
static guint
lua_batch(lua_State *L, const char *strategy, guint games, guint64 seed)
{
  lua_pushvalue(L, 1);
  lua_pushinteger(L, games);
  lua_pushstring(L, strategy);
  lua_pushinteger(L, (lua_Integer)seed);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK)
    die("bench.lua", luaL_tolstring(L, -1, NULL));
  guint acts = (guint)lua_tointeger(L, -1);
  lua_pop(L, 1);
  return acts;
}

static int
compare(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, compare);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int
main(int argc, char **argv)
{
  guint games = argc > 1 ? (guint)atoi(argv[1]) : 20;
  const char *dir = g_getenv("MEEPLE_LUA_DIR");
  if (games == 0 || games > 1000 || !dir)
    die("usage", "lua-bench [GAMES], with $MEEPLE_LUA_DIR set");

  GError *error = NULL;
  MeepleClient *client = meeple_client_new(g_getenv("MEEPLE_BUS_ADDRESS"),
                                           NULL, &error);
  if (!client)
    die("connect", error->message);
  /* The daemon is started (activated) before anything is timed. */
  GPtrArray *rulesets = meeple_client_list_rulesets(client, &error);
  if (!rulesets)
    die("ListRuleSets", error->message);
  g_ptr_array_unref(rulesets);

  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_meeple_core);
  lua_setfield(L, -2, "meeple.core");
  lua_pop(L, 1);
  lua_pushfstring(L, "%s/?.lua;%s/examples/?.lua;%s/bench/?.lua", dir, dir,
                  dir);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "bench");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK)
    die("require bench", lua_tostring(L, -1));

  static const struct {
    const char *name;
    MeepleBotStrategy c;
  } strategies[] = { { "random", MEEPLE_BOT_RANDOM },
                     { "greedy", MEEPLE_BOT_GREEDY } };
  printf("Lua bot and C bot on one meepled: %u games each, alternating, "
         "both seats from one connection\n", games);
  for (gsize s = 0; s < G_N_ELEMENTS(strategies); s++) {
    double *ratio = g_new(double, games);
    double c_time = 0, lua_time = 0;
    guint64 c_acts = 0, lua_acts = 0;
    for (guint g = 0; g < games; g++) {
      guint64 seed = 7919u * (guint64)g + 1;
      gint64 t0 = g_get_monotonic_time();
      guint c = c_batch(client, strategies[s].c, 1, seed);
      gint64 t1 = g_get_monotonic_time();
      guint l = lua_batch(L, strategies[s].name, 1, seed);
      gint64 t2 = g_get_monotonic_time();
      c_acts += c;
      lua_acts += l;
      c_time += (t1 - t0) / 1e6;
      lua_time += (t2 - t1) / 1e6;
      ratio[g] = (l / ((t2 - t1) / 1e6)) / (c / ((t1 - t0) / 1e6));
    }
    double c_rate = c_acts / c_time, lua_rate = lua_acts / lua_time;
    printf("%-7s C bot %6.0f acts/s, Lua bot %6.0f acts/s: Lua / C %.2f "
           "(median of the games' ratios %.2f)\n", strategies[s].name,
           c_rate, lua_rate, lua_rate / c_rate, median(ratio, (int)games));
    g_free(ratio);
  }
  lua_close(L);
  meeple_client_free(client);
  return 0;
}
