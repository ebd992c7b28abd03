/* hookapi.c — what a plugin's hooks may do to a game (meeple/plugin.h).
 * Every change goes through the same core functions the base game uses,
 * so events, supplies and occupancy counts stay right. */
#include "internal.h"

#include <string.h>

static const int ring_dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
static const int ring_dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };

void
meeple_action_list_add(MeepleActionList *list, const MeepleAction *a)
{
  action_list_push(list, a);
}

void
meeple_action_list_append(MeepleActionList *list, const MeepleAction *actions,
                          gsize n)
{
  if (n == 0)
    return;
  action_list_reserve(list, n);
  memcpy(list->items + list->len, actions, n * sizeof *actions);
  list->len += n;
}

gboolean
meeple_game_current_tile(const MeepleGame *g, MeeplePlacedTile *tile)
{
  if (g->last_slot < 0)
    return FALSE;
  if (tile)
    *tile = meeple_game_placed(g, (guint)g->last_slot);
  return TRUE;
}

int
meeple_game_figure_feature(const MeepleGame *g, guint figure)
{
  g_return_val_if_fail(figure < g->n_figures, -1);
  if (g->figures[figure].node == NO_NODE)
    return -1;
  return (int)feature_find(g, g->figures[figure].node);
}

int
meeple_game_segment_feature(const MeepleGame *g, int x, int y, guint segment,
                            gboolean *completed, guint *followers)
{
  int slot = board_slot_at(g, x, y);
  if (slot < 0 || segment >= g->placed[slot].n_segments)
    return -1;
  guint root = feature_find(g, node_of(g, (guint)slot, segment));
  if (completed)
    *completed = feature_completed(g, root);
  /* the occupancy count figures.c keeps at the root (BASE-12) */
  if (followers)
    *followers = g->nodes[root].followers;
  return (int)root;
}

/* How meeple_game_list_segments() treats a kind: not asked for, asked
 * for, asked for and left out once finished, as kind_feature_end() says
 * (closed or surrounded). */
enum { LIST_SKIP, LIST_TAKE, LIST_TAKE_EDGE, LIST_TAKE_SURROUND };

guint
meeple_game_list_segments(const MeepleGame *g, const MeepleKindSet *kinds,
                          guint filter, MeepleSegmentRef *out, guint max)
{
  g_return_val_if_fail(kinds != NULL, 0);
  uint8_t how[256] = { 0 };
  for (guint k = 0; k < g->rules->kinds->len; k++) {
    if (!meeple_kind_set_has(kinds, k))
      continue;
    FeatureEnd end = kind_feature_end(rules_kind(g->rules, k));
    how[k] = !(filter & MEEPLE_SEGMENTS_UNFINISHED) ? LIST_TAKE
             : end == FEATURE_ENDS_CLOSED           ? LIST_TAKE_EDGE
             : end == FEATURE_ENDS_SURROUNDED       ? LIST_TAKE_SURROUND
                                                    : LIST_TAKE;
  }
  gboolean unoccupied = (filter & MEEPLE_SEGMENTS_UNOCCUPIED) != 0;
  guint n = 0;
  /* every node in order is every placed tile's segments in order
   * (features_add_tile() numbers them so); whether one is taken is
   * computed rather than branched on, which random boards mispredict */
  for (guint i = 0; i < g->n_nodes; i++) {
    const Node *node = &g->nodes[i];
    guint mode = how[node->kind];
    const Node *root = &g->nodes[node->parent]; /* feature_find() */
    gboolean finished =
        (mode == LIST_TAKE_EDGE && root->open == 0) |
        (mode == LIST_TAKE_SURROUND &&
         g->placed[root->slot].neighbours == 8);
    gboolean take = (mode != LIST_SKIP) & !finished &
                    !(unoccupied && root->followers);
    const Placed *p = &g->placed[node->slot];
    if (n < max)
      out[n] = (MeepleSegmentRef){ .x = p->x, .y = p->y,
                                   .segment = node->segment,
                                   .kind = node->kind,
                                   .feature = node->parent };
    n += take;
  }
  return n;
}

guint
meeple_game_figures_on_tile(const MeepleGame *g, int x, int y, guint *out,
                            guint max)
{
  int slot = board_slot_at(g, x, y);
  if (slot < 0)
    return 0;
  guint n = 0;
  for (guint i = 0; i < g->n_figures; i++)
    if (g->figures[i].slot == (guint)slot) {
      if (n < max)
        out[n] = i;
      n++;
    }
  return n;
}

int
meeple_game_neutral_figure(const MeepleGame *g, guint type)
{
  if (type < NEUTRAL_INDEXED)
    return g->neutral_of_type[type];
  /* meeple_game_new() puts the neutral figures after every player's */
  for (guint i = g->first_neutral; i < g->n_figures; i++)
    if (g->figures[i].type == type)
      return (int)i;
  return -1;
}

guint
meeple_game_seat_figures(const MeepleGame *g, guint seat, guint *first)
{
  /* meeple_game_new() gives every seat the same figures, seat by seat,
   * before the neutral ones */
  guint per_seat = g->n_players ? g->first_neutral / g->n_players : 0;
  if (first)
    *first = seat < g->n_players ? seat * per_seat : 0;
  return seat < g->n_players ? per_seat : 0;
}

guint
meeple_game_neighbours(const MeepleGame *g, int x, int y)
{
  guint n = 0;
  for (guint i = 0; i < 8; i++)
    n += board_slot_at(g, x + ring_dx[i], y + ring_dy[i]) >= 0;
  return n;
}

MeepleEvent *
meeple_game_emit(MeepleGame *g, guint type)
{
  return game_event(g, type);
}

MeepleEvent *
meeple_game_award(MeepleGame *g, guint player, int points, const char *rule)
{
  g_return_val_if_fail(player < g->n_players, NULL);
  g->score[player] += points;
  MeepleEvent *e = game_event(g, MEEPLE_EVENT_POINTS_SCORED);
  e->player = (int8_t)player;
  e->points = points;
  e->rule = rule;
  /* no place until the rule set gives one: clients then show none,
   * rather than the start tile's "0,0" */
  e->x = e->y = MEEPLE_EVENT_NO_CELL;
  e->segment = MEEPLE_SEGMENT_NONE;
  return e;
}

void
meeple_game_place_figure(MeepleGame *g, guint figure, int x, int y,
                         guint segment, const char *rule)
{
  g_return_if_fail(figure < g->n_figures &&
                   g->figures[figure].slot == NO_SLOT);
  int slot = board_slot_at(g, x, y);
  g_return_if_fail(slot >= 0 && segment < g->placed[slot].n_segments);
  figure_place(g, figure, node_of(g, (guint)slot, segment), rule);
}

void
meeple_game_move_figure(MeepleGame *g, guint figure, int x, int y,
                        guint segment, const char *rule)
{
  g_return_if_fail(figure < g->n_figures);
  int slot = board_slot_at(g, x, y);
  g_return_if_fail(slot >= 0 && (segment == MEEPLE_SEGMENT_NONE ||
                                 segment < g->placed[slot].n_segments));
  figure_move(g, figure, (guint)slot,
              segment == MEEPLE_SEGMENT_NONE
                  ? NO_NODE : node_of(g, (guint)slot, segment),
              rule);
}

void
meeple_game_return_figure(MeepleGame *g, guint figure, const char *rule)
{
  g_return_if_fail(figure < g->n_figures &&
                   g->figures[figure].slot != NO_SLOT);
  /* scored: the return is part of the scoring action being applied
   * (ABBOT-06, CIRCUS-14), as BASE-19's is part of the SCORE phase */
  figure_return(g, figure, rule, g->applying == MEEPLE_EFFECT_SCORE);
}

int
meeple_game_find_supply_figure(const MeepleGame *g, int player, guint type)
{
  for (guint i = 0; i < g->n_figures; i++) {
    const Figure *f = &g->figures[i];
    if (f->owner == player && f->type == type && f->slot == NO_SLOT)
      return (int)i;
  }
  return -1;
}

guint32
meeple_game_random_below(MeepleGame *g, guint32 bound)
{
  g_return_val_if_fail(bound > 0, 0);
  return prng_below(&g->prng, bound);
}

gboolean
meeple_game_request_decision(MeepleGame *g, guint kind, guint player,
                             const MeepleAction *actions, gsize n_actions)
{
  g_return_val_if_fail(kind < g->rules->decision_kinds->len &&
                       player < g->n_players && n_actions > 0, FALSE);
  if (g->has_decision) {
    g_critical("a plugin asked for a second decision while one is pending; "
               "ignored");
    return FALSE;
  }
  g->actions.len = 0;
  for (gsize i = 0; i < n_actions; i++)
    action_list_push(&g->actions, &actions[i]);
  /* A rule set's decision obeys every other rule set's restrictions, as
   * the core's do (DESIGN "Rule sets meet only through the engine"). */
  effects_filter(g, kind, player, &g->actions);
  if (g->actions.len == 0)
    return FALSE;
  g->has_decision = TRUE;
  g->decision.kind = kind;
  g->decision.player = player;
  g->decision.actions = g->actions.items;
  g->decision.n_actions = g->actions.len;
  return TRUE;
}

/* ---- set-aside tiles (RULES PD-08, AMB-07) -------------------------------- */

void
meeple_game_set_aside_tile(MeepleGame *g, guint type, const char *rule)
{
  g_return_if_fail(type < meeple_rules_n_tile_types(g->rules) &&
                   g->n_aside < g->cap_placed);
  g->aside[g->n_aside++] = (uint16_t)type;
  MeepleEvent *e = game_event(g, MEEPLE_EVENT_TILE_SET_ASIDE);
  e->player = (int8_t)g->active;
  e->tile = (uint16_t)type;
  e->rule = rule;
}

void
meeple_game_return_set_aside(MeepleGame *g, const char *rule)
{
  if (g->n_aside == 0)
    return;
  /* The set-aside tiles were drawn from the supply, so they fit back. */
  g_assert(g->supply_len + g->n_aside <= g->cap_placed);
  guint n = g->n_aside;
  for (guint i = 0; i < n; i++)
    g->supply[g->supply_len++] = g->aside[i];
  g->n_aside = 0;
  /* The whole supply is shuffled, as a bag would be, by the same
   * Fisher-Yates as at the start. */
  supply_shuffle(g);
  MeepleEvent *e = game_event(g, MEEPLE_EVENT_TILES_RETURNED);
  e->arg = (int32_t)n;
  e->rule = rule;
}

void
meeple_game_discard_set_aside(MeepleGame *g, const char *rule)
{
  for (guint i = 0; i < g->n_aside; i++) {
    MeepleEvent *e = game_event(g, MEEPLE_EVENT_TILE_DISCARDED);
    e->tile = g->aside[i];
    e->rule = rule;
  }
  g->n_discarded += g->n_aside;
  g->n_aside = 0;
}
