/* mist-ghosts.c — handing out ghosts (RULES MIST-07..MIST-12, SC-09).
 *
 * Every instruction that adds ghosts to followers becomes a batch; the
 * batches of one PLACE_GHOSTS step are handed out one ghost at a time, in
 * order.  Where more than one follower may receive the ghost, the active
 * player chooses with a "haunt" decision; where exactly one may, it gets
 * the ghost without a question.  MIST-12 is checked after every ghost.
 */
#include "mist.h"

#include <string.h>

guint
mist_ghosts_on(const MistState *st, guint figure)
{
  for (guint i = 0; i < st->n_haunts; i++)
    if (st->haunts[i].figure == figure)
      return st->haunts[i].ghosts;
  return 0;
}

const MistPlacement *
mist_placement(MeepleGame *game, const MistIds *ids)
{
  MistState *st = mist_state(game, ids);
  guint turn = meeple_game_turn(game);
  if (st->placement_turn != turn) {
    MeeplePlacedTile t;
    if (meeple_game_current_tile(game, &t))
      mist_placement_analyse(game, &ids->sym, &t, &st->placement);
    else
      memset(&st->placement, 0, sizeof st->placement);
    st->placement_turn = turn;
  }
  return &st->placement;
}

void
mist_queue(MeepleGame *game, const MistIds *ids, guint count, MistGroup group,
           gboolean from_bank, const char *rule)
{
  MistState *st = mist_state(game, ids);
  if (count == 0)
    return;
  /* one step queues at most a few batches (one per mist area) */
  g_return_if_fail(st->n_batches < MIST_MAX_BATCHES);
  st->batches[st->n_batches++] = (MistBatch){
    .count = (guint8)count, .group = (guint8)group, .from_bank = from_bank,
    .chosen = -1, .rule = rule,
  };
}

/* MIST-10: followers of the batch's group on the board, never a neutral
 * figure (AMB-26). */
static guint
eligible(MeepleGame *game, const MistBatch *b, guint *out)
{
  const MeepleRules *rules = meeple_game_rules(game);
  int active = (int)meeple_game_active_player(game);
  guint n = 0;
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board || f.owner < 0 ||
        !meeple_rules_figure_type(rules, f.type)->is_follower)
      continue;
    gboolean ok;
    switch (b->group) {
    case MIST_TO_OWN:
      ok = f.owner == active;
      break;
    case MIST_TO_ONE_OPPONENT:
      ok = f.owner != active && (b->chosen < 0 || f.owner == b->chosen);
      break;
    default:
      ok = f.owner != active;
      break;
    }
    if (ok)
      out[n++] = i;
  }
  return n;
}

static MistHaunt *
haunt_of(MistState *st, guint figure)
{
  for (guint i = 0; i < st->n_haunts; i++)
    if (st->haunts[i].figure == figure)
      return &st->haunts[i];
  return NULL;
}

static void
ghost_lost(MeepleGame *game, const MistIds *ids, guint count,
           const char *rule)
{
  MeepleEvent *e = meeple_game_emit(game, ids->ghost_lost_event);
  e->player = (int8_t)meeple_game_active_player(game);
  e->arg = (int32_t)count;
  e->rule = rule;
}

/* Adds one ghost of batch @b to @figure; MIST-12 at the third. */
static void
give(MeepleGame *game, const MistIds *ids, MistBatch *b, guint figure)
{
  MistState *st = mist_state(game, ids);
  MeepleFigureInfo f = meeple_game_figure(game, figure);
  if (b->from_bank)
    st->bank--;
  b->count--;
  if (b->group == MIST_TO_ONE_OPPONENT)
    b->chosen = f.owner;
  MistHaunt *h = haunt_of(st, figure);
  if (!h) {
    /* at most 15 ghosts, so at most 15 haunted followers */
    h = &st->haunts[st->n_haunts++];
    *h = (MistHaunt){ .figure = (guint8)figure, .x = (gint16)f.x,
                      .y = (gint16)f.y, .segment = (guint8)f.segment };
  }
  h->ghosts++;
  MeepleEvent *e = meeple_game_emit(game, ids->ghost_added_event);
  e->player = (int8_t)f.owner;
  e->figure = (uint8_t)f.type;
  e->x = (int16_t)f.x;
  e->y = (int16_t)f.y;
  e->segment = (uint8_t)f.segment;
  e->arg = h->ghosts;
  e->rule = b->rule;
  /* MIST-12: back to the supply at once; the mist plugin's
   * FIGURE_REMOVED hook puts the ghosts into the bank (MIST-17) */
  if (h->ghosts >= MIST_GHOST_LIMIT)
    meeple_game_return_figure(game, figure, "MIST-12");
}

void
mist_run(MeepleGame *game, const MistIds *ids)
{
  MistState *st = mist_state(game, ids);
  guint targets[256]; /* figure indices fit a uint8 action field */
  g_return_if_fail(meeple_game_n_figures(game) <= G_N_ELEMENTS(targets));
  while (st->n_batches > 0) {
    MistBatch *b = &st->batches[0];
    if (b->count == 0) {
      memmove(st->batches, st->batches + 1,
              (st->n_batches - 1) * sizeof *st->batches);
      st->n_batches--;
      continue;
    }
    if (b->from_bank && st->bank == 0) {
      ghost_lost(game, ids, 1, "MIST-11");
      b->count--;
      continue;
    }
    guint n = eligible(game, b, targets);
    if (n == 0) {
      /* MIST-10, MIST-12, SC-09: nobody left to haunt; ghosts in hand go
       * back to the bank, bank ghosts stay there */
      if (!b->from_bank)
        st->bank += b->count;
      ghost_lost(game, ids, b->count, b->rule);
      b->count = 0;
      continue;
    }
    if (n == 1) {
      give(game, ids, b, targets[0]);
      continue;
    }
    MeepleAction *actions = g_new0(MeepleAction, n);
    for (guint i = 0; i < n; i++) {
      MeepleFigureInfo f = meeple_game_figure(game, targets[i]);
      actions[i] = (MeepleAction){
        .kind = (uint16_t)ids->haunt_action,
        .x = (int16_t)f.x, .y = (int16_t)f.y,
        .segment = (uint8_t)f.segment, .figure = (uint8_t)f.type,
        .arg = (uint8_t)targets[i],
      };
    }
    meeple_game_request_decision(game, ids->haunt_decision,
                                 meeple_game_active_player(game), actions, n);
    g_free(actions);
    return;
  }
}

void
mist_apply_haunt(MeepleGame *game, const MeepleAction *action,
                 const MistIds *ids)
{
  MistState *st = mist_state(game, ids);
  g_return_if_fail(st->n_batches > 0);
  give(game, ids, &st->batches[0], action->arg);
  mist_run(game, ids);
}

void
mist_take_from_follower(MeepleGame *game, const MistIds *ids, guint figure)
{
  MistState *st = mist_state(game, ids);
  MistHaunt *h = haunt_of(st, figure);
  g_return_if_fail(h && h->ghosts > 0);
  if (--h->ghosts == 0)
    *h = st->haunts[--st->n_haunts];
}

guint
mist_release_follower(MistState *st, guint figure, MistHaunt *where)
{
  MistHaunt *h = haunt_of(st, figure);
  if (!h)
    return 0;
  *where = *h;
  *h = st->haunts[--st->n_haunts];
  return where->ghosts;
}
