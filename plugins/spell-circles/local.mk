# Spell Circles (RULES §7): requires the mist rule set and shares its
# code and state layout (plugins/mist/local.mk).
meepleplugins_LTLIBRARIES += plugins/spell-circles.la
plugins_spell_circles_la_SOURCES = plugins/spell-circles/spell-circles.c \
	$(MIST_SHARED_SOURCES)
plugins_spell_circles_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_spell_circles_la_LIBADD = $(PLUGIN_LIBADD)

sctilesdir = $(pkgdatadir)/tiles
dist_sctiles_DATA = data/tiles/spell-circles.tiles
