/* look.c — looks of kinds, symbols, figures and seats (see look.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "look.h"

static void
rgba(GdkRGBA *c, double r, double g, double b)
{
  c->red = (float)r;
  c->green = (float)g;
  c->blue = (float)b;
  c->alpha = 1.0f;
}

/* The first character of @name in upper case, as UTF-8. */
static void
initial(const char *name, char out[8])
{
  gunichar ch = name && *name ? g_unichar_toupper(g_utf8_get_char(name)) : '?';
  int n = g_unichar_to_utf8(ch, out);
  out[n] = '\0';
}

void
mg_look_hash_colour(const char *name, GdkRGBA *colour)
{
  /* The golden angle spreads neighbouring hashes around the wheel. */
  guint h = g_str_hash(name ? name : "");
  double hue = fmod((double)(h % 360u) * 137.508, 360.0) / 360.0;
  float r, g, b;
  gtk_hsv_to_rgb((float)hue, 0.55f, 0.75f, &r, &g, &b);
  rgba(colour, r, g, b);
}

static void
darker(const GdkRGBA *in, GdkRGBA *out, double factor)
{
  rgba(out, in->red * factor, in->green * factor, in->blue * factor);
}

MgShape
mg_look_shape(const char *word, MgShape fallback)
{
  static const struct {
    const char *word;
    MgShape shape;
  } words[] = {
    { "disc", MG_SHAPE_DISC },         { "spot", MG_SHAPE_DISC },
    { "circle", MG_SHAPE_OPEN },       { "meeple", MG_SHAPE_MEEPLE },
    { "triangle", MG_SHAPE_TRIANGLE }, { "star", MG_SHAPE_STAR },
    { "tent", MG_SHAPE_TENT },         { "crown", MG_SHAPE_CROWN },
    { "building", MG_SHAPE_HOUSE },    { "tree", MG_SHAPE_TREE },
  };
  for (gsize i = 0; word && i < G_N_ELEMENTS(words); i++)
    if (strcmp(words[i].word, word) == 0)
      return words[i].shape;
  return fallback;
}

/* A colour role of meeple/looks.h in this client's palette; @name picks
 * the colour of roles that have none of their own (a rule set's spots,
 * neutral figures), so two of them still differ. */
static void
role_colour(MeepleColourRole role, const char *name, GdkRGBA *c)
{
  switch (role) {
  case MEEPLE_COLOUR_ROAD:
    rgba(c, 0.55, 0.50, 0.42);
    break;
  case MEEPLE_COLOUR_CITY:
    rgba(c, 0.72, 0.50, 0.26);
    break;
  case MEEPLE_COLOUR_FIELD:
    rgba(c, 0.40, 0.58, 0.22);
    break;
  case MEEPLE_COLOUR_MONASTERY:
    rgba(c, 0.80, 0.30, 0.22);
    break;
  case MEEPLE_COLOUR_NONE:
    rgba(c, 0.25, 0.25, 0.25);
    break;
  case MEEPLE_COLOUR_OTHER:
  case MEEPLE_COLOUR_SEAT:
  case MEEPLE_COLOUR_NEUTRAL:
  case MEEPLE_COLOUR_COUNT:
  default:
    mg_look_hash_colour(name, c);
    break;
  }
}

/* The registered look's letter: its Unicode glyph when it fits. */
static void
look_glyph(const MeepleLook *l, char out[8])
{
  if (l->unicode && *l->unicode && strlen(l->unicode) < 8) {
    strcpy(out, l->unicode);
  } else {
    out[0] = l->ascii;
    out[1] = '\0';
  }
}

void
mg_look_kind(const MeepleClientCatalog *catalog, guint kind, MgKindLook *look)
{
  memset(look, 0, sizeof *look);
  const MeepleClientKind *k =
      catalog && kind < catalog->kinds->len
          ? g_ptr_array_index(catalog->kinds, kind) : NULL;
  const char *name = k ? k->name : "?";
  /* the code's letter, or the name's when the catalog gave no code */
  initial(k && k->code && *k->code ? k->code : name, look->letter);
  /* The engine's core kinds (meeple/rules.h MeepleKindId): the colours of
   * the printed tiles, so players recognise them at once. */
  if (strcmp(name, "field") == 0) {
    look->paint = MG_PAINT_FIELD;
    rgba(&look->fill, 0.54, 0.72, 0.33);
    rgba(&look->edge, 0.45, 0.62, 0.27);
  } else if (strcmp(name, "city") == 0) {
    look->paint = MG_PAINT_AREA;
    rgba(&look->fill, 0.84, 0.66, 0.42);
    rgba(&look->edge, 0.45, 0.32, 0.22);
  } else if (strcmp(name, "road") == 0) {
    look->paint = MG_PAINT_LINE;
    rgba(&look->fill, 0.96, 0.94, 0.86);
    rgba(&look->edge, 0.35, 0.30, 0.25);
  } else if (strcmp(name, "monastery") == 0) {
    look->paint = MG_PAINT_BUILDING;
    rgba(&look->fill, 0.80, 0.30, 0.22);
    rgba(&look->edge, 0.95, 0.90, 0.80);
  } else if (strcmp(name, "garden") == 0) {
    look->paint = MG_PAINT_GARDEN;
    rgba(&look->fill, 0.25, 0.50, 0.20);
    rgba(&look->edge, 0.16, 0.35, 0.12);
  } else {
    /* A rule set's kind: by its shape, in a colour of its own, or as
     * its registered look says. */
    MeepleShape shape = k ? k->shape : MEEPLE_SHAPE_SPOT;
    look->paint = shape == MEEPLE_SHAPE_EDGE ? MG_PAINT_LINE
                  : shape == MEEPLE_SHAPE_FIELD ? MG_PAINT_FIELD
                  : MG_PAINT_BADGE;
    look->badge = MG_SHAPE_DISC;
    if (k && k->look.ascii) {
      role_colour(k->look.colour, name, &look->fill);
      look_glyph(&k->look, look->letter);
      const char *w = k->look.shape;
      if (g_strcmp0(w, "band") == 0)
        look->paint = MG_PAINT_LINE;
      else if (g_strcmp0(w, "area") == 0)
        look->paint = MG_PAINT_AREA;
      else if (g_strcmp0(w, "building") == 0)
        look->paint = MG_PAINT_BUILDING;
      else if (g_strcmp0(w, "tree") == 0)
        look->paint = MG_PAINT_GARDEN;
      else if (look->paint == MG_PAINT_BADGE)
        look->badge = mg_look_shape(w, MG_SHAPE_DISC);
    } else {
      mg_look_hash_colour(name, &look->fill);
    }
    darker(&look->fill, &look->edge, 0.55);
  }
}

void
mg_look_segment(const MeepleClientCatalog *catalog,
                const MeepleSegment *segment, MgKindLook *look)
{
  mg_look_kind(catalog, segment->kind, look);
  if ((look->paint == MG_PAINT_LINE || look->paint == MG_PAINT_AREA) &&
      !(segment->edges & 0xf))
    look->paint = MG_PAINT_BADGE;
  else if (look->paint == MG_PAINT_FIELD && !segment->halves)
    look->paint = MG_PAINT_BADGE;
}

void
mg_look_symbol(const MeepleClientCatalog *catalog, guint symbol,
               MgSymbolLook *look)
{
  memset(look, 0, sizeof *look);
  const char *name = catalog && symbol < catalog->symbols->len
                         ? g_ptr_array_index(catalog->symbols, symbol) : "?";
  const MeepleSymbolLook *l =
      catalog && catalog->looks && symbol < catalog->looks->len
          ? g_ptr_array_index(catalog->looks, symbol) : NULL;
  const MeepleLook *style =
      catalog && catalog->symbol_looks &&
      symbol < catalog->symbol_looks->len
          ? g_ptr_array_index(catalog->symbol_looks, symbol) : NULL;
  look->shape = MG_SHAPE_DISC;
  look->legend = l && l->legend && *l->legend ? l->legend : name;
  if (style) {
    /* the rule set's style: an area ("fog", "area") washes the fields
     * that carry it; anything else is a badge of its shape */
    look->wash = g_strcmp0(style->shape, "fog") == 0 ||
                 g_strcmp0(style->shape, "area") == 0;
    look->shape = mg_look_shape(style->shape, MG_SHAPE_DISC);
    role_colour(style->colour, name, &look->fill);
    look_glyph(style, look->glyph);
  } else if (l && l->unicode && *l->unicode &&
             strlen(l->unicode) < sizeof look->glyph) {
    /* only glyphs (an older daemon): drawn as an area */
    strcpy(look->glyph, l->unicode);
    look->wash = TRUE;
    mg_look_hash_colour(name, &look->fill);
  } else {
    initial(name, look->glyph);
    mg_look_hash_colour(name, &look->fill);
  }
  if (look->wash) {
    /* a pale wash, so the terrain still shows through */
    look->fill.red = 0.45f * look->fill.red + 0.55f;
    look->fill.green = 0.45f * look->fill.green + 0.55f;
    look->fill.blue = 0.45f * look->fill.blue + 0.55f;
    look->fill.alpha = 0.8f;
  }
}

void
mg_look_figure(const MeepleClientCatalog *catalog, const char *type,
               gboolean neutral, MgFigureLook *look)
{
  memset(look, 0, sizeof *look);
  look->name = type;
  const MeepleClientFigureType *ft = NULL;
  for (guint i = 0; catalog && i < catalog->figure_types->len; i++) {
    const MeepleClientFigureType *f =
        g_ptr_array_index(catalog->figure_types, i);
    if (strcmp(f->name, type) == 0)
      ft = f;
  }
  if (ft && ft->look.ascii) {
    /* the rule set's look: its outline, its colour role, and its ASCII
     * letter inside (the Unicode glyph often is the outline itself) */
    look->shape = mg_look_shape(ft->look.shape, neutral ? MG_SHAPE_HEXAGON
                                                        : MG_SHAPE_MEEPLE);
    look->seat_colour = !neutral && ft->look.colour == MEEPLE_COLOUR_SEAT;
    role_colour(ft->look.colour, type, &look->fill);
    /* the plain follower, the engine's own type, needs no letter: the
     * seat's number is on it */
    if (neutral || strcmp(type, "follower") != 0) {
      look->letter[0] = ft->look.ascii;
      look->letter[1] = '\0';
    }
    if (look->seat_colour || look->shape != MG_SHAPE_MEEPLE || neutral)
      return;
  }
  if (neutral) {
    look->shape = MG_SHAPE_HEXAGON;
    mg_look_hash_colour(type, &look->fill);
    initial(type, look->letter);
  } else {
    look->shape = MG_SHAPE_MEEPLE;
    look->seat_colour = TRUE;
    /* The plain follower needs no letter; other owned types carry their
     * initial so that two of one seat's figures can be told apart. */
    if (strcmp(type, "follower") != 0 && !look->letter[0])
      initial(type, look->letter);
  }
}

/* Okabe & Ito (2008): orange, sky blue, bluish green, yellow, blue,
 * vermillion: distinguishable with protanopia, deuteranopia and
 * tritanopia. */
static GdkRGBA seat_colours[MEEPLE_MAX_PLAYERS] = {
  { 0.902f, 0.624f, 0.000f, 1 }, { 0.337f, 0.706f, 0.914f, 1 },
  { 0.000f, 0.620f, 0.451f, 1 }, { 0.941f, 0.894f, 0.259f, 1 },
  { 0.000f, 0.447f, 0.698f, 1 }, { 0.835f, 0.369f, 0.000f, 1 },
};

const GdkRGBA *
mg_look_seat_colour(guint seat)
{
  return &seat_colours[seat % MEEPLE_MAX_PLAYERS];
}

const char *
mg_look_seat_letter(guint seat)
{
  static const char *const letters[] = { "1", "2", "3", "4", "5", "6" };
  return letters[seat % MEEPLE_MAX_PLAYERS];
}

void
mg_look_set_seat_colours(const char *const *colours)
{
  for (guint i = 0; colours && colours[i] && i < MEEPLE_MAX_PLAYERS; i++) {
    GdkRGBA c;
    if (gdk_rgba_parse(&c, colours[i]))
      seat_colours[i] = c;
  }
}

void
mg_look_board_colours(gboolean dark, MgBoardColours *c)
{
  if (dark) {
    rgba(&c->background, 0.16, 0.17, 0.18);
    rgba(&c->grid, 0.24, 0.25, 0.27);
  } else {
    rgba(&c->background, 0.86, 0.87, 0.84);
    rgba(&c->grid, 0.78, 0.79, 0.76);
  }
  /* Legal cells: a saturated magenta no tile colour comes near, with a
   * white edge, readable on either background. */
  rgba(&c->legal, 0.80, 0.20, 0.75);
  c->legal.alpha = 0.45f;
  rgba(&c->legal_edge, 0.80, 0.20, 0.75);
  rgba(&c->cursor, 1.0, 1.0, 1.0);
  rgba(&c->last, 1.0, 0.85, 0.10);
  rgba(&c->target, 0.80, 0.20, 0.75);
  rgba(&c->selected, 1.0, 1.0, 1.0);
}
