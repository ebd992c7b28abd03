/* meeple/rules.h — what a game is played with: segment kinds, symbols,
 * figure types and tile types loaded from tile files.
 *
 * A MeepleRules object is built once (core kinds, then tile files, later
 * plugins), then shared read-only by every game created from it.  It holds
 * no per-game state, so any number of games and clones may use it at once.
 */
#ifndef MEEPLE_RULES_H
#define MEEPLE_RULES_H

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

/** Upper bound of segments on one tile (roads, cities, fields, ...). */
#define MEEPLE_MAX_SEGMENTS 16
/** Upper bound of players in one game (RULES BASE-01 CONVENTION: 2..6). */
#define MEEPLE_MAX_PLAYERS 6
/** Upper bound of distinct symbol names known to one MeepleRules. */
#define MEEPLE_MAX_SYMBOLS 32

/** Terrain of one tile edge (RULES BASE-05). */
typedef enum {
  MEEPLE_EDGE_FIELD = 0,
  MEEPLE_EDGE_ROAD = 1,
  MEEPLE_EDGE_CITY = 2,
} MeepleEdge;

/** Sides of a tile, clockwise from north.  Turning a tile by one quarter
 * clockwise moves side s to side (s + 1) % 4. */
typedef enum {
  MEEPLE_NORTH = 0,
  MEEPLE_EAST = 1,
  MEEPLE_SOUTH = 2,
  MEEPLE_WEST = 3,
} MeepleSide;

/** Half-edges, clockwise: Nw Ne En Es Se Sw Ws Wn (see doc/tile-format.md).
 * A quarter turn clockwise moves half-edge h to (h + 2) % 8. */
enum {
  MEEPLE_HALF_NW = 0, MEEPLE_HALF_NE, MEEPLE_HALF_EN, MEEPLE_HALF_ES,
  MEEPLE_HALF_SE, MEEPLE_HALF_SW, MEEPLE_HALF_WS, MEEPLE_HALF_WN,
};

/** How segments of a kind join into features. */
typedef enum {
  /** Joins across full edges (roads, cities); size = distinct tiles. */
  MEEPLE_SHAPE_EDGE = 0,
  /** Joins across half-edges (fields). Never completed. */
  MEEPLE_SHAPE_FIELD = 1,
  /** One-tile feature completed when its 8 neighbours are placed
   * (monasteries, gardens). */
  MEEPLE_SHAPE_SURROUND = 2,
  /** A spot that joins nothing and is never a feature (e.g. a circus
   * ring space registered by a plugin). */
  MEEPLE_SHAPE_SPOT = 3,
} MeepleShape;

/** Segment kinds the core registers; plugins append their own. */
typedef enum {
  MEEPLE_KIND_ROAD = 0,
  MEEPLE_KIND_CITY = 1,
  MEEPLE_KIND_FIELD = 2,
  MEEPLE_KIND_MONASTERY = 3,
  /** Recorded on the base tiles that carry it; inert unless a rule set
   * (The Abbot) lets a figure stand on it (RULES ABBOT-02). */
  MEEPLE_KIND_GARDEN = 4,
  MEEPLE_KIND_CORE_COUNT = 5,
} MeepleKindId;

/** A registered segment kind. */
typedef struct {
  char *name;      /**< "road", "city", "field", "monastery", "garden", ... */
  char *code;      /**< prefix in tile files: "R", "C", "F", "M", "G", ... */
  MeepleShape shape;
  /** Whether a normal follower may be put on it (BASE-11). */
  gboolean follower_allowed;
  /** Scoring order group (RULES BASE-25): lower scores first. */
  int score_group;
  /** FALSE for printed decoration that is never completed, scored or
   * occupied until a rule set activates it (the garden without The Abbot,
   * RULES ABBOT-02). */
  gboolean is_feature;
  /** Rule the feature-completed event cites ("BASE-09"), or NULL. */
  const char *completion_rule;
} MeepleKind;

/** One printed area of a tile, in the tile's canonical orientation. */
typedef struct {
  uint8_t kind;        /**< index into the kinds of the MeepleRules */
  uint8_t number;      /**< the 1 of "C1"; 0 when the name has no number */
  uint8_t edges;       /**< EDGE shape: bit s set = touches side s */
  uint8_t halves;      /**< FIELD shape: bit h set = touches half-edge h */
  uint8_t pennants;    /**< pennants (coats of arms) printed on it */
  uint16_t borders;    /**< FIELD shape: bit i = borders segment i (a city) */
  uint32_t symbols;    /**< bit i = symbol i of the MeepleRules */
  char name[12];       /**< "C1", "R2", "M", "F3", ... as in the tile file */
} MeepleSegment;

/** One type of tile with its copies in the supply. */
typedef struct {
  char *id;            /**< unique across the rules: "A".."X", "Eg", ... */
  char *tileset;       /**< id of the tile set that brought it */
  guint count;         /**< copies shuffled into the supply */
  uint8_t edges[4];    /**< MeepleEdge per side, canonical orientation */
  uint8_t n_segments;
  MeepleSegment segments[MEEPLE_MAX_SEGMENTS];
  uint32_t symbols;    /**< tile-level symbols (volcano, dragon, ...) */
  char *file;          /**< tile file and line it was defined at */
  int line;
} MeepleTileType;

/** A loaded tile set. */
typedef struct {
  char *id;            /**< "base" */
  char *name;          /**< "Base game (C2)" */
  char *version;       /**< "1.0" */
  char *file;
  guint n_types;       /**< tile types it defined */
  guint n_tiles;       /**< physical tiles it defined (start included) */
} MeepleTileSetInfo;

typedef struct MeepleRules MeepleRules;

/** Creates rules holding only the core segment kinds and the "follower"
 * figure type.  Never fails. */
MeepleRules *meeple_rules_new(void);
MeepleRules *meeple_rules_ref(MeepleRules *rules);
void meeple_rules_unref(MeepleRules *rules);

/** Loads a tile file (format: doc/tile-format.md).  On error nothing is
 * added, FALSE is returned and @error (MEEPLE_ERROR_TILE_FILE) names
 * file:line and what is wrong. */
gboolean meeple_rules_load_tiles(MeepleRules *rules, const char *path,
                                 GError **error);
/** As meeple_rules_load_tiles() but from memory; @filename is used in
 * messages only. */
gboolean meeple_rules_load_tiles_data(MeepleRules *rules, const char *data,
                                      gsize length, const char *filename,
                                      GError **error);

/** Registers a segment kind (for plugins).  Returns its index, or -1 with
 * @error set when the name or code is taken.  Must happen before tiles
 * that use it are loaded. */
int meeple_rules_add_kind(MeepleRules *rules, const char *name,
                          const char *code, MeepleShape shape,
                          gboolean follower_allowed, int score_group,
                          GError **error);
guint meeple_rules_n_kinds(const MeepleRules *rules);
const MeepleKind *meeple_rules_kind(const MeepleRules *rules, guint kind);

/** Looks up or adds a symbol name; -1 if the table is full. */
int meeple_rules_symbol(MeepleRules *rules, const char *name);
/** Index of a known symbol, or -1. */
int meeple_rules_find_symbol(const MeepleRules *rules, const char *name);
const char *meeple_rules_symbol_name(const MeepleRules *rules, guint index);
/** Symbols known to @rules (indices 0 .. n-1).  ABI 2.0. */
guint meeple_rules_n_symbols(const MeepleRules *rules);

/** How clients draw a field segment that carries a symbol, so that they
 * can show a rule set's fields without knowing the rule set (the mist's:
 * '~', "≈", "field under mist"): a printable ASCII glyph, its Unicode
 * form, and the legend's words for it.  ABI 1.4. */
typedef struct {
  char glyph;
  const char *unicode;
  const char *legend;
} MeepleSymbolLook;
/** Gives the fields carrying @symbol their look (copied).  FALSE, and
 * nothing changes, when @symbol is not one of @rules' or @look lacks a
 * part.  ABI 1.4. */
gboolean meeple_rules_set_symbol_look(MeepleRules *rules, guint symbol,
                                      const MeepleSymbolLook *look);
/** The look of @symbol's fields, or NULL: drawn like any field.
 * ABI 1.4. */
const MeepleSymbolLook *meeple_rules_symbol_look(const MeepleRules *rules,
                                                 guint symbol);

/** Core figure types; plugins append their own. */
enum { MEEPLE_FIGURE_FOLLOWER = 0 };

/** What a figure type is, for rule sets that must treat figures of other
 * rule sets without knowing their names (DESIGN "Rule sets meet only
 * through the engine").  ABI 2.0. */
typedef enum {
  /** Counts as a follower for majority and occupancy (BASE-12, BASE-14);
   * set for every type registered with is_follower. */
  MEEPLE_TRAIT_FOLLOWER = 1u << 0,
  /** Owned by nobody (the dragon, the fairy, the mage ...); set for every
   * type registered with meeple_rules_add_neutral_figure_type(). */
  MEEPLE_TRAIT_NEUTRAL = 1u << 1,
  /** Made of flesh and blood: a monster that eats figures eats it, and it
   * may not stand where such a monster stands (RULES PD-10, PD-12).  Set
   * for every follower type; a rule set adds it to its neutral figures
   * that are people (the mage and the witch, X-02). */
  MEEPLE_TRAIT_LIVING = 1u << 2,
} MeepleFigureTrait;

/** A registered figure type. */
typedef struct {
  char *name;          /**< "follower", "abbot", ... (used in records) */
  /** Counts as a follower for majority and occupancy (BASE-12, BASE-14);
   * neutral figures (dragon, fairy, ...) do not. */
  gboolean is_follower;
  /** Copies in each player's supply at the start; 0 for neutral figures. */
  guint per_player;
  /** Figures owned by nobody (dragon, fairy, ...); 0 for owned types. */
  guint neutral;
  /** Rule the figure-placed event names when the turn's figure action
   * puts it on the board ("BASE-11" unless a rule set says otherwise,
   * e.g. "ABBOT-03"). */
  const char *place_rule;
  /** Segment kinds it may stand on (bit k = kind k), 0: every kind a
   * follower may stand on (meeple_rules_set_figure_kinds()). */
  guint32 kinds;
  /** MeepleFigureTrait bits (meeple_rules_add_figure_traits()).  ABI 2.0. */
  guint32 traits;
} MeepleFigureType;

/** Registers a figure type; returns its index or -1 with @error set. */
int meeple_rules_add_figure_type(MeepleRules *rules, const char *name,
                                 gboolean is_follower, guint per_player,
                                 GError **error);
guint meeple_rules_n_figure_types(const MeepleRules *rules);
const MeepleFigureType *meeple_rules_figure_type(const MeepleRules *rules,
                                                 guint index);
/** TRUE when a figure of type @figure may stand on a segment of @kind:
 * the kind is a feature in the type's own list when it has one
 * (meeple_rules_set_figure_kinds(): the abbot on a garden, ABBOT-04), else
 * a feature that takes followers (any kind for a neutral figure). */
gboolean meeple_rules_figure_may_stand(const MeepleRules *rules, guint figure,
                                       guint kind);
/** Index of a figure type by name, or -1.  For hosts and records; a rule
 * set asks about traits instead (meeple_rules_figure_has_trait()). */
int meeple_rules_find_figure_type(const MeepleRules *rules, const char *name);
/** TRUE when figure type @figure has every bit of @traits
 * (MeepleFigureTrait).  ABI 2.0. */
gboolean meeple_rules_figure_has_trait(const MeepleRules *rules, guint figure,
                                       guint32 traits);

/** What tile symbols mean to other rule sets: a rule set gives its symbols
 * these traits, others ask for them instead of a symbol's name.
 * ABI 2.0. */
typedef enum {
  /** The figure action of the turn a tile carrying it (as a tile-level
   * symbol) is placed may put a follower onto any tile of the board, not
   * only the new one (the magic portal, RULES PD-16; X-10). */
  MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE = 1u << 0,
} MeepleSymbolTrait;
/** MeepleSymbolTrait bits of @symbol, 0 for an unknown one. */
guint32 meeple_rules_symbol_traits(const MeepleRules *rules, guint symbol);
/** The union of the traits of the tile-level symbols of tile type
 * @type.  ABI 2.0. */
guint32 meeple_rules_tile_symbol_traits(const MeepleRules *rules, guint type);

guint meeple_rules_n_tile_types(const MeepleRules *rules);
const MeepleTileType *meeple_rules_tile_type(const MeepleRules *rules,
                                             guint index);
/** Index of the tile type with this id, or -1. */
int meeple_rules_find_tile_type(const MeepleRules *rules, const char *id);
/** Tile type of the start tile, or -1 when no loaded set names one. */
int meeple_rules_start_tile(const MeepleRules *rules);
guint meeple_rules_n_tilesets(const MeepleRules *rules);
const MeepleTileSetInfo *meeple_rules_tileset(const MeepleRules *rules,
                                              guint index);

/** A rule set a rules object was built with: a plugin's, or a tile set
 * loaded on its own (the base game). */
typedef struct {
  char *id;            /**< "base", "abbot", ... */
  char *name;
  char *version;
} MeepleRuleSetInfo;

/** Rule sets in the order they were added ("base" first). */
guint meeple_rules_n_rulesets(const MeepleRules *rules);
const MeepleRuleSetInfo *meeple_rules_ruleset(const MeepleRules *rules,
                                              guint index);
/** The rule set with this id, or NULL. */
const MeepleRuleSetInfo *meeple_rules_find_ruleset(const MeepleRules *rules,
                                                   const char *id);
/** What an action does to the board, in terms every rule set and client
 * understands (DESIGN "Rule sets meet only through the engine").  Every
 * action kind declares one (meeple_rules_add_action_kind()); the figure
 * and the place come from the action's fields.  ABI 2.0. */
typedef enum {
  /** Nothing on the board: "pass", a choice among ghosts or tokens ... */
  MEEPLE_EFFECT_NONE = 0,
  /** The drawn tile onto the action's cell (the core's "place"). */
  MEEPLE_EFFECT_PLACE_TILE,
  /** A figure from its owner's supply onto the action's cell (and
   * segment, when the kind uses one). */
  MEEPLE_EFFECT_PLACE_FIGURE,
  /** A figure, on the board or beside it, onto the action's cell (and
   * segment). */
  MEEPLE_EFFECT_MOVE_FIGURE,
  /** A figure off the board (from the action's cell and segment, when the
   * kind uses them). */
  MEEPLE_EFFECT_REMOVE_FIGURE,
  /** Points for what stands at the action's cell (a pyramid ...); its
   * figures may go home. */
  MEEPLE_EFFECT_SCORE,
} MeepleEffectKind;

/** The figure type of an effect is the action's own figure field. */
#define MEEPLE_EFFECT_ACTION_FIGURE (-1)

/** An action kind's effect as declared at registration. */
typedef struct {
  MeepleEffectKind what;
  /** Figure type moved, placed or removed: a type index, or
   * MEEPLE_EFFECT_ACTION_FIGURE (the action's figure field; unknown, -1,
   * when the kind does not use that field). */
  int figure;
} MeepleEffectSpec;

/** An action kind (core: "place", "figure", "pass"; plugins add more). */
typedef struct {
  char *name;          /**< notation verb; "figure" stands for figure names */
  char *description;   /**< one sentence for clients */
  guint fields;        /**< MeepleActionFields (meeple/plugin.h) */
  MeepleEffectSpec effect; /**< what it does to the board; ABI 2.0 */
} MeepleActionKindInfo;
guint meeple_rules_n_action_kinds(const MeepleRules *rules);
const MeepleActionKindInfo *meeple_rules_action_kind(const MeepleRules *rules,
                                                     guint kind);
/** Index of the action kind with this name, or -1. */
int meeple_rules_find_action_kind(const MeepleRules *rules, const char *name);

/** A decision kind (core: "place-tile", "place-figure"). */
typedef struct {
  char *name;
  char *description;
} MeepleDecisionKindInfo;
guint meeple_rules_n_decision_kinds(const MeepleRules *rules);
const MeepleDecisionKindInfo *
meeple_rules_decision_kind(const MeepleRules *rules, guint kind);

/** Name of an event type, core or registered by a rule set. */
const char *meeple_rules_event_type_name(const MeepleRules *rules,
                                         guint type);
guint meeple_rules_n_event_types(const MeepleRules *rules);

/** Terrain on side @side of tile type @type turned @rotation quarter turns
 * clockwise. */
MeepleEdge meeple_tile_edge(const MeepleTileType *type, guint rotation,
                            MeepleSide side);

G_END_DECLS

#endif
