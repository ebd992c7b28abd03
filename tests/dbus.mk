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

check_PROGRAMS += tests/test-dbus-api
TESTS += tests/test-dbus-api
tests_test_dbus_api_SOURCES = tests/test-dbus-api.c
tests_test_dbus_api_CFLAGS = $(TEST_CFLAGS) $(GIO_CFLAGS)
tests_test_dbus_api_LDADD = tests/libdbusfixture.la $(TEST_LDADD) $(GIO_LIBS)
# It activates the daemon of the build tree: build that first.
EXTRA_tests_test_dbus_api_DEPENDENCIES = daemon/meepled$(EXEEXT)

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
