/* look.h — how the board draws a segment kind, a symbol, a figure type or
 * a seat: the one place that decides.
 *
 * Everything a rule set adds is drawn from what the catalog says about it
 * (its name, its shape, the look it registers), never from a list of rule
 * sets in the client.  The core kinds of the engine (road, city, field,
 * monastery, garden) have hand-made looks; any other kind, symbol or
 * figure gets a generic one derived from its name: a colour hashed from
 * the name and its initial as a letter.  When the catalog carries a look
 * (today: symbols' glyphs; with plugin ABI 2: figures and kinds too),
 * mg_look_*() return it instead, so switching to catalog looks changes
 * this file only. */
#ifndef MG_LOOK_H
#define MG_LOOK_H

#include <gtk/gtk.h>
#include "meeple-client.h"

G_BEGIN_DECLS

/* How a segment kind is painted. */
typedef enum {
  MG_PAINT_FIELD,     /* fills its half-edge triangles */
  MG_PAINT_AREA,      /* a walled area from its edges (city-like) */
  MG_PAINT_LINE,      /* a band from its edges to the centre (road-like) */
  MG_PAINT_BUILDING,  /* a building on its spot (monastery-like) */
  MG_PAINT_GARDEN,    /* a round patch on its spot */
  MG_PAINT_BADGE,     /* a lettered disc on its spot (anything else) */
} MgPaint;

typedef struct {
  MgPaint paint;
  GdkRGBA fill, edge;   /* main colour, outline/wall colour */
  char letter[8];       /* UTF-8: drawn on badges and in legends */
} MgKindLook;

typedef struct {
  GdkRGBA fill;
  char glyph[8];        /* UTF-8: the catalog's Unicode glyph or an initial */
  const char *legend;   /* words for it (the catalog's, or its name) */
} MgSymbolLook;

/* The shape a figure is drawn with. */
typedef enum {
  MG_FIGURE_MEEPLE,     /* an owned figure: a person in the seat's colour */
  MG_FIGURE_TOKEN,      /* a neutral figure: a lettered hexagon */
} MgFigureShape;

typedef struct {
  MgFigureShape shape;
  GdkRGBA fill;         /* neutral figures only (seats have their own) */
  char letter[8];       /* "" for the plain follower */
  const char *name;     /* the type's name: tooltips, accessible labels */
} MgFigureLook;

/* Looks of the kind at @kind of @catalog (out-of-range: a badge). */
void mg_look_kind(const MeepleClientCatalog *catalog, guint kind,
                  MgKindLook *look);
/* Look of segment @segment's kind, as it is on its tile: a kind said
 * to join across edges but drawn on a segment that touches no edge is a
 * spot (a badge).  The catalog of libmeeple-client 0.1 lists kinds
 * only as its tiles use them, without codes or shapes (their defaults:
 * "edge"), so the geometry decides. */
void mg_look_segment(const MeepleClientCatalog *catalog,
                     const MeepleSegment *segment, MgKindLook *look);
/* Look of symbol @symbol of @catalog. */
void mg_look_symbol(const MeepleClientCatalog *catalog, guint symbol,
                    MgSymbolLook *look);
/* Look of the figure type named @type (owned by a seat unless neutral). */
void mg_look_figure(const MeepleClientCatalog *catalog, const char *type,
                    gboolean neutral, MgFigureLook *look);

/* The seat colours: chosen to stay apart for the common colour-vision
 * deficiencies (Okabe and Ito's palette), overridable in the settings
 * (mg_look_set_seat_colours()).  Seats also carry a letter, so colour
 * is never the only cue. */
const GdkRGBA *mg_look_seat_colour(guint seat);
const char *mg_look_seat_letter(guint seat);
/* Replaces the palette with @colours (CSS colour strings; unparsable
 * ones keep the default). */
void mg_look_set_seat_colours(const char *const *colours);

/* The colours around the tiles, for the dark or light style. */
typedef struct {
  GdkRGBA background, grid, legal, legal_edge, cursor, last, target,
          selected;
} MgBoardColours;
void mg_look_board_colours(gboolean dark, MgBoardColours *colours);

/* A colour from @name: stable, evenly spread hues, mid lightness. */
void mg_look_hash_colour(const char *name, GdkRGBA *colour);

G_END_DECLS

#endif
