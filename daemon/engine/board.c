/* board.c — where tiles lie, the frontier of empty cells next to them and
 * legal placements (RULES BASE-05).
 *
 * The grid is a dense rectangle that grows when the board reaches its
 * border: lookups are one index computation, and cloning is one memcpy.
 * Each frontier cell caches which edge each side must match, so listing
 * the placements of a tile is a mask test per cell and rotation.
 */
#include "internal.h"

#include <string.h>

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

#define GRID_START 16

gboolean
board_init(MeepleGame *g)
{
  g->grid.w = g->grid.h = GRID_START;
  g->grid.x0 = g->grid.y0 = -GRID_START / 2;
  g->grid.cells = g_new0(uint16_t, (gsize)GRID_START * GRID_START);
  return TRUE;
}

void
board_copy(Grid *dst, const Grid *src)
{
  *dst = *src;
  dst->cells = g_memdup2(src->cells,
                         (gsize)src->w * (gsize)src->h * sizeof(uint16_t));
}

void
board_free(Grid *grid)
{
  g_free(grid->cells);
  grid->cells = NULL;
}

static inline gboolean
in_grid(const Grid *gr, int x, int y)
{
  return x >= gr->x0 && y >= gr->y0 && x < gr->x0 + gr->w &&
         y < gr->y0 + gr->h;
}

static inline uint16_t *
cell(Grid *gr, int x, int y)
{
  return &gr->cells[(y - gr->y0) * gr->w + (x - gr->x0)];
}

/* Grows the grid so that (x, y) and its 4 neighbours fit. */
static void
grid_cover(Grid *gr, int x, int y)
{
  if (in_grid(gr, x - 1, y - 1) && in_grid(gr, x + 1, y + 1))
    return;
  int x0 = gr->x0, y0 = gr->y0, w = gr->w, h = gr->h;
  /* Double in the direction that ran out, so growth is amortised. */
  while (x - 1 < x0) { x0 -= w; w *= 2; }
  while (x + 1 >= x0 + w) { w *= 2; }
  while (y - 1 < y0) { y0 -= h; h *= 2; }
  while (y + 1 >= y0 + h) { h *= 2; }
  uint16_t *cells = g_new0(uint16_t, (gsize)w * (gsize)h);
  for (int row = 0; row < gr->h; row++)
    memcpy(&cells[(row + gr->y0 - y0) * w + (gr->x0 - x0)],
           &gr->cells[row * gr->w], (gsize)gr->w * sizeof(uint16_t));
  g_free(gr->cells);
  gr->cells = cells;
  gr->x0 = x0;
  gr->y0 = y0;
  gr->w = w;
  gr->h = h;
}

/* Edge terrain the placed tile in @slot shows on world side @side. */
static inline guint
placed_edge(const MeepleGame *g, guint slot, guint side)
{
  const Placed *p = &g->placed[slot];
  const TileDerived *d = rules_derived(g->rules, p->type);
  return (d->packed_edges[p->rotation] >> (2 * side)) & 3u;
}

static void
frontier_update(MeepleGame *g, FrontierCell *fc)
{
  fc->mask = fc->want = 0;
  for (guint s = 0; s < 4; s++) {
    int slot = board_slot_at(g, fc->x + dx[s], fc->y + dy[s]);
    if (slot < 0)
      continue;
    fc->mask |= (uint8_t)(3u << (2 * s));
    fc->want |= (uint8_t)(placed_edge(g, (guint)slot, (s + 2) & 3) << (2 * s));
  }
}

static void
frontier_remove(MeepleGame *g, guint index)
{
  FrontierCell *last = &g->frontier[g->n_frontier - 1];
  g->frontier[index] = *last;
  *cell(&g->grid, last->x, last->y) = (uint16_t)(CELL_FRONTIER | index);
  g->n_frontier--;
}

void
board_put(MeepleGame *g, guint slot)
{
  const Placed *p = &g->placed[slot];
  grid_cover(&g->grid, p->x, p->y);
  uint16_t *c = cell(&g->grid, p->x, p->y);
  if (*c & CELL_FRONTIER)
    frontier_remove(g, *c & ~CELL_FRONTIER);
  *cell(&g->grid, p->x, p->y) = (uint16_t)(slot + 1);
  for (guint s = 0; s < 4; s++) {
    int nx = p->x + dx[s], ny = p->y + dy[s];
    uint16_t *nc = cell(&g->grid, nx, ny);
    if (*nc == CELL_EMPTY) {
      g_assert(g->n_frontier < g->cap_frontier);
      FrontierCell *fc = &g->frontier[g->n_frontier];
      fc->x = (int16_t)nx;
      fc->y = (int16_t)ny;
      *nc = (uint16_t)(CELL_FRONTIER | g->n_frontier);
      g->n_frontier++;
      frontier_update(g, fc);
    } else if (*nc & CELL_FRONTIER) {
      frontier_update(g, &g->frontier[*nc & ~CELL_FRONTIER]);
    }
  }
}

void
board_list_placements(MeepleGame *g, guint type, ActionList *out)
{
  const TileDerived *d = rules_derived(g->rules, type);
  /* Room for every cell and rotation, then a branch-free loop: each
   * candidate is written and kept only if it matches, which costs less
   * than mispredicting a branch on every other test. */
  action_list_reserve(out, 4 * (gsize)g->n_frontier);
  MeepleAction *w = out->items + out->len;
  MeepleAction a = { .kind = MEEPLE_ACTION_PLACE_TILE, .tile = (uint16_t)type };
  for (guint i = 0; i < g->n_frontier; i++) {
    const FrontierCell *fc = &g->frontier[i];
    a.x = fc->x;
    a.y = fc->y;
    for (guint r = 0; r < 4; r++) {
      a.rotation = (uint8_t)r;
      *w = a;
      w += (d->packed_edges[r] & fc->mask) == fc->want;
    }
  }
  out->len = (gsize)(w - out->items);
}

gboolean
board_has_placement(const MeepleGame *g, guint type)
{
  const TileDerived *d = rules_derived(g->rules, type);
  for (guint i = 0; i < g->n_frontier; i++) {
    const FrontierCell *fc = &g->frontier[i];
    for (guint r = 0; r < 4; r++)
      if ((d->packed_edges[r] & fc->mask) == fc->want)
        return TRUE;
  }
  return FALSE;
}
