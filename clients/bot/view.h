/* view.h — what one seat knows of a game, and games built from it.
 *
 * A bot must never look at what its seat cannot see: the order of the
 * tiles still in the supply, the value of a face-down animal token, the
 * game's seed.  A MeepleBotView holds only public facts — the rules, the
 * player count, every tile drawn so far (in order), the tiles set aside
 * and shuffled back, the actions taken and the scores — fed from the
 * engine's events (meeple-sim) or from the daemon's GetEvents/GetActions
 * (meeple bot).  Strategies never see the real game: they play on
 * *determinizations*, engine games rebuilt from the view with the unseen
 * part sampled:
 *
 *  - the tile order is the tiles drawn so far, in order, then the rest of
 *    the rules' tile multiset (what is not drawn yet) in an order drawn
 *    from the bot's generator;
 *  - the game's seed (which drives the rule sets' own randomness, such as
 *    the face-down animal tokens) is drawn from the bot's generator too;
 *  - the public actions are replayed, and every tile the rebuilt game
 *    draws is checked against the real draws.
 *
 * One case needs more: a rule set that shuffles drawn tiles back into the
 * supply (tiles a rule set sets aside, then returns; tiles-returned).  The
 * engine shuffles with the game's generator, whose seed the seat does not
 * know, so a rebuilt game would draw other tiles after it.  Once a
 * set-aside tile is shuffled back it leaves no trace in the public state,
 * so the rebuilt game leaves it out of its early draws: it is never set
 * aside there, nothing is shuffled, and it is drawn again where the real
 * game drew it.  Tiles set aside and not yet returned are rebuilt as they
 * are (drawn, then set aside).
 *
 * A value already revealed by the rule sets' generator (an animal token
 * scored under a big top) may differ in the rebuilt game, whose seed is
 * not the real one; the scores it gave are public, so the determinization
 * reports per-seat score offsets (real minus rebuilt) that strategies add
 * to the rebuilt game's scores. */
#ifndef MEEPLE_BOT_VIEW_H
#define MEEPLE_BOT_VIEW_H

#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

typedef struct MeepleBotView MeepleBotView;

/** An empty view of a game of @rules (referenced) for @n_players, with
 * farmers unless @no_farmers: nothing drawn, nothing played. */
MeepleBotView *meeple_bot_view_new(MeepleRules *rules, guint n_players,
                                   gboolean no_farmers);
void meeple_bot_view_free(MeepleBotView *view);
MeepleRules *meeple_bot_view_rules(const MeepleBotView *view);
guint meeple_bot_view_n_players(const MeepleBotView *view);

/** Takes in public events (every client sees them): TILE_DRAWN (tile),
 * TILE_SET_ASIDE (the tile just drawn) and TILES_RETURNED matter; others
 * are ignored.  Feed the
 * game's initial events first, then each action's events, in order. */
void meeple_bot_view_add_events(MeepleBotView *view,
                                const MeepleEvent *events, gsize n_events);
/** Records that @player took @action (the next action of the game). */
void meeple_bot_view_add_action(MeepleBotView *view, guint player,
                                const MeepleAction *action);
/** The public score of @seat now (for the score offsets above). */
void meeple_bot_view_set_score(MeepleBotView *view, guint seat, int score);
/** Number of actions and of draws recorded so far. */
guint meeple_bot_view_n_actions(const MeepleBotView *view);
guint meeple_bot_view_n_draws(const MeepleBotView *view);

/** A game consistent with everything @view knows, its unseen part drawn
 * from @rand (which it advances: deterministic given @rand's state).  Its
 * pending decision is the real one.  @score_offset (MEEPLE_MAX_PLAYERS
 * ints, may be NULL) receives real minus rebuilt score per seat.  Tries a
 * few samples; NULL with @error (MEEPLE_ERROR_CONFIG) when none fits. */
MeepleGame *meeple_bot_view_determinize(const MeepleBotView *view,
                                        GRand *rand, int *score_offset,
                                        GError **error);

/** Clients that get actions as text (GetActions, doc/dbus-api.md): reads
 * @n actions (@notations, taken by @seats) in the rebuilt game and records
 * them, after feeding the events up to them (at least every draw before
 * each).  FALSE with @error when one does not fit. */
gboolean meeple_bot_view_add_notations(MeepleBotView *view,
                                       const guint *seats,
                                       const char *const *notations, guint n,
                                       GError **error);
/** The pending decision's actions, given as text, as engine actions in the
 * same order (g_free); NULL with @error when the rebuilt game offers
 * another list. */
MeepleAction *meeple_bot_view_parse_decision(const MeepleBotView *view,
                                             const char *const *notations,
                                             guint n, GError **error);

/** Whether @game's pending decision offers exactly @actions, in order
 * (the decision a strategy is asked about). */
gboolean meeple_bot_decision_matches(MeepleGame *game,
                                     const MeepleAction *actions,
                                     gsize n_actions);

/** Index of @action in @actions, or -1. */
int meeple_bot_find_action(const MeepleAction *actions, gsize n_actions,
                           const MeepleAction *action);

G_END_DECLS

#endif
