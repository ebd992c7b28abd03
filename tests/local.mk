# Check suites.  Each test program is one suite; tests/testutil.c holds the
# helpers they share (rules from the source tree, games from a tile order,
# actions by notation).
check_LTLIBRARIES = tests/libtestutil.la
tests_libtestutil_la_SOURCES = tests/testutil.c tests/testutil.h \
	tests/scenario.c tests/scenario.h
tests_libtestutil_la_CFLAGS = $(TEST_CFLAGS)

TEST_LDADD = tests/libtestutil.la daemon/engine/libmeeple.la $(CHECK_LIBS) $(GLIB_LIBS)
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -DTEST_SRCDIR=\"$(abs_top_srcdir)\" -DTEST_BUILDDIR=\"$(abs_top_builddir)\"

ENGINE_TESTS = \
	tests/test-tiles \
	tests/test-board \
	tests/test-notation \
	tests/test-rules-base \
	tests/test-record \
	tests/test-properties \
	tests/test-rules-abbot \
	tests/test-plugins

check_PROGRAMS += $(ENGINE_TESTS)
TESTS += $(ENGINE_TESTS)

tests_test_tiles_SOURCES = tests/test-tiles.c
tests_test_tiles_CFLAGS = $(TEST_CFLAGS)
tests_test_tiles_LDADD = $(TEST_LDADD)
tests_test_board_SOURCES = tests/test-board.c
tests_test_board_CFLAGS = $(TEST_CFLAGS)
tests_test_board_LDADD = $(TEST_LDADD)
tests_test_notation_SOURCES = tests/test-notation.c
tests_test_notation_CFLAGS = $(TEST_CFLAGS)
tests_test_notation_LDADD = $(TEST_LDADD)
tests_test_rules_base_SOURCES = tests/test-rules-base.c
tests_test_rules_base_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_base_LDADD = $(TEST_LDADD)
tests_test_record_SOURCES = tests/test-record.c
tests_test_record_CFLAGS = $(TEST_CFLAGS)
tests_test_record_LDADD = $(TEST_LDADD)
tests_test_properties_SOURCES = tests/test-properties.c
tests_test_properties_CFLAGS = $(TEST_CFLAGS)
tests_test_properties_LDADD = $(TEST_LDADD)
tests_test_rules_abbot_SOURCES = tests/test-rules-abbot.c
tests_test_rules_abbot_CFLAGS = $(TEST_CFLAGS)
tests_test_rules_abbot_LDADD = $(TEST_LDADD)
tests_test_plugins_SOURCES = tests/test-plugins.c tests/grow-beside.h
tests_test_plugins_CFLAGS = $(TEST_CFLAGS)
tests_test_plugins_LDADD = $(TEST_LDADD)

# Fixture plugins the loader tests load (ABI, dependencies, hooks ...).
include tests/plugins/local.mk
# What the fixtures and the expansions prove together (ABI 2.0).
include tests/cooperation.mk

# make fuzz: the libFuzzer targets (tests/fuzz/local.mk).
include tests/fuzz/local.mk

# meeple-sim end to end (shell): play, replay round trip, tiles, errors.
TESTS += tests/test-sim.sh
EXTRA_DIST += tests/test-sim.sh tests/harness.sh tests/cli-harness.sh \
  tests/cli-setup.sh tests/data
TESTS_ENVIRONMENT = \
	MEEPLE_SIM=$(abs_top_builddir)/daemon/sim/meeple-sim \
	MEEPLE_TILES_DIR=$(abs_top_srcdir)/data/tiles \
	MEEPLE_PLUGIN_PATH=$(abs_top_builddir)/plugins/.libs \
	TEST_SRCDIR=$(abs_top_srcdir) \
	TEST_BUILDDIR=$(abs_top_builddir) \
	CC="$(CC)" GLIB_CFLAGS="$(GLIB_CFLAGS)" GLIB_LIBS="$(GLIB_LIBS)" \
	DBUS_DAEMON="$(DBUS_DAEMON)" XMLLINT="$(XMLLINT)"; \
	export MEEPLE_SIM MEEPLE_TILES_DIR MEEPLE_PLUGIN_PATH TEST_SRCDIR \
	TEST_BUILDDIR CC GLIB_CFLAGS GLIB_LIBS DBUS_DAEMON XMLLINT;

# The strategy library (clients/bot/strategy.h): determinism, rebuilt
# games, hidden information.
check_PROGRAMS += tests/test-bot
TESTS += tests/test-bot
tests_test_bot_SOURCES = tests/test-bot.c
tests_test_bot_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/bot
tests_test_bot_CFLAGS = $(TEST_CFLAGS)
tests_test_bot_LDADD = clients/bot/libmeeple-strategy.la $(TEST_LDADD) -lm
