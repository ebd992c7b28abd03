/* setup-fails.c — init() succeeds but setup() refuses: the loader's trial
 * build fails, the plugin is skipped and its exit() runs at once. */
#define FIXTURE_ID "setup-fails"
#include "fixture.h"

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  fixture_log("setup %s", FIXTURE_ID);
  /* not g_quark_from_static_string() nor G_DEFINE_QUARK: GLib would
   * keep a pointer into this module after it is unloaded */
  g_set_error_literal(error, g_quark_from_string("fixture"), 1,
                      "the fixture cannot set up");
  return FALSE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0",
                     .init = fixture_init, .exit = fixture_exit,
                     .setup = setup);
