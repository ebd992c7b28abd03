/* board.c — MgBoard: drawing, view and pointing (see board.h).
 *
 * Speed: a tile is painted with cairo once per type, rotation and size
 * step (powers of two).  The placed tiles and their figures are then
 * drawn, at the current scale, into chunks of cells (about 512 pixels
 * square) that are kept until the board or the scale changes, so a
 * frame only places a dozen textures without scaling them, plus the
 * highlights as coloured rectangles: even the software renderers do that
 * well within a frame (make bench-gtk). */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "board.h"
#include "look.h"
#include "tile-paint.h"

#define MIN_SCALE 16.0
#define MAX_SCALE 320.0
#define ANIM_US 180000
/* Figures stand this high, in tile units. */
#define FIGURE_SIZE .34

struct _MgBoard {
  GtkWidget parent;
  const MeepleClientCatalog *catalog;
  GArray *tiles;        /* MgBoardTile */
  GArray *figures;      /* MgBoardFigure, types in @strings */
  GStringChunk *strings;
  gboolean has_last;
  int last_x, last_y;
  int drawn;            /* catalog tile index, -1 none */
  GArray *placements;   /* MgBoardPlacement */
  gboolean has_pending;
  int pending_x, pending_y;
  guint pending_rotation;
  GArray *targets;      /* MgBoardTarget */
  int selected;
  guint rotation;
  /* view: widget pixels per cell, and where cell (0, 0)'s corner is */
  double scale, ox, oy;
  gboolean fitted;      /* the view was set once (by fit or the user) */
  /* the player moved the view: it no longer follows the board as it
   * grows (until "fit board") */
  gboolean user_moved;
  /* animation towards a view */
  double from[3], to[3];
  gint64 anim_start;
  guint tick;
  /* pointer and keyboard */
  gboolean has_hover;
  int hover_x, hover_y;
  double pointer_x, pointer_y;
  gboolean has_cursor;
  int cursor_x, cursor_y;
  int cursor_target;
  double drag_ox, drag_oy, pinch_scale;
  double wheel;
  GHashTable *tile_cache;   /* key -> GdkTexture */
  GHashTable *tile_surfaces; /* key -> cairo_surface_t, as tile_cache */
  /* the placed tiles and their figures, in square chunks of cells drawn
   * at the current scale: a frame places a few textures 1:1 */
  GHashTable *chunks;       /* packed chunk coordinates -> GdkTexture */
  double chunk_scale;
  int chunk_cells;
  gint64 zoom_time;     /* when the scale last changed continuously */
  guint settle;         /* redraw once the zoom has settled */
  MgBoardCallbacks cbs;
  gpointer cb_data;
};

G_DEFINE_FINAL_TYPE(MgBoard, mg_board, GTK_TYPE_WIDGET)

/* ---- coordinates ----------------------------------------------------- */

static void
cell_at(MgBoard *b, double wx, double wy, int *x, int *y)
{
  *x = (int)floor((wx - b->ox) / b->scale);
  *y = (int)floor((wy - b->oy) / b->scale);
}

void
mg_board_cell_point(MgBoard *b, int x, int y, double *wx, double *wy)
{
  *wx = b->ox + (x + .5) * b->scale;
  *wy = b->oy + (y + .5) * b->scale;
}

static const MgBoardTile *
tile_at(MgBoard *b, int x, int y)
{
  for (guint i = 0; i < b->tiles->len; i++) {
    const MgBoardTile *t = &g_array_index(b->tiles, MgBoardTile, i);
    if (t->x == x && t->y == y)
      return t;
  }
  return NULL;
}

static const MeepleTileType *
tile_type(MgBoard *b, int index)
{
  if (!b->catalog || index < 0 || (guint)index >= b->catalog->tiles->len)
    return NULL;
  return &g_array_index(b->catalog->tiles, MeepleTileType, index);
}

void
mg_board_spot_point(MgBoard *b, int x, int y, int segment, double *wx,
                    double *wy)
{
  const MgBoardTile *t = tile_at(b, x, y);
  double fx = .5, fy = .5;
  if (t)
    mg_tile_spot(b->catalog, tile_type(b, t->type),
                 segment < 0 ? G_MAXUINT : (guint)segment, t->rotation,
                 &fx, &fy);
  *wx = b->ox + (x + fx) * b->scale;
  *wy = b->oy + (y + fy) * b->scale;
}

guint
mg_board_n_tiles(MgBoard *b)
{
  return b->tiles->len;
}

guint
mg_board_n_figures(MgBoard *b)
{
  return b->figures->len;
}

gboolean
mg_board_figure(MgBoard *b, guint index, MgBoardFigure *out)
{
  if (index >= b->figures->len)
    return FALSE;
  *out = g_array_index(b->figures, MgBoardFigure, index);
  return TRUE;
}

guint
mg_board_n_placements(MgBoard *b)
{
  return b->drawn >= 0 ? b->placements->len : 0;
}

guint
mg_board_n_targets(MgBoard *b)
{
  return b->targets->len;
}

gboolean
mg_board_target(MgBoard *b, guint index, MgBoardTarget *out)
{
  if (index >= b->targets->len)
    return FALSE;
  *out = g_array_index(b->targets, MgBoardTarget, index);
  return TRUE;
}

gboolean
mg_board_pending(MgBoard *b, int *x, int *y, guint *rotation)
{
  *x = b->pending_x;
  *y = b->pending_y;
  *rotation = b->pending_rotation;
  return b->has_pending;
}

double
mg_board_scale(MgBoard *b)
{
  return b->scale;
}

gboolean
mg_board_cursor(MgBoard *b, int *x, int *y)
{
  *x = b->cursor_x;
  *y = b->cursor_y;
  return b->has_cursor;
}

static const MgBoardPlacement *
placement_at(MgBoard *b, int x, int y)
{
  if (b->drawn < 0)
    return NULL;
  for (guint i = 0; i < b->placements->len; i++) {
    const MgBoardPlacement *p =
        &g_array_index(b->placements, MgBoardPlacement, i);
    if (p->x == x && p->y == y)
      return p;
  }
  return NULL;
}

/* The rotation shown at a legal cell: the chosen one if it fits there,
 * else the next one clockwise that does. */
static guint
fitting_rotation(guint rotations, guint wanted)
{
  for (guint k = 0; k < 4; k++)
    if (rotations & (1u << ((wanted + k) % 4)))
      return (wanted + k) % 4;
  return wanted;
}

/* ---- the view -------------------------------------------------------- */

static gboolean
animate(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void)data;
  MgBoard *b = MG_BOARD(widget);
  double t = (double)(gdk_frame_clock_get_frame_time(clock) - b->anim_start)
             / ANIM_US;
  if (t >= 1)
    t = 1;
  double e = 1 - (1 - t) * (1 - t) * (1 - t); /* ease out */
  b->scale = b->from[0] + (b->to[0] - b->from[0]) * e;
  b->ox = b->from[1] + (b->to[1] - b->from[1]) * e;
  b->oy = b->from[2] + (b->to[2] - b->from[2]) * e;
  b->zoom_time = g_get_monotonic_time();
  gtk_widget_queue_draw(widget);
  if (t >= 1) {
    b->tick = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

/* Moves the view to (@scale, @ox, @oy), smoothly when it is mapped. */
static void
view_to(MgBoard *b, double scale, double ox, double oy)
{
  b->fitted = TRUE;
  gboolean animations = TRUE;
  g_object_get(gtk_widget_get_settings(GTK_WIDGET(b)),
               "gtk-enable-animations", &animations, NULL);
  /* no animation when the desktop asks for none (or a test) */
  if (!gtk_widget_get_mapped(GTK_WIDGET(b)) || !animations ||
      g_getenv("MEEPLE_GTK_NO_ANIMATION")) {
    b->scale = scale;
    b->ox = ox;
    b->oy = oy;
    gtk_widget_queue_draw(GTK_WIDGET(b));
    return;
  }
  b->from[0] = b->scale;
  b->from[1] = b->ox;
  b->from[2] = b->oy;
  b->to[0] = scale;
  b->to[1] = ox;
  b->to[2] = oy;
  GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(b));
  b->anim_start = clock ? gdk_frame_clock_get_frame_time(clock)
                        : g_get_monotonic_time();
  if (!b->tick)
    b->tick = gtk_widget_add_tick_callback(GTK_WIDGET(b), animate, NULL,
                                           NULL);
}

/* Zooms by @factor keeping the point (@px, @py) of the widget still. */
static void
zoom_at(MgBoard *b, double factor, double px, double py, gboolean smooth)
{
  double scale = CLAMP(b->scale * factor, MIN_SCALE, MAX_SCALE);
  double k = scale / b->scale;
  double ox = px - (px - b->ox) * k, oy = py - (py - b->oy) * k;
  if (smooth) {
    view_to(b, scale, ox, oy);
  } else {
    b->fitted = TRUE;
    b->user_moved = TRUE;
    b->scale = scale;
    b->ox = ox;
    b->oy = oy;
    b->zoom_time = g_get_monotonic_time();
    gtk_widget_queue_draw(GTK_WIDGET(b));
  }
}

void
mg_board_zoom_at(MgBoard *b, double factor, double x, double y)
{
  zoom_at(b, factor, x, y, FALSE);
}

void
mg_board_zoom(MgBoard *b, double factor)
{
  b->user_moved = TRUE;
  zoom_at(b, factor, gtk_widget_get_width(GTK_WIDGET(b)) / 2.0,
          gtk_widget_get_height(GTK_WIDGET(b)) / 2.0, TRUE);
}

void
mg_board_pan(MgBoard *b, double dx, double dy)
{
  b->fitted = TRUE;
  b->ox += dx;
  b->oy += dy;
  gtk_widget_queue_draw(GTK_WIDGET(b));
}

void
mg_board_fit(MgBoard *b)
{
  b->user_moved = FALSE;
  int w = gtk_widget_get_width(GTK_WIDGET(b));
  int h = gtk_widget_get_height(GTK_WIDGET(b));
  if (w <= 1 || h <= 1)
    return;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  gboolean any = FALSE;
  for (guint i = 0; i < b->tiles->len + b->placements->len; i++) {
    int x, y;
    if (i < b->tiles->len) {
      x = g_array_index(b->tiles, MgBoardTile, i).x;
      y = g_array_index(b->tiles, MgBoardTile, i).y;
    } else {
      x = g_array_index(b->placements, MgBoardPlacement,
                        i - b->tiles->len).x;
      y = g_array_index(b->placements, MgBoardPlacement,
                        i - b->tiles->len).y;
    }
    if (!any || x < x0) x0 = x;
    if (!any || y < y0) y0 = y;
    if (!any || x > x1) x1 = x;
    if (!any || y > y1) y1 = y;
    any = TRUE;
  }
  /* a margin of half a cell around everything */
  double cols = x1 - x0 + 2, rows = y1 - y0 + 2;
  double scale = CLAMP(MIN(w / cols, h / rows), MIN_SCALE, 160.0);
  double ox = w / 2.0 - (x0 + x1 + 1) / 2.0 * scale;
  double oy = h / 2.0 - (y0 + y1 + 1) / 2.0 * scale;
  view_to(b, scale, ox, oy);
}

void
mg_board_go_to(MgBoard *b, int x, int y)
{
  int w = gtk_widget_get_width(GTK_WIDGET(b));
  int h = gtk_widget_get_height(GTK_WIDGET(b));
  double scale = MAX(b->scale, 72.0);
  b->user_moved = TRUE;
  view_to(b, scale, w / 2.0 - (x + .5) * scale, h / 2.0 - (y + .5) * scale);
}

/* ---- textures --------------------------------------------------------- */

static guint
bucket_for(double px)
{
  guint bucket = 32;
  while (bucket < px && bucket < 512)
    bucket *= 2;
  return bucket;
}

static GdkTexture *
texture_from_surface(cairo_surface_t *surface)
{
  cairo_surface_flush(surface);
  int w = cairo_image_surface_get_width(surface);
  int h = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  GBytes *bytes = g_bytes_new(cairo_image_surface_get_data(surface),
                              (gsize)stride * h);
  /* cairo's ARGB32 is GDK's default memory format (premultiplied,
   * native-endian) */
  GdkTexture *texture = gdk_memory_texture_new(w, h, GDK_MEMORY_DEFAULT,
                                               bytes, (gsize)stride);
  g_bytes_unref(bytes);
  return texture;
}

static guint
tile_key(int type, guint rotation, guint bucket)
{
  return ((guint)type << 12) | (rotation << 10) | bucket;
}

static cairo_surface_t *
tile_surface(MgBoard *b, int type, guint rotation, double px)
{
  guint bucket = bucket_for(px);
  guint key = tile_key(type, rotation, bucket);
  cairo_surface_t *surface = g_hash_table_lookup(b->tile_surfaces,
                                                 GUINT_TO_POINTER(key));
  if (surface)
    return surface;
  surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)bucket,
                                       (int)bucket);
  cairo_t *cr = cairo_create(surface);
  mg_tile_paint(cr, b->catalog, tile_type(b, type), rotation, bucket);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  g_hash_table_insert(b->tile_surfaces, GUINT_TO_POINTER(key), surface);
  return surface;
}

static GdkTexture *
tile_texture(MgBoard *b, int type, guint rotation, double px)
{
  guint key = tile_key(type, rotation, bucket_for(px));
  GdkTexture *texture = g_hash_table_lookup(b->tile_cache,
                                            GUINT_TO_POINTER(key));
  if (texture)
    return texture;
  texture = texture_from_surface(tile_surface(b, type, rotation, px));
  g_hash_table_insert(b->tile_cache, GUINT_TO_POINTER(key), texture);
  return texture;
}

static gboolean
type_is_neutral(MgBoard *b, const char *type, int owner)
{
  (void)b;
  (void)type;
  return owner < 0;
}

/* ---- chunks -------------------------------------------------------------- */

static void
forget_chunks(MgBoard *b)
{
  g_hash_table_remove_all(b->chunks);
}


void
mg_board_looks_changed(MgBoard *b)
{
  forget_chunks(b);
  gtk_widget_queue_draw(GTK_WIDGET(b));
}

static gpointer
chunk_key(int cx, int cy)
{
  return GUINT_TO_POINTER(((guint)(cx + 32768) << 16) | (guint)(cy + 32768));
}

/* The spot of figure @i, with the offset of the nth figure on one spot,
 * in cells from the figure's tile corner. */
static void
figure_offset(MgBoard *b, guint i, double *fx, double *fy)
{
  const MgBoardFigure *f = &g_array_index(b->figures, MgBoardFigure, i);
  guint nth = 0;
  for (guint j = 0; j < i; j++) {
    const MgBoardFigure *g = &g_array_index(b->figures, MgBoardFigure, j);
    if (g->x == f->x && g->y == f->y && g->segment == f->segment)
      nth++;
  }
  const MgBoardTile *t = tile_at(b, f->x, f->y);
  *fx = .5;
  *fy = .5;
  if (t)
    mg_tile_spot(b->catalog, tile_type(b, t->type),
                 f->segment < 0 ? G_MAXUINT : (guint)f->segment, t->rotation,
                 fx, fy);
  /* figures sharing a spot (a neutral figure beside a follower) stand side by
   * side, a whole figure apart: none hides another */
  *fx += nth * FIGURE_SIZE * .95;
  if (f->segment < 0)
    *fy += nth * FIGURE_SIZE * .1;
}

void
mg_board_figure_point(MgBoard *b, guint index, double *wx, double *wy)
{
  const MgBoardFigure *f = &g_array_index(b->figures, MgBoardFigure, index);
  double fx, fy;
  figure_offset(b, index, &fx, &fy);
  *wx = b->ox + (f->x + fx) * b->scale;
  *wy = b->oy + (f->y + fy) * b->scale;
}

/* Draws the tiles of chunk (@cx, @cy) and the figures on and around
 * them at the current scale. */
static GdkTexture *
render_chunk(MgBoard *b, int cx, int cy, double px_scale)
{
  int n = b->chunk_cells;
  int x0 = cx * n, y0 = cy * n;
  gboolean any = FALSE;
  for (guint i = 0; i < b->tiles->len && !any; i++) {
    const MgBoardTile *t = &g_array_index(b->tiles, MgBoardTile, i);
    any = t->x >= x0 && t->x < x0 + n && t->y >= y0 && t->y < y0 + n;
  }
  if (!any)
    return NULL;
  double cell = b->chunk_scale * px_scale;
  int size = (int)ceil(n * cell);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
                                                        size, size);
  cairo_t *cr = cairo_create(surface);
  for (guint i = 0; i < b->tiles->len; i++) {
    const MgBoardTile *t = &g_array_index(b->tiles, MgBoardTile, i);
    if (t->x < x0 || t->x >= x0 + n || t->y < y0 || t->y >= y0 + n)
      continue;
    cairo_surface_t *ts = tile_surface(b, t->type, t->rotation, cell);
    double k = cell / cairo_image_surface_get_width(ts);
    cairo_save(cr);
    cairo_translate(cr, (t->x - x0) * cell, (t->y - y0) * cell);
    cairo_scale(cr, k, k);
    cairo_set_source_surface(cr, ts, 0, 0);
    /* bilinear: a fraction of the cost of cairo's default filter */
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
    cairo_paint(cr);
    cairo_restore(cr);
  }
  /* figures of tiles near the chunk, so one on an edge is whole */
  for (guint i = 0; i < b->figures->len; i++) {
    const MgBoardFigure *f = &g_array_index(b->figures, MgBoardFigure, i);
    if (f->x < x0 - 1 || f->x > x0 + n || f->y < y0 - 1 || f->y > y0 + n)
      continue;
    double fx, fy;
    figure_offset(b, i, &fx, &fy);
    MgFigureLook look;
    mg_look_figure(b->catalog, f->type,
                   type_is_neutral(b, f->type, f->owner), &look);
    mg_figure_paint(cr, &look,
                    f->owner >= 0 ? mg_look_seat_colour((guint)f->owner)
                                  : NULL,
                    f->owner >= 0 ? mg_look_seat_letter((guint)f->owner)
                                  : NULL,
                    (f->x - x0 + fx) * cell, (f->y - y0 + fy) * cell,
                    FIGURE_SIZE * cell * .92);
  }
  cairo_destroy(cr);
  GdkTexture *texture = texture_from_surface(surface);
  cairo_surface_destroy(surface);
  return texture;
}

static gboolean
settled(gpointer data)
{
  MgBoard *b = data;
  b->settle = 0;
  gtk_widget_queue_draw(GTK_WIDGET(b));
  return G_SOURCE_REMOVE;
}

/* Appends the visible chunks, drawing those not cached.  While the
 * scale is changing (wheel, pinch, an animation) the chunks of the last
 * scale are shown stretched, and drawn again once it settles: a zoom
 * costs a frame nothing more than a pan. */
static void
draw_chunks(MgBoard *b, GtkSnapshot *s, int w, int h)
{
  double px_scale = gtk_widget_get_scale_factor(GTK_WIDGET(b));
  if (b->chunk_scale != b->scale) {
    double ratio = b->chunk_scale > 0 ? b->scale / b->chunk_scale : 0;
    gboolean moving = g_get_monotonic_time() - b->zoom_time < 200000 &&
                      ratio > .5 && ratio < 2;
    if (moving) {
      if (!b->settle)
        b->settle = g_timeout_add(220, settled, b);
    } else {
      forget_chunks(b);
      b->chunk_scale = b->scale;
      b->chunk_cells = MAX(1, (int)(512 / (b->scale * px_scale)));
    }
  }
  int n = b->chunk_cells;
  double k = b->scale / b->chunk_scale;
  double span = n * b->scale;
  int cx0 = (int)floor(-b->ox / span), cy0 = (int)floor(-b->oy / span);
  int cx1 = (int)floor((w - b->ox) / span), cy1 = (int)floor((h - b->oy) / span);
  for (int cy = cy0; cy <= cy1; cy++)
    for (int cx = cx0; cx <= cx1; cx++) {
      gpointer key = chunk_key(cx, cy);
      GdkTexture *texture;
      if (!g_hash_table_lookup_extended(b->chunks, key, NULL,
                                        (gpointer *)&texture)) {
        texture = render_chunk(b, cx, cy, px_scale);
        g_hash_table_insert(b->chunks, key, texture);
      }
      if (!texture)
        continue;
      double size = gdk_texture_get_width(texture) / px_scale * k;
      double x = b->ox + cx * span, y = b->oy + cy * span;
      if (k == 1) {
        /* whole pixels: the texture lands 1:1, nothing is resampled */
        x = round(x);
        y = round(y);
      }
      graphene_rect_t r;
      graphene_rect_init(&r, (float)x, (float)y, (float)size, (float)size);
      gtk_snapshot_append_texture(s, texture, &r);
    }
}

/* ---- drawing ---------------------------------------------------------- */

static gboolean
is_dark(MgBoard *b)
{
  (void)b;
  /* libadwaita follows the system's colour scheme */
  return adw_style_manager_get_dark(adw_style_manager_get_default());
}

static void
cell_rect(MgBoard *b, int x, int y, graphene_rect_t *r)
{
  graphene_rect_init(r, (float)(b->ox + x * b->scale),
                     (float)(b->oy + y * b->scale), (float)b->scale,
                     (float)b->scale);
}

static void
frame(GtkSnapshot *s, const graphene_rect_t *r, float width,
      const GdkRGBA *colour)
{
  GskRoundedRect rr;
  gsk_rounded_rect_init_from_rect(&rr, r, 0);
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };
  gtk_snapshot_append_border(s, &rr, widths, colours);
}

static void
outline_circle(GtkSnapshot *s, double cx, double cy, double radius, float width,
     const GdkRGBA *colour, const GdkRGBA *fill)
{
  graphene_rect_t r;
  graphene_rect_init(&r, (float)(cx - radius), (float)(cy - radius),
                     (float)(2 * radius), (float)(2 * radius));
  GskRoundedRect rr;
  gsk_rounded_rect_init_from_rect(&rr, &r, (float)radius);
  if (fill) {
    gtk_snapshot_push_rounded_clip(s, &rr);
    gtk_snapshot_append_color(s, fill, &r);
    gtk_snapshot_pop(s);
  }
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };
  gtk_snapshot_append_border(s, &rr, widths, colours);
}

static void
draw_tile(MgBoard *b, GtkSnapshot *s, int type, int x, int y, guint rot,
          double px)
{
  graphene_rect_t r;
  cell_rect(b, x, y, &r);
  gtk_snapshot_append_texture(s, tile_texture(b, type, rot, px), &r);
}

/* The rings around the figures of the last move (the figures themselves
 * are in the chunks). */
static void
draw_figure_rings(MgBoard *b, GtkSnapshot *s, const MgBoardColours *c)
{
  for (guint i = 0; i < b->figures->len; i++) {
    const MgBoardFigure *f = &g_array_index(b->figures, MgBoardFigure, i);
    if (!f->last)
      continue;
    double fx, fy;
    figure_offset(b, i, &fx, &fy);
    outline_circle(s, b->ox + (f->x + fx) * b->scale, b->oy + (f->y + fy) * b->scale,
         FIGURE_SIZE * b->scale * .62, 3, &c->last, NULL);
  }
}

static void
mg_board_snapshot(GtkWidget *widget, GtkSnapshot *s)
{
  MgBoard *b = MG_BOARD(widget);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  MgBoardColours c;
  mg_look_board_colours(is_dark(b), &c);
  gtk_snapshot_append_color(s, &c.background,
                            &GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h));
  if (!b->catalog)
    return;
  double px = b->scale * gtk_widget_get_scale_factor(widget);
  gtk_snapshot_push_clip(s, &GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h));
  draw_chunks(b, s, w, h);
  graphene_rect_t r;
  if (b->has_last) {
    cell_rect(b, b->last_x, b->last_y, &r);
    frame(s, &r, MAX(3, (float)b->scale / 24), &c.last);
  }
  /* legal cells, the hovered one previewing the tile */
  for (guint i = 0; b->drawn >= 0 && i < b->placements->len; i++) {
    const MgBoardPlacement *p =
        &g_array_index(b->placements, MgBoardPlacement, i);
    if (b->has_pending && p->x == b->pending_x && p->y == b->pending_y)
      continue;
    cell_rect(b, p->x, p->y, &r);
    if (b->has_hover && p->x == b->hover_x && p->y == b->hover_y) {
      gtk_snapshot_push_opacity(s, .75);
      draw_tile(b, s, b->drawn, p->x, p->y,
                fitting_rotation(p->rotations, b->rotation), px);
      gtk_snapshot_pop(s);
    } else {
      gtk_snapshot_append_color(s, &c.legal, &r);
    }
    frame(s, &r, 2, &c.legal_edge);
  }
  if (b->has_pending && b->drawn >= 0) {
    draw_tile(b, s, b->drawn, b->pending_x, b->pending_y,
              b->pending_rotation, px);
    cell_rect(b, b->pending_x, b->pending_y, &r);
    frame(s, &r, 4, &c.selected);
  }
  draw_figure_rings(b, s, &c);
  /* targets: rings on spots, framed cells */
  for (guint i = 0; i < b->targets->len; i++) {
    const MgBoardTarget *t = &g_array_index(b->targets, MgBoardTarget, i);
    gboolean chosen = (int)i == b->selected;
    if (t->segment < 0 && !tile_at(b, t->x, t->y)) {
      cell_rect(b, t->x, t->y, &r);
      gtk_snapshot_append_color(s, &c.legal, &r);
      frame(s, &r, chosen ? 5 : 2, chosen ? &c.selected : &c.legal_edge);
      continue;
    }
    double wx, wy;
    if (t->segment < 0) {
      cell_rect(b, t->x, t->y, &r);
      GdkRGBA wash = c.target;
      wash.alpha = chosen ? .45f : .25f;
      gtk_snapshot_append_color(s, &wash, &r);
      frame(s, &r, chosen ? 5 : 3, chosen ? &c.selected : &c.target);
      continue;
    }
    mg_board_spot_point(b, t->x, t->y, t->segment, &wx, &wy);
    GdkRGBA fill = c.target;
    fill.alpha = chosen ? .85f : .45f;
    outline_circle(s, wx, wy, b->scale * .13, chosen ? 4 : 3,
         chosen ? &c.selected : &c.target, &fill);
  }
  if (b->has_cursor && gtk_widget_has_focus(widget)) {
    cell_rect(b, b->cursor_x, b->cursor_y, &r);
    graphene_rect_inset(&r, 3, 3);
    frame(s, &r, 2, &c.cursor);
  }
  gtk_snapshot_pop(s);
}

/* ---- content ---------------------------------------------------------- */

static void
queue(MgBoard *b)
{
  gtk_widget_queue_draw(GTK_WIDGET(b));
}

void
mg_board_set_callbacks(MgBoard *b, const MgBoardCallbacks *cbs, gpointer data)
{
  b->cbs = *cbs;
  b->cb_data = data;
}

void
mg_board_set_catalog(MgBoard *b, const MeepleClientCatalog *catalog)
{
  if (b->catalog != catalog) {
    g_hash_table_remove_all(b->tile_cache);
    g_hash_table_remove_all(b->tile_surfaces);
    forget_chunks(b);
  }
  b->catalog = catalog;
  /* a new game is fitted once; the same game after a reconnect keeps
   * the player's view */
  if (!catalog) {
    b->fitted = FALSE;
    b->user_moved = FALSE;
  }
  queue(b);
}

void
mg_board_set_content(MgBoard *b, const MgBoardTile *tiles, guint n_tiles,
                     const MgBoardFigure *figures, guint n_figures)
{
  g_array_set_size(b->tiles, 0);
  g_array_append_vals(b->tiles, tiles, n_tiles);
  g_array_set_size(b->figures, 0);
  g_string_chunk_clear(b->strings);
  for (guint i = 0; i < n_figures; i++) {
    MgBoardFigure f = figures[i];
    f.type = g_string_chunk_insert_const(b->strings, f.type ? f.type : "");
    g_array_append_val(b->figures, f);
  }
  forget_chunks(b);
  /* the view follows the growing board until the player moves it */
  if (!b->fitted || !b->user_moved)
    mg_board_fit(b);
  queue(b);
}

void
mg_board_set_last_move(MgBoard *b, gboolean has, int x, int y)
{
  b->has_last = has;
  b->last_x = x;
  b->last_y = y;
  queue(b);
}

/* Puts the keyboard cursor on the legal cell or target nearest the last
 * move, so the keyboard starts where the action is. */
static void
reset_cursor(MgBoard *b)
{
  b->has_cursor = FALSE;
  b->cursor_target = -1;
  double best = G_MAXDOUBLE;
  for (guint i = 0; b->drawn >= 0 && i < b->placements->len; i++) {
    const MgBoardPlacement *p =
        &g_array_index(b->placements, MgBoardPlacement, i);
    double d = hypot(p->x - b->last_x, p->y - b->last_y);
    if (d < best) {
      best = d;
      b->has_cursor = TRUE;
      b->cursor_x = p->x;
      b->cursor_y = p->y;
    }
  }
  if (!b->has_cursor && b->targets->len) {
    const MgBoardTarget *t = &g_array_index(b->targets, MgBoardTarget, 0);
    b->has_cursor = TRUE;
    b->cursor_target = 0;
    b->cursor_x = t->x;
    b->cursor_y = t->y;
  }
}

void
mg_board_set_placements(MgBoard *b, int tile,
                        const MgBoardPlacement *placements, guint n)
{
  b->drawn = n ? tile : -1;
  g_array_set_size(b->placements, 0);
  g_array_append_vals(b->placements, placements, n);
  b->has_pending = FALSE;
  reset_cursor(b);
  queue(b);
}

void
mg_board_set_pending(MgBoard *b, gboolean has, int x, int y, guint rotation)
{
  b->has_pending = has;
  b->pending_x = x;
  b->pending_y = y;
  b->pending_rotation = rotation;
  if (has) {
    b->has_cursor = TRUE;
    b->cursor_x = x;
    b->cursor_y = y;
  }
  queue(b);
}

void
mg_board_set_targets(MgBoard *b, const MgBoardTarget *targets, guint n)
{
  g_array_set_size(b->targets, 0);
  g_array_append_vals(b->targets, targets, n);
  b->selected = -1;
  reset_cursor(b);
  queue(b);
}

void
mg_board_select_target(MgBoard *b, int index)
{
  b->selected = index < (int)b->targets->len ? index : -1;
  if (b->selected >= 0) {
    const MgBoardTarget *t =
        &g_array_index(b->targets, MgBoardTarget, b->selected);
    b->has_cursor = TRUE;
    b->cursor_target = b->selected;
    b->cursor_x = t->x;
    b->cursor_y = t->y;
  }
  queue(b);
}

guint
mg_board_get_rotation(MgBoard *b)
{
  return b->rotation;
}

void
mg_board_rotate(MgBoard *b, int quarter_turns)
{
  guint r = (guint)((int)b->rotation + quarter_turns % 4 + 4) % 4;
  if (b->has_pending) {
    /* at the chosen cell, only the rotations that fit */
    const MgBoardPlacement *p = placement_at(b, b->pending_x, b->pending_y);
    if (p) {
      int step = quarter_turns < 0 ? 3 : 1;
      r = b->pending_rotation;
      for (int k = 0; k < 4; k++) {
        r = (r + (guint)step) % 4;
        if (p->rotations & (1u << r))
          break;
      }
      b->rotation = r;
      b->pending_rotation = r;
      if (b->cbs.placement_chosen)
        b->cbs.placement_chosen(b, p->x, p->y, r, b->cb_data);
    }
  } else {
    b->rotation = r;
  }
  if (b->cbs.rotated)
    b->cbs.rotated(b, b->rotation, b->cb_data);
  queue(b);
}

/* ---- choosing ---------------------------------------------------------- */

static void
choose_cell(MgBoard *b, int x, int y)
{
  const MgBoardPlacement *p = placement_at(b, x, y);
  if (p) {
    if (b->has_pending && b->pending_x == x && b->pending_y == y) {
      if (b->cbs.confirm)
        b->cbs.confirm(b, b->cb_data);
      return;
    }
    guint r = fitting_rotation(p->rotations, b->rotation);
    b->rotation = r;
    if (b->cbs.placement_chosen)
      b->cbs.placement_chosen(b, x, y, r, b->cb_data);
    return;
  }
}

static void
choose_target(MgBoard *b, int index)
{
  if (index < 0)
    return;
  if (index == b->selected) {
    if (b->cbs.confirm)
      b->cbs.confirm(b, b->cb_data);
  } else if (b->cbs.target_chosen) {
    b->cbs.target_chosen(b, (guint)index, b->cb_data);
  }
}

/* The target under the point (@wx, @wy): a spot within reach first,
 * then a whole-cell target. */
static int
target_at(MgBoard *b, double wx, double wy)
{
  int best = -1;
  double best_d = b->scale * .2;
  int cx, cy;
  cell_at(b, wx, wy, &cx, &cy);
  int cell_target = -1;
  for (guint i = 0; i < b->targets->len; i++) {
    const MgBoardTarget *t = &g_array_index(b->targets, MgBoardTarget, i);
    if (t->segment < 0) {
      if (t->x == cx && t->y == cy && cell_target < 0)
        cell_target = (int)i;
      continue;
    }
    double sx, sy;
    mg_board_spot_point(b, t->x, t->y, t->segment, &sx, &sy);
    double d = hypot(sx - wx, sy - wy);
    if (d < best_d) {
      best_d = d;
      best = (int)i;
    }
  }
  return best >= 0 ? best : cell_target;
}

static void
on_click(GtkGestureClick *gesture, int n_press, double x, double y,
         gpointer data)
{
  (void)n_press;
  MgBoard *b = data;
  gtk_widget_grab_focus(GTK_WIDGET(b));
  gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  int index = target_at(b, x, y);
  if (index >= 0) {
    b->cursor_target = index;
    choose_target(b, index);
    return;
  }
  int cx, cy;
  cell_at(b, x, y, &cx, &cy);
  if (placement_at(b, cx, cy)) {
    b->has_cursor = TRUE;
    b->cursor_x = cx;
    b->cursor_y = cy;
    choose_cell(b, cx, cy);
  }
}

static void
on_motion(GtkEventControllerMotion *motion, double x, double y, gpointer data)
{
  (void)motion;
  MgBoard *b = data;
  b->pointer_x = x;
  b->pointer_y = y;
  int cx, cy;
  cell_at(b, x, y, &cx, &cy);
  if (!b->has_hover || cx != b->hover_x || cy != b->hover_y) {
    b->has_hover = TRUE;
    b->hover_x = cx;
    b->hover_y = cy;
    queue(b);
  }
}

static void
on_leave(GtkEventControllerMotion *motion, gpointer data)
{
  (void)motion;
  MgBoard *b = data;
  b->has_hover = FALSE;
  queue(b);
}

static gboolean
on_scroll(GtkEventControllerScroll *scroll, double dx, double dy,
          gpointer data)
{
  (void)dx;
  MgBoard *b = data;
  GdkModifierType mods = gtk_event_controller_get_current_event_state(
      GTK_EVENT_CONTROLLER(scroll));
  int cx, cy;
  cell_at(b, b->pointer_x, b->pointer_y, &cx, &cy);
  gboolean over_legal = placement_at(b, cx, cy) != NULL ||
                        (b->has_pending && cx == b->pending_x &&
                         cy == b->pending_y);
  if (!(mods & GDK_CONTROL_MASK) && over_legal) {
    /* the wheel turns the tile, one step per notch */
    b->wheel += dy;
    while (fabs(b->wheel) >= 1) {
      int step = b->wheel > 0 ? 1 : -1;
      b->wheel -= step;
      mg_board_rotate(b, step);
    }
    return TRUE;
  }
  zoom_at(b, exp(-dy * .15), b->pointer_x, b->pointer_y, FALSE);
  return TRUE;
}

static void
on_drag_begin(GtkGestureDrag *drag, double x, double y, gpointer data)
{
  (void)drag;
  (void)x;
  (void)y;
  MgBoard *b = data;
  b->drag_ox = b->ox;
  b->drag_oy = b->oy;
}

static void
on_drag_update(GtkGestureDrag *drag, double dx, double dy, gpointer data)
{
  MgBoard *b = data;
  /* below the threshold it is still a click */
  if (hypot(dx, dy) < 6 &&
      gtk_gesture_get_sequence_state(GTK_GESTURE(drag),
                                     gtk_gesture_get_last_updated_sequence(
                                         GTK_GESTURE(drag))) !=
          GTK_EVENT_SEQUENCE_CLAIMED)
    return;
  gtk_gesture_set_state(GTK_GESTURE(drag), GTK_EVENT_SEQUENCE_CLAIMED);
  b->fitted = TRUE;
  b->user_moved = TRUE;
  b->ox = b->drag_ox + dx;
  b->oy = b->drag_oy + dy;
  queue(b);
}

static void
on_pinch_begin(GtkGesture *gesture, GdkEventSequence *seq, gpointer data)
{
  (void)gesture;
  (void)seq;
  MgBoard *b = data;
  b->pinch_scale = b->scale;
}

static void
on_pinch(GtkGestureZoom *zoom, double scale, gpointer data)
{
  MgBoard *b = data;
  double cx, cy;
  if (!gtk_gesture_get_bounding_box_center(GTK_GESTURE(zoom), &cx, &cy)) {
    cx = gtk_widget_get_width(GTK_WIDGET(b)) / 2.0;
    cy = gtk_widget_get_height(GTK_WIDGET(b)) / 2.0;
  }
  zoom_at(b, b->pinch_scale * scale / b->scale, cx, cy, FALSE);
}

/* Says where the keyboard cursor is, for screen readers. */
static void
announce(MgBoard *b)
{
  if (!b->has_cursor)
    return;
  char text[160];
  const MgBoardPlacement *p = placement_at(b, b->cursor_x, b->cursor_y);
  if (p) {
    guint n = 0;
    for (guint r = 0; r < 4; r++)
      n += (p->rotations >> r) & 1;
    g_snprintf(text, sizeof text,
               "Cell %d,%d: the tile fits here in %u rotation%s",
               b->cursor_x, b->cursor_y, n, n == 1 ? "" : "s");
  } else if (b->cursor_target >= 0) {
    g_snprintf(text, sizeof text, "Choice %d of %u, at %d,%d",
               b->cursor_target + 1, b->targets->len, b->cursor_x,
               b->cursor_y);
  } else {
    g_snprintf(text, sizeof text, "Cell %d,%d", b->cursor_x, b->cursor_y);
  }
  gtk_accessible_update_property(GTK_ACCESSIBLE(b),
                                 GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                 -1);
}

/* Moves the cursor to the legal cell nearest in direction (@dx, @dy). */
static void
move_cursor_cell(MgBoard *b, int dx, int dy)
{
  if (!b->has_cursor) {
    reset_cursor(b);
    queue(b);
    return;
  }
  double best = G_MAXDOUBLE;
  int bx = b->cursor_x, by = b->cursor_y;
  for (guint i = 0; i < b->placements->len; i++) {
    const MgBoardPlacement *p =
        &g_array_index(b->placements, MgBoardPlacement, i);
    int ax = p->x - b->cursor_x, ay = p->y - b->cursor_y;
    int along = ax * dx + ay * dy, across = abs(ax * dy) + abs(ay * dx);
    if (along <= 0)
      continue;
    double score = along + 2.0 * across;
    if (score < best) {
      best = score;
      bx = p->x;
      by = p->y;
    }
  }
  b->cursor_x = bx;
  b->cursor_y = by;
  announce(b);
  queue(b);
}

static void
move_cursor_target(MgBoard *b, int step)
{
  guint n = b->targets->len;
  if (!n)
    return;
  int i = b->cursor_target < 0 ? 0
                               : (b->cursor_target + step + (int)n) % (int)n;
  b->cursor_target = i;
  const MgBoardTarget *t = &g_array_index(b->targets, MgBoardTarget, i);
  b->has_cursor = TRUE;
  b->cursor_x = t->x;
  b->cursor_y = t->y;
  announce(b);
  /* a target is chosen as the cursor reaches it, so it shows selected */
  if (b->cbs.target_chosen)
    b->cbs.target_chosen(b, (guint)i, b->cb_data);
  queue(b);
}

static gboolean
on_key(GtkEventControllerKey *key, guint keyval, guint keycode,
       GdkModifierType state, gpointer data)
{
  (void)key;
  (void)keycode;
  MgBoard *b = data;
  int dx = 0, dy = 0;
  switch (keyval) {
  case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
  case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
  case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
  case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
  case GDK_KEY_r:
    mg_board_rotate(b, 1);
    return TRUE;
  case GDK_KEY_R:
    mg_board_rotate(b, -1);
    return TRUE;
  case GDK_KEY_plus: case GDK_KEY_equal: case GDK_KEY_KP_Add:
    mg_board_zoom(b, 1.25);
    return TRUE;
  case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
    mg_board_zoom(b, 0.8);
    return TRUE;
  case GDK_KEY_f:
    mg_board_fit(b);
    return TRUE;
  case GDK_KEY_l:
    if (b->has_last)
      mg_board_go_to(b, b->last_x, b->last_y);
    return TRUE;
  case GDK_KEY_Escape:
    if (b->cbs.back)
      b->cbs.back(b, b->cb_data);
    return TRUE;
  case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
    if (b->drawn >= 0 && b->placements->len && b->has_cursor)
      choose_cell(b, b->cursor_x, b->cursor_y);
    else if (b->targets->len)
      choose_target(b, b->cursor_target >= 0 ? b->cursor_target : 0);
    else if (b->cbs.confirm)
      b->cbs.confirm(b, b->cb_data);
    return TRUE;
  default:
    return FALSE;
  }
  if (state & GDK_SHIFT_MASK) {
    /* pan by a cell */
    b->user_moved = TRUE;
    view_to(b, b->scale, b->ox - dx * b->scale, b->oy - dy * b->scale);
  } else if (b->drawn >= 0 && b->placements->len) {
    move_cursor_cell(b, dx, dy);
  } else if (b->targets->len) {
    move_cursor_target(b, dx + dy);
  } else {
    view_to(b, b->scale, b->ox - dx * b->scale, b->oy - dy * b->scale);
  }
  return TRUE;
}

/* What is under the pointer, in words: a figure's type and owner (the
 * name the catalog gives it: a rule set's figure is named, not only
 * lettered), else the tile and its symbols. */
static gboolean
on_query_tooltip(GtkWidget *widget, int x, int y, gboolean keyboard,
                 GtkTooltip *tooltip, gpointer data)
{
  (void)keyboard;
  (void)data;
  MgBoard *b = MG_BOARD(widget);
  if (!b->catalog)
    return FALSE;
  for (guint i = 0; i < b->figures->len; i++) {
    const MgBoardFigure *f = &g_array_index(b->figures, MgBoardFigure, i);
    double fx, fy;
    figure_offset(b, i, &fx, &fy);
    if (hypot(b->ox + (f->x + fx) * b->scale - x,
              b->oy + (f->y + fy) * b->scale - y) > FIGURE_SIZE * b->scale / 2)
      continue;
    char *text = f->owner >= 0
        ? g_strdup_printf("%s of seat %d at %d,%d", f->type, f->owner + 1,
                          f->x, f->y)
        : g_strdup_printf("%s (neutral) at %d,%d", f->type, f->x, f->y);
    gtk_tooltip_set_text(tooltip, text);
    g_free(text);
    return TRUE;
  }
  int cx, cy;
  cell_at(b, x, y, &cx, &cy);
  const MgBoardTile *t = tile_at(b, cx, cy);
  const MeepleTileType *tt = t ? tile_type(b, t->type) : NULL;
  if (!tt)
    return FALSE;
  GString *s = g_string_new(NULL);
  g_string_append_printf(s, "Tile %s at %d,%d", tt->id, cx, cy);
  for (guint k = 0; k < b->catalog->symbols->len; k++)
    if (tt->symbols & (1u << k)) {
      MgSymbolLook look;
      mg_look_symbol(b->catalog, k, &look);
      g_string_append_printf(s, "\n%s %s", look.glyph, look.legend);
    }
  gtk_tooltip_set_text(tooltip, s->str);
  g_string_free(s, TRUE);
  return TRUE;
}

/* ---- the widget --------------------------------------------------------- */

static void
mg_board_size_allocate(GtkWidget *widget, int w, int h, int baseline)
{
  (void)w;
  (void)h;
  (void)baseline;
  MgBoard *b = MG_BOARD(widget);
  if (!b->fitted && (b->tiles->len || b->placements->len))
    mg_board_fit(b);
}

static void
mg_board_measure(GtkWidget *widget, GtkOrientation o, int for_size,
                 int *min, int *nat, int *min_base, int *nat_base)
{
  (void)widget;
  (void)o;
  (void)for_size;
  *min = 120;
  *nat = 600;
  *min_base = *nat_base = -1;
}

static void
mg_board_dispose(GObject *object)
{
  MgBoard *b = MG_BOARD(object);
  if (b->tick) {
    gtk_widget_remove_tick_callback(GTK_WIDGET(b), b->tick);
    b->tick = 0;
  }
  if (b->settle) {
    g_source_remove(b->settle);
    b->settle = 0;
  }
  G_OBJECT_CLASS(mg_board_parent_class)->dispose(object);
}

static void
mg_board_finalize(GObject *object)
{
  MgBoard *b = MG_BOARD(object);
  g_array_unref(b->tiles);
  g_array_unref(b->figures);
  g_array_unref(b->placements);
  g_array_unref(b->targets);
  g_string_chunk_free(b->strings);
  g_hash_table_unref(b->tile_cache);
  g_hash_table_unref(b->tile_surfaces);
  g_hash_table_unref(b->chunks);
  G_OBJECT_CLASS(mg_board_parent_class)->finalize(object);
}

static void
unref_texture(gpointer texture)
{
  if (texture)
    g_object_unref(texture);
}

static void
mg_board_class_init(MgBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = mg_board_dispose;
  object_class->finalize = mg_board_finalize;
  widget_class->snapshot = mg_board_snapshot;
  widget_class->measure = mg_board_measure;
  widget_class->size_allocate = mg_board_size_allocate;
  gtk_widget_class_set_css_name(widget_class, "board");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
mg_board_init(MgBoard *b)
{
  b->tiles = g_array_new(FALSE, FALSE, sizeof(MgBoardTile));
  b->figures = g_array_new(FALSE, FALSE, sizeof(MgBoardFigure));
  b->placements = g_array_new(FALSE, FALSE, sizeof(MgBoardPlacement));
  b->targets = g_array_new(FALSE, FALSE, sizeof(MgBoardTarget));
  b->strings = g_string_chunk_new(256);
  b->tile_cache = g_hash_table_new_full(NULL, NULL, NULL, g_object_unref);
  b->tile_surfaces = g_hash_table_new_full(
      NULL, NULL, NULL, (GDestroyNotify)cairo_surface_destroy);
  /* empty chunks are cached as NULL */
  b->chunks = g_hash_table_new_full(NULL, NULL, NULL, unref_texture);
  b->drawn = -1;
  b->selected = -1;
  b->cursor_target = -1;
  b->scale = 96;
  GtkWidget *w = GTK_WIDGET(b);
  gtk_widget_set_focusable(w, TRUE);
  gtk_widget_set_focus_on_click(w, TRUE);
  gtk_widget_set_hexpand(w, TRUE);
  gtk_widget_set_vexpand(w, TRUE);
  gtk_widget_set_overflow(w, GTK_OVERFLOW_HIDDEN);

  GtkGesture *click = gtk_gesture_click_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
  g_signal_connect(click, "released", G_CALLBACK(on_click), b);
  gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(click));

  GtkGesture *drag = gtk_gesture_drag_new();
  g_signal_connect(drag, "drag-begin", G_CALLBACK(on_drag_begin), b);
  g_signal_connect(drag, "drag-update", G_CALLBACK(on_drag_update), b);
  gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(drag));

  GtkGesture *pinch = gtk_gesture_zoom_new();
  g_signal_connect(pinch, "begin", G_CALLBACK(on_pinch_begin), b);
  g_signal_connect(pinch, "scale-changed", G_CALLBACK(on_pinch), b);
  gtk_widget_add_controller(w, GTK_EVENT_CONTROLLER(pinch));

  GtkEventController *motion = gtk_event_controller_motion_new();
  g_signal_connect(motion, "motion", G_CALLBACK(on_motion), b);
  g_signal_connect(motion, "enter", G_CALLBACK(on_motion), b);
  g_signal_connect(motion, "leave", G_CALLBACK(on_leave), b);
  gtk_widget_add_controller(w, motion);

  GtkEventController *scroll = gtk_event_controller_scroll_new(
      GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), b);
  gtk_widget_add_controller(w, scroll);

  GtkEventController *key = gtk_event_controller_key_new();
  g_signal_connect(key, "key-pressed", G_CALLBACK(on_key), b);
  gtk_widget_add_controller(w, key);

  gtk_widget_set_has_tooltip(w, TRUE);
  g_signal_connect(w, "query-tooltip", G_CALLBACK(on_query_tooltip), NULL);
  gtk_accessible_update_property(GTK_ACCESSIBLE(w),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, "Board",
                                 -1);
}

GtkWidget *
mg_board_new(void)
{
  return g_object_new(MG_TYPE_BOARD, NULL);
}
