/* filter-scope.c — a FILTER hook with a scope (ABI 2.5) that vetoes
 * every action it is asked about, so what survives a list shows exactly
 * which actions the engine asked it about:
 *
 *   tile placements: only those at the cell (1, 0)   (MEEPLE_FILTER_SCOPE_CELL)
 *   figure decisions of odd turns: all but "pass"    (MEEPLE_FILTER_SCOPE_ALL)
 *   figure decisions of even turns: none             (MEEPLE_FILTER_SCOPE_NONE)
 */
#define FIXTURE_ID "filter-scope"
#include "fixture.h"

static void
scope(MeepleGame *game, guint decision, guint player,
      MeepleFilterScope *out, gpointer user_data)
{
  (void)player;
  (void)user_data;
  if (decision == MEEPLE_DECISION_PLACE_TILE)
    *out = (MeepleFilterScope){ MEEPLE_FILTER_SCOPE_CELL, 1, 0 };
  else if (meeple_game_turn(game) % 2 == 1)
    out->kind = MEEPLE_FILTER_SCOPE_ALL;
  else
    out->kind = MEEPLE_FILTER_SCOPE_NONE;
}

static gboolean
veto_all(MeepleGame *game, const MeepleAction *action,
         const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)game;
  (void)action;
  (void)ctx;
  (void)user_data;
  return FALSE;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  meeple_rules_add_filter_hook_scoped(rules, 0, G_MAXUINT32, scope, veto_all,
                                      NULL);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
