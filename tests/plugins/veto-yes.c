/* veto-yes.c — a FILTER hook on the decisions other rule sets request
 * (plugin ABI 2.0): in any decision that is not the core's it vetoes
 * every action whose arg is 1 (the council's "vote 1"), and every action
 * at all when seat 2 decides, so that seat's decision is not asked.  It
 * reads only the filter context (decision kind, player). */
#define FIXTURE_ID "veto-yes"
#include "fixture.h"

static gboolean
veto(MeepleGame *game, const MeepleAction *action,
     const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)game;
  (void)user_data;
  if (ctx->decision < MEEPLE_DECISION_CORE_COUNT)
    return TRUE;
  return ctx->player != 2 && action->arg != 1;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  meeple_rules_add_filter_hook(rules, MEEPLE_PRIORITY_DEFAULT, veto, NULL);
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
