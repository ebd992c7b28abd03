# meeple-gtk: the GTK 4 desktop client (clients/gtk), built when GTK 4
# and libadwaita are found (configure --with-gtk).  Everything but main()
# is a convenience library, so that the UI tests (tests/gtk.mk) drive the
# very widgets the program shows.
if HAVE_GTK
noinst_LTLIBRARIES += clients/gtk/libmeeple-gtk.la
clients_gtk_libmeeple_gtk_la_SOURCES = \
	clients/gtk/app.c clients/gtk/app.h \
	clients/gtk/board.c clients/gtk/board.h \
	clients/gtk/bot-strategies.c clients/gtk/bot-strategies.h \
	clients/gtk/conn.c clients/gtk/conn.h \
	clients/gtk/event-text.c clients/gtk/event-text.h \
	clients/gtk/games-watch.c clients/gtk/games-watch.h \
	clients/gtk/game-view.c clients/gtk/game-view.h \
	clients/gtk/lobby.c clients/gtk/lobby.h \
	clients/gtk/local-replay.c clients/gtk/local-replay.h \
	clients/gtk/look.c clients/gtk/look.h \
	clients/gtk/prefs.c clients/gtk/prefs.h \
	clients/gtk/renderer.c clients/gtk/renderer.h \
	clients/gtk/replay.c clients/gtk/replay.h \
	clients/gtk/scores.c clients/gtk/scores.h \
	clients/gtk/session.c clients/gtk/session.h \
	clients/gtk/tile-paint.c clients/gtk/tile-paint.h \
	clients/gtk/turn.c clients/gtk/turn.h
MEEPLE_GTK_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/clients/common \
	-I$(top_srcdir)/clients/bot -I$(top_srcdir)/clients/gtk \
	-DMEEPLE_GTK_BUILD_SCHEMA_DIR=\"$(abs_top_builddir)/data/gtk/schemas\"
clients_gtk_libmeeple_gtk_la_CPPFLAGS = $(MEEPLE_GTK_CPPFLAGS)
clients_gtk_libmeeple_gtk_la_CFLAGS = $(AM_CFLAGS) $(GTK_CFLAGS) $(DBUS_CFLAGS)
clients_gtk_libmeeple_gtk_la_LIBADD = clients/bot/libmeeple-bot.la \
	clients/common/libmeeple-client.la $(GTK_LIBS) $(DBUS_LIBS) \
	$(GLIB_LIBS) -lm

bin_PROGRAMS += clients/gtk/meeple-gtk
clients_gtk_meeple_gtk_SOURCES = clients/gtk/main.c
clients_gtk_meeple_gtk_CPPFLAGS = $(MEEPLE_GTK_CPPFLAGS)
clients_gtk_meeple_gtk_CFLAGS = $(AM_CFLAGS) $(GTK_CFLAGS) $(DBUS_CFLAGS)
clients_gtk_meeple_gtk_LDADD = clients/gtk/libmeeple-gtk.la
dist_man_MANS += doc/meeple-gtk.1
endif
EXTRA_DIST += doc/gtk.md
