/* filter-figures.c — a FILTER hook asked only about figure placements
 * (meeple_rules_add_filter_hook_for(), ABI 2.3) that vetoes every action
 * it is asked about: tile placements must be as in the base game (it is
 * never asked about them), and no follower may be placed. */
#define FIXTURE_ID "filter-figures"
#include "fixture.h"

static gboolean
veto_all(MeepleGame *game, const MeepleAction *action,
         const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)game, (void)action, (void)ctx, (void)user_data;
  return FALSE;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  meeple_rules_add_filter_hook_for(
      rules, MEEPLE_PRIORITY_DEFAULT,
      MEEPLE_EFFECT_BIT(MEEPLE_EFFECT_PLACE_FIGURE), veto_all, NULL);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
