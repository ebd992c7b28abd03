# Data installed to $(pkgdatadir): tile sets.
tilesdir = $(pkgdatadir)/tiles
dist_tiles_DATA = data/tiles/base.tiles
