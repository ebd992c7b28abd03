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
	lua/bot.c \
	lua/convert.c
lua_libmeeple_lua_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-I$(top_srcdir)/clients/bot
lua_libmeeple_lua_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(LUA_CFLAGS)
lua_libmeeple_lua_la_LIBADD = clients/bot/libmeeple-bot.la \
	clients/common/libmeeple-client.la $(GLIB_LIBS)

# require "meeple.core" finds DIR/meeple/core.so.  Lua symbols come from
# the interpreter that loads it, so it does not link liblua.
luameepledir = $(luacmoddir)/meeple
luameeple_LTLIBRARIES = lua/core.la
lua_core_la_SOURCES =
lua_core_la_LIBADD = lua/libmeeple-lua.la
lua_core_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version -shared \
	-export-symbols-regex '^luaopen_meeple_core$$'

lualmod_DATA = lua/meeple.lua
luaexamplesdir = $(docdir)/examples/lua
luaexamples_DATA = lua/examples/heuristic.lua lua/examples/bot.lua \
	lua/examples/tournament.lua lua/examples/reporter.lua \
	lua/examples/evening.lua

bin_PROGRAMS += lua/meeple-lua
lua_meeple_lua_SOURCES = lua/meeple-lua.c
lua_meeple_lua_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-DMEEPLE_LUA_LMOD_DIR=\"$(lualmoddir)\"
lua_meeple_lua_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(LUA_CFLAGS)
lua_meeple_lua_LDADD = lua/libmeeple-lua.la \
	clients/common/libmeeple-client.la $(LUA_LIBS) $(GLIB_LIBS)
dist_man_MANS += doc/meeple-lua.1
endif

# make bench-lua (also part of make bench): acts/s of the Lua bot against
# the C bot on one daemon (lua/bench/).
if HAVE_LUA
noinst_PROGRAMS += lua/bench/lua-bench
lua_bench_lua_bench_SOURCES = lua/bench/lua-bench.c
lua_bench_lua_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-I$(top_srcdir)/clients/bot -I$(top_srcdir)/lua
lua_bench_lua_bench_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(LUA_CFLAGS)
lua_bench_lua_bench_LDADD = lua/libmeeple-lua.la clients/bot/libmeeple-bot.la \
	clients/common/libmeeple-client.la $(LUA_LIBS) $(GLIB_LIBS)
bench_lua_deps = lua/bench/lua-bench$(EXEEXT) daemon/meepled$(EXEEXT)
bench_lua_run = DBUS_DAEMON=$(DBUS_DAEMON) \
	MEEPLE_TILES_DIR=$(abs_top_srcdir)/data/tiles \
	MEEPLE_PLUGIN_PATH=$(abs_top_builddir)/plugins/.libs \
	$(SHELL) $(top_srcdir)/lua/bench/bench.sh $(abs_top_builddir) \
	$(abs_top_srcdir)
else
bench_lua_deps =
bench_lua_run = echo "bench-lua: Lua 5.4 was not found by configure: skipped"
endif
bench-lua: $(bench_lua_deps)
	$(bench_lua_run)
bench: bench-lua
.PHONY: bench-lua
EXTRA_DIST += lua/bench/bench.sh lua/bench/bench.lua
