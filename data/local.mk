# Data installed to $(pkgdatadir): tile sets.
tilesdir = $(pkgdatadir)/tiles
dist_tiles_DATA = data/tiles/base.tiles

pkgconfigdir = $(libdir)/pkgconfig
# pkg-config files for programs, out-of-tree plugins (doc/plugins.md) and
# clients: libmeeple (and the plugin ABI), libmeeple-client.
pkgconfig_DATA = data/meeple-1.pc data/meeple-client-1.pc
EXTRA_DIST += data/meeple-1.pc.in data/meeple-client-1.pc.in
CLEANFILES += $(pkgconfig_DATA)
data/%.pc: $(srcdir)/data/%.pc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data && sed \
		-e 's|%prefix%|$(prefix)|g' \
		-e 's|%exec_prefix%|$(exec_prefix)|g' \
		-e 's|%libdir%|$(libdir)|g' \
		-e 's|%includedir%|$(includedir)|g' \
		-e 's|%meeplepluginsdir%|$(meeplepluginsdir)|g' \
		-e 's|%tilesdir%|$(tilesdir)|g' \
		-e 's|%VERSION%|$(VERSION)|g' \
		$< > $@
