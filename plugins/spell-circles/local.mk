# Spell Circles (RULES §7): requires the mist rule set and works on its
# state only through the table the mist publishes (plugins/mist/mist-api.h,
# checked by name, version and size at load): it compiles none of the
# mist's sources.
meepleplugins_LTLIBRARIES += plugins/spell-circles.la
plugins_spell_circles_la_SOURCES = plugins/spell-circles/spell-circles.c \
	plugins/mist/mist-api.h
plugins_spell_circles_la_CFLAGS = $(PLUGIN_CFLAGS)
plugins_spell_circles_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_spell_circles_la_LIBADD = $(PLUGIN_LIBADD)

sctilesdir = $(pkgdatadir)/tiles
dist_sctiles_DATA = data/tiles/spell-circles.tiles
