# The Lua client (lua/): the module require "meeple" (a C part,
# meeple/core.so, and a Lua part, meeple.lua) and the meeple-lua runner,
# both faces of libmeeple-client.  Built when configure finds Lua 5.4.
EXTRA_DIST += lua/meeple.lua lua/examples
if HAVE_LUA
# The C part, once for the module and once for the runner, which has it
# built in.
noinst_LTLIBRARIES += lua/libmeeple-lua.la
lua_libmeeple_lua_la_SOURCES = \
	lua/lmeeple.h \
	lua/module.c \
	lua/client.c \
	lua/game.c \
	lua/convert.c
lua_libmeeple_lua_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common
lua_libmeeple_lua_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(LUA_CFLAGS)
lua_libmeeple_lua_la_LIBADD = clients/common/libmeeple-client.la $(GLIB_LIBS)

# require "meeple.core" finds DIR/meeple/core.so.  Lua symbols come from
# the interpreter that loads it, so it does not link liblua.
luameepledir = $(luacmoddir)/meeple
luameeple_LTLIBRARIES = lua/core.la
lua_core_la_SOURCES =
lua_core_la_LIBADD = lua/libmeeple-lua.la
lua_core_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared \
	-export-symbols-regex '^luaopen_meeple_core$$'

lualmod_DATA = lua/meeple.lua

bin_PROGRAMS += lua/meeple-lua
lua_meeple_lua_SOURCES = lua/meeple-lua.c
lua_meeple_lua_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-DMEEPLE_LUA_LMOD_DIR=\"$(lualmoddir)\"
lua_meeple_lua_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(LUA_CFLAGS)
lua_meeple_lua_LDADD = lua/libmeeple-lua.la \
	clients/common/libmeeple-client.la $(LUA_LIBS) $(GLIB_LIBS)
dist_man_MANS += doc/meeple-lua.1
endif
