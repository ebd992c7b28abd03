# Mage & Witch (RULES §4), built like plugins/princess-dragon: a libtool
# module that lands in plugins/.libs/mage-witch.so, exporting only its
# descriptor (PLUGIN_LDFLAGS and PLUGIN_LIBADD come from plugins/local.mk,
# which includes this fragment).
meepleplugins_LTLIBRARIES += plugins/mage-witch.la
plugins_mage_witch_la_SOURCES = plugins/mage-witch/mage-witch.c
plugins_mage_witch_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_mage_witch_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_mage_witch_la_LIBADD = $(PLUGIN_LIBADD)

# Its tile file, installed next to base.tiles (see
# plugins/princess-dragon/local.mk for why the directory has its own
# variable).
mwtilesdir = $(pkgdatadir)/tiles
dist_mwtiles_DATA = data/tiles/mage-witch.tiles
