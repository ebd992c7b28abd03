/* no-version.c — a rule set without a version: game records could not
 * name what they were played with. */
#include <meeple/plugin.h>

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = "no-version", .setup = setup);
