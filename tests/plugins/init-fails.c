/* init-fails.c — init() refuses with a GError: the plugin is skipped with
 * that message, and its exit() is never called (it never started).  Its
 * error domain is a G_DEFINE_QUARK, as GLib code usually has it: GLib
 * keeps a pointer to the quark's name in this module, so the loader must
 * never unmap it (the test loads it twice). */
#define FIXTURE_ID "init-fails"
#include "fixture.h"

#define FIXTURE_ERROR (fixture_error_quark())
static G_DEFINE_QUARK(meeple-fixture-init-fails-error, fixture_error)

static gboolean
init(GError **error)
{
  fixture_log("init %s", FIXTURE_ID);
  g_set_error_literal(error, FIXTURE_ERROR, 1,
                      "the fixture refuses to start");
  return FALSE;
}

/* priority 7: a skipped plugin still reports its descriptor's priority */
MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .init = init,
                     .exit = fixture_exit, .setup = fixture_setup,
                     .priority = 7);
