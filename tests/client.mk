# libmeeple-client and the bots against the built meepled on a private bus
# (tests/dbusfixture.c: the first call activates the daemon).
check_PROGRAMS += tests/test-client
TESTS += tests/test-client
tests_test_client_SOURCES = tests/test-client.c
tests_test_client_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/clients/common -I$(top_srcdir)/clients/bot \
	-I$(top_srcdir)/daemon
tests_test_client_CFLAGS = $(TEST_CFLAGS) $(DBUS_CFLAGS) $(GIO_CFLAGS)
tests_test_client_LDADD = tests/libdbusfixture.la \
	clients/bot/libmeeple-bot.la clients/common/libmeeple-client.la \
	daemon/dbus/libmeeple-dbus.la \
	$(CHECK_LIBS) $(GIO_LIBS) $(DBUS_LIBS) $(GLIB_LIBS)
# The test activates the daemon from the build tree: build it first (a
# dependency of the program, since a rule for the .log would replace
# automake's).
EXTRA_tests_test_client_DEPENDENCIES = daemon/meepled$(EXEEXT)
