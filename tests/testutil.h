/* tests/testutil.h — helpers shared by the Check suites. */
#ifndef MEEPLE_TESTUTIL_H
#define MEEPLE_TESTUTIL_H

#include <check.h>
#include <meeple.h>

/** Rules with the base tile set of the source tree.  Aborts the test on
 * error.  Unref when done. */
MeepleRules *tu_base_rules(void);

/** Rules with the base game and the rule sets @ids (comma-separated,
 * e.g. "abbot"), loaded through the plugin loader from the build tree's
 * plugins and the source tree's tiles.  Aborts the test on error, and
 * when any plugin of the build tree failed to load. */
MeepleRules *tu_rules_with(const char *ids);

/** A new directory under @root holding a symbolic link to each path of
 * @targets (NULL-terminated), named @links[i] when @links is not NULL,
 * else like its target: a plugin directory of chosen shared objects.
 * Aborts the test on error.  Free with g_free. */
char *tu_link_dir(const char *root, const char *const *targets,
                  const char *const *links);

/** Removes @path and, when it is a directory (not a link to one),
 * everything below it: the temporary trees of tu_link_dir(). */
void tu_remove_tree(const char *path);

/** A loader that loaded the plugins of @dir with the tile directories
 * @tiles_dirs (NULL-terminated).  Aborts the test on error. */
MeepleLoader *tu_load_dir(const char *dir, const char *const *tiles_dirs);

/** A game of @n_players on @rules whose supply is exactly @tiles, a
 * space-separated list of tile ids drawn in that order ("V K D ...").
 * Farmers on unless @no_farmers. */
MeepleGame *tu_game(MeepleRules *rules, guint n_players, const char *tiles,
                    gboolean no_farmers);

/** As tu_game() (which uses seed 1) with the game's PRNG seeded with
 * @seed: the tile order is fixed, whatever else is random (animal tokens,
 * a reshuffle) comes from the seed. */
MeepleGame *tu_game_seeded(MeepleRules *rules, guint n_players,
                           const char *tiles, gboolean no_farmers,
                           guint64 seed);

/** Index of the decision kind, event type or segment kind a rule set
 * registered under @name (doc/plugins.md: they are looked up by name);
 * aborts the test when there is none. */
guint tu_decision_kind(const MeepleRules *rules, const char *name);
guint tu_event_type(const MeepleRules *rules, const char *name);
guint tu_kind(const MeepleRules *rules, const char *name);

/** Games a property-test loop plays: @default_games, scaled by
 * $MEEPLE_PROPERTY_GAMES, either a count for the loop whose default is
 * @base_games ("20000": every loop scales by 20000 / @base_games) or a
 * multiplier ("10x", "0.2x"); at least 1.  Aborts the test on a value
 * that is neither. */
guint tu_property_games(guint default_games, guint base_games);

/** Seat 0's one-ply greedy for property tests: the action of @d after
 * which seat 0's lead over the best other seat is largest, then the one
 * leaving most of its figures and fewest of the others' on the board;
 * ties broken with @rand.  Returns the action's index. */
gsize tu_greedy_pick(MeepleGame *game, const MeepleDecision *d, GRand *rand);

/** Parses @text in the notation and applies it; fails the test (with the
 * error message and @text) if it is not legal.  Returns the events. */
const MeepleEvent *tu_act(MeepleGame *game, const char *text, gsize *n_events);

/** Parses and applies @text; returns TRUE when legal.  The error message, if
 * any, goes to *@message (free it). */
gboolean tu_try(MeepleGame *game, const char *text, char **message);

/** Number of events of @type (and, when @rule is not NULL, citing @rule)
 * in @events. */
guint tu_count_events(const MeepleEvent *events, gsize n, guint type,
                      const char *rule);
/** The @nth (0-based) event of @type in @events, or NULL. */
const MeepleEvent *tu_find_event(const MeepleEvent *events, gsize n,
                                 guint type, guint nth);

/** Whether the pending decision lists an action whose notation is @text. */
gboolean tu_is_legal(MeepleGame *game, const char *text);

/** Figures of @player on the board at (x, y), segment @segment. */
guint tu_figures_at(const MeepleGame *game, guint player, int x, int y,
                    guint segment);
/** Segment index of the segment named @name ("C1") on tile type @type. */
guint tu_segment(const MeepleRules *rules, const char *tile_id,
                 const char *name);


/** SHA-256 (hex) of everything observable about @game: phase, turn, active
 * seat, scores, supplies, tiles left, placed tiles, figures, the pending
 * decision and its actions.  Equal digests = equal games for the tests.
 * Free with g_free. */
char *tu_state_digest(MeepleGame *game);

/** DESIGN invariant 2: NULL when the legal actions of @d are distinct,
 * else the notation of one offered twice (g_free). */
char *tu_repeated_action(const MeepleGame *game, const MeepleDecision *d);

/** The game's public notes as text, one "label: text" line each (g_free). */
char *tu_notes_string(const MeepleGame *game);

/** NULL when the event lists are equal field by field, else a sentence
 * saying where they first differ (g_free). */
char *tu_events_differ(const MeepleEvent *a, gsize n_a, const MeepleEvent *b,
                       gsize n_b);

/** NULL when @b is the same game as @a — state digest and public notes —
 * else what differs (g_free).  DESIGN invariant 1 for clones. */
char *tu_games_differ(MeepleGame *a, MeepleGame *b);

/** DESIGN invariant 1: applies the @index-th legal action to @clone (a
 * clone of @game before @game took it); NULL when that gives @events (what
 * the action gave @game) and the same game, else what differs (g_free). */
char *tu_clone_step_differs(MeepleGame *game, MeepleGame *clone, gsize index,
                            const MeepleEvent *events, gsize n_events);

/** Writes @game as a record, parses it and replays it with @rules: NULL
 * when the replay gives the events @events (every event since the setup),
 * the same game (tu_games_differ()) and the same record text; else what
 * differs (g_free).  The replayed game goes to @again when not NULL (free
 * it), else is freed.  DESIGN invariant 4. */
char *tu_replay_differs(MeepleGame *game, MeepleRules *rules,
                        const MeepleEvent *events, gsize n_events,
                        MeepleGame **again);

/** Brute force (BASE-05) independent of the engine's frontier: whether
 * tile type @type may lie at (x, y) turned @rotation on @game's board. */
gboolean tu_placement_ok(const MeepleGame *game, guint type, int x, int y,
                         guint rotation);

/** Plays on with uniformly random legal actions drawn from @rand, at most
 * @max actions (G_MAXUINT: to the end); fails the test if one is refused.
 * Returns how many were applied. */
guint tu_play_random(MeepleGame *game, GRand *rand, guint max);

/** Runs @suite (and frees it); returns the exit status for main(). */
int tu_run_suite(Suite *suite);

#endif
