# Unit tests of the shared D-Bus plumbing (daemon/dbus).
# test-dbus-variant: GVariant <-> D-Bus message values, no bus needed.
# test-dbus-loop: the GLib main-loop integration against a private
# dbus-daemon ($DBUS_DAEMON, else dbus-daemon from PATH; skipped, exit 77,
# when there is none).
DBUS_UNIT_TESTS = \
	tests/test-dbus-variant \
	tests/test-dbus-loop

check_PROGRAMS += $(DBUS_UNIT_TESTS)
TESTS += $(DBUS_UNIT_TESTS)

DBUS_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon
DBUS_TEST_CFLAGS = $(TEST_CFLAGS) $(DBUS_CFLAGS)
DBUS_TEST_LDADD = $(TEST_LDADD) daemon/dbus/libmeeple-dbus.la $(DBUS_LIBS)

tests_test_dbus_variant_SOURCES = tests/test-dbus-variant.c
tests_test_dbus_variant_CPPFLAGS = $(DBUS_TEST_CPPFLAGS)
tests_test_dbus_variant_CFLAGS = $(DBUS_TEST_CFLAGS)
tests_test_dbus_variant_LDADD = $(DBUS_TEST_LDADD)
tests_test_dbus_loop_SOURCES = tests/test-dbus-loop.c
tests_test_dbus_loop_CPPFLAGS = $(DBUS_TEST_CPPFLAGS)
tests_test_dbus_loop_CFLAGS = $(DBUS_TEST_CFLAGS)
tests_test_dbus_loop_LDADD = $(DBUS_TEST_LDADD)
