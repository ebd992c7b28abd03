/* figures.c — followers and other figures moving between the supplies and
 * the board (RULES BASE-01, BASE-11, BASE-19). */
#include "internal.h"

static gboolean
counts_as_follower(const MeepleGame *g, guint type)
{
  return meeple_rules_figure_type(g->rules, type)->is_follower;
}

static void
figure_event(MeepleGame *g, guint type, const Figure *f, const char *rule)
{
  const Node *node = &g->nodes[f->node];
  const Placed *p = &g->placed[node->slot];
  MeepleEvent *e = game_event(g, type);
  e->player = f->owner;
  e->figure = f->type;
  e->kind = node->kind;
  e->x = p->x;
  e->y = p->y;
  e->tile = p->type;
  e->segment = node->segment;
  e->rule = rule;
}

void
figure_place(MeepleGame *g, guint index, guint node, const char *rule)
{
  Figure *f = &g->figures[index];
  g_assert(f->node == NO_NODE);
  f->node = (uint16_t)node;
  if (counts_as_follower(g, f->type))
    g->nodes[feature_find(g, node)].followers++;
  if (f->owner >= 0)
    (*supply_count(g, (guint)f->owner, f->type))--;
  figure_event(g, MEEPLE_EVENT_FIGURE_PLACED, f, rule);
}

void
figure_return(MeepleGame *g, guint index, const char *rule)
{
  Figure *f = &g->figures[index];
  g_assert(f->node != NO_NODE);
  figure_event(g, MEEPLE_EVENT_FIGURE_RETURNED, f, rule);
  if (counts_as_follower(g, f->type))
    g->nodes[feature_find(g, f->node)].followers--;
  if (f->owner >= 0)
    (*supply_count(g, (guint)f->owner, f->type))++;
  f->node = NO_NODE;
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FIGURE_REMOVED, &n);
  for (guint h = 0; h < n; h++)
    ((MeepleFigureHook)(void (*)(void))hooks[h].func)(g, index, rule,
                                                       hooks[h].user_data);
}
