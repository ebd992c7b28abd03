/* meeple-lua.c — the meeple-lua runner: runs a Lua script with the
 * meeple module at hand (built in, so no LUA_CPATH is needed), then runs
 * the module's loop until the tasks the script spawned have ended, and
 * closes everything (connections included) before exiting.
 *
 *   meeple-lua SCRIPT [ARGS...]    (SCRIPT "-": standard input)
 *   meeple-lua -e CHUNK [ARGS...]
 *
 * As with lua5.4, the script's arguments are in `arg` (arg[0] the
 * script) and in `...`.  An error ends it with status 1 and the
 * message — for a meeple error its name and the daemon's message — on
 * standard error. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <lualib.h>

#include "lmeeple.h"

int luaopen_meeple_core(lua_State *L);

/* Adds a traceback to errors that are not meeple errors (those carry
 * the daemon's message, which is what the user needs). */
static int
message_handler(lua_State *L)
{
  if (lua_type(L, 1) == LUA_TTABLE && luaL_getmetafield(L, 1, "__tostring")) {
    lua_pop(L, 1);
    luaL_tolstring(L, 1, NULL);
    return 1;
  }
  const char *msg = lua_tostring(L, 1);
  luaL_traceback(L, L, msg ? msg : luaL_tolstring(L, 1, NULL), 1);
  return 1;
}

/* Where modules are: the script's own directory (so a script finds the
 * modules beside it, as the examples find heuristic.lua), then
 * $MEEPLE_LUA_DIR (the source tree, for the tests), the directory
 * meeple.lua is installed in, and Lua's own path. */
static void
set_path(lua_State *L, const char *script)
{
  const char *dir = g_getenv("MEEPLE_LUA_DIR");
  char *script_dir = script ? g_path_get_dirname(script) : g_strdup(".");
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "path");
  lua_pushfstring(L, "%s/?.lua;%s/?.lua;" MEEPLE_LUA_LMOD_DIR "/?.lua;%s",
                  script_dir, dir && *dir ? dir : MEEPLE_LUA_LMOD_DIR,
                  lua_tostring(L, -1));
  g_free(script_dir);
  lua_setfield(L, -3, "path");
  lua_pop(L, 1);
  /* The C part is built in: require "meeple.core" finds it here. */
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_meeple_core);
  lua_setfield(L, -2, "meeple.core");
  lua_pop(L, 2);
}

static int
run(lua_State *L)
{
  int argc = (int)lua_tointeger(L, 1);
  char **argv = lua_touserdata(L, 2);
  luaL_openlibs(L);
  int inline_chunk = strcmp(argv[1], "-e") == 0;
  set_path(L, inline_chunk || strcmp(argv[1], "-") == 0 ? NULL : argv[1]);
  int first = 1;
  int status;
  if (inline_chunk) {
    if (argc < 3)
      return luaL_error(L, "-e needs a chunk");
    status = luaL_loadbuffer(L, argv[2], strlen(argv[2]), "=(command line)");
    first = 2;
  } else {
    status = luaL_loadfile(L, strcmp(argv[1], "-") == 0 ? NULL : argv[1]);
  }
  if (status != LUA_OK)
    return lua_error(L);
  /* arg: the script at 0, its arguments from 1. */
  lua_createtable(L, argc - first - 1, 1);
  for (int i = first; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - first);
  }
  lua_setglobal(L, "arg");
  for (int i = first + 1; i < argc; i++)
    lua_pushstring(L, argv[i]);
  lua_call(L, argc - first - 1, 0);
  /* Tasks the script spawned and left running. */
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "loaded");
  if (lua_getfield(L, -1, "meeple") == LUA_TTABLE &&
      lua_getfield(L, -1, "run") == LUA_TFUNCTION)
    lua_call(L, 0, 0);
  return 0;
}

int
main(int argc, char **argv)
{
  if (argc < 2 || strcmp(argv[1], "--help") == 0 ||
      strcmp(argv[1], "-h") == 0) {
    fprintf(argc < 2 ? stderr : stdout,
            "usage: meeple-lua SCRIPT [ARGS...]\n"
            "       meeple-lua -e CHUNK [ARGS...]\n"
            "Runs a Lua 5.4 script with require \"meeple\" available "
            "(man meeple-lua).\n");
    return argc < 2 ? 2 : 0;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("meeple-lua %s (%s)\n", PACKAGE_VERSION, LUA_RELEASE);
    return 0;
  }
  lua_State *L = luaL_newstate();
  if (!L) {
    fprintf(stderr, "meeple-lua: out of memory\n");
    return 1;
  }
  lua_pushcfunction(L, message_handler);
  lua_pushcfunction(L, run);
  lua_pushinteger(L, argc);
  lua_pushlightuserdata(L, argv);
  int status = lua_pcall(L, 2, 0, 1);
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "meeple-lua: %s\n", msg ? msg : "(error object)");
  }
  /* Collects every object: connections close cleanly. */
  lua_close(L);
  return status == LUA_OK ? 0 : 1;
}
