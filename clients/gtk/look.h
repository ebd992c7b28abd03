/* look.h — how the board draws a segment kind, a symbol, a figure type or
 * a seat: the one place that decides.
 *
 * Everything a rule set adds is drawn from what the catalog says about it
 * (its name, its shape, the look it registers: meeple/looks.h, GetCatalog
 * "figure-looks", "kind-looks", "symbol-looks"), never from a list of
 * rule sets in the client.  The core kinds of the engine (road, city,
 * field, monastery, garden) have hand-made looks.  A registered look
 * gives the outline (its shape word: "triangle", "star", "tent",
 * "crown"…), the colour (its colour role, mapped to this client's
 * palette) and the letter or glyph; anything without one gets a generic
 * look derived from its name: a colour hashed from the name and its
 * initial as a letter. */
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

/* Outlines of badges and figures: the shape words of meeple/looks.h this
 * client draws.  A word it does not know gets the default of the thing
 * (a disc for badges and symbols, a hexagon for neutral figures). */
typedef enum {
  MG_SHAPE_DISC,        /* "disc", "spot" and any unknown word */
  MG_SHAPE_OPEN,        /* "circle": an open circle */
  MG_SHAPE_MEEPLE,      /* "meeple": a person */
  MG_SHAPE_HEXAGON,     /* a neutral figure without a look */
  MG_SHAPE_TRIANGLE,    /* "triangle" */
  MG_SHAPE_STAR,        /* "star" */
  MG_SHAPE_TENT,        /* "tent" */
  MG_SHAPE_CROWN,       /* "crown" */
  MG_SHAPE_HOUSE,       /* "building" */
  MG_SHAPE_TREE,        /* "tree" */
} MgShape;

/* The shape named @word, or @fallback for a word this client does not
 * draw. */
MgShape mg_look_shape(const char *word, MgShape fallback);

typedef struct {
  MgPaint paint;
  GdkRGBA fill, edge;   /* main colour, outline/wall colour */
  char letter[8];       /* UTF-8: drawn on badges and in legends */
  MgShape badge;        /* MG_PAINT_BADGE: the badge's outline */
} MgKindLook;

typedef struct {
  GdkRGBA fill;         /* the badge's colour, or the wash of an area */
  char glyph[8];        /* UTF-8: the catalog's Unicode glyph or an initial */
  const char *legend;   /* words for it (the catalog's, or its name) */
  gboolean wash;        /* an area symbol ("fog", "area"): the fields
                         * carrying it are washed with @fill */
  MgShape shape;        /* otherwise: a badge of this outline */
} MgSymbolLook;

typedef struct {
  MgShape shape;        /* MG_SHAPE_MEEPLE for a person */
  GdkRGBA fill;         /* when not the seat's colour */
  gboolean seat_colour; /* drawn in its owner's colour */
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
/* Look of the figure type named @type (owned by a seat unless neutral):
 * the look its rule set registered (shape, colour role, ASCII letter),
 * else a person in the seat's colour (owned) or a lettered hexagon in a
 * colour of its name (neutral). */
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
