/* filter.c — a FILTER hook that vetoes: every tile placement west of the
 * start tile (x < 0), every placement of the crossroads X (so a drawn X
 * has no legal placement and leaves the game, BASE-06), every follower on
 * a city, and "pass" (which the engine must never let it veto). */
#define FIXTURE_ID "filter"
#include "fixture.h"

typedef struct {
  int x_tile;
} Filter;

static gboolean
veto(MeepleGame *game, const MeepleAction *action,
     const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)ctx;
  const Filter *f = user_data;
  MeeplePlacedTile tile;
  switch (action->kind) {
  case MEEPLE_ACTION_PLACE_TILE:
    return action->x >= 0 && (int)action->tile != f->x_tile;
  case MEEPLE_ACTION_PLACE_FIGURE:
    if (!meeple_game_tile_at(game, action->x, action->y, &tile))
      return FALSE;
    return meeple_rules_tile_type(meeple_game_rules(game), tile.type)
               ->segments[action->segment].kind != MEEPLE_KIND_CITY;
  default:
    return FALSE; /* "pass" included */
  }
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  Filter *f = g_new0(Filter, 1);
  meeple_rules_own(rules, f, g_free);
  f->x_tile = meeple_rules_find_tile_type(rules, "X");
  meeple_rules_add_filter_hook(rules, MEEPLE_PRIORITY_DEFAULT, veto, f);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
