# The mist and ghosts of Ghosts, Castles and Cemeteries (RULES §6), built
# like plugins/circus.  mist-api.h is the interface it publishes as a
# versioned table (mist-api.c) for plugins/spell-circles, which compiles
# none of these sources; mist.h is private to this plugin.
meepleplugins_LTLIBRARIES += plugins/mist.la
plugins_mist_la_SOURCES = plugins/mist/mist.c plugins/mist/mist.h \
	plugins/mist/mist-api.h plugins/mist/mist-api.c \
	plugins/mist/mist-geometry.c plugins/mist/mist-ghosts.c
plugins_mist_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_mist_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_mist_la_LIBADD = $(PLUGIN_LIBADD)

# Its provisional tile file, installed next to base.tiles (see
# plugins/princess-dragon/local.mk for why the directory has its own
# variable).
misttilesdir = $(pkgdatadir)/tiles
dist_misttiles_DATA = data/tiles/mist.tiles
