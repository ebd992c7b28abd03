/* tile-paint.h — one tile drawn with cairo from the catalog's geometry
 * (edges, segments with their sides, half-edges, pennants and symbols),
 * and the spot on each segment where a figure stands.
 *
 * Coordinates are in tile units: (0, 0) is the north-west corner of the
 * cell, (1, 1) the south-east one; y grows to the south as on the board.
 * A rotation is in quarter turns clockwise, as in the decision protocol. */
#ifndef MG_TILE_PAINT_H
#define MG_TILE_PAINT_H

#include <cairo.h>
#include "meeple-client.h"
#include "look.h"

G_BEGIN_DECLS

/* Where a figure on segment @segment of @type, turned @rotation, stands;
 * @segment out of range (a figure on the tile itself): a corner, the
 * @nth free one. */
void mg_tile_spot(const MeepleClientCatalog *catalog,
                  const MeepleTileType *type, guint segment, guint rotation,
                  double *x, double *y);

/* Paints @type turned @rotation into the square (0, 0)-(@size, @size) of
 * @cr: terrain, walls, pennants, buildings, symbol badges. */
void mg_tile_paint(cairo_t *cr, const MeepleClientCatalog *catalog,
                   const MeepleTileType *type, guint rotation, double size);

/* Paints a figure of look @look centred on (@x, @y), @size high, in
 * @colour (the seat's; NULL for a neutral figure, which has its own). */
void mg_figure_paint(cairo_t *cr, const MgFigureLook *look,
                     const GdkRGBA *colour, const char *seat_letter,
                     double x, double y, double size);

/* Rotates the point (@x, @y) of a tile @rotation quarter turns
 * clockwise about the tile's centre. */
void mg_tile_rotate_point(guint rotation, double *x, double *y);

G_END_DECLS

#endif
