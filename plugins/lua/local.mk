# The Lua rule-set host (doc/lua-rulesets.md): a plugin that embeds Lua
# 5.4 and makes every *.lua file of the plugin directories a rule set.
# Built when configure finds Lua 5.4 (HAVE_LUA), like the Lua client.
# It links liblua itself: no interpreter loads it.
# Files, not the directory: a directory is copied from the build tree
# too, objects included (automake sources of every condition are
# distributed anyway).
EXTRA_DIST += plugins/lua/rulesets
if HAVE_LUA
meepleplugins_LTLIBRARIES += plugins/lua.la
plugins_lua_la_SOURCES = \
	plugins/lua/lhost.h \
	plugins/lua/host.c \
	plugins/lua/sandbox.c \
	plugins/lua/registry.c \
	plugins/lua/game.c \
	plugins/lua/hooks.c \
	plugins/lua/serialise.c \
	plugins/lua/upvalues.c \
	plugins/lua/apis.c
plugins_lua_la_CFLAGS = $(PLUGIN_CFLAGS) $(LUA_CFLAGS)
plugins_lua_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_lua_la_LIBADD = $(PLUGIN_LIBADD) $(LUA_LIBS)

# Lua rule sets that ship with meepled.  The Lua abbot has the C abbot's
# id (records of both are the same), so it is installed apart, in a
# directory no program searches unless told to (MEEPLE_PLUGIN_PATH or
# --plugin-dir): doc/lua-rulesets.md, "The Lua abbot".
luarulesetsdir = $(pkgdatadir)/lua-rulesets
luarulesets_DATA = plugins/lua/rulesets/abbot.lua

# The house rules of The Princess & the Dragon (RULES PD-25), rule sets of
# their own ids: installed where the host finds rule sets by default, the
# plugin directory (doc/princess-dragon.md, "House rules (PD-25)").
meepleplugins_DATA = \
	plugins/lua/rulesets/pd-house-redraw-dragon.lua \
	plugins/lua/rulesets/pd-house-fairy-claim.lua \
	plugins/lua/rulesets/pd-house-fairy-five.lua \
	plugins/lua/rulesets/pd-house-dragon-enters-fairy.lua
endif

