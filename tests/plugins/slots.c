/* slots.c — per-game state in slots (DESIGN invariant 3).  Slot 0 owns
 * heap memory (init allocates, copy duplicates, clear frees) and counts
 * the calls; slot 1 is plain bytes.  A TURN_START hook counts turns in
 * both, so a game that plays on changes its own state only. */
#define FIXTURE_ID "slots"
#include "fixture.h"
#include "slots.h"

static guint n_init, n_copy, n_clear;

G_MODULE_EXPORT void fixture_slots_counts(guint *init, guint *copy,
                                          guint *clear);

G_MODULE_EXPORT void
fixture_slots_counts(guint *init, guint *copy, guint *clear)
{
  *init = n_init;
  *copy = n_copy;
  *clear = n_clear;
}

typedef struct {
  guint deep, flat;
} Slots;

static void
deep_init(MeepleGame *game, gpointer state, gpointer user_data)
{
  (void)game;
  (void)user_data;
  SlotsDeep *s = state;
  g_assert(s->magic == 0 && s->turns == NULL); /* handed over zeroed */
  s->magic = SLOTS_MAGIC;
  s->turns = g_new0(int, 1);
  n_init++;
}

static void
deep_copy(gpointer dst, gconstpointer src, gpointer user_data)
{
  (void)user_data;
  SlotsDeep *d = dst;
  const SlotsDeep *s = src;
  g_assert(d->turns == s->turns); /* a byte copy first */
  d->turns = g_memdup2(s->turns, sizeof *s->turns);
  n_copy++;
}

static void
deep_clear(gpointer state, gpointer user_data)
{
  (void)user_data;
  SlotsDeep *s = state;
  g_assert(s->magic == SLOTS_MAGIC);
  g_free(s->turns);
  s->turns = NULL;
  n_clear++;
}

static MeepleHookResult
count_turn(MeepleGame *game, gpointer user_data)
{
  const Slots *sl = user_data;
  SlotsDeep *deep = meeple_game_slot(game, sl->deep);
  SlotsFlat *flat = meeple_game_slot(game, sl->flat);
  (*deep->turns)++;
  flat->turns++;
  return MEEPLE_HOOK_CONTINUE;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  Slots *sl = g_new0(Slots, 1);
  meeple_rules_own(rules, sl, g_free);
  static const MeepleSlotClass deep = {
    .size = sizeof(SlotsDeep),
    .init = deep_init,
    .copy = deep_copy,
    .clear = deep_clear,
  };
  static const MeepleSlotClass flat = { .size = sizeof(SlotsFlat) };
  sl->deep = meeple_rules_add_slot(rules, &deep, NULL);
  sl->flat = meeple_rules_add_slot(rules, &flat, NULL);
  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_TURN_START,
                              MEEPLE_PRIORITY_DEFAULT, count_turn, sl);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
