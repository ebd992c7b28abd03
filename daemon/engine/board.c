/* board.c — where tiles lie, the frontier of empty cells next to them and
 * legal placements (RULES BASE-05).
 *
 * The grid is a dense rectangle that grows when the board reaches its
 * border: lookups are one index computation, and cloning is one memcpy.
 * Each frontier cell caches which edge each side must match as one
 * signature, and each tile type has the rotations that fit every
 * signature (rules_derive()), so listing the placements of a tile is one
 * table read per cell.
 */
#include "internal.h"

#include <stddef.h>
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
  guint sig = 0;
  for (guint s = 0; s < 4; s++) {
    int slot = board_slot_at(g, fc->x + dx[s], fc->y + dy[s]);
    if (slot >= 0)
      sig += frontier_sig_side(s, placed_edge(g, (guint)slot, (s + 2) & 3));
  }
  fc->sig = (uint16_t)sig;
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
  /* the tiles around it count one more neighbour, it counts them; the
   * 3x3 area lies inside the grid (grid_cover()), so its cells are read
   * without board_slot_at()'s bounds test, which measured 1.5% slower */
  guint around = 0;
  for (int y = p->y - 1; y <= p->y + 1; y++)
    for (int x = p->x - 1; x <= p->x + 1; x++) {
      uint16_t v = *cell(&g->grid, x, y);
      if ((x != p->x || y != p->y) && v != CELL_EMPTY &&
          !(v & CELL_FRONTIER)) {
        g->placed[v - 1].neighbours++;
        around++;
      }
    }
  g->placed[slot].neighbours = (uint8_t)around;
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
  /* An action is written as two words, the first 8 bytes (kind, tile and
   * cell) and the last 4 (rotation, then zeros): field by field the
   * compiler stores each byte alone.  The cell comes from the frontier
   * cell's own two int16 in one read, not through a struct just written
   * (a wider read of narrower stores stalls). */
  G_STATIC_ASSERT(sizeof(MeepleAction) == 12 &&
                  offsetof(MeepleAction, x) == 4 &&
                  offsetof(MeepleAction, y) == 6 &&
                  offsetof(MeepleAction, rotation) == 8);
  G_STATIC_ASSERT(offsetof(FrontierCell, x) == 0 &&
                  offsetof(FrontierCell, y) == 2);
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
#define ROTATION_WORD(r) ((uint32_t)(r))
#define CELL_SHIFT 32
#else
#define ROTATION_WORD(r) ((uint32_t)(r) << 24)
#define CELL_SHIFT 0
#endif
#define R(a, b, c, d)                                                   \
  { ROTATION_WORD(a), ROTATION_WORD(b), ROTATION_WORD(c), ROTATION_WORD(d) }
  /* per set of fitting rotations (bit r: rotation r), the last words of
   * those rotations in ascending order, then of the rest */
  static const uint32_t order[16][4] = {
    R(0, 1, 2, 3), R(0, 1, 2, 3), R(1, 0, 2, 3), R(0, 1, 2, 3),
    R(2, 0, 1, 3), R(0, 2, 1, 3), R(1, 2, 0, 3), R(0, 1, 2, 3),
    R(3, 0, 1, 2), R(0, 3, 1, 2), R(1, 3, 0, 2), R(0, 1, 3, 2),
    R(2, 3, 0, 1), R(0, 2, 3, 1), R(1, 2, 3, 0), R(0, 1, 2, 3),
  };
#undef R
  /* and the bytes those fitting rotations take in the list */
  static const uint8_t bytes[16] = { 0,  12, 12, 24, 12, 24, 24, 36,
                                     12, 24, 24, 36, 24, 36, 36, 48 };
  const uint8_t *fit = rules_fit(g->rules, type)->rotations;
  MeepleAction a = { .kind = MEEPLE_ACTION_PLACE_TILE, .tile = (uint16_t)type };
  uint64_t kind_and_tile;
  memcpy(&kind_and_tile, &a, 8);
  /* Room for every cell and rotation, then a branch-free loop: four
   * candidates are written per cell and as many kept as fit, which costs
   * less than mispredicting a branch per cell. */
  action_list_reserve(out, 4 * (gsize)g->n_frontier);
  char *w = (char *)(out->items + out->len);
  /* read once: the writes through w may alias anything */
  const FrontierCell *frontier = g->frontier;
  guint n_frontier = g->n_frontier;
  for (guint i = 0; i < n_frontier; i++) {
    const FrontierCell *fc = &frontier[i];
    guint fits = fit[fc->sig];
    const uint32_t *rotations = order[fits];
    uint32_t cell;
    memcpy(&cell, fc, 4);
    uint64_t head = kind_and_tile | (uint64_t)cell << CELL_SHIFT;
    memcpy(w, &head, 8);
    memcpy(w + 8, &rotations[0], 4);
    memcpy(w + 12, &head, 8);
    memcpy(w + 20, &rotations[1], 4);
    memcpy(w + 24, &head, 8);
    memcpy(w + 32, &rotations[2], 4);
    memcpy(w + 36, &head, 8);
    memcpy(w + 44, &rotations[3], 4);
    w += bytes[fits];
  }
#undef ROTATION_WORD
#undef CELL_SHIFT
  out->len = (gsize)((MeepleAction *)(void *)w - out->items);
}

gboolean
board_has_placement(const MeepleGame *g, guint type)
{
  const uint8_t *fit = rules_fit(g->rules, type)->rotations;
  for (guint i = 0; i < g->n_frontier; i++)
    if (fit[g->frontier[i].sig])
      return TRUE;
  return FALSE;
}
