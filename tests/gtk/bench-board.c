/* bench-board.c — how long meeple-gtk's board takes to draw a frame: 200
 * tiles of every rule set's tile types, a figure on each (owned and
 * neutral), in a 1280×800 window, drawn by the window's own GSK renderer
 * (under Xvfb: the software one).  Each frame is snapshotted and
 * rendered to a texture, as the frame clock would, with the view panned
 * or zoomed a little between frames so no frame is a repeat; the frame
 * clock's own timings of 120 shown frames are reported too.  A
 * benchmark, not a test: `make bench` runs it (under xvfb-run when there
 * is no display) and prints the figures; the budget at 60 Hz is 16.7 ms.
 */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdlib.h>

#include "board.h"
#include "dbusfixture.h"
#include "meeple-client.h"

#define TILES 200
#define FRAMES 200

static int
cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static gboolean done;
static guint shown;
static gint64 first, last, paint_start;
static double paints[128];
static guint n_paints;

/* The frame clock's phases: update (the tick callbacks), layout, paint
 * (snapshot, GSK render, present), after-paint: from the end of update
 * to after-paint is the frame's layout and drawing. */
static G_GNUC_UNUSED void
on_layout(GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  paint_start = g_get_monotonic_time();
}

static gboolean
on_render_start(GdkSurface *surface, cairo_region_t *region, gpointer data)
{
  (void)surface;
  (void)region;
  (void)data;
  paint_start = g_get_monotonic_time();
  return FALSE;
}

static gboolean
on_render_end(GdkSurface *surface, cairo_region_t *region, gpointer data)
{
  (void)surface;
  (void)region;
  (void)data;
  if (paint_start && n_paints < G_N_ELEMENTS(paints) && shown > 0)
    paints[n_paints++] = (g_get_monotonic_time() - paint_start) / 1000.0;
  paint_start = 0;
  return FALSE;
}

static G_GNUC_UNUSED void
on_after_paint(GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  if (paint_start && n_paints < G_N_ELEMENTS(paints) && shown > 0)
    paints[n_paints++] = (g_get_monotonic_time() - paint_start) / 1000.0;
  paint_start = 0;
}

static gboolean
tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void)data;
  gint64 now = gdk_frame_clock_get_frame_time(clock);
  if (!shown)
    first = now;
  last = now;
  /* as the wheel does: the chunks are stretched until the zoom settles */
  mg_board_zoom_at(MG_BOARD(widget), shown % 2 ? 1.01 : 1 / 1.01, 640, 400);
  gtk_widget_queue_draw(widget);
  if (++shown == 121) {
    done = TRUE;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

/* The floor's frames: the colour changes, nothing else is drawn. */
static gboolean
tick_plain(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void)clock;
  (void)data;
  gtk_widget_remove_css_class(widget, shown % 2 ? "floor-a" : "floor-b");
  gtk_widget_add_css_class(widget, shown % 2 ? "floor-b" : "floor-a");
  if (++shown == 121) {
    done = TRUE;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

int
main(void)
{
  GError *error = NULL;
  if (!g_getenv("DISPLAY") && !g_getenv("WAYLAND_DISPLAY")) {
    g_printerr("bench-board: no display\n");
    return 77;
  }
  if (!fixture_start(&error)) {
    g_printerr("bench-board: %s\n", error->message);
    return 1;
  }
  MeepleClient *client = meeple_client_new(fixture_address(), NULL, &error);
  GPtrArray *sets = client ? meeple_client_list_rulesets(client, &error)
                           : NULL;
  if (!sets) {
    g_printerr("bench-board: %s\n", error->message);
    return 1;
  }
  /* every rule set: its kinds, symbols and figures are in the catalog */
  GPtrArray *rules = g_ptr_array_new();
  for (guint i = 0; i < sets->len; i++)
    g_ptr_array_add(rules, ((MeepleClientRuleSet *)g_ptr_array_index(
                               sets, i))->id);
  g_ptr_array_add(rules, NULL);
  MeepleClientGameOptions o = { .rules = (const char *const *)rules->pdata,
                                .seats = 6 };
  char *id = meeple_client_create_game(client, &o, &error);
  MeepleRemoteGame *game = id ? meeple_remote_game_open(client, id, &error)
                              : NULL;
  if (!game) {
    g_printerr("bench-board: %s\n", error->message);
    return 1;
  }
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);

  /* zoom steps land at once, not over an animation */
  g_setenv("MEEPLE_GTK_NO_ANIMATION", "1", TRUE);
  gtk_init();
  GtkWidget *window = gtk_window_new();
  gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
  GtkWidget *board = mg_board_new();
  gtk_window_set_child(GTK_WINDOW(window), board);
  mg_board_set_catalog(MG_BOARD(board), catalog);
  /* a 15 × 14 block, tile types and figures in turn */
  MgBoardTile tiles[TILES];
  MgBoardFigure figures[TILES];
  guint n_types = catalog->tiles->len, n_figs = catalog->figure_types->len;
  for (guint i = 0; i < TILES; i++) {
    tiles[i] = (MgBoardTile){ (int)(i * 7 % n_types), (int)(i % 15) - 7,
                              (int)(i / 15) - 7, i % 4 };
    const MeepleClientFigureType *ft =
        g_ptr_array_index(catalog->figure_types, i % n_figs);
    const MeepleTileType *tt =
        &g_array_index(catalog->tiles, MeepleTileType, tiles[i].type);
    figures[i] = (MgBoardFigure){ ft->name, ft->neutral ? -1 : (int)(i % 6),
                                  tiles[i].x, tiles[i].y,
                                  tt->n_segments ? (int)(i % tt->n_segments)
                                                 : -1,
                                  i % 50 == 0 };
  }
  mg_board_set_content(MG_BOARD(board), tiles, TILES, figures, TILES);
  gtk_window_present(GTK_WINDOW(window));
  while (gtk_widget_get_width(board) < 100)
    g_main_context_iteration(NULL, TRUE);
  mg_board_fit(MG_BOARD(board));
  for (int i = 0; i < 20; i++)
    g_main_context_iteration(NULL, FALSE);

  GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
  /* GSK's software renderer, whatever the window uses */
  GskRenderer *soft = gsk_cairo_renderer_new();
  if (!gsk_renderer_realize(soft, gtk_native_get_surface(GTK_NATIVE(window)),
                            &error)) {
    g_printerr("bench-board: %s\n", error->message);
    return 1;
  }
  int w = gtk_widget_get_width(board), h = gtk_widget_get_height(board);
  GdkPaintable *paintable = gtk_widget_paintable_new(board);
  double pan[FRAMES], zoom[FRAMES];
  for (int phase = 0; phase < 2; phase++) {
    double *times = phase ? zoom : pan;
    for (int f = -5; f < FRAMES; f++) {
      /* panning: the chunks stay; zooming: every one is drawn again */
      if (phase)
        mg_board_zoom(MG_BOARD(board), f % 2 ? 1.002 : 1 / 1.002);
      else
        mg_board_pan(MG_BOARD(board), f % 2 ? 1 : -1, 0);
      g_main_context_iteration(NULL, FALSE);
      gint64 t0 = g_get_monotonic_time();
      GtkSnapshot *s = gtk_snapshot_new();
      gdk_paintable_snapshot(paintable, s, w, h);
      GskRenderNode *node = gtk_snapshot_free_to_node(s);
      GdkTexture *texture = gsk_renderer_render_texture(
          soft, node, &GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h));
      gint64 t1 = g_get_monotonic_time();
      g_object_unref(texture);
      gsk_render_node_unref(node);
      if (f >= 0) /* the first frames fill the caches */
        times[f] = (t1 - t0) / 1000.0;
    }
    qsort(times, FRAMES, sizeof times[0], cmp_double);
  }
  double pan_sum = 0, zoom_sum = 0;
  for (int f = 0; f < FRAMES; f++) {
    pan_sum += pan[f];
    zoom_sum += zoom[f];
  }
  /* the frame clock: frames actually shown, one redraw each */
  GdkFrameClock *clock = gtk_widget_get_frame_clock(board);
  g_signal_connect_after(clock, "before-paint", G_CALLBACK(on_layout), NULL);
  g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
  /* GdkSurface::render is the frame's drawing: GTK's own handler
   * snapshots and renders; ours run just before and after it */
  (void)on_render_start;
  (void)on_render_end;
  gtk_widget_add_tick_callback(board, tick, NULL, NULL);
  while (!done)
    g_main_context_iteration(NULL, TRUE);
  double clock_ms = (last - first) / 1000.0 / 120;
  qsort(paints, n_paints, sizeof paints[0], cmp_double);
  double psum = 0;
  for (guint i = 0; i < n_paints; i++)
    psum += paints[i];
  double board_mean = n_paints ? psum / n_paints : 0;
  double board_median = n_paints ? paints[n_paints / 2] : 0;
  double board_p95 = n_paints ? paints[n_paints * 95 / 100] : 0;
  /* the floor: the same window showing a plain colour that changes every
   * frame (so the whole window is damaged and presented, as while
   * zooming): what a frame costs whatever is drawn */
  GtkCssProvider *css = gtk_css_provider_new();
  gtk_css_provider_load_from_data(css,
                                  ".floor-a { background: #d0d4c8; }\n"
                                  ".floor-b { background: #c8ccc0; }\n", -1);
  gtk_style_context_add_provider_for_display(
      gtk_widget_get_display(window), GTK_STYLE_PROVIDER(css),
      GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  GtkWidget *plain = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  gtk_window_set_child(GTK_WINDOW(window), plain);
  shown = 0;
  n_paints = 0;
  done = FALSE;
  gtk_widget_add_tick_callback(plain, tick_plain, NULL, NULL);
  while (!done)
    g_main_context_iteration(NULL, TRUE);
  qsort(paints, n_paints, sizeof paints[0], cmp_double);
  double esum = 0;
  for (guint i = 0; i < n_paints; i++)
    esum += paints[i];
  g_print("board of %d tiles and %d figures, %dx%d px (budget at 60 Hz: "
          "16.67 ms a frame)\n"
          "  software renderer (GskCairoRenderer), snapshot + render of a "
          "frame:\n"
          "    panning: mean %.2f ms, median %.2f ms, p95 %.2f ms, max %.2f ms\n"
          "    a zoom step that draws every chunk again (once a zoom settles): mean %.2f ms, median "
          "%.2f ms, p95 %.2f ms, max %.2f ms\n"
          "  the window's renderer (%s), frames shown while zooming with the wheel: "
          "layout+paint %.2f ms mean, median %.2f ms, p95 %.2f ms; %.2f ms between frames\n"
          "    the same window showing a colour that changes every frame (the floor): %.2f ms mean, "
          "median %.2f ms, p95 %.2f ms\n",
          TILES, TILES, w, h, pan_sum / FRAMES, pan[FRAMES / 2],
          pan[FRAMES * 95 / 100], pan[FRAMES - 1], zoom_sum / FRAMES,
          zoom[FRAMES / 2], zoom[FRAMES * 95 / 100], zoom[FRAMES - 1],
          G_OBJECT_TYPE_NAME(renderer), board_mean, board_median, board_p95,
          clock_ms, n_paints ? esum / n_paints : 0,
          n_paints ? paints[n_paints / 2] : 0,
          n_paints ? paints[n_paints * 95 / 100] : 0);
  gsk_renderer_unrealize(soft);
  g_object_unref(soft);
  g_object_unref(paintable);
  g_object_unref(css);
  gtk_window_destroy(GTK_WINDOW(window));
  meeple_remote_game_free(game);
  g_free(id);
  g_ptr_array_unref(rules);
  g_ptr_array_unref(sets);
  meeple_client_free(client);
  fixture_stop();
  return 0;
}
