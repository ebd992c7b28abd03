# The Princess & the Dragon (RULES §3), built like plugins/abbot: a libtool
# module that lands in plugins/.libs/princess-dragon.so, exporting only its
# descriptor (PLUGIN_LDFLAGS and PLUGIN_LIBADD come from plugins/local.mk,
# which includes this fragment).
meepleplugins_LTLIBRARIES += plugins/princess-dragon.la
plugins_princess_dragon_la_SOURCES = \
	plugins/princess-dragon/princess-dragon.c \
	plugins/princess-dragon/pd-api.h \
	plugins/princess-dragon/pd-methods.c \
	plugins/princess-dragon/pd-methods.h
plugins_princess_dragon_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_princess_dragon_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_princess_dragon_la_LIBADD = $(PLUGIN_LIBADD)

# Its tile file, installed next to base.tiles, where the loader looks for a
# plugin's tiles after the plugin's own directory.  The directory has a
# variable of its own rather than "dist_tiles_DATA +=": plugins/local.mk is
# included before data/local.mk, whose "dist_tiles_DATA =" must come first
# (automake refuses a += before the =).
pdtilesdir = $(pkgdatadir)/tiles
dist_pdtiles_DATA = data/tiles/princess-dragon.tiles
