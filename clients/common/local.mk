# libmeeple-client: the D-Bus API in C for every client (clients/common).
lib_LTLIBRARIES += clients/common/libmeeple-client.la
clients_common_libmeeple_client_la_SOURCES = \
	clients/common/meeple-client.h \
	clients/common/client-private.h \
	clients/common/client.c \
	clients/common/parse.c \
	clients/common/catalog.c \
	clients/common/remote-game.c \
	clients/common/decision.c \
	clients/common/tokens.c
clients_common_libmeeple_client_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/daemon
clients_common_libmeeple_client_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
clients_common_libmeeple_client_la_LIBADD = daemon/dbus/libmeeple-dbus.la \
	$(DBUS_LIBS) $(GLIB_LIBS)
clients_common_libmeeple_client_la_LDFLAGS = $(AM_LDFLAGS) \
	-version-info 0:0:0 \
	-export-symbols-regex '^meeple_(client|remote_game)_'

# The header installs beside libmeeple's (pkg-config meeple-client-1).
meeple_include_HEADERS += clients/common/meeple-client.h
