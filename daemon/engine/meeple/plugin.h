/* meeple/plugin.h — the expansion plugin ABI (doc/plugins.md).
 *
 * An expansion is a shared object that exports one symbol,
 * `meeple_plugin_descriptor`, a MeeplePluginDescriptor.  The loader
 * (meeple/loader.h) opens it, checks the ABI version, orders plugins by
 * their dependencies and calls init() once.  Every time a MeepleRules is
 * built with the plugin's rule set enabled, setup() registers into it what
 * the rule set brings: segment kinds, symbols, figure types, action kinds,
 * decision kinds, event types, per-game state slots and hooks; then the
 * loader loads the plugin's tile file, if it names one.
 *
 * Hooks run inside the engine while a game advances.  They read the game
 * with the queries of meeple/game.h and change it only with the functions
 * of this header, which keep the engine's bookkeeping (events, supplies,
 * occupancy) right.  The core knows nothing of any expansion (DESIGN
 * invariant 3): a plugin keeps its per-game state in a slot.
 */
#ifndef MEEPLE_PLUGIN_H
#define MEEPLE_PLUGIN_H

#include <glib.h>
#include <gmodule.h>
#include "meeple/rules.h"
#include "meeple/game.h"
#include "meeple/events.h"
#include "meeple/looks.h"

G_BEGIN_DECLS

/* ---- the descriptor ------------------------------------------------------ */

/** ABI of this header.  A plugin loads when its major equals the host's
 * and its minor is at most the host's; minors only ever add (the policy
 * is in doc/plugins.md, "ABI compatibility").  2.0: rule sets meet only
 * through the engine — action effects, figure and symbol traits, a
 * FILTER that sees every decision, published API tables.  2.1: typed
 * events.  2.2: descriptions, rule-set hosts (MeepleRuleSetHost) and
 * failing hooks (meeple_game_fail()), meeple_game_segment_feature()
 * and meeple_game_neutral_figure().  2.3: methods of published
 * interfaces (meeple_rules_describe_api()), for hosts; FILTER hooks for
 * some effects only (meeple_rules_add_filter_hook_for()).  2.4: one
 * seat's figures (meeple_game_seat_figures()), FILTER hooks' memos
 * (MeepleFilterContext.memo).  2.5: FILTER hooks that say once per
 * list which actions they may veto (meeple_rules_add_filter_hook_scoped()),
 * the figures on a tile (meeple_game_figures_on_tile()).  2.6: the
 * open segments of the board in one call (meeple_game_list_segments()),
 * many figures in one call (meeple_game_figures()), many actions in one
 * (meeple_action_list_append()). */
#define MEEPLE_PLUGIN_ABI_MAJOR 2
#define MEEPLE_PLUGIN_ABI_MINOR 6

/** Name of the symbol every plugin exports. */
#define MEEPLE_PLUGIN_SYMBOL "meeple_plugin_descriptor"

/** Hook priorities (see MeepleHookPoint for where the core's own step of
 * a phase lies).  Higher runs first; equal priorities run in load order,
 * then registration order. */
#define MEEPLE_PRIORITY_DEFAULT 0
/** "Before everything else": runs before the core's step in SCORE and
 * FINAL_SCORING (e.g. RULES CIRCUS-09, the big top first). */
#define MEEPLE_PRIORITY_BEFORE_CORE 1000

/** A rule set a host plugin reads from a file of its own language (a Lua
 * script), filled in by MeepleRuleSetHost.open().  Every string and list
 * is newly allocated (g_free / g_strfreev) and becomes the loader's.  ABI
 * 2.2. */
typedef struct {
  char *id, *name, *version;
  /** One or two plain sentences for a player, or NULL. */
  char *description;
  char **requires, **conflicts; /**< NULL-terminated, or NULL */
  int priority;
  /** The rule set's own tile file, looked up next to the script, then in
   * the tile directories; or NULL. */
  char *tiles;
  /** As MeeplePluginDescriptor.setup, with @data. */
  gboolean (*setup)(MeepleRules *rules, gpointer data, GError **error);
  gpointer data;
  /** Frees @data when the loader is freed; may be NULL. */
  GDestroyNotify free_data;
} MeepleProvidedRuleSet;

/** What a host plugin (the Lua host, plugins/lua) offers the loader: a
 * rule set for each file whose name ends in @suffix in the plugin
 * directories.  ABI 2.2. */
typedef struct {
  /** File-name suffix of the rule sets it reads (".lua"). */
  const char *suffix;
  /** What listings call such rule sets' source ("lua"). */
  const char *source;
  /** Reads @file into @out (zeroed).  FALSE with @error set skips the
   * file alone; the message starts with "FILE:LINE: " where there is a
   * line to name. */
  gboolean (*open)(const char *file, MeepleProvidedRuleSet *out,
                   GError **error);
} MeepleRuleSetHost;

/** What a plugin is.  Export exactly one, named meeple_plugin_descriptor,
 * with MEEPLE_PLUGIN_DEFINE. */
typedef struct {
  /** MEEPLE_PLUGIN_ABI_MAJOR / _MINOR the plugin was built against. */
  guint16 abi_major;
  guint16 abi_minor;
  /** Rule-set id: lower-case letters, digits and '-' ("abbot"). */
  const char *id;
  /** Human name ("The Abbot"). */
  const char *name;
  /** Version of the rule set ("1.0"); game records name it. */
  const char *version;
  /** NULL-terminated ids of rule sets this one needs (enabled with it and
   * set up before it), or NULL. */
  const char *const *requires;
  /** NULL-terminated ids of rule sets it cannot be played with, or NULL. */
  const char *const *conflicts;
  /** Load-order tie-break among independent plugins (higher first) and
   * the default priority of its hooks. */
  int priority;
  /** Called once after loading; FALSE (with @error set) skips the plugin.
   * May be NULL. */
  gboolean (*init)(GError **error);
  /** Called once before unloading, in reverse load order.  May be NULL. */
  void (*exit)(void);
  /** Registers the rule set into @rules (called once per rules object the
   * rule set is enabled in, after the rule sets it requires).  FALSE with
   * @error set refuses the rules. */
  gboolean (*setup)(MeepleRules *rules, GError **error);
  /** File name of the rule set's own tile file ("princess-dragon.tiles"),
   * looked up next to the plugin, then in the tile directories; or NULL.
   * Loaded after setup(), so it may use the kinds setup() registered. */
  const char *tiles;
  /* ---- ABI 2.2: read only from plugins whose abi_minor is at least 2 */
  /** One or two plain sentences for a player ("Each player gets an abbot
   * ..."), shown by rule-set listings; or NULL. */
  const char *description;
  /** Set by a host plugin, which provides rule sets from files of another
   * language instead of one of its own: its setup is then NULL and it is
   * not a rule set itself.  NULL for an ordinary plugin. */
  const MeepleRuleSetHost *host;
} MeeplePluginDescriptor;

/** Defines the exported descriptor:
 *   MEEPLE_PLUGIN_DEFINE(.id = "abbot", .name = "The Abbot", ...);  */
#define MEEPLE_PLUGIN_DEFINE(...)                                           \
  G_MODULE_EXPORT const MeeplePluginDescriptor meeple_plugin_descriptor = { \
    .abi_major = MEEPLE_PLUGIN_ABI_MAJOR,                                   \
    .abi_minor = MEEPLE_PLUGIN_ABI_MINOR, __VA_ARGS__ }

/* ---- registries (call from setup) ------------------------------------- */

/** Gives @rules ownership of @data: @destroy runs when the rules are freed.
 * Use it for the per-rules data a plugin's hooks get as user_data. */
void meeple_rules_own(MeepleRules *rules, gpointer data,
                      GDestroyNotify destroy);

/** Makes a segment kind a real feature whose completion cites
 * @completion_rule (a static string, or NULL).  A kind registered "inert"
 * (the core's garden, RULES ABBOT-02) is printed decoration until a rule
 * set calls this: never completed, scored or occupied.  On a kind that is
 * already a feature it only sets the rule. */
void meeple_rules_activate_kind(MeepleRules *rules, guint kind,
                                const char *completion_rule);

/** Registers a neutral figure type (dragon, fairy, big top ...): @count
 * figures owned by nobody, off the board at the start, with the trait
 * MEEPLE_TRAIT_NEUTRAL.  Returns its index or -1 with @error set. */
int meeple_rules_add_neutral_figure_type(MeepleRules *rules, const char *name,
                                         guint count, GError **error);

/** Adds MeepleFigureTrait bits to figure type @figure: what other rule
 * sets may ask about it (the mage is MEEPLE_TRAIT_LIVING, X-02).  ABI
 * 2.0. */
void meeple_rules_add_figure_traits(MeepleRules *rules, guint figure,
                                    guint32 traits);
/** Adds MeepleSymbolTrait bits to symbol @symbol (the magic portal's
 * MEEPLE_SYMBOL_TRAIT_REACH_ANY_TILE, PD-16).  ABI 2.0. */
void meeple_rules_add_symbol_traits(MeepleRules *rules, guint symbol,
                                    guint32 traits);

/** Sets the rule the figure-placed event names when the turn's figure
 * action places a figure of type @figure ("ABBOT-03"); @rule must be a
 * static string. */
void meeple_rules_set_figure_place_rule(MeepleRules *rules, guint figure,
                                        const char *rule);

/** Limits the segment kinds a follower type may stand on to the kinds in
 * @kinds (bit k = kind k; kinds 0..31): the abbot only on monasteries and
 * gardens (ABBOT-03).  Rule sets that place followers anywhere (the magic
 * portal, PD-16) ask meeple_rules_figure_may_stand().  ABI 1.1. */
void meeple_rules_set_figure_kinds(MeepleRules *rules, guint figure,
                                   guint32 kinds);

/** Which fields of a MeepleAction a plugin action kind uses; the notation
 * (doc/game-record.md) writes them as "NAME [FIGURE] [SEGMENT] [@ X,Y]
 * [ARG]". */
typedef enum {
  MEEPLE_ACTION_USES_FIGURE = 1 << 0,
  MEEPLE_ACTION_USES_SEGMENT = 1 << 1, /**< implies the cell */
  MEEPLE_ACTION_USES_CELL = 1 << 2,
  MEEPLE_ACTION_USES_ARG = 1 << 3,
} MeepleActionFields;

/** Carries out an action of a plugin's kind.  Called only with an action
 * from the pending decision's legal list, so it cannot fail. */
typedef void (*MeepleApplyFunc)(MeepleGame *game, const MeepleAction *action,
                                gpointer user_data);

/** Shorthands for MeepleEffectSpec values (meeple/rules.h). */
#define MEEPLE_EFFECT_SPEC(what_, figure_) \
  ((MeepleEffectSpec){ .what = (what_), .figure = (figure_) })
#define MEEPLE_EFFECT_SPEC_NONE \
  MEEPLE_EFFECT_SPEC(MEEPLE_EFFECT_NONE, MEEPLE_EFFECT_ACTION_FIGURE)

/** Registers an action kind: @name is its notation verb ("abbot-return"),
 * @description one sentence a client can show, @effect what its actions
 * do to the board (the engine reads the figure and the place from the
 * action's fields, so every rule set's FILTER hooks understand it).
 * Returns the kind or -1 with @error set (name taken by an action kind or
 * figure type, a word of the record format such as "tiles", or not
 * [a-z0-9-]+; an effect on a figure given by the action when the kind
 * does not use the figure field).  @effect: ABI 2.0. */
int meeple_rules_add_action_kind(MeepleRules *rules, const char *name,
                                 const char *description,
                                 MeepleActionFields fields,
                                 MeepleEffectSpec effect,
                                 MeepleApplyFunc apply, gpointer user_data,
                                 GError **error);
/** Registers a decision kind ("dragon-step", "Move the dragon one
 * tile"). */
int meeple_rules_add_decision_kind(MeepleRules *rules, const char *name,
                                   const char *description, GError **error);
/** Registers an event type ("dragon-moved") that declares nothing: its
 * events show every field and a generic sentence.  Prefer
 * meeple_rules_add_typed_event(). */
int meeple_rules_add_event_type(MeepleRules *rules, const char *name,
                                GError **error);
/** Registers an event type with its spec (meeple/events.h): the fields
 * its events set, the name of their count, the sentence template.
 * Returns the type or -1 with @error set (name as for
 * meeple_rules_add_event_type(), unknown field bits, a template naming an
 * undeclared field or malformed).  ABI 2.1. */
int meeple_rules_add_typed_event(MeepleRules *rules, const char *name,
                                 const MeepleEventSpec *spec, GError **error);

/** Per-game state of a plugin (DESIGN invariant 3).  Every game gets
 * @size zeroed bytes; clones get a copy. */
typedef struct {
  gsize size;
  /** Fills a new game's state; may be NULL. */
  void (*init)(MeepleGame *game, gpointer state, gpointer user_data);
  /** Deep-copies @src into @dst (already a byte copy of @src) for
   * meeple_game_clone(); NULL when a byte copy is enough. */
  void (*copy)(gpointer dst, gconstpointer src, gpointer user_data);
  /** Releases what @state points to (not @state itself); may be NULL. */
  void (*clear)(gpointer state, gpointer user_data);
} MeepleSlotClass;

/** Registers a state slot; returns its index for meeple_game_slot(). */
guint meeple_rules_add_slot(MeepleRules *rules, const MeepleSlotClass *klass,
                            gpointer user_data);

/** The first slot registered by rule set @ruleset ("mist"), or -1.  For
 * hosts and tests that inspect a rule set's state; a rule set that builds
 * on another uses the API table it publishes instead
 * (meeple_rules_use_api()), which is checked.  ABI 1.3. */
int meeple_rules_find_slot(const MeepleRules *rules, const char *ruleset);

/* ---- published interfaces between rule sets (ABI 2.0) ------------------ */

/** Publishes @table, a struct of @size bytes, as interface @name (usually
 * the rule set's id) at version @major.@minor, for rule sets that build on
 * this one (Spell Circles on the mist).  Call from setup(); @table must
 * live as long as @rules (meeple_rules_own()).  Minor versions only
 * append members to the table; anything else is a new major.  FALSE with
 * @error (MEEPLE_ERROR_REGISTRY) when @name is already published. */
gboolean meeple_rules_provide_api(MeepleRules *rules, const char *name,
                                  guint major, guint minor,
                                  gconstpointer table, gsize size,
                                  GError **error);
/** The table of interface @name for a dependant built against version
 * @major.@minor whose table type has @size bytes: the provider's major
 * must be equal, its minor and its size at least as large.  NULL with
 * @error (MEEPLE_ERROR_RULESET) naming both rule sets and both versions
 * otherwise, or when no rule set of @rules publishes @name; returned from
 * setup(), that refuses the dependant when the loader loads it. */
gconstpointer meeple_rules_use_api(const MeepleRules *rules, const char *name,
                                   guint major, guint minor, gsize size,
                                   GError **error);
/** meeple_rules_use_api() for a table of type @type. */
#define MEEPLE_USE_API(rules, name, major, minor, type, error)              \
  ((const type *)meeple_rules_use_api((rules), (name), (major), (minor),    \
                                      sizeof(type), (error)))

/* ---- methods of published interfaces, for hosts (ABI 2.3) --------------- */

/* A published table is a C struct: a C dependant includes its header, but
 * a host (the Lua host) cannot call a struct it was not compiled with.
 * So a provider also describes its interface as methods with typed
 * arguments, which any host binds without knowing the rule set; the
 * engine checks every call against the description. */

/** The type of a method's argument or result. */
typedef enum {
  MEEPLE_VALUE_NONE = 0, /**< a result: nothing (or nothing to report) */
  MEEPLE_VALUE_BOOL,
  MEEPLE_VALUE_INT,
  MEEPLE_VALUE_STRING,
} MeepleValueType;

/** An argument or a result. */
typedef struct {
  MeepleValueType type;
  gboolean b;            /**< MEEPLE_VALUE_BOOL */
  gint64 i;              /**< MEEPLE_VALUE_INT */
  /** MEEPLE_VALUE_STRING: an argument lives during the call; a result
   * must be a static string. */
  const char *s;
} MeepleValue;

/** Most arguments a method takes (besides the game). */
#define MEEPLE_API_MAX_ARGS 4

/** One method: @table is the interface's published table, @game the game
 * of the hook the caller runs in (NULL unless the method takes one),
 * @args typed as declared.  Sets *@result (type NONE for nothing); FALSE
 * with @error (any domain: its message goes to the rule set's author)
 * when an argument is out of range. */
typedef gboolean (*MeepleApiMethodFunc)(gconstpointer table,
                                        const MeepleGame *game,
                                        const MeepleValue *args,
                                        MeepleValue *result, GError **error);

typedef struct {
  /** [a-z_][a-z0-9_]*: the name a host gives it ("turn_points"). */
  const char *name;
  /** One line for the reader: what it answers or sets. */
  const char *summary;
  MeepleApiMethodFunc call;
  /** The method needs the game of a hook (the caller passes it first). */
  gboolean takes_game;
  /** A setting: may be called only while a rule set is set up (a rules
   * object is shared by every game played on it). */
  gboolean setup_only;
  guint n_args;
  MeepleValueType args[MEEPLE_API_MAX_ARGS];
  /** The result's type; a call may also return nothing (NONE), e.g.
   * "no such figure". */
  MeepleValueType result;
} MeepleApiMethod;

/** Describes interface @name, already published by this rule set with
 * meeple_rules_provide_api(), as @n_methods methods (an array that lives
 * as long as @rules, usually static).  Call from setup().  FALSE with
 * @error (MEEPLE_ERROR_REGISTRY) when @name is not this rule set's, is
 * described already, or a method is malformed. */
gboolean meeple_rules_describe_api(MeepleRules *rules, const char *name,
                                   const MeepleApiMethod *methods,
                                   guint n_methods, GError **error);
/** The methods of interface @name (their number in @n_methods), and its
 * version.  NULL with @error (MEEPLE_ERROR_RULESET) when no rule set of
 * @rules publishes @name, or it publishes no methods. */
const MeepleApiMethod *meeple_rules_api_methods(const MeepleRules *rules,
                                                const char *name,
                                                guint *n_methods,
                                                guint *major, guint *minor,
                                                GError **error);
/** Calls method @method of interface @name after checking the call
 * against its description: @game present exactly when the method takes
 * one, @n_args arguments of the declared types, a setting only while a
 * rule set is set up.  FALSE with @error (MEEPLE_ERROR_RULESET naming
 * the method) when the call does not fit, or the method's own error. */
gboolean meeple_rules_call_api(const MeepleRules *rules, const char *name,
                               const MeepleApiMethod *method,
                               const MeepleGame *game,
                               const MeepleValue *args, guint n_args,
                               MeepleValue *result, GError **error);

/** Checks one tile type of a tile file being loaded, for the symbols a
 * rule set gives meaning to (the mist only over roads and fields, RULES
 * MIST-03).  Returns FALSE with @error set (any domain; only its message
 * is used) to refuse the whole file; the loader reports it as
 * "FILE:LINE: tile 'ID': MESSAGE". */
typedef gboolean (*MeepleTileCheckFunc)(const MeepleRules *rules,
                                        const MeepleTileType *type,
                                        GError **error, gpointer user_data);
/** Runs @func on every tile type of every tile file loaded into @rules
 * from now on (the rule set's own file included).  ABI 1.3. */
void meeple_rules_add_tile_check(MeepleRules *rules, MeepleTileCheckFunc func,
                                 gpointer user_data);

/* ---- hooks ---------------------------------------------------------------- */

/** Hook points, one per step of RULES §0.4 a rule set can join.  The
 * table in doc/plugins.md says when each runs and where the core's own
 * step lies. */
typedef enum {
  /** After the turn-started event (T1: fairy point).  MeeplePhaseHook. */
  MEEPLE_HOOK_TURN_START = 0,
  /** For each drawn tile, before the BASE-06 placement check (D2).
   * MeepleDrawHook; MEEPLE_HOOK_STOP takes the tile out of play (the hook
   * keeps it, e.g. set aside) and the player draws again. */
  MEEPLE_HOOK_DRAW,
  /** After the tile is put down and its features joined (P2..P5).
   * MeeplePhaseHook. */
  MEEPLE_HOOK_PLACE_TILE,
  /** After PLACE_TILE (G1..G7).  MeeplePhaseHook. */
  MEEPLE_HOOK_PLACE_GHOSTS,
  /** Contributes legal actions to the turn's figure decision (F).
   * MeepleActionsHook. */
  MEEPLE_HOOK_FIGURE_ACTIONS,
  /** Vetoes actions of every decision: the core's (tile placements, the
   * figure decision) and those rule sets request; "pass" is never vetoed.
   * MeepleFilterHook; since ABI 2.0 on every decision. */
  MEEPLE_HOOK_FILTER,
  /** After the figure action (M1, DRAGON_MOVE).  MeeplePhaseHook. */
  MEEPLE_HOOK_AFTER_FIGURE,
  /** Per scored feature, before points are given: may change the value,
   * the winners and the rule (S2).  MeepleFeatureHook. */
  MEEPLE_HOOK_FEATURE_VALUE,
  /** Per scored feature, after its points, before its followers return:
   * bonuses (S2).  MeepleFeatureHook. */
  MEEPLE_HOOK_FEATURE_SCORED,
  /** Scoring steps of the turn (S3).  Priority > 0 runs before the core
   * scores completed features, the rest after.  MeeplePhaseHook. */
  MEEPLE_HOOK_SCORE,
  /** Each time a figure leaves the board.  MeepleFigureHook. */
  MEEPLE_HOOK_FIGURE_REMOVED,
  /** Before the BASE-21 end check and the pass to the next player (E1).
   * MeeplePhaseHook. */
  MEEPLE_HOOK_TURN_END,
  /** Final scoring steps (F1..F3).  Priority > 0 runs before the core
   * scores unfinished features and fields, the rest after; the winner
   * (BASE-24) is always decided last.  MeeplePhaseHook. */
  MEEPLE_HOOK_FINAL_SCORING,
  /** Per feature scored during the game, after its followers went home
   * (BASE-19): what leaves with them (MW-10).  MeepleFeatureHook; ABI
   * 1.1. */
  MEEPLE_HOOK_FEATURE_DONE,
  /** When a client asks for the game's public notes (meeple_game_notes()):
   * lines about what the board does not show.  MeepleNotesHook; ABI 1.2. */
  MEEPLE_HOOK_NOTES,
  MEEPLE_HOOK_COUNT
} MeepleHookPoint;

typedef enum {
  /** Go on with the next hook. */
  MEEPLE_HOOK_CONTINUE = 0,
  /** Later hooks of this point do not run this time (the core's own step
   * still does).  For MEEPLE_HOOK_DRAW: the tile is taken out of play. */
  MEEPLE_HOOK_STOP = 1,
} MeepleHookResult;

/** Phase hooks may ask for decisions with meeple_game_request_decision();
 * the game then stops, and after the decision is taken the phase resumes
 * with the next hook. */
typedef MeepleHookResult (*MeeplePhaseHook)(MeepleGame *game,
                                            gpointer user_data);
typedef MeepleHookResult (*MeepleDrawHook)(MeepleGame *game, guint tile,
                                           gpointer user_data);

/** A growing list of legal actions, for MEEPLE_HOOK_FIGURE_ACTIONS. */
typedef struct MeepleActionList MeepleActionList;
void meeple_action_list_add(MeepleActionList *list, const MeepleAction *a);
/** Appends the @n actions at @actions, in order: one call for a list a
 * hook builds on its own.  ABI 2.6. */
void meeple_action_list_append(MeepleActionList *list,
                               const MeepleAction *actions, gsize n);

typedef void (*MeepleActionsHook)(MeepleGame *game, MeepleActionList *list,
                                  gpointer user_data);
/** What a filter hook is asked about besides the action itself. */
typedef struct {
  /** Kind of the decision the action would belong to. */
  guint decision;
  /** Seat that would decide. */
  guint player;
  /** What the action does to the board (meeple_game_action_effect()). */
  MeepleActionEffect effect;
  /** ABI 2.4: four words of this hook's own, zero when the engine starts
   * filtering a list and kept between this hook's calls on the actions of
   * that list (a list of one for meeple_game_action_allowed()).  The game
   * does not change while a list is filtered: what a hook reads of it
   * once per list (where the dragon is) may wait here. */
  guint64 *memo;
} MeepleFilterContext;
/** Returns FALSE to veto @action.  Runs on the actions of every decision,
 * whoever lists them, so the rule set that owns a restriction enforces it
 * on everybody (PD-12: nothing onto the dragon's tile).  Reads the game;
 * never changes it.  @ctx: ABI 2.0. */
typedef gboolean (*MeepleFilterHook)(MeepleGame *game,
                                     const MeepleAction *action,
                                     const MeepleFilterContext *ctx,
                                     gpointer user_data);

/** Which actions of a list a FILTER hook may veto (MeepleFilterScope).
 * ABI 2.5. */
typedef enum {
  /** None: the hook is not asked about this list. */
  MEEPLE_FILTER_SCOPE_NONE = 0,
  /** Only actions whose effect names the cell (x, y)
   * (MeepleActionEffect.has_cell). */
  MEEPLE_FILTER_SCOPE_CELL = 1,
  /** Every action of the effects the hook registered for. */
  MEEPLE_FILTER_SCOPE_ALL = 2,
} MeepleFilterScopeKind;

/** What a MeepleFilterScopeFunc answers.  ABI 2.5. */
typedef struct {
  MeepleFilterScopeKind kind;
  int x, y;             /**< the cell, for MEEPLE_FILTER_SCOPE_CELL */
} MeepleFilterScope;

/** Called once when the engine starts filtering a list of decision kind
 * @decision for seat @player (and for the list of one of
 * meeple_game_action_allowed()), before the hook sees any of its actions;
 * fills @scope, which comes set to MEEPLE_FILTER_SCOPE_ALL.  Reads the
 * game; never changes it.  ABI 2.5. */
typedef void (*MeepleFilterScopeFunc)(MeepleGame *game, guint decision,
                                      guint player, MeepleFilterScope *scope,
                                      gpointer user_data);

/** One feature being scored, as the feature hooks see it. */
typedef struct {
  guint feature;        /**< feature id (MeepleFeatureInfo.id) */
  guint kind;
  int x, y;             /**< a tile of it: the first in reading order */
  guint segment;        /**< the feature's segment on that tile */
  gboolean final;       /**< FINAL_SCORING rather than completion */
  guint tiles;          /**< size in distinct tiles */
  guint followers[MEEPLE_MAX_PLAYERS]; /**< followers per seat */
  /** Seats that score (bit p = seat p): the majority (BASE-14). */
  guint32 winners;
  /** Points each winner scores; 0 gives no event. */
  int value;
  /** Rule the points are attributed to ("BASE-17", "ABBOT-05", ...). */
  const char *rule;
} MeepleFeatureScore;

typedef MeepleHookResult (*MeepleFeatureHook)(MeepleGame *game,
                                              MeepleFeatureScore *score,
                                              gpointer user_data);
/** @figure left the board (it is already back in its supply) by @rule.
 * @scored: because what it stood on was scored — the core's BASE-19, or
 * an action whose effect is MEEPLE_EFFECT_SCORE (an abbot taken back, a
 * pyramid) — rather than removed (eaten, sent home ...).  @scored: ABI
 * 2.0. */
typedef void (*MeepleFigureHook)(MeepleGame *game, guint figure,
                                 const char *rule, gboolean scored,
                                 gpointer user_data);

/** Lines of public notes being collected (meeple_game_notes()). */
typedef struct MeepleNotes MeepleNotes;
/** Adds one note: a short @label ("Big top") and a line of text.  Notes
 * are public: never put hidden information (a face-down token's value,
 * the order of the supply) into one.  ABI 1.2. */
void meeple_notes_add(MeepleNotes *notes, const char *label,
                      const char *format, ...) G_GNUC_PRINTF(3, 4);
/** Publishes notes about the game's public state; must only read the game
 * (and its own slot, meeple_game_slot_const()). */
typedef void (*MeepleNotesHook)(const MeepleGame *game, MeepleNotes *notes,
                                gpointer user_data);

/** Any hook function, cast; called back with its own signature. */
typedef void (*MeepleHookFunc)(void);

/** Registers a hook.  @func must have the signature documented for
 * @point; the typed wrappers below check that at compile time. */
void meeple_rules_add_hook(MeepleRules *rules, MeepleHookPoint point,
                           int priority, MeepleHookFunc func, gpointer user_data);

static inline void
meeple_rules_add_phase_hook(MeepleRules *rules, MeepleHookPoint point,
                            int priority, MeeplePhaseHook func,
                            gpointer user_data)
{
  meeple_rules_add_hook(rules, point, priority, (MeepleHookFunc)func, user_data);
}
static inline void
meeple_rules_add_draw_hook(MeepleRules *rules, int priority,
                           MeepleDrawHook func, gpointer user_data)
{
  meeple_rules_add_hook(rules, MEEPLE_HOOK_DRAW, priority, (MeepleHookFunc)func,
                        user_data);
}
static inline void
meeple_rules_add_actions_hook(MeepleRules *rules, int priority,
                              MeepleActionsHook func, gpointer user_data)
{
  meeple_rules_add_hook(rules, MEEPLE_HOOK_FIGURE_ACTIONS, priority,
                        (MeepleHookFunc)func, user_data);
}
static inline void
meeple_rules_add_filter_hook(MeepleRules *rules, int priority,
                             MeepleFilterHook func, gpointer user_data)
{
  meeple_rules_add_hook(rules, MEEPLE_HOOK_FILTER, priority, (MeepleHookFunc)func,
                        user_data);
}
/** The bit of effect @what in the @effects of
 * meeple_rules_add_filter_hook_for(). */
#define MEEPLE_EFFECT_BIT(what) (1u << (what))
/** A FILTER hook asked only about actions whose effect is in @effects
 * (MEEPLE_EFFECT_BIT()s): a restriction on figures says so, and the
 * engine then lists a drawn tile's placements without asking it (the
 * longest lists of a game).  meeple_rules_add_filter_hook() asks about
 * every effect.  ABI 2.3. */
void meeple_rules_add_filter_hook_for(MeepleRules *rules, int priority,
                                      guint32 effects, MeepleFilterHook func,
                                      gpointer user_data);
/** Like meeple_rules_add_filter_hook_for(), and @scope says once per
 * list which of its actions @func is asked about: none, those at one cell
 * (a restriction on one tile, like the dragon's), or all.  The long lists
 * of a game (the mage's and witch's destinations, the magic portal's
 * places) then pass without a call per action.  @func must let through
 * every action outside the scope it gave.  ABI 2.5. */
void meeple_rules_add_filter_hook_scoped(MeepleRules *rules, int priority,
                                         guint32 effects,
                                         MeepleFilterScopeFunc scope,
                                         MeepleFilterHook func,
                                         gpointer user_data);
static inline void
meeple_rules_add_feature_hook(MeepleRules *rules, MeepleHookPoint point,
                              int priority, MeepleFeatureHook func,
                              gpointer user_data)
{
  meeple_rules_add_hook(rules, point, priority, (MeepleHookFunc)func, user_data);
}
static inline void
meeple_rules_add_notes_hook(MeepleRules *rules, int priority,
                            MeepleNotesHook func, gpointer user_data)
{
  meeple_rules_add_hook(rules, MEEPLE_HOOK_NOTES, priority,
                        (MeepleHookFunc)func, user_data);
}
static inline void
meeple_rules_add_figure_removed_hook(MeepleRules *rules, int priority,
                                     MeepleFigureHook func,
                                     gpointer user_data)
{
  meeple_rules_add_hook(rules, MEEPLE_HOOK_FIGURE_REMOVED, priority,
                        (MeepleHookFunc)func, user_data);
}

/* ---- changing a game from a hook ---------------------------------------- */

/** The plugin's state in @slot (from meeple_rules_add_slot()). */
gpointer meeple_game_slot(MeepleGame *game, guint slot);
gconstpointer meeple_game_slot_const(const MeepleGame *game, guint slot);

/** The tile placed this turn, FALSE before placement. */
gboolean meeple_game_current_tile(const MeepleGame *game,
                                  MeeplePlacedTile *tile);
/** Feature id of the figure's feature, or -1 when it is off the board. */
int meeple_game_figure_feature(const MeepleGame *game, guint figure);
/** Feature id (MeepleFeatureInfo.id) of segment @segment of the tile at
 * (x, y), or -1 when the cell is empty or has no such segment.  When not
 * NULL, @completed tells whether the feature is finished and @followers
 * how many followers stand on it, all seats together.  What
 * meeple_game_feature() would say of these, without walking the feature
 * and the figures: for scans over every segment on the board.  ABI 2.2. */
int meeple_game_segment_feature(const MeepleGame *game, int x, int y,
                                guint segment, gboolean *completed,
                                guint *followers);
/** Index of the first neutral figure of @type (meeple_game_figure()), or
 * -1 when @type has none; found among the neutral figures only, so
 * cheap enough to ask on every action of a long list.  ABI 2.2. */
int meeple_game_neutral_figure(const MeepleGame *game, guint type);
/** The figures of seat @seat, of every type, in its supply or on the
 * board, are the indices *@first .. *@first + n - 1 of
 * meeple_game_figure(); returns n (0 for a seat not in the game).  For
 * scans of one seat's figures on every decision.  ABI 2.4. */
guint meeple_game_seat_figures(const MeepleGame *game, guint seat,
                               guint *first);
/** Writes to @out (room for @max) the indices (meeple_game_figure()) of
 * the figures standing on the tile at (x, y), on a segment or on the tile
 * itself, in ascending order; returns how many stand there (more than
 * @max when @out was too short).  0 for an empty cell.  ABI 2.5. */
guint meeple_game_figures_on_tile(const MeepleGame *game, int x, int y,
                                  guint *out, guint max);

/** A set of feature kinds (bit k for kind k, MeepleKind): the kinds a
 * board scan takes in (meeple_game_list_segments()).  ABI 2.6. */
typedef struct {
  guint64 bits[4];
} MeepleKindSet;

/** Adds kind @kind (below 256, as every kind is) to @set. */
static inline void
meeple_kind_set_add(MeepleKindSet *set, guint kind)
{
  set->bits[(kind >> 6) & 3] |= G_GUINT64_CONSTANT(1) << (kind & 63);
}

/** Whether @set holds kind @kind. */
static inline gboolean
meeple_kind_set_has(const MeepleKindSet *set, guint kind)
{
  return kind < 256 &&
         ((set->bits[kind >> 6] >> (kind & 63)) & 1) != 0;
}

/** A segment on the board, as meeple_game_list_segments() lists it.
 * ABI 2.6. */
typedef struct {
  int16_t x, y;     /**< its tile */
  uint8_t segment;  /**< segment index on that tile */
  uint8_t kind;     /**< its kind (MeepleKind) */
  uint16_t feature; /**< its feature's id (MeepleFeatureInfo.id) */
} MeepleSegmentRef;

/** Which features meeple_game_list_segments() leaves out. */
typedef enum {
  /** features finished with this turn's tile on the board */
  MEEPLE_SEGMENTS_UNFINISHED = 1 << 0,
  /** features some follower stands on (BASE-12) */
  MEEPLE_SEGMENTS_UNOCCUPIED = 1 << 1,
} MeepleSegmentFilter;

/** Writes to @out (room for @max) every segment on the board whose kind is
 * in @kinds and whose feature passes @filter (MeepleSegmentFilter bits),
 * tile by tile in placement order (meeple_game_placed()) and on each
 * tile by segment index; returns how many there are (more than @max when
 * @out was too short: at most meeple_game_n_placed() times
 * MEEPLE_MAX_SEGMENTS).  What meeple_game_segment_feature() of every such
 * segment would say, in one pass over the engine's own arrays: for rule
 * sets that offer a move onto any open feature of the board (the magic
 * portal, the mage and witch).  ABI 2.6. */
guint meeple_game_list_segments(const MeepleGame *game,
                                const MeepleKindSet *kinds, guint filter,
                                MeepleSegmentRef *out, guint max);
/** Placed tiles among the 8 around (x, y) (RULES BASE-18, BASE-22). */
guint meeple_game_neighbours(const MeepleGame *game, int x, int y);

/** Appends an event (player -1, other fields zero) and returns it for the
 * caller to fill. */
MeepleEvent *meeple_game_emit(MeepleGame *game, guint type);
/** Adds @points to @player's score and emits a points-scored event naming
 * @rule; returns the event for location fields.  The event names no cell
 * (x MEEPLE_EVENT_NO_CELL) and no segment (MEEPLE_SEGMENT_NONE) until
 * the caller sets them (ABI 2.1; before, both were zero: "0,0"). */
MeepleEvent *meeple_game_award(MeepleGame *game, guint player, int points,
                               const char *rule);
/** Puts figure @figure (off the board) onto segment @segment of the tile
 * at (x, y); emits figure-placed naming @rule. */
void meeple_game_place_figure(MeepleGame *game, guint figure, int x, int y,
                              guint segment, const char *rule);
/** Puts figure @figure on the tile at (x, y): onto segment @segment, or on
 * the tile itself when @segment is MEEPLE_SEGMENT_NONE (the dragon,
 * PD-05).  A figure from the supply emits figure-placed, one already on
 * the board figure-moved, both naming @rule; occupancy follows the
 * figure.  ABI 1.1. */
void meeple_game_move_figure(MeepleGame *game, guint figure, int x, int y,
                             guint segment, const char *rule);
/** Returns figure @figure (on the board) to its supply; emits
 * figure-returned naming @rule and runs MEEPLE_HOOK_FIGURE_REMOVED. */
void meeple_game_return_figure(MeepleGame *game, guint figure,
                               const char *rule);
/** A figure of @type in @player's supply (-1: neutral), or -1. */
int meeple_game_find_supply_figure(const MeepleGame *game, int player,
                                   guint type);
/** Sets the drawn tile @type aside face up (PD-08) and emits
 * tile-set-aside naming @rule; call it from a MEEPLE_HOOK_DRAW hook that
 * then returns MEEPLE_HOOK_STOP.  ABI 1.1. */
void meeple_game_set_aside_tile(MeepleGame *game, guint type,
                                const char *rule);
/** Puts every set-aside tile back into the supply and shuffles the whole
 * supply with the game's PRNG (doc/determinism.md); emits tiles-returned
 * naming @rule.  Nothing happens when none is set aside.  ABI 1.1. */
void meeple_game_return_set_aside(MeepleGame *game, const char *rule);
/** Takes the set-aside tiles out of the game (AMB-07): one tile-discarded
 * event each, naming @rule.  ABI 1.1. */
void meeple_game_discard_set_aside(MeepleGame *game, const char *rule);
/** Uniform number in [0, @bound) from the game's PRNG (DESIGN
 * invariant 1: never use any other randomness). */
guint32 meeple_game_random_below(MeepleGame *game, guint32 bound);

/** Asks @player to choose one of @actions (copied; at least one) as a
 * decision of @kind.  Allowed in phase hooks and apply functions; the game
 * stops when the hook returns, and the action taken is carried out by its
 * kind's apply function (core kinds: "pass" does nothing).  The FILTER
 * hooks run on @actions first; returns FALSE, and asks nothing, when they
 * veto every one (a rule set that must react to that asks
 * meeple_game_action_allowed() while it builds the list).  Returns
 * gboolean since ABI 2.0. */
gboolean meeple_game_request_decision(MeepleGame *game, guint kind,
                                      guint player,
                                      const MeepleAction *actions,
                                      gsize n_actions);
/** Fails the hook that is running (ABI 2.2): a copy of @error is kept
 * (only the first failure counts) and the call that ran the hook —
 * meeple_game_apply() or meeple_game_new() — fails with it, leaving the
 * game as it was before the action (rules marked with
 * meeple_rules_set_fallible() only).  The hook then returns as if it had
 * done nothing; later hooks still run, and may ask meeple_game_failed()
 * to skip their work. */
void meeple_game_fail(MeepleGame *game, const GError *error);
/** The failure meeple_game_fail() recorded during the running action, or
 * NULL.  ABI 2.2. */
const GError *meeple_game_failed(const MeepleGame *game);
/** Marks @rules as holding a rule set whose hooks may call
 * meeple_game_fail(): meeple_game_apply() then keeps a copy of the game
 * to restore when one does.  Call from setup().  ABI 2.2. */
void meeple_rules_set_fallible(MeepleRules *rules);

/** Whether the FILTER hooks let @action be one of the choices of a
 * decision of @kind for @player ("pass" always is).  ABI 2.0. */
gboolean meeple_game_action_allowed(MeepleGame *game, guint kind,
                                    guint player, const MeepleAction *action);

G_END_DECLS

#endif
