# meepled: the daemon.  daemon/dbus/ holds the D-Bus plumbing the daemon
# and libmeeple-client share (GLib main-loop integration of libdbus,
# GVariant <-> D-Bus message conversion, the API's names).
noinst_LTLIBRARIES += daemon/dbus/libmeeple-dbus.la
daemon_dbus_libmeeple_dbus_la_SOURCES = \
	daemon/dbus/names.h \
	daemon/dbus/mainloop.c \
	daemon/dbus/mainloop.h \
	daemon/dbus/variant.c \
	daemon/dbus/variant.h
daemon_dbus_libmeeple_dbus_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
daemon_dbus_libmeeple_dbus_la_LIBADD = $(DBUS_LIBS) $(GLIB_LIBS)

bin_PROGRAMS += daemon/meepled
daemon_meepled_SOURCES = \
	daemon/main.c \
	daemon/daemon.h \
	daemon/errors.c \
	daemon/errors.h \
	daemon/paths.c \
	daemon/paths.h \
	daemon/objects.c \
	daemon/objects.h \
	daemon/session.c \
	daemon/session.h \
	daemon/marshal.c \
	daemon/marshal.h \
	daemon/manager.c \
	daemon/game-object.c \
	daemon/pacing.c \
	daemon/deadlines.c \
	daemon/deadlines.h \
	daemon/clients.c \
	daemon/lifecycle.c \
	daemon/store.c \
	daemon/store.h \
	daemon/resume.c \
	daemon/commit.c \
	daemon/history.c
daemon_meepled_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon \
	-DMEEPLE_VERSION=\"$(VERSION)\" -DG_LOG_USE_STRUCTURED \
	-UG_LOG_DOMAIN -DG_LOG_DOMAIN=\"meepled\"
daemon_meepled_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS) $(SQLITE_CFLAGS)
daemon_meepled_LDADD = daemon/dbus/libmeeple-dbus.la \
	daemon/engine/libmeeple.la $(DBUS_LIBS) $(SQLITE_LIBS) $(GLIB_LIBS)

dist_man_MANS += doc/meepled.8

# meepled-bench: round trips, concurrent bots and memory on a private bus
# (make bench).
noinst_PROGRAMS += daemon/bench/meepled-bench
daemon_bench_meepled_bench_SOURCES = daemon/bench/meepled-bench.c \
	daemon/bench/bench-common.c daemon/bench/bench-common.h
daemon_bench_meepled_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon \
	-DMEEPLE_BUILD_DAEMON=\"$(abs_top_builddir)/daemon/meepled\"
daemon_bench_meepled_bench_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
daemon_bench_meepled_bench_LDADD = daemon/dbus/libmeeple-dbus.la \
	$(DBUS_LIBS) $(GLIB_LIBS)

# meepled-store-bench: the cost of one durable act and the restart time
# with 1,000 unfinished games (make bench; doc/storage.md).
noinst_PROGRAMS += daemon/bench/meepled-store-bench
daemon_bench_meepled_store_bench_SOURCES = \
	daemon/bench/meepled-store-bench.c daemon/bench/bench-common.c \
	daemon/bench/bench-common.h
daemon_bench_meepled_store_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon \
	-DMEEPLE_BUILD_DAEMON=\"$(abs_top_builddir)/daemon/meepled\"
daemon_bench_meepled_store_bench_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
daemon_bench_meepled_store_bench_LDADD = daemon/dbus/libmeeple-dbus.la \
	$(DBUS_LIBS) $(GLIB_LIBS)
