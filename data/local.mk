# Data installed to $(pkgdatadir): tile sets.
tilesdir = $(pkgdatadir)/tiles
dist_tiles_DATA = data/tiles/base.tiles

# pkg-config file for programs and out-of-tree plugins (doc/plugins.md).
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = data/meeple-1.pc
EXTRA_DIST += data/meeple-1.pc.in
CLEANFILES += data/meeple-1.pc
data/meeple-1.pc: $(srcdir)/data/meeple-1.pc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data && sed \
		-e 's|%prefix%|$(prefix)|g' \
		-e 's|%exec_prefix%|$(exec_prefix)|g' \
		-e 's|%libdir%|$(libdir)|g' \
		-e 's|%includedir%|$(includedir)|g' \
		-e 's|%meeplepluginsdir%|$(meeplepluginsdir)|g' \
		-e 's|%tilesdir%|$(tilesdir)|g' \
		-e 's|%VERSION%|$(VERSION)|g' \
		$(srcdir)/data/meeple-1.pc.in > $@
