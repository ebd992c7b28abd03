/* tile-paint.c — tiles and figures drawn from geometry (see tile-paint.h).
 *
 * Fields are the eight triangles between the tile's centre and its
 * half-edges, so each field covers exactly the half-edges the tile file
 * gives it; areas (cities) run along their sides and close with a curved
 * wall towards the centre; lines (roads) curve from side to side through
 * the centre.  Everything is painted in the tile's own orientation under
 * a rotation, except letters, which are drawn upright afterwards. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "tile-paint.h"

static const double corner[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
static const double mid[4][2] = { { .5, 0 }, { 1, .5 }, { .5, 1 }, { 0, .5 } };
/* Half-edges Nw Ne En Es Se Sw Ws Wn: the point a quarter along a side. */
static const double half[8][2] = {
  { .25, 0 }, { .75, 0 }, { 1, .25 }, { 1, .75 },
  { .75, 1 }, { .25, 1 }, { 0, .75 }, { 0, .25 },
};

void
mg_tile_rotate_point(guint rotation, double *x, double *y)
{
  for (guint r = 0; r < rotation % 4; r++) {
    double nx = 1.0 - *y, ny = *x;
    *x = nx;
    *y = ny;
  }
}

static guint
n_bits(guint v)
{
  guint n = 0;
  for (; v; v &= v - 1)
    n++;
  return n;
}

static MeepleShape
segment_shape(const MeepleClientCatalog *catalog, const MeepleSegment *s)
{
  MeepleShape shape = MEEPLE_SHAPE_SPOT;
  if (catalog && s->kind < catalog->kinds->len)
    shape = ((const MeepleClientKind *)g_ptr_array_index(catalog->kinds,
                                                         s->kind))->shape;
  /* no edge, no half-edge: whatever the kind says, it is a spot (see
   * mg_look_segment()) */
  if ((shape == MEEPLE_SHAPE_EDGE && !(s->edges & 0xf)) ||
      (shape == MEEPLE_SHAPE_FIELD && !s->halves))
    shape = MEEPLE_SHAPE_SPOT;
  return shape;
}

/* How firmly a spot stays where geometry puts it when two spots are too
 * close: fields give way first, then roads, then spots. */
static int
spot_weight(MeepleShape shape, guint nth_surround)
{
  switch (shape) {
  case MEEPLE_SHAPE_FIELD: return 0;
  case MEEPLE_SHAPE_SPOT: return 2;
  case MEEPLE_SHAPE_SURROUND: return nth_surround ? 2 : 4;
  case MEEPLE_SHAPE_EDGE: default: return 3;
  }
}

/* The half-edge whose triangle (with the centre) holds the point. */
static guint
half_at(double x, double y)
{
  double dx = x - .5, dy = y - .5;
  if (fabs(dy) >= fabs(dx))
    return dy < 0 ? (dx < 0 ? 0 : 1) : (dx > 0 ? 4 : 5);
  return dx > 0 ? (dy < 0 ? 2 : 3) : (dy > 0 ? 6 : 7);
}

/* The spot of a field: the point of its own triangles farthest from the
 * spots already placed (a narrow field between a road and a city gets
 * its corner, where it shows), nearest its middle among equals. */
static void
field_spot(guint halves, double spot[][2], const gboolean placed[], guint n,
           double *x, double *y)
{
  double mx = 0, my = 0;
  guint count = 0;
  for (guint h = 0; h < 8; h++)
    if (halves & (1u << h)) {
      mx += half[h][0];
      my += half[h][1];
      count++;
    }
  mx = count ? .15 + mx / count * .7 : .5;
  my = count ? .15 + my / count * .7 : .5;
  double best = -1;
  *x = mx;
  *y = my;
  for (int i = 0; i <= 8; i++)
    for (int j = 0; j <= 8; j++) {
      double px = .14 + .09 * i, py = .14 + .09 * j;
      if (!(halves & (1u << half_at(px, py))))
        continue;
      double d = 2;
      for (guint k = 0; k < n; k++)
        if (placed[k])
          d = MIN(d, hypot(px - spot[k][0], py - spot[k][1]));
      /* past a comfortable distance, the middle matters more */
      double score = MIN(d, .3) - .05 * hypot(px - mx, py - my);
      if (score > best) {
        best = score;
        *x = px;
        *y = py;
      }
    }
}

/* The canonical spot of every segment of @type (unrotated). */
static void
all_spots(const MeepleClientCatalog *catalog, const MeepleTileType *type,
          double spot[][2], int weight[])
{
  guint surrounds = 0;
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *s = &type->segments[i];
    MeepleShape shape = segment_shape(catalog, s);
    MgKindLook look;
    mg_look_segment(catalog, s, &look);
    double x = .5, y = .5;
    guint n = 0;
    switch (shape) {
    case MEEPLE_SHAPE_EDGE:
      x = y = 0;
      for (guint e = 0; e < 4; e++)
        if (s->edges & (1u << e)) {
          x += mid[e][0];
          y += mid[e][1];
          n++;
        }
      if (n == 1) {
        /* inward from the side: roads a little deeper than caps */
        double depth = look.paint == MG_PAINT_LINE ? .3 : .18;
        x = x + (.5 - x) * depth / .5;
        y = y + (.5 - y) * depth / .5;
      } else if (n == 2 && look.paint == MG_PAINT_LINE) {
        /* the middle of the curve through the centre */
        x = x / 4 + .25;
        y = y / 4 + .25;
      } else if (n) {
        x /= n;
        y /= n;
      } else {
        x = y = .5;
      }
      break;
    case MEEPLE_SHAPE_SURROUND:
      x = .5 + .2 * surrounds;
      y = .5 + .2 * surrounds;
      surrounds++;
      break;
    case MEEPLE_SHAPE_FIELD: /* placed below, around the others */
    case MEEPLE_SHAPE_SPOT:
    default:
      x = y = .78;
      break;
    }
    spot[i][0] = x;
    spot[i][1] = y;
    weight[i] = spot_weight(shape, shape == MEEPLE_SHAPE_SURROUND
                                       ? surrounds - 1 : 0);
  }
  /* Keep figures apart: push the lighter of two close spots away. */
  const double min = .24;
  for (int round = 0; round < 12; round++)
    for (guint i = 0; i < type->n_segments; i++)
      for (guint j = 0; j < type->n_segments; j++) {
        if (i == j || weight[i] == 0 || weight[j] == 0 ||
            weight[i] > weight[j] || (weight[i] == weight[j] && i < j))
          continue;
        double dx = spot[i][0] - spot[j][0], dy = spot[i][1] - spot[j][1];
        double d = sqrt(dx * dx + dy * dy);
        if (d >= min)
          continue;
        if (d < 1e-6) {
          dx = (i % 2 ? .7 : -.7);
          dy = (i % 4 < 2 ? .7 : -.7);
          d = 1;
        }
        spot[i][0] = CLAMP(spot[i][0] + dx / d * (min - d), .12, .88);
        spot[i][1] = CLAMP(spot[i][1] + dy / d * (min - d), .12, .88);
      }
  /* then the fields, each in the room the others leave it */
  gboolean placed[MEEPLE_MAX_SEGMENTS];
  for (guint i = 0; i < type->n_segments; i++)
    placed[i] = weight[i] != 0;
  for (guint i = 0; i < type->n_segments; i++)
    if (weight[i] == 0) {
      field_spot(type->segments[i].halves, spot, placed, type->n_segments,
                 &spot[i][0], &spot[i][1]);
      placed[i] = TRUE;
    }
}

void
mg_tile_spot(const MeepleClientCatalog *catalog, const MeepleTileType *type,
             guint segment, guint rotation, double *x, double *y)
{
  if (!type || segment >= type->n_segments) {
    /* on the tile itself: the north-west corner, away from segments */
    *x = .2;
    *y = .2;
    return;
  }
  double spot[MEEPLE_MAX_SEGMENTS][2];
  int weight[MEEPLE_MAX_SEGMENTS];
  all_spots(catalog, type, spot, weight);
  *x = spot[segment][0];
  *y = spot[segment][1];
  mg_tile_rotate_point(rotation, x, y);
}

static void
source(cairo_t *cr, const GdkRGBA *c)
{
  cairo_set_source_rgba(cr, c->red, c->green, c->blue, c->alpha);
}

/* The eight triangles of a field segment. */
static void
field_path(cairo_t *cr, guint halves)
{
  for (guint h = 0; h < 8; h++) {
    if (!(halves & (1u << h)))
      continue;
    guint side = h / 2;
    const double *a = h % 2 ? mid[side] : corner[side];
    const double *b = h % 2 ? corner[(side + 1) % 4] : mid[side];
    cairo_move_to(cr, a[0], a[1]);
    cairo_line_to(cr, b[0], b[1]);
    cairo_line_to(cr, .5, .5);
    cairo_close_path(cr);
  }
}

/* A curve from @a to @b bent towards the centre; @pull 0..1. */
static void
inward_curve(cairo_t *cr, const double *a, const double *b, double pull)
{
  cairo_curve_to(cr, a[0] + (.5 - a[0]) * pull, a[1] + (.5 - a[1]) * pull,
                 b[0] + (.5 - b[0]) * pull, b[1] + (.5 - b[1]) * pull,
                 b[0], b[1]);
}

/* An area along the sides @edges, closed by walls curving inward; with
 * @walls_only, only the walls (for stroking). */
static void
area_path(cairo_t *cr, guint edges, gboolean walls_only)
{
  edges &= 0xf;
  if (!edges)
    return;
  if (edges == 0xf) {
    if (!walls_only)
      cairo_rectangle(cr, 0, 0, 1, 1);
    return;
  }
  /* start at a side whose predecessor is not part of the area */
  guint start = 0;
  while (!((edges >> start) & 1) || ((edges >> ((start + 3) % 4)) & 1))
    start++;
  if (n_bits(edges) == 1) {
    const double *a = corner[start], *b = corner[(start + 1) % 4];
    if (walls_only)
      cairo_move_to(cr, b[0], b[1]);
    else {
      cairo_move_to(cr, a[0], a[1]);
      cairo_line_to(cr, b[0], b[1]);
    }
    /* a cap: both ends pulled in alike */
    inward_curve(cr, b, a, .55);
    return;
  }
  cairo_move_to(cr, corner[start][0], corner[start][1]);
  guint s = start;
  for (guint step = 0; step < 4;) {
    if ((edges >> s) & 1) {
      const double *b = corner[(s + 1) % 4];
      if (walls_only)
        cairo_move_to(cr, b[0], b[1]);
      else
        cairo_line_to(cr, b[0], b[1]);
      s = (s + 1) % 4;
      step++;
      continue;
    }
    /* skip every side not in the area: one wall across them */
    const double *a = corner[s];
    while (!((edges >> s) & 1) && step < 4) {
      s = (s + 1) % 4;
      step++;
    }
    inward_curve(cr, a, corner[s], .7);
  }
  if (!walls_only)
    cairo_close_path(cr);
}

/* A line from each side of @edges to the centre, curving through it
 * when there are two. */
static void
line_path(cairo_t *cr, guint edges)
{
  guint sides[4], n = 0;
  for (guint e = 0; e < 4; e++)
    if (edges & (1u << e))
      sides[n++] = e;
  if (n == 2) {
    const double *a = mid[sides[0]], *b = mid[sides[1]];
    cairo_move_to(cr, a[0], a[1]);
    cairo_curve_to(cr, a[0] + (.5 - a[0]) * 2 / 3, a[1] + (.5 - a[1]) * 2 / 3,
                   b[0] + (.5 - b[0]) * 2 / 3, b[1] + (.5 - b[1]) * 2 / 3,
                   b[0], b[1]);
    return;
  }
  for (guint i = 0; i < n; i++) {
    cairo_move_to(cr, mid[sides[i]][0], mid[sides[i]][1]);
    cairo_line_to(cr, .5, .5);
  }
}

static void
paint_building(cairo_t *cr, const MgKindLook *look, double x, double y)
{
  /* a chapel: a body and a pointed roof */
  source(cr, &look->edge);
  cairo_rectangle(cr, x - .13, y - .08, .26, .2);
  cairo_fill(cr);
  source(cr, &look->fill);
  cairo_rectangle(cr, x - .11, y - .05, .22, .15);
  cairo_fill(cr);
  cairo_move_to(cr, x - .16, y - .05);
  cairo_line_to(cr, x, y - .2);
  cairo_line_to(cr, x + .16, y - .05);
  cairo_close_path(cr);
  cairo_fill(cr);
  source(cr, &look->edge);
  cairo_rectangle(cr, x - .025, y + .02, .05, .08);
  cairo_fill(cr);
}

static void
paint_disc(cairo_t *cr, const GdkRGBA *fill, const GdkRGBA *edge, double x,
           double y, double r)
{
  cairo_new_sub_path(cr);
  cairo_arc(cr, x, y, r, 0, 2 * G_PI);
  source(cr, fill);
  cairo_fill_preserve(cr);
  source(cr, edge);
  cairo_set_line_width(cr, .02);
  cairo_stroke(cr);
}

/* The outline of @shape, centred on (0, 0), @r from the centre to its
 * farthest point, as a path (an open circle is a disc here: its hole is drawn
 * by the caller). */
static void
shape_path(cairo_t *cr, MgShape shape, double r)
{
  cairo_new_path(cr);
  switch (shape) {
  case MG_SHAPE_TRIANGLE:
    cairo_move_to(cr, 0, -r);
    cairo_line_to(cr, r * .92, r * .66);
    cairo_line_to(cr, -r * .92, r * .66);
    break;
  case MG_SHAPE_STAR:
    for (int i = 0; i < 10; i++) {
      double a = G_PI / 5 * i - G_PI / 2, d = i % 2 ? r * .45 : r;
      if (i == 0)
        cairo_move_to(cr, d * cos(a), d * sin(a));
      else
        cairo_line_to(cr, d * cos(a), d * sin(a));
    }
    break;
  case MG_SHAPE_TENT:
    /* a peaked roof over the walls of a tent */
    cairo_move_to(cr, 0, -r);
    cairo_line_to(cr, r * .95, -r * .05);
    cairo_line_to(cr, r * .8, r * .7);
    cairo_line_to(cr, -r * .8, r * .7);
    cairo_line_to(cr, -r * .95, -r * .05);
    break;
  case MG_SHAPE_CROWN:
    cairo_move_to(cr, -r, -r * .55);
    cairo_line_to(cr, -r * .5, -r * .05);
    cairo_line_to(cr, 0, -r * .75);
    cairo_line_to(cr, r * .5, -r * .05);
    cairo_line_to(cr, r, -r * .55);
    cairo_line_to(cr, r * .8, r * .6);
    cairo_line_to(cr, -r * .8, r * .6);
    break;
  case MG_SHAPE_HOUSE:
    cairo_move_to(cr, 0, -r);
    cairo_line_to(cr, r * .85, -r * .2);
    cairo_line_to(cr, r * .7, -r * .2);
    cairo_line_to(cr, r * .7, r * .8);
    cairo_line_to(cr, -r * .7, r * .8);
    cairo_line_to(cr, -r * .7, -r * .2);
    cairo_line_to(cr, -r * .85, -r * .2);
    break;
  case MG_SHAPE_TREE:
    cairo_move_to(cr, 0, -r);
    cairo_line_to(cr, r * .8, r * .45);
    cairo_line_to(cr, r * .15, r * .45);
    cairo_line_to(cr, r * .15, r);
    cairo_line_to(cr, -r * .15, r);
    cairo_line_to(cr, -r * .15, r * .45);
    cairo_line_to(cr, -r * .8, r * .45);
    break;
  case MG_SHAPE_HEXAGON:
    for (int i = 0; i < 6; i++) {
      double a = G_PI / 3 * i + G_PI / 6;
      if (i == 0)
        cairo_move_to(cr, r * cos(a), r * sin(a));
      else
        cairo_line_to(cr, r * cos(a), r * sin(a));
    }
    break;
  case MG_SHAPE_DISC:
  case MG_SHAPE_OPEN:
  case MG_SHAPE_MEEPLE:
  default:
    cairo_arc(cr, 0, 0, r, 0, 2 * G_PI);
    break;
  }
  cairo_close_path(cr);
}

/* A badge of @shape on (@x, @y): filled with @fill, outlined with
 * @edge; an open circle is a thick one with the ground showing inside. */
static void
paint_badge(cairo_t *cr, MgShape shape, const GdkRGBA *fill,
            const GdkRGBA *edge, double x, double y, double r)
{
  cairo_save(cr);
  cairo_translate(cr, x, y);
  shape_path(cr, shape, r);
  if (shape == MG_SHAPE_OPEN) {
    cairo_new_sub_path(cr);
    cairo_arc_negative(cr, 0, 0, r * .62, 2 * G_PI, 0);
    source(cr, fill);
    cairo_fill(cr);
    cairo_set_line_width(cr, .015);
    source(cr, edge);
    cairo_arc(cr, 0, 0, r, 0, 2 * G_PI);
    cairo_stroke(cr);
  } else {
    source(cr, fill);
    cairo_fill_preserve(cr);
    source(cr, edge);
    cairo_set_line_width(cr, .02);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke(cr);
  }
  cairo_restore(cr);
}

/* White or black, whichever reads on @c. */
static const GdkRGBA *
ink_on(const GdkRGBA *c)
{
  static const GdkRGBA black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };
  return c->red * .3 + c->green * .59 + c->blue * .11 > .55 ? &black
                                                            : &white;
}

/* A letter centred on (@x, @y), @size high, in @colour. */
static void
paint_letter(cairo_t *cr, const char *text, double x, double y, double size,
             const GdkRGBA *colour)
{
  cairo_text_extents_t ext;
  cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, size);
  cairo_text_extents(cr, text, &ext);
  cairo_move_to(cr, x - ext.width / 2 - ext.x_bearing,
                y - ext.height / 2 - ext.y_bearing);
  source(cr, colour);
  cairo_show_text(cr, text);
}

static void
paint_pennant(cairo_t *cr, double x, double y)
{
  /* a shield: blue with a white border */
  cairo_move_to(cr, x - .06, y - .06);
  cairo_line_to(cr, x + .06, y - .06);
  cairo_line_to(cr, x + .06, y + .01);
  cairo_curve_to(cr, x + .06, y + .05, x, y + .08, x, y + .08);
  cairo_curve_to(cr, x, y + .08, x - .06, y + .05, x - .06, y + .01);
  cairo_close_path(cr);
  cairo_set_source_rgb(cr, .12, .30, .70);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_set_line_width(cr, .015);
  cairo_stroke(cr);
}

/* The terrain in the tile's own orientation (buildings and letters are
 * drawn upright afterwards). */
static void
paint_terrain(cairo_t *cr, const MeepleClientCatalog *catalog,
              const MeepleTileType *type)
{
  MgKindLook look;
  /* ground: the field colour everywhere, then each field's triangles */
  GdkRGBA ground = { .54f, .72f, .33f, 1 };
  source(cr, &ground);
  cairo_paint(cr);
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *s = &type->segments[i];
    mg_look_segment(catalog, s, &look);
    if (look.paint != MG_PAINT_FIELD)
      continue;
    source(cr, &look.fill);
    field_path(cr, s->halves);
    cairo_fill(cr);
    for (guint b = 0; b < MEEPLE_MAX_SYMBOLS; b++)
      if (s->symbols & (1u << b)) {
        MgSymbolLook sl;
        mg_look_symbol(catalog, b, &sl);
        /* a pale wash of the symbol's colour; its glyph is drawn on it
         * too (paint_marks), so colour is not the only cue */
        source(cr, &sl.fill);
        field_path(cr, s->halves);
        cairo_fill(cr);
      }
  }
  /* areas, then their walls */
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *s = &type->segments[i];
    mg_look_segment(catalog, s, &look);
    if (look.paint != MG_PAINT_AREA)
      continue;
    source(cr, &look.fill);
    area_path(cr, s->edges, FALSE);
    cairo_fill(cr);
    source(cr, &look.edge);
    cairo_set_line_width(cr, .04);
    area_path(cr, s->edges, TRUE);
    cairo_stroke(cr);
  }
  /* lines: an outline, then the band */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < type->n_segments; i++) {
      const MeepleSegment *s = &type->segments[i];
      mg_look_segment(catalog, s, &look);
      if (look.paint != MG_PAINT_LINE)
        continue;
      source(cr, pass ? &look.fill : &look.edge);
      cairo_set_line_width(cr, pass ? .08 : .13);
      cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
      line_path(cr, s->edges);
      cairo_stroke(cr);
    }
  /* where three or more lines end in the centre: a junction */
  guint ends = 0;
  for (guint i = 0; i < type->n_segments; i++) {
    mg_look_segment(catalog, &type->segments[i], &look);
    if (look.paint == MG_PAINT_LINE && n_bits(type->segments[i].edges) == 1)
      ends++;
  }
  if (ends >= 3) {
    cairo_set_source_rgb(cr, .45, .36, .28);
    cairo_rectangle(cr, .4, .4, .2, .2);
    cairo_fill(cr);
  }
}

/* Letters, pennants and badges, upright, at rotated positions. */
static void
paint_marks(cairo_t *cr, const MeepleClientCatalog *catalog,
            const MeepleTileType *type, guint rotation, double spot[][2])
{
  static const GdkRGBA white = { 1, 1, 1, 1 }, ink = { .1f, .1f, .1f, 1 };
  MgKindLook look;
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *s = &type->segments[i];
    double x = spot[i][0], y = spot[i][1];
    mg_tile_rotate_point(rotation, &x, &y);
    mg_look_segment(catalog, s, &look);
    /* buildings stand upright whatever the tile's rotation */
    if (look.paint == MG_PAINT_BUILDING)
      paint_building(cr, &look, x, y);
    if (look.paint == MG_PAINT_GARDEN) {
      paint_disc(cr, &look.fill, &look.edge, x, y, .11);
      paint_letter(cr, "♣", x, y, .14, &white);
    }
    if (look.paint == MG_PAINT_BADGE) {
      paint_badge(cr, look.badge, &look.fill, &look.edge, x, y, .1);
      /* an open circle's letter sits in its hole, on the ground */
      paint_letter(cr, look.letter, x, y, .11,
                   look.badge == MG_SHAPE_OPEN ? &ink : ink_on(&look.fill));
    }
    for (guint p = 0; p < s->pennants; p++)
      paint_pennant(cr, x + .14 + .05 * p, y - .06);
    /* a segment's symbols beside its spot: an area's glyph on its wash,
     * anything else as a badge of its shape */
    guint nth = 0;
    for (guint b = 0; b < MEEPLE_MAX_SYMBOLS; b++)
      if (s->symbols & (1u << b)) {
        MgSymbolLook sl;
        mg_look_symbol(catalog, b, &sl);
        double sx = x - .14, sy = y + .12 + .12 * nth++;
        if (sl.wash) {
          paint_letter(cr, sl.glyph, sx, sy, .14, &ink);
        } else {
          GdkRGBA edge;
          edge = (GdkRGBA){ .1f, .1f, .1f, 1 };
          paint_badge(cr, sl.shape, &sl.fill, &edge, sx, sy, .07);
          paint_letter(cr, sl.glyph, sx, sy + .01, .08, ink_on(&sl.fill));
        }
      }
  }
  /* the tile's symbols: discs along the north-east corner */
  guint nth = 0;
  for (guint b = 0; b < MEEPLE_MAX_SYMBOLS; b++)
    if (type->symbols & (1u << b)) {
      MgSymbolLook sl;
      mg_look_symbol(catalog, b, &sl);
      GdkRGBA edge = { .1f, .1f, .1f, 1 };
      GdkRGBA fill = sl.fill;
      fill.alpha = 1;
      double x = .86, y = .14 + .2 * nth++;
      paint_badge(cr, sl.wash ? MG_SHAPE_DISC : sl.shape, &fill, &edge, x,
                  y, .1);
      paint_letter(cr, sl.glyph, x, y + .01, .11, ink_on(&fill));
    }
}

void
mg_tile_paint(cairo_t *cr, const MeepleClientCatalog *catalog,
              const MeepleTileType *type, guint rotation, double size)
{
  if (!type)
    return;
  double spot[MEEPLE_MAX_SEGMENTS][2];
  int weight[MEEPLE_MAX_SEGMENTS];
  all_spots(catalog, type, spot, weight);
  cairo_save(cr);
  cairo_rectangle(cr, 0, 0, size, size);
  cairo_clip(cr);
  cairo_scale(cr, size, size);
  cairo_save(cr);
  cairo_translate(cr, .5, .5);
  cairo_rotate(cr, G_PI / 2 * (rotation % 4));
  cairo_translate(cr, -.5, -.5);
  paint_terrain(cr, catalog, type);
  cairo_restore(cr);
  paint_marks(cr, catalog, type, rotation, spot);
  /* a thin frame, so neighbouring tiles stay apart */
  cairo_set_source_rgba(cr, 0, 0, 0, .25);
  cairo_set_line_width(cr, .015);
  cairo_rectangle(cr, 0, 0, 1, 1);
  cairo_stroke(cr);
  cairo_restore(cr);
}

void
mg_figure_paint(cairo_t *cr, const MgFigureLook *look, const GdkRGBA *colour,
                const char *seat_letter, double x, double y, double size)
{
  static const GdkRGBA black = { 0, 0, 0, 1 };
  cairo_save(cr);
  cairo_translate(cr, x, y);
  cairo_scale(cr, size, size);
  cairo_set_line_width(cr, .07);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  const GdkRGBA *fill = look->seat_colour && colour ? colour : &look->fill;
  if (look->shape != MG_SHAPE_MEEPLE) {
    /* the rule set's outline (a hexagon when it gave none: no seat's
     * figure has that one); an owned one carries its seat's number */
    shape_path(cr, look->shape == MG_SHAPE_OPEN ? MG_SHAPE_DISC : look->shape,
               .48);
    source(cr, fill);
    cairo_fill_preserve(cr);
    source(cr, &black);
    cairo_stroke(cr);
    double dy = look->shape == MG_SHAPE_TRIANGLE ? .12
                : look->shape == MG_SHAPE_TENT ? .1 : 0;
    if (look->seat_colour && seat_letter) {
      paint_letter(cr, seat_letter, 0, dy + .08, .3, ink_on(fill));
      paint_letter(cr, look->letter, 0, dy - .2, .18, ink_on(fill));
    } else {
      paint_letter(cr, look->letter, 0, dy, .4, ink_on(fill));
    }
  } else {
    /* a person: head, arms, legs */
    cairo_new_sub_path(cr);
    cairo_arc(cr, 0, -.3, .16, 0, 2 * G_PI);
    cairo_move_to(cr, -.12, -.16);
    cairo_line_to(cr, .12, -.16);
    cairo_line_to(cr, .45, -.02);
    cairo_line_to(cr, .42, .1);
    cairo_line_to(cr, .18, .06);
    cairo_line_to(cr, .32, .46);
    cairo_line_to(cr, .06, .46);
    cairo_line_to(cr, 0, .3);
    cairo_line_to(cr, -.06, .46);
    cairo_line_to(cr, -.32, .46);
    cairo_line_to(cr, -.18, .06);
    cairo_line_to(cr, -.42, .1);
    cairo_line_to(cr, -.45, -.02);
    cairo_close_path(cr);
    source(cr, fill);
    cairo_fill_preserve(cr);
    source(cr, &black);
    cairo_stroke(cr);
    /* the seat's number, and a second letter for a special type */
    const GdkRGBA *ink = ink_on(fill);
    paint_letter(cr, seat_letter ? seat_letter : "", 0, .12, .3, ink);
    if (look->letter[0])
      paint_letter(cr, look->letter, 0, -.3, .2, ink);
  }
  cairo_restore(cr);
}
