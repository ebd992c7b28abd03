/* hookfail.c — hooks that fail (ABI 2.2, meeple/plugin.h).
 *
 * A C hook cannot fail; a rule set run by a host can (a Lua script's
 * error, memory limit or instruction budget).  Its hook records the
 * failure on the game; meeple_game_apply() then puts back the copy of the
 * game it kept before the action, so a failing rule set refuses the
 * action and changes nothing (DESIGN invariant 5). */
#include "internal.h"

#include <string.h>

void
meeple_game_fail(MeepleGame *g, const GError *error)
{
  g_return_if_fail(error != NULL);
  if (!g->hook_error) /* the first failure is the one to tell */
    g->hook_error = g_error_new_literal(MEEPLE_ERROR, MEEPLE_ERROR_HOOK,
                                        error->message);
}

const GError *
meeple_game_failed(const MeepleGame *g)
{
  return g->hook_error;
}

void
meeple_rules_set_fallible(MeepleRules *rules)
{
  rules->fallible = TRUE;
}

gboolean
game_restore_on_failure(MeepleGame *g, MeepleGame *before, GError **error)
{
  if (!g->hook_error) {
    meeple_game_free(before);
    return TRUE;
  }
  g_propagate_error(error, g->hook_error);
  g->hook_error = NULL;
  /* Nothing points into the struct itself (its arrays live in @block
   * and on the heap), so the kept copy moves in whole. */
  game_clear(g);
  memcpy(g, before, sizeof *g);
  g_free(before);
  return FALSE;
}
