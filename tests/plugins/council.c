/* council.c — decisions other players take in the middle of a turn.
 *
 * After the figure action (AFTER_FIGURE) every other player, round the
 * table from the active player's left, votes: a decision of kind
 * "council-vote" for that player with the actions "vote 0" and "vote 1".
 * The hook asks the first; each vote's apply function asks the next.
 * When all have voted the turn goes on (SCORE, TURN_END, ...).  A vote
 * emits "voted" (player: the voter, arg: the vote) and "vote 1" scores
 * the voter 1 point under FIXTURE-VOTE.  The slot remembers how many
 * players were asked this turn. */
#define FIXTURE_ID "council"
#include "fixture.h"

typedef struct {
  guint decision, vote, event, slot;
} Council;

typedef struct {
  guint asked;     /* voters asked this turn, 0 when no vote is running */
} CouncilState;

static void
ask(MeepleGame *game, const Council *c, guint voter)
{
  MeepleAction votes[2] = {
    { .kind = (uint16_t)c->vote, .arg = 0 },
    { .kind = (uint16_t)c->vote, .arg = 1 },
  };
  meeple_game_request_decision(game, c->decision, voter, votes, 2);
}

static MeepleHookResult
start_vote(MeepleGame *game, gpointer user_data)
{
  const Council *c = user_data;
  CouncilState *st = meeple_game_slot(game, c->slot);
  guint n = meeple_game_n_players(game);
  st->asked = 1;
  ask(game, c, (meeple_game_active_player(game) + 1) % n);
  return MEEPLE_HOOK_CONTINUE;
}

static void
apply_vote(MeepleGame *game, const MeepleAction *action, gpointer user_data)
{
  const Council *c = user_data;
  CouncilState *st = meeple_game_slot(game, c->slot);
  guint n = meeple_game_n_players(game);
  guint active = meeple_game_active_player(game);
  guint voter = (active + st->asked) % n;
  MeepleEvent *e = meeple_game_emit(game, c->event);
  e->player = (int8_t)voter;
  e->arg = action->arg;
  e->rule = "FIXTURE-VOTE";
  if (action->arg)
    meeple_game_award(game, voter, 1, "FIXTURE-VOTE");
  if (st->asked + 1 < n) {
    st->asked++;
    ask(game, c, (active + st->asked) % n);
  } else {
    st->asked = 0;
  }
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  Council *c = g_new0(Council, 1);
  meeple_rules_own(rules, c, g_free);
  int decision = meeple_rules_add_decision_kind(
      rules, "council-vote", "Vote on the active player's turn", error);
  if (decision < 0)
    return FALSE;
  int vote = meeple_rules_add_action_kind(rules, "vote", "Vote no (0) or "
                                          "yes (1)", MEEPLE_ACTION_USES_ARG,
                                          MEEPLE_EFFECT_SPEC_NONE, apply_vote,
                                          c, error);
  if (vote < 0)
    return FALSE;
  int event = meeple_rules_add_event_type(rules, "voted", error);
  if (event < 0)
    return FALSE;
  c->decision = (guint)decision;
  c->vote = (guint)vote;
  c->event = (guint)event;
  MeepleSlotClass klass = { .size = sizeof(CouncilState) };
  c->slot = meeple_rules_add_slot(rules, &klass, NULL);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_AFTER_FIGURE,
                              MEEPLE_PRIORITY_DEFAULT, start_vote, c);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
