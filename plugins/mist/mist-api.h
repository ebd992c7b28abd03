/* mist-api.h — the interface the mist rule set (RULES §6, plugins/mist)
 * publishes for the rule sets that build on it: Spell Circles (§7).
 *
 * The mist registers a MistApi table as interface "mist" (MIST_API_NAME)
 * with meeple_rules_provide_api(); a dependant looks it up with
 * MEEPLE_USE_API(rules, MIST_API_NAME, MIST_API_MAJOR, MIST_API_MINOR,
 * MistApi, error) and is refused at load, with both versions named, when
 * the mist it meets is not one it was built for (doc/plugins.md,
 * "Published interfaces").  Nothing of the mist's code is compiled into
 * a dependant: this header is the whole contract.
 *
 * Versioning: the major changes with anything a dependant could notice —
 * a member's meaning, the layout of MistState and of the structures it
 * holds, a constant below; a minor only appends members to MistApi.
 */
#ifndef MEEPLE_MIST_API_H
#define MEEPLE_MIST_API_H

#include <meeple/plugin.h>

G_BEGIN_DECLS

#define MIST_API_NAME "mist"
#define MIST_API_MAJOR 1
#define MIST_API_MINOR 0

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

/* ---- mist areas ----------------------------------------------------------- */

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

/* ---- the table ------------------------------------------------------------ */

typedef struct MistApi MistApi;

/* What a dependant may do with the mist.  Every function gets the table
 * it was found in (@api), which stands for the mist of one rules object. */
struct MistApi {
  /* The mist's per-game state (DESIGN invariant 3). */
  MistState *(*state)(const MistApi *api, MeepleGame *game);
  const MistState *(*state_const)(const MistApi *api, const MeepleGame *game);
  /* This turn's placement analysis (computed on first use each turn). */
  const MistPlacement *(*placement)(const MistApi *api, MeepleGame *game);
  /* Queues @count ghosts for @group; from the bank or (from_bank FALSE)
   * already taken out of circles. */
  void (*queue)(const MistApi *api, MeepleGame *game, guint count,
                MistGroup group, gboolean from_bank, const char *rule);
  /* Hands out queued ghosts until a choice is needed (then a "haunt"
   * decision is pending) or the queue is empty. */
  void (*run)(const MistApi *api, MeepleGame *game);
  /* Takes one ghost off figure @figure (SC-04); the figure stays. */
  void (*take_from_follower)(const MistApi *api, MeepleGame *game,
                             guint figure);
  /* Ghosts on figure @figure (0 when none). */
  guint (*ghosts_on)(const MistState *st, guint figure);
  /* Spell circles printed in mist area @area (1..3) of @type. */
  guint (*area_circles)(const MistApi *api, const MeepleTileType *type,
                        guint area);
  /* The segment carrying the circles of area @area of @type, or -1. */
  int (*area_circle_segment)(const MistApi *api, const MeepleTileType *type,
                             guint area);
  /* The mist areas @type shows: bit a for area a (1..3); 0 without mist
   * (MIST-06). */
  guint (*tile_areas)(const MistApi *api, const MeepleTileType *type);
  /* The distinct mist areas holding the areas in bit set @areas of the
   * tile at (x, y); returns how many it wrote to @out (at most
   * MIST_MAX_AREAS), each to clear with area_clear(). */
  guint (*tile_area_sets)(const MistApi *api, const MeepleGame *game, int x,
                          int y, guint areas, MistArea *out);
  /* Collects the mist area holding @start. */
  void (*area_collect)(const MistApi *api, const MeepleGame *game,
                       MistNode start, MistArea *area);
  void (*area_clear)(MistArea *area);
  gboolean (*area_contains)(const MistArea *area, int x, int y, guint a);
};

G_END_DECLS

#endif
