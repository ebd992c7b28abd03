/* scoring.c — scoring features during the game and at the end
 * (RULES BASE-14..19, BASE-22..25). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  guint root;
  int group;
  int first_x, first_y;
  guint kind;
} Scorable;

static int
compare_scorable(const void *pa, const void *pb)
{
  /* BASE-25: by type group, then first tile in reading order; kind and
   * node only make the order total. */
  const Scorable *a = pa, *b = pb;
  if (a->group != b->group)
    return a->group < b->group ? -1 : 1;
  if (a->first_y != b->first_y)
    return a->first_y < b->first_y ? -1 : 1;
  if (a->first_x != b->first_x)
    return a->first_x < b->first_x ? -1 : 1;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  return a->root < b->root ? -1 : (a->root > b->root);
}

static void
add_scorable(MeepleGame *g, Scorable *list, guint *n, guint root)
{
  for (guint i = 0; i < *n; i++)
    if (list[i].root == root)
      return;
  Scorable *s = &list[(*n)++];
  s->root = root;
  s->kind = g->nodes[root].kind;
  s->group = rules_kind(g->rules, s->kind)->score_group;
  feature_tiles(g, root, &s->first_x, &s->first_y);
}

/* Completed cities bordering the field @root (BASE-23). */
static guint
field_cities(MeepleGame *g, guint root)
{
  guint cities[256];
  guint n_cities = 0, n = root;
  do {
    const Node *node = &g->nodes[n];
    const Placed *p = &g->placed[node->slot];
    uint16_t borders =
        rules_type(g->rules, p->type)->segments[node->segment].borders;
    for (guint j = 0; borders; j++, borders >>= 1) {
      if (!(borders & 1))
        continue;
      guint city = feature_find(g, p->node0 + j);
      if (!feature_completed(g, city))
        continue;
      guint k;
      for (k = 0; k < n_cities && cities[k] != city; k++)
        ;
      if (k == n_cities && n_cities < G_N_ELEMENTS(cities))
        cities[n_cities++] = city;
    }
    n = node->next;
  } while (n != root);
  return n_cities;
}

/* Value of the feature at @root and the rule that gives it. */
static int
feature_value(MeepleGame *g, guint root, gboolean final, const char **rule)
{
  const Node *node = &g->nodes[root];
  switch (node->kind) {
  case MEEPLE_KIND_ROAD:
    *rule = final ? "BASE-22" : "BASE-16";
    return (int)feature_tiles(g, root, NULL, NULL);
  case MEEPLE_KIND_CITY: {
    int size = (int)(feature_tiles(g, root, NULL, NULL) +
                     feature_pennants(g, root));
    *rule = final ? "BASE-22" : "BASE-17";
    return final ? size : 2 * size;
  }
  case MEEPLE_KIND_FIELD:
    *rule = "BASE-23";
    return 3 * (int)field_cities(g, root);
  default:
    break;
  }
  if (rules_kind(g->rules, node->kind)->shape == MEEPLE_SHAPE_SURROUND) {
    /* monastery, and garden (scored like one, ABBOT-02) */
    *rule = final ? "BASE-22" : "BASE-18";
    return final ? 1 + (int)surround_neighbours(g, node->slot) : 9;
  }
  *rule = NULL;
  return 0;
}

static void
feature_event(MeepleGame *g, MeepleEvent *e, guint root)
{
  const Node *node = &g->nodes[root];
  const Placed *p = &g->placed[node->slot];
  e->kind = node->kind;
  e->x = p->x;
  e->y = p->y;
  e->tile = p->type;
  e->segment = node->segment;
}

/* Runs the feature hooks of @point on @score. */
static void
run_feature_hooks(MeepleGame *g, MeepleHookPoint point,
                  MeepleFeatureScore *score)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, point, &n);
  for (guint h = 0; h < n; h++)
    if (((MeepleFeatureHook)(void (*)(void))hooks[h].func)(
            g, score, hooks[h].user_data) == MEEPLE_HOOK_STOP)
      break;
}

/* Scores one feature: majority (BASE-14) gets its value; during the game
 * its followers then go home (BASE-19).  Rule sets change the value and
 * add bonuses through the feature hooks (RULES §0.4 S2). */
static void
score_feature(MeepleGame *g, guint root, gboolean final)
{
  if (!final) {
    MeepleEvent *e = game_event(g, MEEPLE_EVENT_FEATURE_COMPLETED);
    feature_event(g, e, root);
    e->arg = (int32_t)feature_tiles(g, root, NULL, NULL);
    e->rule = rules_kind(g->rules, e->kind)->completion_rule;
  }
  if (g->nodes[root].followers == 0)
    return; /* BASE-15: nobody scores an empty feature */

  MeepleFeatureScore fs = { .feature = root, .final = final };
  guint best = 0;
  for (guint i = 0; i < g->n_figures; i++) {
    const Figure *f = &g->figures[i];
    if (!figure_is_placed_follower(g, f) || feature_find(g, f->node) != root)
      continue;
    if (++fs.followers[f->owner] > best)
      best = fs.followers[f->owner];
  }
  for (guint p = 0; p < g->n_players; p++)
    if (best > 0 && fs.followers[p] == best)
      fs.winners |= 1u << p;
  const Node *node = &g->nodes[root];
  fs.kind = node->kind;
  fs.tiles = feature_tiles(g, root, &fs.x, &fs.y);
  /* the segment of the feature on its first tile in reading order */
  guint n = root;
  do {
    const Placed *p = &g->placed[g->nodes[n].slot];
    if (p->x == fs.x && p->y == fs.y) {
      fs.segment = g->nodes[n].segment;
      break;
    }
    n = g->nodes[n].next;
  } while (n != root);
  fs.value = feature_value(g, root, final, &fs.rule);
  run_feature_hooks(g, MEEPLE_HOOK_FEATURE_VALUE, &fs);
  for (guint p = 0; p < g->n_players; p++) {
    /* a field next to no completed city is worth nothing: no event */
    if (!(fs.winners & (1u << p)) || fs.value == 0)
      continue;
    g->score[p] += fs.value;
    MeepleEvent *e = game_event(g, MEEPLE_EVENT_POINTS_SCORED);
    feature_event(g, e, root);
    e->player = (int8_t)p;
    e->points = fs.value;
    e->rule = fs.rule;
  }
  run_feature_hooks(g, MEEPLE_HOOK_FEATURE_SCORED, &fs);
  if (final)
    return; /* figures stay on the board after the last scoring */
  /* BASE-19 returns followers; a neutral figure on the feature (the
   * fairy, PD-24) stays unless its own rule set moves it. */
  for (guint i = 0; i < g->n_figures; i++) {
    const Figure *f = &g->figures[i];
    if (figure_is_placed_follower(g, f) && feature_find(g, f->node) == root)
      figure_return(g, i, "BASE-19", TRUE);
  }
  run_feature_hooks(g, MEEPLE_HOOK_FEATURE_DONE, &fs);
}

void
scoring_after_turn(MeepleGame *g)
{
  if (g->last_slot < 0)
    return;
  guint slot = (guint)g->last_slot;
  const Placed *p = &g->placed[slot];
  Scorable list[MEEPLE_MAX_SEGMENTS * 9];
  guint n = 0;
  /* BASE-15: what this turn's tile completed: its roads and cities ... */
  for (guint i = 0; i < p->n_segments; i++) {
    guint root = feature_find(g, p->node0 + i);
    const Node *node = &g->nodes[root];
    if (rules_kind(g->rules, node->kind)->shape == MEEPLE_SHAPE_EDGE &&
        node->open == 0)
      add_scorable(g, list, &n, root);
  }
  /* ... and the monasteries (gardens) in its 3x3 area. */
  for (int y = p->y - 1; y <= p->y + 1; y++)
    for (int x = p->x - 1; x <= p->x + 1; x++) {
      int s = board_slot_at(g, x, y);
      if (s < 0)
        continue;
      const Placed *q = &g->placed[s];
      if (!rules_derived(g->rules, q->type)->has_surround ||
          surround_neighbours(g, (guint)s) != 8)
        continue;
      for (guint i = 0; i < q->n_segments; i++) {
        guint node = q->node0 + i;
        const MeepleKind *k = rules_kind(g->rules, g->nodes[node].kind);
        if (k->shape == MEEPLE_SHAPE_SURROUND && k->is_feature)
          add_scorable(g, list, &n, node);
      }
    }
  if (n > 1) /* most turns score nothing or one feature */
    qsort(list, n, sizeof *list, compare_scorable);
  for (guint i = 0; i < n; i++)
    score_feature(g, list[i].root, FALSE);
}

void
scoring_final_features(MeepleGame *g)
{
  /* Every feature still holding a follower: unfinished roads, cities and
   * monasteries (BASE-22) and fields with farmers (BASE-23). */
  Scorable *list = g_new(Scorable, g->n_figures + 1);
  guint n = 0;
  for (guint i = 0; i < g->n_figures; i++) {
    const Figure *f = &g->figures[i];
    if (!figure_is_placed_follower(g, f))
      continue;
    guint root = feature_find(g, f->node);
    if (g->nodes[root].kind == MEEPLE_KIND_FIELD && g->config.no_farmers)
      continue;
    /* A spot (a circus acrobat space) is never a feature: its own rule
     * set scores what stands there (CIRCUS-16). */
    if (rules_kind(g->rules, g->nodes[root].kind)->shape == MEEPLE_SHAPE_SPOT)
      continue;
    add_scorable(g, list, &n, root);
  }
  if (n > 1) /* most turns score nothing or one feature */
    qsort(list, n, sizeof *list, compare_scorable);
  for (guint i = 0; i < n; i++)
    score_feature(g, list[i].root, TRUE);
  g_free(list);
}

/* BASE-24: the highest score wins; a tie gives several winners. */
void
scoring_winner(MeepleGame *g)
{
  int top = G_MININT;
  for (guint p = 0; p < g->n_players; p++)
    top = MAX(top, g->score[p]);
  game_event(g, MEEPLE_EVENT_GAME_OVER);
  for (guint p = 0; p < g->n_players; p++) {
    if (g->score[p] != top)
      continue;
    MeepleEvent *e = game_event(g, MEEPLE_EVENT_WINNER);
    e->player = (int8_t)p;
    e->points = top;
    e->rule = "BASE-24";
  }
}
