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
static gint64 first, last;

static gboolean
tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void)data;
  gint64 now = gdk_frame_clock_get_frame_time(clock);
  if (!shown)
    first = now;
  last = now;
  mg_board_zoom(MG_BOARD(widget), shown % 2 ? 1.01 : 1 / 1.01);
  gtk_widget_queue_draw(widget);
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
  int w = gtk_widget_get_width(board), h = gtk_widget_get_height(board);
  GdkPaintable *paintable = gtk_widget_paintable_new(board);
  double times[FRAMES];
  for (int f = -5; f < FRAMES; f++) {
    /* pan by a pixel: every frame new, as while dragging */
    mg_board_zoom(MG_BOARD(board), f % 2 ? 1.002 : 1 / 1.002);
    g_main_context_iteration(NULL, FALSE);
    gint64 t0 = g_get_monotonic_time();
    GtkSnapshot *s = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, s, w, h);
    GskRenderNode *node = gtk_snapshot_free_to_node(s);
    GdkTexture *texture = gsk_renderer_render_texture(
        renderer, node, &GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h));
    gint64 t1 = g_get_monotonic_time();
    g_object_unref(texture);
    gsk_render_node_unref(node);
    if (f >= 0) /* the first frames fill the texture caches */
      times[f] = (t1 - t0) / 1000.0;
  }
  qsort(times, FRAMES, sizeof times[0], cmp_double);
  double sum = 0;
  for (int f = 0; f < FRAMES; f++)
    sum += times[f];
  /* the frame clock: frames actually shown, one redraw each */
  gtk_widget_add_tick_callback(board, tick, NULL, NULL);
  while (!done)
    g_main_context_iteration(NULL, TRUE);
  double clock_ms = (last - first) / 1000.0 / 120;
  g_print("board of %d tiles and %d figures, %dx%d px, renderer %s:\n"
          "  snapshot+render per frame: mean %.2f ms, median %.2f ms, "
          "p95 %.2f ms, max %.2f ms (budget at 60 Hz: 16.67 ms)\n"
          "  frame clock: %.2f ms between shown frames (120 frames)\n",
          TILES, TILES, w, h, G_OBJECT_TYPE_NAME(renderer), sum / FRAMES,
          times[FRAMES / 2], times[FRAMES * 95 / 100], times[FRAMES - 1],
          clock_ms);
  g_object_unref(paintable);
  gtk_window_destroy(GTK_WINDOW(window));
  meeple_remote_game_free(game);
  g_free(id);
  g_ptr_array_unref(rules);
  g_ptr_array_unref(sets);
  meeple_client_free(client);
  fixture_stop();
  return 0;
}
