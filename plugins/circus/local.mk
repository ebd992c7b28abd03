# Under the Big Top (RULES §5), built like plugins/princess-dragon: a
# libtool module that lands in plugins/.libs/circus.so, exporting only its
# descriptor (PLUGIN_LDFLAGS and PLUGIN_LIBADD come from plugins/local.mk,
# which includes this fragment).
meepleplugins_LTLIBRARIES += plugins/circus.la
plugins_circus_la_SOURCES = plugins/circus/circus.c
plugins_circus_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_circus_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_circus_la_LIBADD = $(PLUGIN_LIBADD)

# Its tile file, installed next to base.tiles (see
# plugins/princess-dragon/local.mk for why the directory has its own
# variable).
circustilesdir = $(pkgdatadir)/tiles
dist_circustiles_DATA = data/tiles/circus.tiles
