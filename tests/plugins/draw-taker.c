/* draw-taker.c — a DRAW hook that takes every V tile out of play
 * (MEEPLE_HOOK_STOP), as a set-aside rule would; the player draws again.
 * Each tile taken emits "tile-taken" and is counted in a slot. */
#define FIXTURE_ID "draw-taker"
#include "fixture.h"

typedef struct {
  int v_tile;      /* tile type "V", or -1 */
  guint event;
  guint slot;
} DrawTaker;

static MeepleHookResult
take_v(MeepleGame *game, guint tile, gpointer user_data)
{
  const DrawTaker *dt = user_data;
  if ((int)tile != dt->v_tile)
    return MEEPLE_HOOK_CONTINUE;
  guint *taken = meeple_game_slot(game, dt->slot);
  (*taken)++;
  MeepleEvent *e = meeple_game_emit(game, dt->event);
  e->player = (int8_t)meeple_game_active_player(game);
  e->tile = (uint16_t)tile;
  e->arg = (int32_t)*taken;
  e->rule = "FIXTURE-DRAW";
  return MEEPLE_HOOK_STOP;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  DrawTaker *dt = g_new0(DrawTaker, 1);
  meeple_rules_own(rules, dt, g_free);
  dt->v_tile = meeple_rules_find_tile_type(rules, "V");
  int event = meeple_rules_add_event_type(rules, "tile-taken", error);
  if (event < 0)
    return FALSE;
  dt->event = (guint)event;
  MeepleSlotClass klass = { .size = sizeof(guint) };
  dt->slot = meeple_rules_add_slot(rules, &klass, NULL);
  meeple_rules_add_draw_hook(rules, MEEPLE_PRIORITY_DEFAULT, take_v, dt);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
