/* slots.c — per-game plugin state (DESIGN invariant 3: expansions never
 * add fields to core structs).  Each registered slot is one zeroed
 * allocation per game; clones copy it, bytes first, then the slot's own
 * copy function for anything it points to. */
#include "internal.h"

#include <string.h>

static const SlotDef *
slot_def(const MeepleRules *rules, guint i)
{
  return &g_array_index(rules->slots, SlotDef, i);
}

void
slots_new(MeepleGame *g)
{
  g->n_slots = g->rules->slots->len;
  if (!g->n_slots)
    return;
  g->slots = g_new0(gpointer, g->n_slots);
  for (guint i = 0; i < g->n_slots; i++) {
    const SlotDef *d = slot_def(g->rules, i);
    g->slots[i] = g_malloc0(MAX(d->klass.size, 1));
    if (d->klass.init)
      d->klass.init(g, g->slots[i], d->user_data);
  }
}

void
slots_clone(MeepleGame *dst, const MeepleGame *src)
{
  dst->slots = NULL;
  if (!src->n_slots)
    return;
  dst->slots = g_new0(gpointer, src->n_slots);
  for (guint i = 0; i < src->n_slots; i++) {
    const SlotDef *d = slot_def(src->rules, i);
    dst->slots[i] = g_memdup2(src->slots[i], MAX(d->klass.size, 1));
    if (d->klass.copy)
      d->klass.copy(dst->slots[i], src->slots[i], d->user_data);
  }
}

void
slots_free(MeepleGame *g)
{
  for (guint i = 0; i < g->n_slots; i++) {
    const SlotDef *d = slot_def(g->rules, i);
    if (d->klass.clear)
      d->klass.clear(g->slots[i], d->user_data);
    g_free(g->slots[i]);
  }
  g_free(g->slots);
  g->slots = NULL;
  g->n_slots = 0;
}

gpointer
meeple_game_slot(MeepleGame *g, guint slot)
{
  g_return_val_if_fail(slot < g->n_slots, NULL);
  return g->slots[slot];
}

gconstpointer
meeple_game_slot_const(const MeepleGame *g, guint slot)
{
  g_return_val_if_fail(slot < g->n_slots, NULL);
  return g->slots[slot];
}
