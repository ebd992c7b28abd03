# D-Bus integration tests: a private dbus-daemon whose service directory
# activates the built meepled (tests/dbusfixture.c; the bus configuration
# is tests/dbus/session.conf.in).  The client side is GIO's GDBus, on
# purpose independent of the daemon's own libdbus code.  Both tests exit
# 77 (skipped) when dbus-daemon is missing.
check_LTLIBRARIES += tests/libdbusfixture.la
tests_libdbusfixture_la_SOURCES = tests/dbusfixture.c tests/dbusfixture.h
tests_libdbusfixture_la_CFLAGS = $(AM_CFLAGS) $(GIO_CFLAGS) \
	-DTEST_SRCDIR=\"$(abs_top_srcdir)\" -DTEST_BUILDDIR=\"$(abs_top_builddir)\"
tests_libdbusfixture_la_LIBADD = $(GIO_LIBS)

# Preloaded into meepled where a test needs a commit itself to fail.
check_LTLIBRARIES += tests/fault/wal-enospc.la
tests_fault_wal_enospc_la_SOURCES = tests/fault/wal-enospc.c
tests_fault_wal_enospc_la_LDFLAGS = $(AM_LDFLAGS) -module -avoid-version \
	-shared -rpath /nowhere
tests_fault_wal_enospc_la_LIBADD = -ldl

check_PROGRAMS += tests/test-dbus-api
TESTS += tests/test-dbus-api
tests_test_dbus_api_SOURCES = tests/test-dbus-api.c
tests_test_dbus_api_CFLAGS = $(TEST_CFLAGS) $(GIO_CFLAGS)
tests_test_dbus_api_LDADD = tests/libdbusfixture.la $(TEST_LDADD) $(GIO_LIBS)
# It activates the daemon of the build tree: build that first.
EXTRA_tests_test_dbus_api_DEPENDENCIES = daemon/meepled$(EXEEXT) \
	tests/fault/wal-enospc.la

# Limits, lifecycle, history paging, short errors (issue 20).
check_PROGRAMS += tests/test-limits
TESTS += tests/test-limits
tests_test_limits_SOURCES = tests/test-limits.c
tests_test_limits_CFLAGS = $(TEST_CFLAGS) $(GIO_CFLAGS)
tests_test_limits_LDADD = tests/libdbusfixture.la $(TEST_LDADD) $(GIO_LIBS)
EXTRA_tests_test_limits_DEPENDENCIES = daemon/meepled$(EXEEXT)

# The running daemon's introspection against data/*.xml, and xmllint.
# (It runs daemon/meepled, which `make check` builds first, as part of all.)
TESTS += tests/test-dbus-introspect.sh
EXTRA_DIST += \
	tests/test-dbus-introspect.sh \
	tests/compare-introspection.py \
	tests/dbus/session.conf.in \
	tests/dbus/private-bus.sh
# TESTS_ENVIRONMENT (tests/local.mk) exports DBUS_DAEMON and XMLLINT, the
# programs configure found (the tests fall back to $PATH).

# meepled's decoding of Act arguments: 1,600 sessions of random Act calls,
# every rule set in turn (base, each plugin, all; loaded from the build tree),
# without a bus (tests/act-fuzz.h; the libFuzzer target
# tests/fuzz/fuzz-act.c uses the same generator).
check_PROGRAMS += tests/test-act-decode
TESTS += tests/test-act-decode
tests_test_act_decode_SOURCES = tests/test-act-decode.c tests/act-fuzz.c \
	tests/act-fuzz.h daemon/marshal.c daemon/session.c daemon/errors.c
tests_test_act_decode_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon
tests_test_act_decode_CFLAGS = $(TEST_CFLAGS) $(DBUS_CFLAGS)
tests_test_act_decode_LDADD = $(TEST_LDADD) daemon/dbus/libmeeple-dbus.la \
	$(DBUS_LIBS)
