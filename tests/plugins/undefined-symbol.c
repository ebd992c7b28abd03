/* undefined-symbol.c — calls a function no library defines.  Linking a
 * shared object allows that; opening it with immediate binding must fail
 * with the dynamic linker's message, not crash later in a game. */
#define FIXTURE_ID "undefined-symbol"
#include "fixture.h"

/* Exists nowhere. */
extern void meeple_fixture_missing_function(void);

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  meeple_fixture_missing_function();
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
