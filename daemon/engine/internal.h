/* internal.h — libmeeple's private structures.  Not installed.
 *
 * Layout of a game (the hot path of every bot and benchmark):
 *  - every array whose size is known when the game is created (supply,
 *    placed tiles, union-find nodes, figures) lives in one allocation, so
 *    that meeple_game_clone() is one malloc and one memcpy;
 *  - the grid (grows with the board), the legal-action list, the history
 *    and the event buffer are separate growable arrays.
 */
#ifndef MEEPLE_INTERNAL_H
#define MEEPLE_INTERNAL_H

#include "meeple.h"
#include "meeple/plugin.h"
#include "prng.h"

#define NO_NODE 0xFFFFu
#define NO_SLOT 0xFFFFu

/* ---- rules ------------------------------------------------------------ */

/* What a frontier cell's neighbours ask of each side, as one number: per
 * side 0 (no neighbour) or 1 + the edge the neighbour shows, in base 5,
 * side 0 the lowest digit (board.c). */
#define FRONTIER_SIGNATURES 625

/* The part of a signature for side @side when the neighbour there shows
 * @edge (the digit 1 + @edge at 5^side): board.c makes the cells'
 * signatures, rules_derive() the ones each tile type fits. */
static inline guint
frontier_sig_side(guint side, guint edge)
{
  static const guint weight[4] = { 1, 5, 25, 125 };
  return (1 + edge) * weight[side];
}

/** Per tile type, derived once at load time for fast placement checks. */
typedef struct {
  /** Edges packed 2 bits per side (side s at bits 2s..2s+1), per rotation. */
  uint8_t packed_edges[4];
  /** EDGE-shape segment covering canonical side s, or -1. */
  int8_t side_segment[4];
  /** FIELD segment covering canonical half-edge h, or -1. */
  int8_t half_segment[8];
  /** Number of EDGE-shape edges each segment has (its open ends alone). */
  uint8_t segment_open[MEEPLE_MAX_SEGMENTS];
  gboolean has_surround;
} TileDerived;

/** Per tile type, the rotations (bit r) that fit a frontier cell, by the
 * cell's signature (FrontierCell.sig).  Apart from TileDerived, whose
 * small entries the board reads everywhere and which this would spread
 * over many cache lines. */
typedef struct {
  uint8_t rotations[FRONTIER_SIGNATURES];
} PlacementFit;

struct MeepleRules {
  gint ref_count;
  /* a rule set's hooks may fail: apply keeps a copy to restore (ABI 2.2) */
  gboolean fallible;
  GPtrArray *kinds;        /* MeepleKind* */
  char *symbols[MEEPLE_MAX_SYMBOLS];
  guint n_symbols;
  /* how clients draw fields carrying a symbol (interned strings);
   * unicode NULL: like any field */
  MeepleSymbolLook symbol_looks[MEEPLE_MAX_SYMBOLS];
  /* MeepleSymbolTrait bits per symbol (what other rule sets ask for) */
  guint32 symbol_traits[MEEPLE_MAX_SYMBOLS];
  /* looks (looks.c): LookDef per figure type, kind and symbol, grown as
   * they are set; unset ones get defaults */
  GArray *figure_looks, *kind_looks, *symbol_styles;
  GArray *tile_types;      /* MeepleTileType */
  GArray *derived;         /* TileDerived, parallel to tile_types */
  GArray *fits;            /* PlacementFit, parallel to tile_types */
  GPtrArray *tilesets;     /* MeepleTileSetInfo* */
  GPtrArray *figure_types; /* MeepleFigureType* */
  int start_tile;

  /* what rule sets registered (registry.c) */
  GPtrArray *rulesets;       /* MeepleRuleSetInfo* */
  gboolean ruleset_open;     /* tile files loaded now belong to the last */
  GPtrArray *action_kinds;   /* ActionKindDef* */
  GArray *kind_effects;      /* KindEffect, parallel to action_kinds */
  GPtrArray *decision_kinds; /* MeepleDecisionKindInfo* */
  GPtrArray *event_types;    /* EventTypeDef* (events.c): plugin event types */
  GArray *slots;             /* SlotDef */
  GArray *tile_checks;       /* TileCheckDef */
  GArray *hooks[MEEPLE_HOOK_COUNT]; /* HookDef, in run order */
  guint n_before_core[MEEPLE_HOOK_COUNT]; /* hooks with priority > 0 */
  GArray *owned;             /* OwnedData */
  GPtrArray *apis;           /* ApiDef*: published interfaces (apis.c) */
};

typedef struct {
  MeepleActionKindInfo info;
  MeepleApplyFunc apply;
  gpointer user_data;
} ActionKindDef;

/* An action kind's effect (MeepleActionKindInfo) as effects.c reads it
 * for every action of every filtered list: 4 bytes side by side, not
 * behind a pointer per kind. */
typedef struct {
  uint8_t what;            /* MeepleEffectKind */
  uint8_t fields;          /* MEEPLE_ACTION_USES_* */
  int16_t figure;          /* MeepleEffectSpec.figure */
} KindEffect;

typedef struct {
  MeepleSlotClass klass;
  gpointer user_data;
  int ruleset;             /* index into rulesets of its rule set, or -1 */
} SlotDef;

typedef struct {
  MeepleTileCheckFunc func;
  gpointer user_data;
} TileCheckDef;

typedef struct {
  MeepleHookFunc func;
  gpointer user_data;
  int priority;
  /* FILTER: the effects (bit MeepleEffect) it is asked about */
  guint32 effects;
  /* FILTER: which actions of a list it is asked about, or NULL: all */
  MeepleFilterScopeFunc scope;
} HookDef;

typedef struct {
  gpointer data;
  GDestroyNotify destroy;
} OwnedData;

/* An interface a rule set published (meeple_rules_provide_api()). */
typedef struct {
  char *name;
  char *ruleset;           /* id of the rule set that published it */
  guint major, minor;
  gconstpointer table;
  gsize size;
  const MeepleApiMethod *methods; /* meeple_rules_describe_api(), or NULL */
  guint n_methods;
} ApiDef;

/* registry.c */
void registry_init(MeepleRules *rules);
void registry_free(MeepleRules *rules);
/* Registry names are [a-z0-9-]+ and unique per registry (registry.c). */
gboolean registry_check_name(const char *what, const char *name,
                             GError **error);
gboolean registry_name_taken(const char *what, const char *name,
                             gboolean taken, GError **error);
/* Looks (looks.c). */
void looks_init(MeepleRules *rules);
void looks_free(MeepleRules *rules);
/* The event types' registry (events.c). */
void events_init(MeepleRules *rules);
/* Starts a rule set (the loader, before a plugin's setup()); tile files
 * loaded until registry_end_ruleset() belong to it.  FALSE: id taken. */
gboolean registry_begin_ruleset(MeepleRules *rules, const char *id,
                                const char *name, const char *version);
void registry_end_ruleset(MeepleRules *rules);
/* A record header key: no action kind or figure type may be named so. */
gboolean registry_reserved_verb(const char *name);
/* Id of the rule set being set up, or NULL (the base game, tests). */
const char *registry_current_ruleset(const MeepleRules *rules);

/* apis.c */
void apis_free(MeepleRules *rules);
static inline const HookDef *
rules_hooks(const MeepleRules *rules, MeepleHookPoint point, guint *n)
{
  *n = rules->hooks[point]->len;
  return (const HookDef *)(void *)rules->hooks[point]->data;
}

void rules_derive(const MeepleRules *rules, guint type,
                         TileDerived *out, PlacementFit *fit);
/* Inline: read on every frontier cell and placed neighbour (hot). */
static inline const TileDerived *
rules_derived(const MeepleRules *rules, guint type)
{
  return &g_array_index(rules->derived, TileDerived, type);
}

static inline const PlacementFit *
rules_fit(const MeepleRules *rules, guint type)
{
  return &g_array_index(rules->fits, PlacementFit, type);
}

static inline const MeepleTileType *
rules_type(const MeepleRules *rules, guint type)
{
  return &g_array_index(rules->tile_types, MeepleTileType, type);
}

/* meeple_rules_figure_type() without its argument check, for the
 * engine's own loops over figures (hot with many rule sets). */
static inline const MeepleFigureType *
rules_figure_type(const MeepleRules *rules, guint type)
{
  return g_ptr_array_index(rules->figure_types, type);
}

static inline const MeepleKind *
rules_kind(const MeepleRules *rules, guint kind)
{
  return g_ptr_array_index(rules->kinds, kind);
}

/* Rotations: a canonical side s of a tile turned r quarter turns lies on
 * side (s + r) % 4; a canonical half-edge h on (h + 2r) % 8. */
static inline guint rot_side(guint s, guint r) { return (s + r) & 3; }
static inline guint unrot_side(guint s, guint r) { return (s + 4 - r) & 3; }
static inline guint unrot_half(guint h, guint r) { return (h + 8 - 2 * r) & 7; }
/** The half-edge a half-edge meets on the neighbouring tile (TILES.md §1:
 * A.En meets B.Wn, A.Se meets B.Ne, ...). */
static inline guint partner_half(guint h) { return ((h ^ 1) + 4) & 7; }

/* ---- game --------------------------------------------------------------- */

typedef struct {
  int16_t x, y;
  uint16_t type;
  uint8_t rotation;
  uint8_t n_segments;
  uint16_t node0;          /* first union-find node of its segments */
  uint8_t neighbours;      /* placed tiles among the 8 around (board_put()) */
} Placed;

/* Union-find node, one per segment on the board.  The feature fields are
 * meaningful at the root only. */
typedef struct {
  uint16_t parent;
  uint16_t next;           /* circular list of the feature's members */
  uint16_t slot;           /* placed tile it is on */
  uint8_t segment;         /* segment index on that tile */
  uint8_t kind;
  uint16_t open;           /* root: unmatched edge ends (EDGE shape) */
  uint8_t followers;       /* root: figures counting as followers on it */
  uint8_t rank;
} Node;

typedef struct {
  uint8_t type;
  int8_t owner;            /* seat, -1 neutral */
  uint16_t node;           /* segment it stands on; NO_NODE: none */
  uint16_t slot;           /* placed tile it stands on; NO_SLOT: in supply.
                              A figure may stand on a tile without a
                              segment (the dragon, RULES PD-05). */
} Figure;

typedef struct {
  int16_t x, y;
  uint16_t sig;            /* what the neighbours ask (FRONTIER_SIGNATURES) */
} FrontierCell;

/* Grid cell values. */
#define CELL_EMPTY 0u
#define CELL_FRONTIER 0x8000u  /* | index into the frontier list */
/* otherwise: placed slot + 1 */

typedef struct {
  int x0, y0;              /* coordinates of cells[0] */
  int w, h;
  uint16_t *cells;
} Grid;

struct MeepleActionList {
  MeepleAction *items;
  gsize len, cap;
};
typedef struct MeepleActionList ActionList;

typedef struct {
  MeepleEvent *items;
  gsize len, cap;
} EventList;

struct MeepleGame {
  MeepleRules *rules;
  /* the first failure of a hook while an action is applied (ABI 2.2,
   * hookfail.c); never copied by clones */
  GError *hook_error;
  MeepleGameConfig config;     /* tile_order points into @block */

  /* state */
  MeeplePhase phase;
  guint n_players;
  guint active;
  guint turn;
  int score[MEEPLE_MAX_PLAYERS];
  MeeplePrng prng;
  int drawn;                   /* tile type drawn, -1 */
  guint n_discarded;
  int last_slot;               /* tile placed this turn, -1 */
  gboolean over;

  /* pending decision (actions recomputed when dirty) */
  MeepleDecision decision;
  gboolean has_decision;
  /* next step of the current phase: its hooks and the core's step, in
   * order, so a phase resumes after a decision a hook asked for */
  guint phase_step;
  gboolean hooks_stopped;    /* a hook of this phase said STOP */
  /* effect of the plugin action whose apply function runs now, else
   * MEEPLE_EFFECT_NONE (figure returns of a scoring action, plugin.h) */
  MeepleEffectKind applying;
  /* plugin state, one allocation per slot (registry.c) */
  gpointer *slots;
  guint n_slots;

  /* fixed-size arrays inside @block */
  gsize block_size;
  char *block;
  uint16_t *supply;            /* draw pile, drawn from the end */
  guint supply_len;
  Placed *placed;
  guint n_placed, cap_placed;
  Node *nodes;
  guint n_nodes, cap_nodes;
  Figure *figures;
  guint n_figures;
  guint first_neutral;         /* players' figures first, then neutral */
  /* meeple_game_neutral_figure() of the first NEUTRAL_INDEXED types
   * (-1: none), asked on every action of the long lists */
#define NEUTRAL_INDEXED 32
  int16_t neutral_of_type[NEUTRAL_INDEXED];
  /* supply counts [player * n_figure_types + type] */
  uint8_t *figure_supply;
  guint n_figure_types;
  FrontierCell *frontier;
  guint n_frontier, cap_frontier;
  uint16_t *order_copy;        /* explicit tile order, if any */
  uint16_t *aside;             /* tiles a rule set set aside (PD-08) */
  guint n_aside;

  Grid grid;
  ActionList actions;
  EventList events;
  gsize n_initial_events;
  MeepleHistoryEntry *history;
  gsize n_history, cap_history;
};

/* game.c: frees what @g holds, not @g itself */
void game_clear(MeepleGame *g);
/* hookfail.c: when a hook of @g failed, puts @before back into @g and
 * returns FALSE with the failure in @error; else frees @before.  Takes
 * @before either way. */
gboolean game_restore_on_failure(MeepleGame *g, MeepleGame *before,
                                 GError **error);

/* board.c */
gboolean board_init(MeepleGame *g);
void board_copy(Grid *dst, const Grid *src);
void board_free(Grid *grid);
/* Slot of the tile at (x, y), or -1 for an empty or frontier cell.
 * Inline: every neighbour test of placement, scoring and the hooks. */
static inline int
board_slot_at(const MeepleGame *g, int x, int y)
{
  const Grid *gr = &g->grid;
  /* one unsigned compare per axis also rejects cells left of x0 / above y0 */
  guint cx = (guint)(x - gr->x0), cy = (guint)(y - gr->y0);
  if (cx >= (guint)gr->w || cy >= (guint)gr->h)
    return -1;
  uint16_t v = gr->cells[cy * (guint)gr->w + cx];
  if (v == CELL_EMPTY || (v & CELL_FRONTIER))
    return -1;
  return (int)v - 1;
}
void board_put(MeepleGame *g, guint slot);
void board_list_placements(MeepleGame *g, guint type, ActionList *out);
gboolean board_has_placement(const MeepleGame *g, guint type);

/* features.c */
/* The root of @node's feature: every node points at its root directly,
 * because join() relabels the members of the feature it attaches. */
static inline guint
feature_find(const MeepleGame *g, guint node)
{
  return g->nodes[node].parent;
}
void features_add_tile(MeepleGame *g, guint slot);
guint feature_tiles(const MeepleGame *g, guint root, int *first_x,
                    int *first_y);
guint feature_pennants(const MeepleGame *g, guint root);
/* Placed tiles among the 8 around the tile in @slot (BASE-18), kept by
 * board_put() as tiles arrive: monasteries are asked on every turn. */
static inline guint
surround_neighbours(const MeepleGame *g, guint slot)
{
  return g->placed[slot].neighbours;
}
/* When a feature of a kind is finished (BASE-08/09, BASE-18): never,
 * when its root has no open edge end, or when the 8 cells around its
 * tile hold tiles.  feature_completed() and the board scans
 * (meeple_game_list_segments()) both read it. */
typedef enum {
  FEATURE_NEVER_ENDS,
  FEATURE_ENDS_CLOSED,
  FEATURE_ENDS_SURROUNDED,
} FeatureEnd;
static inline FeatureEnd
kind_feature_end(const MeepleKind *kind)
{
  if (!kind->is_feature)
    return FEATURE_NEVER_ENDS; /* decoration (a garden without The Abbot,
                                  ABBOT-02) */
  switch (kind->shape) {
  case MEEPLE_SHAPE_EDGE:
    return FEATURE_ENDS_CLOSED;
  case MEEPLE_SHAPE_SURROUND:
    return FEATURE_ENDS_SURROUNDED;
  default:
    return FEATURE_NEVER_ENDS;
  }
}
gboolean feature_completed(const MeepleGame *g, guint root);
static inline guint node_of(const MeepleGame *g, guint slot, guint segment)
{
  return g->placed[slot].node0 + segment;
}

/* figures.c */
/* A follower standing on a segment: what counts for majority and
 * occupancy (BASE-12, BASE-14) and goes home after scoring (BASE-19).
 * Only owned types are followers, so @f has an owner. */
static inline gboolean
figure_is_placed_follower(const MeepleGame *g, const Figure *f)
{
  return f->node != NO_NODE &&
         rules_figure_type(g->rules, f->type)->is_follower;
}
void figure_place(MeepleGame *g, guint index, guint node, const char *rule);
/* Puts figure @index onto the placed tile @slot, on @node (a segment of
 * that tile) or on no segment (NO_NODE); from the supply or moving. */
void figure_move(MeepleGame *g, guint index, guint slot, guint node,
                 const char *rule);
/* @scored: the figure goes home because what it stood on was scored
 * (BASE-19, or an action whose effect is MEEPLE_EFFECT_SCORE). */
void figure_return(MeepleGame *g, guint index, const char *rule,
                   gboolean scored);
static inline uint8_t *supply_count(MeepleGame *g, guint player, guint type)
{
  return &g->figure_supply[player * g->n_figure_types + type];
}

/* scoring.c */
void scoring_after_turn(MeepleGame *g);
void scoring_final_features(MeepleGame *g);
void scoring_winner(MeepleGame *g);

/* effects.c: MEEPLE_HOOK_FILTER over any list of actions (every decision,
 * DESIGN "Rule sets meet only through the engine") */
gboolean effects_allowed(MeepleGame *g, guint decision, guint player,
                         const MeepleAction *a);
/* Drops the vetoed actions of @list; keeps their order. */
void effects_filter(MeepleGame *g, guint decision, guint player,
                    ActionList *list);
/* effects_filter() of the active player's placements of the drawn tile,
 * skipped when no FILTER hook is asked about tile placements. */
void effects_filter_placements(MeepleGame *g, ActionList *list);

/* game.c */
MeepleEvent *game_event(MeepleGame *g, guint type);
/* Shuffles the supply's first supply_len tiles with the game's PRNG. */
void supply_shuffle(MeepleGame *g);
/* Makes room for @n more actions in @list. */
void action_list_reserve(ActionList *list, gsize n);
/* Inline: listing placements pushes thousands of actions a game. */
static inline void
action_list_push(ActionList *list, const MeepleAction *a)
{
  if (G_UNLIKELY(list->len == list->cap))
    action_list_reserve(list, 1);
  list->items[list->len++] = *a;
}

/* slots.c: per-game plugin state */
void slots_new(MeepleGame *g);
void slots_clone(MeepleGame *dst, const MeepleGame *src);
void slots_free(MeepleGame *g);

#endif
