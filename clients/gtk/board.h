/* board.h — MgBoard, the widget that shows a game's board and takes the
 * player's pointing: tiles and figures drawn from the catalog
 * (tile-paint.h) as cached textures, zoom and pan, the cells where the
 * drawn tile fits, the spots and cells a decision's actions target.
 *
 * The board knows no game and no decision: its owner (game-view.c) gives
 * it what to show and hears what the player points at through
 * MgBoardCallbacks.  Input:
 *   pointer  hover previews the tile; click chooses a cell or a target,
 *            clicking the chosen one again confirms; drag pans; the wheel
 *            rotates the tile over a legal cell, zooms elsewhere (always
 *            with Ctrl); pinch zooms.
 *   keys     arrows move between legal cells or targets; R / Shift+R
 *            rotate; Enter or Space chooses, then confirms; Escape goes
 *            back; + and - zoom; Shift+arrows pan; F fits the board;
 *            L goes to the last move. */
#ifndef MG_BOARD_H
#define MG_BOARD_H

#include <gtk/gtk.h>
#include "meeple-client.h"

G_BEGIN_DECLS

#define MG_TYPE_BOARD (mg_board_get_type())
G_DECLARE_FINAL_TYPE(MgBoard, mg_board, MG, BOARD, GtkWidget)

/* A tile on the board: @type indexes the catalog's tiles. */
typedef struct {
  int type;
  int x, y;
  guint rotation;
} MgBoardTile;

/* A figure: @segment indexes the tile's segments; -1 on the tile itself. */
typedef struct {
  const char *type;   /* owned by the caller's state */
  int owner;          /* seat, -1 neutral */
  int x, y;
  int segment;
  gboolean last;      /* placed or moved in the last move */
} MgBoardFigure;

/* A decision's target: a segment's spot, or (segment -1) a whole cell. */
typedef struct {
  int x, y;
  int segment;
  guint action;       /* the action it stands for (owner's index) */
} MgBoardTarget;

/* A cell where the drawn tile fits, with its legal rotations (bit r). */
typedef struct {
  int x, y;
  guint rotations;
} MgBoardPlacement;

typedef struct {
  /* A legal cell chosen in a rotation that fits (not sent yet). */
  void (*placement_chosen)(MgBoard *board, int x, int y, guint rotation,
                           gpointer data);
  /* Target @index of the targets given was chosen. */
  void (*target_chosen)(MgBoard *board, guint index, gpointer data);
  /* The player confirmed the choice (Enter, or clicked it again). */
  void (*confirm)(MgBoard *board, gpointer data);
  /* The player went back (Escape). */
  void (*back)(MgBoard *board, gpointer data);
  /* The rotation of the drawn tile changed. */
  void (*rotated)(MgBoard *board, guint rotation, gpointer data);
} MgBoardCallbacks;

GtkWidget *mg_board_new(void);
void mg_board_set_callbacks(MgBoard *board, const MgBoardCallbacks *cbs,
                            gpointer data);
/* The catalog tiles index; not copied, must outlive its use. */
void mg_board_set_catalog(MgBoard *board, const MeepleClientCatalog *catalog);
/* Replaces the tiles and figures (copied). */
void mg_board_set_content(MgBoard *board, const MgBoardTile *tiles,
                          guint n_tiles, const MgBoardFigure *figures,
                          guint n_figures);
void mg_board_set_last_move(MgBoard *board, gboolean has, int x, int y);
/* The drawn tile (catalog index) and where it fits; @tile -1 or no
 * placements: nothing to place. */
void mg_board_set_placements(MgBoard *board, int tile,
                             const MgBoardPlacement *placements, guint n);
/* The cell chosen for the drawn tile (shown placed), or none. */
void mg_board_set_pending(MgBoard *board, gboolean has, int x, int y,
                          guint rotation);
/* Targets of the pending decision (copied), and the chosen one (-1). */
void mg_board_set_targets(MgBoard *board, const MgBoardTarget *targets,
                          guint n);
void mg_board_select_target(MgBoard *board, int index);
guint mg_board_get_rotation(MgBoard *board);
void mg_board_rotate(MgBoard *board, int quarter_turns);

void mg_board_fit(MgBoard *board);
/* Where figure @index (< mg_board_n_figures()) is drawn, in widget
 * coordinates: its spot, moved aside when it shares the spot. */
void mg_board_figure_point(MgBoard *board, guint index, double *wx,
                           double *wy);
/* The looks (seat colours) changed: draw everything again. */
void mg_board_looks_changed(MgBoard *board);
void mg_board_go_to(MgBoard *board, int x, int y);
void mg_board_zoom(MgBoard *board, double factor);
/* Zooms at once by @factor about the point (@x, @y), as the wheel does. */
void mg_board_zoom_at(MgBoard *board, double factor, double x, double y);
/* Moves the view by (@dx, @dy) pixels at once. */
void mg_board_pan(MgBoard *board, double dx, double dy);

/* Where, in widget coordinates, the middle of cell (x, y) is, and where a
 * figure on @segment of the tile there stands (-1: the tile itself). */
void mg_board_cell_point(MgBoard *board, int x, int y, double *wx,
                         double *wy);
void mg_board_spot_point(MgBoard *board, int x, int y, int segment,
                         double *wx, double *wy);
/* The keyboard cursor (a legal cell or target), for tests. */
gboolean mg_board_cursor(MgBoard *board, int *x, int *y);
/* What the board shows, for tests and the benchmark. */
guint mg_board_n_tiles(MgBoard *board);
guint mg_board_n_figures(MgBoard *board);
gboolean mg_board_figure(MgBoard *board, guint index, MgBoardFigure *out);
guint mg_board_n_placements(MgBoard *board);
guint mg_board_n_targets(MgBoard *board);
gboolean mg_board_target(MgBoard *board, guint index, MgBoardTarget *out);
gboolean mg_board_pending(MgBoard *board, int *x, int *y, guint *rotation);
/* Pixels per cell now. */
double mg_board_scale(MgBoard *board);

G_END_DECLS

#endif
