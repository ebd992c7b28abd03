/* mist.h — the mist and its ghosts (RULES §6, MIST-01..MIST-17), shared
 * by the mist plugin and the Spell Circles plugin that requires it (§7).
 *
 * Both plugins are built from this code (plugins/mist/local.mk): the mist
 * plugin owns the game state below in its slot, and Spell Circles finds
 * that slot with meeple_rules_find_slot(rules, "mist").  Nothing else in
 * meepled knows this layout; property tests read it to check that the 15
 * ghosts are conserved.
 *
 * Tile data (doc/mist.md): a segment-level symbol {mist}, {mist-2} or
 * {mist-3} puts a whole road or field segment under mist area 1, 2 or 3
 * of its tile; {circles-N} on a misty segment gives that area N spell
 * circles (SC-02).
 */
#ifndef MEEPLE_MIST_H
#define MEEPLE_MIST_H

#include <meeple/plugin.h>
#include <meeple/error.h>

G_BEGIN_DECLS

/* MIST-01: ghosts in the game. */
#define MIST_GHOSTS 15
/* MIST-12: a follower leaves the board with its third ghost. */
#define MIST_GHOST_LIMIT 3
/* Mist areas one tile may show ({mist}, {mist-2}, {mist-3}). */
#define MIST_MAX_AREAS 3
/* Spell circles one mist area of a tile may hold ({circles-1..4}). */
#define MIST_MAX_CIRCLES 4
/* Tiles-with-circles times their areas a game can hold; more are
 * refused by nothing but simply never hold ghosts (doc/mist.md). */
#define MIST_MAX_CIRCLE_SPOTS 48
/* Mist/clear contacts one placement can make (MistPlacement.dispersal):
 * at most three on each of four sides. */
#define MIST_MAX_CONTACTS 16
/* Batches of ghosts waiting to be handed out in one PLACE_GHOSTS step:
 * each source queues at most once a step — MIST-07, MIST-08, SC-03 and
 * SC-06 one batch each, SC-07 one per completed area of the tile, SC-08
 * one per dispersed area (one per contact at most) — so the queue never
 * overflows and no ghost is lost to it. */
#define MIST_MAX_BATCHES (4 + MIST_MAX_AREAS + MIST_MAX_CONTACTS)

/* ---- tile geometry ------------------------------------------------------ */

/* Symbol indices of the mist notation, resolved once per rules object. */
typedef struct {
  int area[MIST_MAX_AREAS];       /* {mist} {mist-2} {mist-3}, or -1 */
  int circles[MIST_MAX_CIRCLES];  /* {circles-1} .. {circles-4}, or -1 */
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

/* One mist area of one placed tile. */
typedef struct {
  int x, y;
  guint area;       /* 1..3 */
} MistNode;

/* A mist area across tiles (MIST-03, MIST-05). */
typedef struct {
  GArray *nodes;      /* MistNode, the first is where the search began */
  gboolean open;      /* some misty edge segment faces an empty cell */
  gboolean dispersed; /* some misty edge segment meets a clear one */
} MistArea;

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
/* MIST-05: completed = closed on every side and never dispersed. */
static inline gboolean
mist_area_completed(const MistArea *area)
{
  return !area->open && !area->dispersed;
}

/* What placing the tile at (x, y) did to the mist (MIST-07, MIST-08). */
typedef struct {
  gboolean thickened;      /* a misty edge segment met a misty one */
  gboolean dispersed;      /* a misty edge segment met a clear one */
  guint thick_areas;       /* bit a: the tile's area a met older mist */
  /* the mist areas owning a misty edge segment of a mist/clear contact
   * (MIST-08): one node of each, possibly the same area twice */
  MistNode dispersal[MIST_MAX_CONTACTS];
  guint n_dispersal;
} MistPlacement;

void mist_placement_analyse(const MeepleGame *game, const MistSymbols *sym,
                            int x, int y, MistPlacement *out);

/* ---- ghosts --------------------------------------------------------------- */

/* Who may receive the ghosts of a batch (MIST-10). */
typedef enum {
  MIST_TO_OPPONENTS = 0,   /* any opponent's follower (MIST-07, SC-06) */
  MIST_TO_OWN = 1,         /* the active player's (MIST-08, SC-03, SC-08) */
  MIST_TO_ONE_OPPONENT = 2,/* one opponent, chosen with the first ghost
                              (SC-07) */
} MistGroup;

/* Ghosts to hand out, one decision each (MIST-10..12, SC-09). */
typedef struct {
  guint8 count;            /* still to hand out */
  guint8 group;            /* MistGroup */
  gboolean from_bank;      /* taken from the bank one at a time (MIST-11);
                              else already taken out of spell circles */
  int chosen;              /* MIST_TO_ONE_OPPONENT: the seat, -1 */
  const char *rule;        /* static: "MIST-07", "SC-08", ... */
} MistBatch;

/* Ghosts on one follower; a follower carries at most 2 between actions. */
typedef struct {
  guint8 figure;
  guint8 ghosts;
  gint16 x, y;             /* where it stands (followers never move) */
  guint8 segment;
} MistHaunt;

/* Ghosts in the spell circles of one mist area of one tile (SC-02). */
typedef struct {
  gint16 x, y;
  guint8 area;
  guint8 segment;          /* the segment carrying {circles-N} */
  guint8 capacity;
  guint8 ghosts;
  guint turn;              /* turn its tile was placed (SC-05) */
} MistCircles;

/* The mist plugin's slot.  bank + ghosts on followers + ghosts in
 * circles = MIST_GHOSTS at every moment (MIST-01). */
typedef struct {
  guint8 bank;
  guint8 n_haunts;
  MistHaunt haunts[MIST_GHOSTS];
  guint8 n_circles;
  MistCircles circles[MIST_MAX_CIRCLE_SPOTS];
  /* PLACE_GHOSTS of the current turn */
  MistPlacement placement;      /* of this turn's tile (mist_placement()) */
  guint placement_turn;         /* turn it was analysed in, 0: never */
  guint replaced_turn;          /* turn SC-03 gave the tile's dispersal
                                   ghosts instead of MIST-08 (AMB-30) */
  guint8 n_batches;
  MistBatch batches[MIST_MAX_BATCHES];
} MistState;

/* Registration indices the ghost code needs, resolved by name so that
 * both plugins can use them (the mist plugin registers them). */
typedef struct {
  MistSymbols sym;
  guint slot;
  guint haunt_decision, haunt_action;
  guint ghost_added_event, ghosts_returned_event, ghost_lost_event;
  guint mist_thickened_event, mist_dispersed_event, mist_completed_event;
} MistIds;

/* Looks up what the mist plugin registered; FALSE without it. */
gboolean mist_ids_lookup(MeepleRules *rules, MistIds *ids, GError **error);

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
