/* mist-geometry.c — where the mist lies: the tile notation, mist areas
 * across tiles, and what one placement does to them (RULES MIST-03,
 * MIST-05, MIST-07, MIST-08; AMB-18, AMB-21).
 *
 * An edge of a placed tile has up to three edge segments (AMB-21): its
 * two half-edges (field positions, on field and road edges) and, on a
 * road edge, the road in the middle.  Edge segment p of a tile meets the
 * same position of the neighbour across that edge, because placement
 * makes field meet field and road meet road (BASE-05).
 */
#include "mist.h"

#include <string.h>

static const char *const area_names[MIST_MAX_AREAS] = { "mist", "mist-2",
                                                        "mist-3" };

gboolean
mist_symbols_register(MeepleRules *rules, MistSymbols *sym, GError **error)
{
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    sym->area[a] = meeple_rules_symbol(rules, area_names[a]);
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++) {
    char name[16];
    g_snprintf(name, sizeof name, "circles-%u", c + 1);
    sym->circles[c] = meeple_rules_symbol(rules, name);
  }
  sym->area_bits = sym->circle_bits = 0;
  for (guint a = 0; a < MIST_MAX_AREAS; a++) {
    if (sym->area[a] < 0)
      goto full;
    sym->area_bits |= 1u << sym->area[a];
  }
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++) {
    if (sym->circles[c] < 0)
      goto full;
    sym->circle_bits |= 1u << sym->circles[c];
  }
  /* how clients draw a field under mist (MIST-03) */
  static const MeepleSymbolLook under_mist = { '~', "≈", "field under mist" };
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    meeple_rules_set_symbol_look(rules, (guint)sym->area[a], &under_mist);
  /* the same glyphs, with the colour and shape graphical clients use */
  static const MeepleLook mist_style = { '~', "≈", MEEPLE_COLOUR_FIELD, "fog" };
  static const MeepleLook circles_style = { 'o', "◯", MEEPLE_COLOUR_OTHER,
                                            "circle" };
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    meeple_rules_set_symbol_style(rules, (guint)sym->area[a], &mist_style);
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++)
    meeple_rules_set_symbol_style(rules, (guint)sym->circles[c],
                                  &circles_style);
  return TRUE;
full:
  g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
              "too many distinct tile symbols to add the mist notation");
  return FALSE;
}

static gboolean
has_symbol(guint32 symbols, int sym)
{
  return sym >= 0 && (symbols & (1u << sym));
}

guint
mist_segment_area(const MistSymbols *sym, const MeepleTileType *type,
                  guint segment)
{
  guint32 s = type->segments[segment].symbols;
  if (!(s & sym->area_bits))
    return 0;
  for (guint a = 0; a < MIST_MAX_AREAS; a++)
    if (has_symbol(s, sym->area[a]))
      return a + 1;
  return 0;
}

static guint
segment_circles(const MistSymbols *sym, const MeepleSegment *seg)
{
  if (!(seg->symbols & sym->circle_bits))
    return 0;
  for (guint c = 0; c < MIST_MAX_CIRCLES; c++)
    if (has_symbol(seg->symbols, sym->circles[c]))
      return c + 1;
  return 0;
}

guint
mist_area_circles(const MistSymbols *sym, const MeepleTileType *type,
                  guint area)
{
  guint n = 0;
  for (guint i = 0; i < type->n_segments; i++)
    if (mist_segment_area(sym, type, i) == area)
      n += segment_circles(sym, &type->segments[i]);
  return n;
}

int
mist_area_circle_segment(const MistSymbols *sym, const MeepleTileType *type,
                         guint area)
{
  for (guint i = 0; i < type->n_segments; i++)
    if (mist_segment_area(sym, type, i) == area &&
        segment_circles(sym, &type->segments[i]))
      return (int)i;
  return -1;
}

guint
mist_tile_areas(const MistSymbols *sym, const MeepleTileType *type)
{
  guint areas = 0;
  for (guint i = 0; i < type->n_segments; i++)
    areas |= 1u << mist_segment_area(sym, type, i);
  return areas & ~1u; /* area 0 is clear land */
}

/* MIST-03: mist lies over whole road and field segments only; SC-02:
 * circles lie in the mist.  Refusing bad data here keeps the rules code
 * free of cases the printed tiles never have. */
gboolean
mist_check_tile(const MeepleRules *rules, const MeepleTileType *type,
                GError **error, gpointer user_data)
{
  const MistSymbols *sym = user_data;
  guint circle_symbols[MIST_MAX_AREAS + 1] = { 0 };
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *seg = &type->segments[i];
    guint areas = 0, area = 0;
    for (guint a = 0; a < MIST_MAX_AREAS; a++)
      if (has_symbol(seg->symbols, sym->area[a])) {
        areas++;
        area = a + 1;
      }
    guint circles = 0;
    for (guint c = 0; c < MIST_MAX_CIRCLES; c++)
      if (has_symbol(seg->symbols, sym->circles[c]))
        circles++;
    const MeepleKind *kind = meeple_rules_kind(rules, seg->kind);
    if (areas && seg->kind != MEEPLE_KIND_ROAD &&
        seg->kind != MEEPLE_KIND_FIELD) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE,
                  "mist may lie over roads and fields only, not over the "
                  "%s %s (RULES MIST-03)", kind->name, seg->name);
      return FALSE;
    }
    if (areas > 1) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE,
                  "segment %s names more than one mist area; a segment "
                  "lies under one of {mist}, {mist-2}, {mist-3}", seg->name);
      return FALSE;
    }
    if (circles && !areas) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE,
                  "spell circles on %s, which is not misty; circles lie in "
                  "the mist (RULES SC-02)", seg->name);
      return FALSE;
    }
    if (circles > 1 || (circles && circle_symbols[area]++)) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE,
                  "more than one {circles-N} for one mist area (on %s); "
                  "give the area's count once", seg->name);
      return FALSE;
    }
  }
  return TRUE;
}

/* ---- edge segments of a placed tile ---------------------------------------- */

/* Edge segments: 0..7 the half-edges (MEEPLE_HALF_*), 8..11 the middle of
 * the north, east, south and west road edges. */
#define N_POSITIONS 12

static guint
position_side(guint p)
{
  return p < 8 ? p / 2 : p - 8;
}

static guint
position_partner(guint p)
{
  return p < 8 ? ((p ^ 1u) + 4) & 7 : 8 + ((p - 8 + 2) & 3);
}

static const int side_dx[4] = { 0, 1, 0, -1 };
static const int side_dy[4] = { -1, 0, 1, 0 };

/* Mist area (1..3) of edge segment @p of a placed tile, 0 when clear, -1
 * when the position does not exist there (a city edge; a field edge has
 * no middle). */
static int
position_area(const MistSymbols *sym, const MeepleTileType *type,
              guint rotation, guint p)
{
  guint side = (position_side(p) + 4 - rotation) & 3;
  MeepleEdge edge = type->edges[side];
  if (edge == MEEPLE_EDGE_CITY || (p >= 8 && edge != MEEPLE_EDGE_ROAD))
    return -1;
  for (guint i = 0; i < type->n_segments; i++) {
    const MeepleSegment *seg = &type->segments[i];
    gboolean here = p < 8
      ? (seg->halves & (1u << ((p + 8 - 2 * rotation) & 7))) != 0
      : seg->kind == MEEPLE_KIND_ROAD && (seg->edges & (1u << side));
    if (here)
      return (int)mist_segment_area(sym, type, i);
  }
  return 0;
}

/* A row of area_table(): position_area() of each of the N_POSITIONS edge
 * positions, then at SIDES_AT the sides (bit s for side s, as the tile
 * lies) where some position is misty. */
#define SIDES_AT N_POSITIONS
#define ROW (N_POSITIONS + 1)

/* The row of area_table() for @type in @rotation, of @sym's table. */
static void
fill_row(const MistSymbols *sym, const MeepleTileType *type, guint rotation,
         gint8 *row)
{
  guint sides = 0;
  for (guint p = 0; p < N_POSITIONS; p++) {
    row[p] = (gint8)position_area(sym, type, rotation, p);
    if (row[p] > 0)
      sides |= 1u << position_side(p);
  }
  row[SIDES_AT] = (gint8)sides;
}

/* The rows (fill_row()) of every tile type and rotation: built once per
 * rules object, thread-safely (search bots play on several threads), when
 * a game first asks; the rules never change once games run. */
static const gint8 *
area_table(const MeepleGame *game, const MistSymbols *sym)
{
  MistSymbols *cache = (MistSymbols *)sym; /* only the cache fields */
  if (g_once_init_enter(&cache->areas_ready)) {
    MeepleRules *rules = meeple_game_rules(game);
    guint n = meeple_rules_n_tile_types(rules);
    gint8 *table = g_new(gint8, (gsize)MAX(n, 1) * 4 * ROW);
    for (guint t = 0; t < n; t++)
      for (guint r = 0; r < 4; r++)
        fill_row(sym, meeple_rules_tile_type(rules, t), r,
                 &table[(t * 4 + r) * ROW]);
    cache->areas = table;
    cache->n_area_types = n;
    meeple_rules_own(rules, table, g_free);
    g_once_init_leave(&cache->areas_ready, 1);
  }
  return sym->areas;
}

/* The row of area_table() of @tile as it lies. */
static const gint8 *
row_of(const MeepleGame *game, const MistSymbols *sym,
       const MeeplePlacedTile *tile)
{
  const gint8 *table = area_table(game, sym);
  g_assert(tile->type < sym->n_area_types); /* none is added once games run */
  return table + ((gsize)tile->type * 4 + (tile->rotation & 3)) * ROW;
}

/* The tile at (x, y), FALSE when none: @areas points at its row of
 * area_table(), the mist area (or -1) of each of its N_POSITIONS edge
 * positions as it lies, then its misty sides. */
static gboolean
areas_at(const MeepleGame *game, const MistSymbols *sym, int x, int y,
         const gint8 **areas)
{
  MeeplePlacedTile t;
  if (!meeple_game_tile_at(game, x, y, &t))
    return FALSE;
  *areas = row_of(game, sym, &t);
  return TRUE;
}

/* ---- mist areas across tiles ------------------------------------------------- */

gboolean
mist_area_contains(const MistArea *area, int x, int y, guint a)
{
  for (guint i = 0; i < area->nodes->len; i++) {
    const MistNode *n = &g_array_index(area->nodes, MistNode, i);
    if (n->x == x && n->y == y && n->area == a)
      return TRUE;
  }
  return FALSE;
}

void
mist_area_collect(const MeepleGame *game, const MistSymbols *sym,
                  MistNode start, MistArea *area)
{
  area->nodes = g_array_new(FALSE, FALSE, sizeof(MistNode));
  area->open = area->dispersed = FALSE;
  g_array_append_val(area->nodes, start);
  /* breadth first; the node list is the queue (areas are small) */
  for (guint i = 0; i < area->nodes->len; i++) {
    MistNode n = g_array_index(area->nodes, MistNode, i);
    const gint8 *here, *there[4];
    if (!areas_at(game, sym, n.x, n.y, &here))
      continue; /* only placed tiles are ever queued */
    guint looked = 0; /* sides whose neighbour was looked up, once each */
    gboolean placed[4];
    for (guint p = 0; p < N_POSITIONS; p++) {
      if (here[p] != (int)n.area)
        continue;
      guint side = position_side(p);
      int nx = n.x + side_dx[side], ny = n.y + side_dy[side];
      if (!(looked & (1u << side))) {
        looked |= 1u << side;
        placed[side] = areas_at(game, sym, nx, ny, &there[side]);
      }
      if (!placed[side]) {
        area->open = TRUE;
        continue;
      }
      int na = there[side][position_partner(p)];
      if (na <= 0) {
        area->dispersed = TRUE;
        continue;
      }
      if (!mist_area_contains(area, nx, ny, (guint)na)) {
        MistNode next = { nx, ny, (guint)na };
        g_array_append_val(area->nodes, next);
      }
    }
  }
}

guint
mist_tile_area_sets(const MeepleGame *game, const MistSymbols *sym, int x,
                    int y, guint areas, MistArea *out)
{
  guint n = 0;
  for (guint a = 1; a <= MIST_MAX_AREAS; a++) {
    if (!(areas & (1u << a)))
      continue;
    gboolean seen = FALSE;
    for (guint k = 0; k < n; k++)
      seen |= mist_area_contains(&out[k], x, y, a);
    if (!seen)
      mist_area_collect(game, sym, (MistNode){ x, y, a }, &out[n++]);
  }
  return n;
}

void
mist_area_clear(MistArea *area)
{
  if (area->nodes)
    g_array_unref(area->nodes);
  area->nodes = NULL;
}

void
mist_placement_analyse(const MeepleGame *game, const MistSymbols *sym,
                       const MeeplePlacedTile *tile, MistPlacement *out)
{
  memset(out, 0, sizeof *out);
  int x = tile->x, y = tile->y;
  const gint8 *here = row_of(game, sym, tile), *there[4];
  guint contact = 0; /* sides where mist meets a neighbour, either way */
  for (guint side = 0; side < 4; side++) {
    /* each neighbour looked up once */
    if (areas_at(game, sym, x + side_dx[side], y + side_dy[side],
                 &there[side]) &&
        (((guint)here[SIDES_AT] >> side) & 1 ||
         ((guint)there[side][SIDES_AT] >> ((side + 2) & 3)) & 1))
      contact |= 1u << side;
  }
  if (!contact)
    return; /* most placements: no mist against any neighbour */
  for (guint p = 0; p < N_POSITIONS; p++) {
    int a = here[p];
    if (a < 0)
      continue;
    guint side = position_side(p);
    if (!(contact & (1u << side)))
      continue;
    int nx = x + side_dx[side], ny = y + side_dy[side];
    int b = there[side][position_partner(p)];
    if (a > 0 && b > 0) {
      /* MIST-07: misty meets misty */
      out->thickened = TRUE;
      out->thick_areas |= 1u << a;
    } else if (a > 0 || b > 0) {
      /* MIST-08, AMB-18 (b): misty meets clear, either way round; the
       * dispersed area is the one on the misty side */
      out->dispersed = TRUE;
      MistNode node = a > 0 ? (MistNode){ x, y, (guint)a }
                            : (MistNode){ nx, ny, (guint)b };
      if (out->n_dispersal < G_N_ELEMENTS(out->dispersal))
        out->dispersal[out->n_dispersal++] = node;
    }
  }
}
