# Bot strategies (clients/bot): a convenience library for `meeple bot` and
# the tests.  It links libmeeple-client, so linking it is enough.
noinst_LTLIBRARIES += clients/bot/libmeeple-bot.la
clients_bot_libmeeple_bot_la_SOURCES = \
	clients/bot/bot.h \
	clients/bot/bot.c \
	clients/bot/play.c
clients_bot_libmeeple_bot_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/clients/common
clients_bot_libmeeple_bot_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
clients_bot_libmeeple_bot_la_LIBADD = clients/common/libmeeple-client.la \
	$(GLIB_LIBS)
