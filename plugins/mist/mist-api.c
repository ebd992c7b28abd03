/* mist-api.c — the MistApi table (mist-api.h) the mist rule set publishes
 * for Spell Circles and any later rule set that builds on the mist.
 *
 * Each rules object gets its own table, because the functions need what
 * the mist registered in that object (MistIds); the table is the first
 * member of a MistProvided, so a function finds its MistIds from the
 * table it is called with. */
#include "mist.h"

typedef struct {
  MistApi api;             /* first: a MistApi * is a MistProvided * */
  const MistIds *ids;
} MistProvided;

static const MistIds *
ids_of(const MistApi *api)
{
  return ((const MistProvided *)(const void *)api)->ids;
}

static MistState *
api_state(const MistApi *api, MeepleGame *game)
{
  return mist_state(game, ids_of(api));
}

static const MistState *
api_state_const(const MistApi *api, const MeepleGame *game)
{
  return meeple_game_slot_const(game, ids_of(api)->slot);
}

static const MistPlacement *
api_placement(const MistApi *api, MeepleGame *game)
{
  return mist_placement(game, ids_of(api));
}

static void
api_queue(const MistApi *api, MeepleGame *game, guint count, MistGroup group,
          gboolean from_bank, const char *rule)
{
  mist_queue(game, ids_of(api), count, group, from_bank, rule);
}

static void
api_run(const MistApi *api, MeepleGame *game)
{
  mist_run(game, ids_of(api));
}

static void
api_take_from_follower(const MistApi *api, MeepleGame *game, guint figure)
{
  mist_take_from_follower(game, ids_of(api), figure);
}

static guint
api_area_circles(const MistApi *api, const MeepleTileType *type, guint area)
{
  return mist_area_circles(&ids_of(api)->sym, type, area);
}

static int
api_area_circle_segment(const MistApi *api, const MeepleTileType *type,
                        guint area)
{
  return mist_area_circle_segment(&ids_of(api)->sym, type, area);
}

static guint
api_tile_areas(const MistApi *api, const MeepleTileType *type)
{
  return mist_tile_areas(&ids_of(api)->sym, type);
}

static guint
api_tile_area_sets(const MistApi *api, const MeepleGame *game, int x, int y,
                   guint areas, MistArea *out)
{
  return mist_tile_area_sets(game, &ids_of(api)->sym, x, y, areas, out);
}

static void
api_area_collect(const MistApi *api, const MeepleGame *game, MistNode start,
                 MistArea *area)
{
  mist_area_collect(game, &ids_of(api)->sym, start, area);
}

gboolean
mist_api_provide(MeepleRules *rules, const MistIds *ids, GError **error)
{
  MistProvided *p = g_new0(MistProvided, 1);
  meeple_rules_own(rules, p, g_free);
  p->ids = ids;
  p->api = (MistApi){
    .state = api_state,
    .state_const = api_state_const,
    .placement = api_placement,
    .queue = api_queue,
    .run = api_run,
    .take_from_follower = api_take_from_follower,
    .ghosts_on = mist_ghosts_on,
    .area_circles = api_area_circles,
    .area_circle_segment = api_area_circle_segment,
    .tile_areas = api_tile_areas,
    .tile_area_sets = api_tile_area_sets,
    .area_collect = api_area_collect,
    .area_clear = mist_area_clear,
    .area_contains = mist_area_contains,
  };
  return meeple_rules_provide_api(rules, MIST_API_NAME, MIST_API_MAJOR,
                                  MIST_API_MINOR, &p->api, sizeof p->api,
                                  error);
}
