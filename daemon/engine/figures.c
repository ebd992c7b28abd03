/* figures.c — followers and other figures moving between the supplies and
 * the board (RULES BASE-01, BASE-11, BASE-19).
 *
 * A figure on the board stands on a placed tile (Figure.slot) and, unless
 * it is a neutral figure standing on the tile itself like the dragon, on one
 * segment of it (Figure.node).  Only followers on a segment count towards
 * their feature's occupancy (BASE-12). */
#include "internal.h"

static void
figure_event(MeepleGame *g, guint type, const Figure *f, const char *rule)
{
  const Placed *p = &g->placed[f->slot];
  MeepleEvent *e = game_event(g, type);
  e->player = f->owner;
  e->figure = f->type;
  e->x = p->x;
  e->y = p->y;
  e->tile = p->type;
  if (f->node != NO_NODE) {
    e->kind = g->nodes[f->node].kind;
    e->segment = g->nodes[f->node].segment;
  } else {
    e->segment = MEEPLE_SEGMENT_NONE;
  }
  e->rule = rule;
}

/* Sets where @f stands, keeping the occupancy counts right. */
static void
figure_set(MeepleGame *g, Figure *f, guint slot, guint node)
{
  if (figure_is_placed_follower(g, f))
    g->nodes[feature_find(g, f->node)].followers--;
  f->slot = (uint16_t)slot;
  f->node = (uint16_t)node;
  if (figure_is_placed_follower(g, f))
    g->nodes[feature_find(g, f->node)].followers++;
}

void
figure_place(MeepleGame *g, guint index, guint node, const char *rule)
{
  figure_move(g, index, g->nodes[node].slot, node, rule);
}

void
figure_move(MeepleGame *g, guint index, guint slot, guint node,
            const char *rule)
{
  Figure *f = &g->figures[index];
  g_assert(node == NO_NODE || g->nodes[node].slot == slot);
  gboolean from_supply = f->slot == NO_SLOT;
  if (from_supply && f->owner >= 0)
    (*supply_count(g, (guint)f->owner, f->type))--;
  figure_set(g, f, slot, node);
  figure_event(g, from_supply ? MEEPLE_EVENT_FIGURE_PLACED
                              : MEEPLE_EVENT_FIGURE_MOVED, f, rule);
}

void
figure_return(MeepleGame *g, guint index, const char *rule, gboolean scored)
{
  Figure *f = &g->figures[index];
  g_assert(f->slot != NO_SLOT);
  figure_event(g, MEEPLE_EVENT_FIGURE_RETURNED, f, rule);
  figure_set(g, f, NO_SLOT, NO_NODE);
  if (f->owner >= 0)
    (*supply_count(g, (guint)f->owner, f->type))++;
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FIGURE_REMOVED, &n);
  for (guint h = 0; h < n; h++)
    ((MeepleFigureHook)(void (*)(void))hooks[h].func)(
        g, index, rule, scored, hooks[h].user_data);
}
