/* princess-dragon.c — The Princess & the Dragon (RULES §3, PD-01..PD-25)
 * as a meepled plugin.
 *
 * First slice: the components only.  The plugin brings the 30 tiles of
 * data/tiles/princess-dragon.tiles (PD-01; the loader reads the file after
 * setup()) and the two neutral figures, the dragon and the fairy, which
 * start beside the board (PD-01, PD-19).  The tiles are placed and scored
 * under the normal rules (PD-02, PD-03, PD-04) and their symbols have no
 * effect yet.
 *
 * The rules themselves come in the next slices: the volcano and the
 * dragon (PD-05..PD-12), the princess (PD-13..PD-15), the magic portal
 * (PD-16..PD-18) and the fairy (PD-19..PD-24).
 */
#include <meeple/plugin.h>

/* What the hooks will need, resolved once per rules object: registration
 * indices depend on which other rule sets are enabled (doc/plugins.md), so
 * they are kept here and not in globals.  The next slices hand this struct
 * to their hooks as user_data. */
typedef struct {
  guint dragon;          /* neutral figure type "dragon" */
  guint fairy;           /* neutral figure type "fairy" */
} PrincessDragon;

static gboolean
pd_setup(MeepleRules *rules, GError **error)
{
  PrincessDragon *pd = g_new0(PrincessDragon, 1);
  meeple_rules_own(rules, pd, g_free);
  /* PD-01: one dragon, owned by nobody, beside the board at the start */
  int dragon = meeple_rules_add_neutral_figure_type(rules, "dragon", 1, error);
  if (dragon < 0)
    return FALSE;
  pd->dragon = (guint)dragon;
  /* PD-01, PD-19: one fairy, neutral, beside the board at the start */
  int fairy = meeple_rules_add_neutral_figure_type(rules, "fairy", 1, error);
  if (fairy < 0)
    return FALSE;
  pd->fairy = (guint)fairy;
  /* Nothing else yet: the hooks of PD-05 .. PD-24 come with the next
   * slices. */
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(
  .id = "princess-dragon",
  /* Said in the name, so that `meeple rules` and `meeple-sim rules` do
   * not offer an unfinished expansion as the real thing. */
  .name = "The Princess & the Dragon (tiles only: rules in progress)",
  .version = "1.0",
  .setup = pd_setup,
  .tiles = "princess-dragon.tiles",
);
