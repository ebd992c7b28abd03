# meeple-gtk: the desktop files' validators, and the client itself under
# Xvfb against the built meepled on a private bus (tests/gtk/).
TESTS += tests/gtk/test-desktop-files.sh
EXTRA_DIST += tests/gtk/test-desktop-files.sh tests/gtk/test-gtk-ui.sh

if HAVE_GTK
if HAVE_XTEST
check_PROGRAMS += tests/gtk/test-gtk
TESTS += tests/gtk/test-gtk-ui.sh
tests_gtk_test_gtk_SOURCES = tests/gtk/test-gtk.c tests/gtk/uidrive.c \
	tests/gtk/uidrive.h
tests_gtk_test_gtk_CPPFLAGS = $(MEEPLE_GTK_CPPFLAGS) -I$(top_srcdir)/tests
tests_gtk_test_gtk_CFLAGS = $(TEST_CFLAGS) $(GTK_CFLAGS) $(XTEST_CFLAGS) \
	$(DBUS_CFLAGS) $(GIO_CFLAGS)
tests_gtk_test_gtk_LDADD = clients/gtk/libmeeple-gtk.la \
	tests/libdbusfixture.la $(CHECK_LIBS) $(GTK_LIBS) $(XTEST_LIBS) \
	$(GIO_LIBS) -lm
EXTRA_tests_gtk_test_gtk_DEPENDENCIES = daemon/meepled$(EXEEXT) \
	data/gtk/schemas/gschemas.compiled
CLEANFILES += tests/gtk/shots/*.png
endif
endif

# make bench-gtk (also part of make bench): the board's frame times.
if HAVE_GTK
check_PROGRAMS += tests/gtk/bench-board
tests_gtk_bench_board_SOURCES = tests/gtk/bench-board.c
tests_gtk_bench_board_CPPFLAGS = $(MEEPLE_GTK_CPPFLAGS) -I$(top_srcdir)/tests
tests_gtk_bench_board_CFLAGS = $(AM_CFLAGS) $(GTK_CFLAGS) $(DBUS_CFLAGS) \
	$(GIO_CFLAGS) -DTEST_SRCDIR=\"$(abs_top_srcdir)\" \
	-DTEST_BUILDDIR=\"$(abs_top_builddir)\"
tests_gtk_bench_board_LDADD = clients/gtk/libmeeple-gtk.la \
	tests/libdbusfixture.la $(GTK_LIBS) $(GIO_LIBS) -lm
bench-gtk: tests/gtk/bench-board daemon/meepled $(meepleplugins_LTLIBRARIES)
	MEEPLE_TILES_DIR=$(abs_top_srcdir)/data/tiles \
	MEEPLE_PLUGIN_PATH=$(abs_top_builddir)/plugins/.libs \
	DBUS_DAEMON=$(DBUS_DAEMON) GTK_A11Y=none GDK_BACKEND=x11 \
	$(SHELL) -c 'if [ -n "$$DISPLAY" ]; then exec $(top_builddir)/tests/gtk/bench-board; \
	  else exec xvfb-run -a -s "-screen 0 1400x900x24" $(top_builddir)/tests/gtk/bench-board; fi'
else
bench-gtk:
	@echo "meeple-gtk is not built: no board benchmark"
endif
.PHONY: bench-gtk
