/* mist.h — the mist plugin's own code (RULES §6, MIST-01..MIST-17):
 * tile notation, geometry and the handing out of ghosts.  Private to
 * plugins/mist; what other rule sets may use is mist-api.h, published as
 * a versioned table (mist-api.c).
 *
 * Tile data (doc/mist.md): a segment-level symbol {mist}, {mist-2} or
 * {mist-3} puts a whole road or field segment under mist area 1, 2 or 3
 * of its tile; {circles-N} on a misty segment gives that area N spell
 * circles (SC-02).
 */
#ifndef MEEPLE_MIST_H
#define MEEPLE_MIST_H

#include "mist-api.h"
#include <meeple/error.h>

G_BEGIN_DECLS

/* ---- tile geometry ------------------------------------------------------ */

/* Symbol indices of the mist notation, resolved once per rules object. */
typedef struct {
  int area[MIST_MAX_AREAS];       /* {mist} {mist-2} {mist-3}, or -1 */
  int circles[MIST_MAX_CIRCLES];  /* {circles-1} .. {circles-4}, or -1 */
  /* the symbol bits of all areas and of all circles: most segments have
   * none, and every tile's segments are asked */
  guint32 area_bits, circle_bits;
  /* the mist area of every tile type's edge positions in each rotation,
   * built on first use (mist-geometry.c, area_table()): mist areas are
   * walked at every tile placement */
  gsize areas_ready;
  gint8 *areas;
  guint n_area_types;
} MistSymbols;

/* Registers the symbols of the notation in @rules (setup()). */
gboolean mist_symbols_register(MeepleRules *rules, MistSymbols *sym,
                               GError **error);

/* Mist area (1..3) of canonical segment @segment of @type, 0: clear. */
guint mist_segment_area(const MistSymbols *sym, const MeepleTileType *type,
                        guint segment);
/* Spell circles printed in mist area @area (1..3) of @type. */
guint mist_area_circles(const MistSymbols *sym, const MeepleTileType *type,
                        guint area);
/* The segment carrying the circles of area @area of @type, or -1. */
int mist_area_circle_segment(const MistSymbols *sym,
                             const MeepleTileType *type, guint area);
/* The mist areas @type shows: bit a for area a (1..3); 0 without mist
 * (MIST-06). */
guint mist_tile_areas(const MistSymbols *sym, const MeepleTileType *type);

/* The MeepleTileCheckFunc of the notation (MIST-03, SC-02). */
gboolean mist_check_tile(const MeepleRules *rules, const MeepleTileType *type,
                         GError **error, gpointer user_data);

/* Collects the mist area holding @start. */
void mist_area_collect(const MeepleGame *game, const MistSymbols *sym,
                       MistNode start, MistArea *area);
/* The distinct mist areas holding the areas in bit set @areas of the tile
 * at (x, y) (two of its areas may belong to one across tiles); returns
 * how many it wrote to @out (at most MIST_MAX_AREAS), each to clear with
 * mist_area_clear(). */
guint mist_tile_area_sets(const MeepleGame *game, const MistSymbols *sym,
                          int x, int y, guint areas, MistArea *out);
void mist_area_clear(MistArea *area);
gboolean mist_area_contains(const MistArea *area, int x, int y, guint a);
/* What placing @tile (this turn's, on the board) did to the mist. */
void mist_placement_analyse(const MeepleGame *game, const MistSymbols *sym,
                            const MeeplePlacedTile *tile, MistPlacement *out);

/* ---- ghosts --------------------------------------------------------------- */

/* Registration indices the ghost code needs, resolved by name so that
 * both plugins can use them (the mist plugin registers them). */
typedef struct {
  MistSymbols sym;
  guint slot;
  guint haunt_decision, haunt_action;
  guint ghost_added_event, ghosts_returned_event, ghost_lost_event;
  guint mist_thickened_event, mist_dispersed_event, mist_completed_event;
} MistIds;

/* Publishes the MistApi table of @ids in @rules (setup()). */
gboolean mist_api_provide(MeepleRules *rules, const MistIds *ids,
                          GError **error);

static inline MistState *
mist_state(MeepleGame *game, const MistIds *ids)
{
  return meeple_game_slot(game, ids->slot);
}

/* Ghosts on figure @figure (0 when none). */
guint mist_ghosts_on(const MistState *st, guint figure);

/* This turn's placement analysis (computed on first use each turn). */
const MistPlacement *mist_placement(MeepleGame *game, const MistIds *ids);

/* Queues @count ghosts for @group; from the bank or (from_bank FALSE)
 * already taken out of circles. */
void mist_queue(MeepleGame *game, const MistIds *ids, guint count,
                MistGroup group, gboolean from_bank, const char *rule);
/* Hands out queued ghosts until a choice is needed (then a "haunt"
 * decision is pending) or the queue is empty. */
void mist_run(MeepleGame *game, const MistIds *ids);
/* The "haunt" action's work: the next queued ghost goes to the figure
 * the action names (its arg), then mist_run(). */
void mist_apply_haunt(MeepleGame *game, const MeepleAction *action,
                      const MistIds *ids);
/* Forgets the ghosts of figure @figure, which left the board; returns how
 * many it carried and, in @where, where it stood. */
guint mist_release_follower(MistState *st, guint figure, MistHaunt *where);
/* Takes one ghost off figure @figure (SC-04); the figure stays. */
void mist_take_from_follower(MeepleGame *game, const MistIds *ids,
                             guint figure);

G_END_DECLS

#endif
