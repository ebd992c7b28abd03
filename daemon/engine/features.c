/* features.c — features as an incremental union-find (RULES BASE-07..10).
 *
 * Every segment on the board is a node.  Placing a tile joins its segments
 * with the matching segments of its neighbours: roads and cities across
 * whole edges, fields across half-edges.  The root of a feature keeps its
 * count of unmatched edge ends, so a road or city is complete exactly when
 * that count reaches zero — no flood fill.  Every member points at its
 * root directly: a union relabels the members of the feature it
 * attaches.  Each feature also keeps a ring of its members (spliced in
 * O(1) on union) for the rare walks that need them: counting distinct
 * tiles and pennants when a feature is scored.
 */
#include "internal.h"

#include <string.h>

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

/* Joins the features of nodes @a and @b; @closed_ends is how many open
 * edge ends the join closes (2 for a matched road or city edge). */
static void
join(MeepleGame *g, guint a, guint b, guint closed_ends)
{
  guint ra = feature_find(g, a), rb = feature_find(g, b);
  Node *nodes = g->nodes;
  if (ra == rb) {
    nodes[ra].open = (uint16_t)(nodes[ra].open - closed_ends);
    return;
  }
  if (nodes[ra].rank < nodes[rb].rank) {
    guint tmp = ra;
    ra = rb;
    rb = tmp;
  }
  /* the root is chosen by rank, as it was when trees were deep, so that
   * features keep their ids (MeepleFeatureInfo.id); the attached members
   * all point at it */
  guint n = rb;
  do {
    nodes[n].parent = (uint16_t)ra;
    n = nodes[n].next;
  } while (n != rb);
  if (nodes[ra].rank == nodes[rb].rank)
    nodes[ra].rank++;
  nodes[ra].open = (uint16_t)(nodes[ra].open + nodes[rb].open - closed_ends);
  nodes[ra].followers = (uint8_t)(nodes[ra].followers + nodes[rb].followers);
  /* splice the two member rings into one */
  uint16_t next = nodes[ra].next;
  nodes[ra].next = nodes[rb].next;
  nodes[rb].next = next;
}

void
features_add_tile(MeepleGame *g, guint slot)
{
  Placed *p = &g->placed[slot];
  const MeepleTileType *type = rules_type(g->rules, p->type);
  const TileDerived *d = rules_derived(g->rules, p->type);
  g_assert(g->n_nodes + type->n_segments <= g->cap_nodes);
  p->node0 = (uint16_t)g->n_nodes;
  p->n_segments = type->n_segments;
  for (guint i = 0; i < type->n_segments; i++) {
    guint n = g->n_nodes + i;
    Node *node = &g->nodes[n];
    node->parent = node->next = (uint16_t)n;
    node->slot = (uint16_t)slot;
    node->segment = (uint8_t)i;
    node->kind = type->segments[i].kind;
    node->open = d->segment_open[i];
    node->followers = 0;
    node->rank = 0;
  }
  g->n_nodes += type->n_segments;

  for (guint s = 0; s < 4; s++) {
    int other = board_slot_at(g, p->x + dx[s], p->y + dy[s]);
    if (other < 0)
      continue;
    const Placed *q = &g->placed[other];
    const TileDerived *qd = rules_derived(g->rules, q->type);
    guint os = (s + 2) & 3;
    int a = d->side_segment[unrot_side(s, p->rotation)];
    int b = qd->side_segment[unrot_side(os, q->rotation)];
    if (a >= 0 && b >= 0)
      join(g, p->node0 + (guint)a, q->node0 + (guint)b, 2);
    for (guint h = 2 * s; h < 2 * s + 2; h++) {
      int fa = d->half_segment[unrot_half(h, p->rotation)];
      int fb = qd->half_segment[unrot_half(partner_half(h), q->rotation)];
      if (fa >= 0 && fb >= 0)
        join(g, p->node0 + (guint)fa, q->node0 + (guint)fb, 0);
    }
  }
}

guint
feature_tiles(const MeepleGame *g, guint root, int *first_x, int *first_y)
{
  /* A feature may hold two segments of one tile (a road loop through a
   * crossing, a city joining both caps of H); it counts once (BASE-07). */
  guint64 stack_seen[16];
  gsize words = (g->cap_placed + 63) / 64;
  guint64 *seen = words <= G_N_ELEMENTS(stack_seen) ? stack_seen
                                                    : g_new(guint64, words);
  memset(seen, 0, words * sizeof(guint64));
  guint tiles = 0;
  int fx = G_MAXINT, fy = G_MAXINT;
  guint n = root;
  do {
    guint slot = g->nodes[n].slot;
    if (!(seen[slot / 64] & (G_GUINT64_CONSTANT(1) << (slot % 64)))) {
      seen[slot / 64] |= G_GUINT64_CONSTANT(1) << (slot % 64);
      tiles++;
      const Placed *p = &g->placed[slot];
      if (p->y < fy || (p->y == fy && p->x < fx)) {
        fx = p->x;
        fy = p->y;
      }
    }
    n = g->nodes[n].next;
  } while (n != root);
  if (seen != stack_seen)
    g_free(seen);
  if (first_x)
    *first_x = fx;
  if (first_y)
    *first_y = fy;
  return tiles;
}

guint
feature_pennants(const MeepleGame *g, guint root)
{
  guint pennants = 0, n = root;
  do {
    const Node *node = &g->nodes[n];
    const MeepleTileType *t = rules_type(g->rules, g->placed[node->slot].type);
    pennants += t->segments[node->segment].pennants;
    n = node->next;
  } while (n != root);
  return pennants;
}

gboolean
feature_completed(const MeepleGame *g, guint root)
{
  const Node *node = &g->nodes[root];
  switch (kind_feature_end(rules_kind(g->rules, node->kind))) {
  case FEATURE_ENDS_CLOSED:
    return node->open == 0;
  case FEATURE_ENDS_SURROUNDED:
    return surround_neighbours(g, node->slot) == 8;
  default:
    return FALSE;
  }
}
