/* meeple/game.h — one game: configuration, the decision protocol, events
 * and read-only queries.
 *
 * The engine is pure and deterministic (DESIGN invariant 1): a game is a
 * value built from its configuration, its seed and the actions applied to
 * it.  It never blocks and never does I/O.  At any moment it has exactly one
 * pending decision — who decides, what kind of decision, and the complete
 * list of legal actions — or it is over (DESIGN invariant 2).
 *
 * Coordinates: the start tile is at (0,0); x grows to the east, y to the
 * south, so "reading order" is smallest y, then smallest x (RULES BASE-25).
 */
#ifndef MEEPLE_GAME_H
#define MEEPLE_GAME_H

#include <glib.h>
#include <stdint.h>
#include "meeple/rules.h"

G_BEGIN_DECLS

typedef struct MeepleGame MeepleGame;

/** How a game is set up.  Zero-initialise, then fill in what you need. */
typedef struct {
  /** 2..6 (RULES BASE-01). */
  guint n_players;
  /** Seed of the game's PRNG (doc/determinism.md).  Ignored for the tile
   * order when @tile_order is given. */
  guint64 seed;
  /** Optional explicit supply, drawn in this order: tile type indices of
   * @rules, the start tile excluded.  The game ends when it runs out, so a
   * test or puzzle may use a handful of tiles.  NULL: every tile of the
   * rules, shuffled with @seed. */
  const guint16 *tile_order;
  guint n_tile_order;
  /** Farmers and field scoring (RULES BASE-20, BASE-23; AMB-38: default
   * on).  Set @no_farmers to play without them. */
  gboolean no_farmers;
} MeepleGameConfig;

/** Action kinds of the core; plugins register more. */
typedef enum {
  /** Put the drawn tile at (x, y) turned @rotation (BASE-05). */
  MEEPLE_ACTION_PLACE_TILE = 0,
  /** Put a figure of type @figure from the supply onto segment @segment of
   * the tile at (x, y) (BASE-11). */
  MEEPLE_ACTION_PLACE_FIGURE = 1,
  /** Do nothing in this decision (BASE-11: placing nothing is allowed). */
  MEEPLE_ACTION_PASS = 2,
  MEEPLE_ACTION_CORE_COUNT = 3,
} MeepleActionKind;

/** One choice.  Fields a kind does not use are zero, so two actions are
 * equal exactly when their bytes are equal. */
typedef struct {
  uint16_t kind;      /**< MeepleActionKind or a plugin's kind */
  uint16_t tile;      /**< PLACE_TILE: tile type index */
  int16_t x, y;       /**< target cell */
  uint8_t rotation;   /**< PLACE_TILE: quarter turns clockwise, 0..3 */
  uint8_t segment;    /**< PLACE_FIGURE: segment index on the target tile */
  uint8_t figure;     /**< PLACE_FIGURE: figure type index */
  uint8_t arg;        /**< plugin-defined */
} MeepleAction;

/** What one action does to the board: its kind's MeepleEffectSpec
 * (meeple/rules.h) with the action's own fields filled in.  ABI 2.0. */
typedef struct {
  MeepleEffectKind what;
  /** Figure type concerned, -1 when none or unknown. */
  int figure;
  /** Whether the action names a cell (x, y). */
  gboolean has_cell;
  int x, y;
  /** Segment index on that cell, or MEEPLE_SEGMENT_NONE. */
  guint segment;
} MeepleActionEffect;

/** Fills @effect with what @action would do to the board.  Reads only the
 * rules, so it may be called for actions that are not legal now. */
void meeple_game_action_effect(const MeepleGame *game,
                               const MeepleAction *action,
                               MeepleActionEffect *effect);

/** Decision kinds of the core; plugins register more. */
typedef enum {
  MEEPLE_DECISION_PLACE_TILE = 0,
  MEEPLE_DECISION_PLACE_FIGURE = 1,
  MEEPLE_DECISION_CORE_COUNT = 2,
} MeepleDecisionKind;

/** The pending decision.  Valid until the next call that changes the game.*/
typedef struct {
  guint kind;                  /**< MeepleDecisionKind or a plugin's kind */
  guint player;                /**< seat that must decide */
  const MeepleAction *actions; /**< complete list of legal actions, >= 1 */
  gsize n_actions;
} MeepleDecision;

/** Turn phases, exactly as RULES §0.3 names and orders them. */
typedef enum {
  MEEPLE_PHASE_GAME_SETUP = 0,
  MEEPLE_PHASE_TURN_START,
  MEEPLE_PHASE_DRAW,
  MEEPLE_PHASE_PLACE_TILE,
  MEEPLE_PHASE_PLACE_GHOSTS,
  MEEPLE_PHASE_PLACE_FIGURE,
  MEEPLE_PHASE_DRAGON_MOVE,
  MEEPLE_PHASE_SCORE,
  MEEPLE_PHASE_TURN_END,
  MEEPLE_PHASE_FINAL_SCORING,
  MEEPLE_PHASE_GAME_OVER,
} MeeplePhase;

/** What happened.  Every score names the rule it comes from. */
typedef enum {
  MEEPLE_EVENT_TURN_STARTED = 0, /**< player; arg = turn number (1-based) */
  MEEPLE_EVENT_TILE_DRAWN,       /**< player, tile */
  MEEPLE_EVENT_TILE_DISCARDED,   /**< player, tile; rule BASE-06 */
  MEEPLE_EVENT_TILE_PLACED,      /**< player, tile, x, y, arg = rotation */
  MEEPLE_EVENT_FIGURE_PLACED,    /**< player, figure, x, y, segment */
  MEEPLE_EVENT_FIGURE_RETURNED,  /**< player (owner), figure, x, y, segment;
                                      rule BASE-19 or the removing rule */
  MEEPLE_EVENT_FEATURE_COMPLETED,/**< kind, x, y, segment: a segment of it;
                                      arg = size in tiles */
  MEEPLE_EVENT_POINTS_SCORED,    /**< player, points, kind, x, y, segment,
                                      rule ("BASE-17", ...) */
  MEEPLE_EVENT_GAME_OVER,        /**< final scoring finished */
  MEEPLE_EVENT_WINNER,           /**< player, points = final score; one per
                                      winner when tied (BASE-24) */
  MEEPLE_EVENT_FIGURE_MOVED,     /**< player (owner, -1 neutral), figure,
                                      x, y, segment: where it went (segment
                                      MEEPLE_SEGMENT_NONE: on the tile) */
  MEEPLE_EVENT_TILE_SET_ASIDE,   /**< player, tile: the drawn tile is set
                                      aside face up (PD-08) */
  MEEPLE_EVENT_TILES_RETURNED,   /**< arg = tiles shuffled back from the
                                      set-aside ones into the supply */
  MEEPLE_EVENT_CORE_COUNT,
} MeepleEventType;

typedef struct {
  uint16_t type;       /**< MeepleEventType or a plugin's type */
  int8_t player;       /**< seat, or -1 */
  uint8_t kind;        /**< segment kind of the feature involved */
  int16_t x, y;
  uint16_t tile;       /**< tile type index */
  uint8_t segment;
  uint8_t figure;      /**< figure type index */
  int32_t points;
  int32_t arg;
  const char *rule;    /**< static string "BASE-17", or NULL */
} MeepleEvent;

/** Segment index of a figure that stands on a tile but on none of its
 * segments (the dragon, RULES PD-05), in MeepleFigureInfo, MeepleEvent and
 * meeple_game_move_figure(). */
#define MEEPLE_SEGMENT_NONE 0xFFu

/** A figure on the board or in a supply. */
typedef struct {
  guint type;          /**< figure type index */
  int owner;           /**< seat, or -1 for neutral figures */
  gboolean on_board;
  int x, y;            /**< when on the board */
  guint segment;       /**< segment index on the tile at (x, y), or
                            MEEPLE_SEGMENT_NONE: on the tile itself */
} MeepleFigureInfo;

/** A placed tile. */
typedef struct {
  guint type;          /**< tile type index */
  int x, y;
  guint rotation;      /**< quarter turns clockwise */
} MeeplePlacedTile;

/** One applied action with the seat that took it. */
typedef struct {
  MeepleAction action;
  guint player;
  guint turn;
} MeepleHistoryEntry;

/** Creates a game and advances it to its first decision.  Returns NULL
 * and sets @error (MEEPLE_ERROR_CONFIG) when the configuration is invalid
 * (player count, no start tile, unknown tile in @tile_order, ...). */
MeepleGame *meeple_game_new(MeepleRules *rules, const MeepleGameConfig *config,
                            GError **error);
/** Deep copy, for bots that look ahead.  The clone and the original are
 * independent. */
MeepleGame *meeple_game_clone(const MeepleGame *game);
void meeple_game_free(MeepleGame *game);

MeepleRules *meeple_game_rules(const MeepleGame *game);
const MeepleGameConfig *meeple_game_config(const MeepleGame *game);

/** The pending decision, or NULL when the game is over. */
const MeepleDecision *meeple_game_decision(MeepleGame *game);

/** Whether @action is one of the pending decision's legal actions, without
 * applying it: TRUE with its place in the list in *@index; FALSE with
 * MEEPLE_ERROR_ILLEGAL_ACTION (the message says why, citing the rule) or
 * MEEPLE_ERROR_GAME_OVER.  For callers that must check an action before
 * they record it (meepled stores it before applying it). */
gboolean meeple_game_find_action(MeepleGame *game, const MeepleAction *action,
                                 gsize *index, GError **error);
/** Applies @action, which must be one of the pending decision's legal
 * actions, and runs the game on to its next decision.  On success returns
 * TRUE and, when @events is not NULL, points it at the events this call
 * caused (valid until the next call that changes the game).  On failure
 * (MEEPLE_ERROR_ILLEGAL_ACTION, MEEPLE_ERROR_GAME_OVER) the game is
 * unchanged. */
gboolean meeple_game_apply(MeepleGame *game, const MeepleAction *action,
                           const MeepleEvent **events, gsize *n_events,
                           GError **error);
/** As meeple_game_apply() with the @index-th legal action. */
gboolean meeple_game_apply_index(MeepleGame *game, gsize index,
                                 const MeepleEvent **events, gsize *n_events,
                                 GError **error);
/** Events that meeple_game_new() caused (setup, first draw). */
const MeepleEvent *meeple_game_initial_events(const MeepleGame *game,
                                              gsize *n_events);

gboolean meeple_game_is_over(const MeepleGame *game);
MeeplePhase meeple_game_phase(const MeepleGame *game);
guint meeple_game_n_players(const MeepleGame *game);
/** Seat whose turn it is (the active player). */
guint meeple_game_active_player(const MeepleGame *game);
/** 1-based number of the current turn; 0 before the first. */
guint meeple_game_turn(const MeepleGame *game);
int meeple_game_score(const MeepleGame *game, guint player);
/** Figures of type @figure in @player's supply. */
guint meeple_game_supply(const MeepleGame *game, guint player, guint figure);
/** Tiles still in the draw supply (the drawn tile excluded). */
guint meeple_game_tiles_left(const MeepleGame *game);
/** Tile type drawn this turn and not yet placed, or -1. */
int meeple_game_drawn_tile(const MeepleGame *game);
/** Tiles removed from the game so far: unplaceable ones (BASE-06) and any
 * a rule set discarded (AMB-07). */
guint meeple_game_n_discarded(const MeepleGame *game);
/** Tiles a rule set has set aside face up and may return to the supply
 * (RULES PD-08), oldest first. */
guint meeple_game_n_set_aside(const MeepleGame *game);
/** Tile type of the @index-th set-aside tile. */
guint meeple_game_set_aside(const MeepleGame *game, guint index);

guint meeple_game_n_placed(const MeepleGame *game);
/** The @index-th placed tile, in placement order (0 = start tile). */
MeeplePlacedTile meeple_game_placed(const MeepleGame *game, guint index);
/** Looks up the tile at (x, y); FALSE when the cell is empty. */
gboolean meeple_game_tile_at(const MeepleGame *game, int x, int y,
                             MeeplePlacedTile *tile);

guint meeple_game_n_figures(const MeepleGame *game);
MeepleFigureInfo meeple_game_figure(const MeepleGame *game, guint index);
/** Writes meeple_game_figure() of the figures @first .. @first + @n - 1 to
 * @out, as many of them as exist; returns how many it wrote.  For scans
 * of many figures (one seat's, meeple_game_seat_figures()): one call
 * instead of one per figure.  Plugin ABI 2.6. */
guint meeple_game_figures(const MeepleGame *game, guint first, guint n,
                          MeepleFigureInfo *out);
/** Information about the feature that segment @segment of the tile at
 * (x, y) belongs to. */
typedef struct {
  guint kind;
  gboolean completed;
  guint tiles;         /**< distinct tiles (BASE-07) */
  guint pennants;
  guint open_edges;    /**< EDGE shape: unmatched edges */
  guint followers[MEEPLE_MAX_PLAYERS]; /**< follower count per seat */
  int first_x, first_y;/**< first tile in reading order (BASE-25) */
  guint id;            /**< equal for two segments of the same feature,
                            until the next tile is placed */
} MeepleFeatureInfo;
gboolean meeple_game_feature(const MeepleGame *game, int x, int y,
                             guint segment, MeepleFeatureInfo *info);

/** Actions applied so far, oldest first. */
const MeepleHistoryEntry *meeple_game_history(const MeepleGame *game,
                                              gsize *n_entries);

/** Name of a phase: "TURN_START", ... */
const char *meeple_phase_name(MeeplePhase phase);
/** Name of an event type: "tile-placed", ... */
const char *meeple_event_type_name(guint type);

/** One public note of a rule set about the game: what its board, figures
 * and scores do not show (the big top's token lies face down, the tokens
 * out of the game, ...). */
typedef struct {
  char *label;         /**< "Big top" */
  char *text;          /**< "on 2,-1, over a face-down animal token" */
} MeepleNote;

/** The rule sets' public notes (MEEPLE_HOOK_NOTES of meeple/plugin.h), in
 * hook order: a new array of MeepleNote *, which frees them with
 * g_ptr_array_unref().  ABI 1.2. */
GPtrArray *meeple_game_notes(const MeepleGame *game);

/** Bytes of memory this game holds (for benchmarks). */
gsize meeple_game_memory(const MeepleGame *game);

G_END_DECLS

#endif
