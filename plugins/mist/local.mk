# The mist and ghosts of Ghosts, Castles and Cemeteries (RULES §6), built
# like plugins/circus.  mist.h and the two mist-*.c files are shared with
# plugins/spell-circles, which requires this rule set and works on its
# state; each plugin links its own copy (plugins export nothing but their
# descriptor).
MIST_SHARED_SOURCES = plugins/mist/mist.h plugins/mist/mist-geometry.c \
	plugins/mist/mist-ghosts.c
meepleplugins_LTLIBRARIES += plugins/mist.la
plugins_mist_la_SOURCES = plugins/mist/mist.c $(MIST_SHARED_SOURCES)
plugins_mist_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_mist_la_LIBADD = $(PLUGIN_LIBADD)

# Its provisional tile file, installed next to base.tiles (see
# plugins/princess-dragon/local.mk for why the directory has its own
# variable).
misttilesdir = $(pkgdatadir)/tiles
dist_misttiles_DATA = data/tiles/mist.tiles
