# Bot strategies (clients/bot).  libmeeple-strategy holds the strategies
# themselves (random, greedy, search) on libmeeple alone, for meeple-sim
# and every client; libmeeple-bot plays them through libmeeple-client
# (`meeple bot`, the tests).
noinst_LTLIBRARIES += clients/bot/libmeeple-strategy.la
clients_bot_libmeeple_strategy_la_SOURCES = \
	clients/bot/view.h \
	clients/bot/view.c \
	clients/bot/strategy.h \
	clients/bot/strategy.c \
	clients/bot/greedy.c \
	clients/bot/search.c
clients_bot_libmeeple_strategy_la_LIBADD = daemon/engine/libmeeple.la \
	$(GLIB_LIBS) -lm

noinst_LTLIBRARIES += clients/bot/libmeeple-bot.la
clients_bot_libmeeple_bot_la_SOURCES = \
	clients/bot/bot.h \
	clients/bot/bot.c \
	clients/bot/play.c \
	clients/bot/remote.h \
	clients/bot/remote.c \
	daemon/paths.c \
	daemon/paths.h
clients_bot_libmeeple_bot_la_CPPFLAGS = $(AM_CPPFLAGS) \
	-I$(top_srcdir)/clients/common -I$(top_srcdir)/daemon
clients_bot_libmeeple_bot_la_CFLAGS = $(AM_CFLAGS) $(DBUS_CFLAGS)
clients_bot_libmeeple_bot_la_LIBADD = clients/bot/libmeeple-strategy.la \
	clients/common/libmeeple-client.la $(GLIB_LIBS)
