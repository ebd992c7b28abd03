# Lua rule sets (plugins/lua, doc/lua-rulesets.md): the Lua abbot against
# the C one, hostile scripts through meeple-sim and the daemon, a game
# with a Lua rule set across a restart.
EXTRA_DIST += tests/lua-rulesets/scripts tests/lua-rulesets/daemon.lua \
	tests/lua-rulesets/test-lua-abbot.sh \
	tests/lua-rulesets/test-hostile-sim.sh \
	tests/lua-rulesets/test-lua-rulesets-daemon.sh
if HAVE_LUA
check_PROGRAMS += tests/lua-rulesets/abbot-diff
tests_lua_rulesets_abbot_diff_SOURCES = tests/lua-rulesets/abbot-diff.c \
	tests/lua-rulesets/scratch.h
tests_lua_rulesets_abbot_diff_CFLAGS = $(AM_CFLAGS) \
	-DTEST_SRCDIR=\"$(abs_top_srcdir)\"
tests_lua_rulesets_abbot_diff_LDADD = daemon/engine/libmeeple.la $(GLIB_LIBS)
TESTS += tests/lua-rulesets/test-lua-abbot.sh

# hostile scripts, in libmeeple (the games before and after a failure)
check_PROGRAMS += tests/lua-rulesets/hostile
tests_lua_rulesets_hostile_SOURCES = tests/lua-rulesets/hostile.c \
	tests/lua-rulesets/scratch.h
tests_lua_rulesets_hostile_CFLAGS = $(AM_CFLAGS) \
	-DTEST_SRCDIR=\"$(abs_top_srcdir)\"
tests_lua_rulesets_hostile_LDADD = daemon/engine/libmeeple.la $(GLIB_LIBS)
TESTS += tests/lua-rulesets/hostile
# game:state_text(): canonical text of a game's Lua state, its clone's and
# its replay's
check_PROGRAMS += tests/lua-rulesets/state-text
tests_lua_rulesets_state_text_SOURCES = tests/lua-rulesets/state-text.c \
	tests/lua-rulesets/scratch.h
tests_lua_rulesets_state_text_CFLAGS = $(AM_CFLAGS) \
	-DTEST_SRCDIR=\"$(abs_top_srcdir)\"
tests_lua_rulesets_state_text_LDADD = daemon/engine/libmeeple.la $(GLIB_LIBS)
TESTS += tests/lua-rulesets/state-text
# a filter hook's options (effects, scope) narrow what it is asked about
check_PROGRAMS += tests/lua-rulesets/filter-options
tests_lua_rulesets_filter_options_SOURCES = \
	tests/lua-rulesets/filter-options.c tests/lua-rulesets/scratch.h \
	tests/grow-beside.h
tests_lua_rulesets_filter_options_CFLAGS = $(AM_CFLAGS) \
	-DTEST_SRCDIR=\"$(abs_top_srcdir)\"
tests_lua_rulesets_filter_options_LDADD = daemon/engine/libmeeple.la \
	$(GLIB_LIBS)
TESTS += tests/lua-rulesets/filter-options
# ... and through meeple-sim and through the daemon (a real bus)
TESTS += tests/lua-rulesets/test-hostile-sim.sh
TESTS += tests/lua-rulesets/test-lua-rulesets-daemon.sh

# make bench: the Lua abbot's cost against the C abbot, in one run
bench-lua-rulesets: tests/lua-rulesets/abbot-diff$(EXEEXT) \
	$(meepleplugins_LTLIBRARIES)
	$(top_builddir)/tests/lua-rulesets/abbot-diff bench
else
bench-lua-rulesets:
	@echo "bench-lua-rulesets: Lua 5.4 was not found by configure: skipped"
endif
bench: bench-lua-rulesets
.PHONY: bench-lua-rulesets
