/* pd-methods.c — The Princess & the Dragon's interface (pd-api.h)
 * described as methods (meeple_rules_describe_api(), ABI 2.3), so that
 * hosts bind it without knowing this plugin: a Lua rule set calls
 * rules:api("princess-dragon"):turn_points(game, seat) through the Lua
 * host's generic binding.  Each method calls the published table, the
 * same one C dependants use, after checking what the table's functions
 * assume (a seat that exists, a known guard). */
#include <string.h>

#include <meeple/error.h>

#include "pd-api.h"
#include "pd-methods.h"

static gboolean
dragon_in_play(gconstpointer table, const MeepleGame *game,
               const MeepleValue *args, MeepleValue *result, GError **error)
{
  (void)args;
  (void)error;
  const PdApi *api = table;
  *result = (MeepleValue){ .type = MEEPLE_VALUE_BOOL,
                           .b = api->dragon_in_play(api, game) };
  return TRUE;
}

static gboolean
fairy_follower(gconstpointer table, const MeepleGame *game,
               const MeepleValue *args, MeepleValue *result, GError **error)
{
  (void)args;
  (void)error;
  const PdApi *api = table;
  int f = api->fairy_follower(api, game);
  if (f >= 0)
    *result = (MeepleValue){ .type = MEEPLE_VALUE_INT, .i = f };
  return TRUE;
}

static gboolean
turn_points(gconstpointer table, const MeepleGame *game,
            const MeepleValue *args, MeepleValue *result, GError **error)
{
  const PdApi *api = table;
  gint64 seat = args[0].i;
  if (seat < 0 || seat >= meeple_game_n_players(game)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET, "no seat %"
                G_GINT64_FORMAT, seat);
    return FALSE;
  }
  *result = (MeepleValue){ .type = MEEPLE_VALUE_INT,
                           .i = api->turn_points(api, game, (guint)seat) };
  return TRUE;
}

static gboolean
set_turn_points(gconstpointer table, const MeepleGame *game,
                const MeepleValue *args, MeepleValue *result, GError **error)
{
  (void)game;
  (void)result;
  const PdApi *api = table;
  if (args[0].i < 0 || args[0].i > 100) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "turn points must be 0..100, not %" G_GINT64_FORMAT,
                args[0].i);
    return FALSE;
  }
  api->set_turn_points(api, (guint)args[0].i);
  return TRUE;
}

static gboolean
set_fairy_guard(gconstpointer table, const MeepleGame *game,
                const MeepleValue *args, MeepleValue *result, GError **error)
{
  (void)game;
  (void)result;
  const PdApi *api = table;
  const char *guard = args[0].s;
  if (strcmp(guard, "tile") == 0) {
    api->set_fairy_guard(api, PD_FAIRY_GUARDS_TILE);
  } else if (strcmp(guard, "figures") == 0) {
    api->set_fairy_guard(api, PD_FAIRY_GUARDS_FIGURES);
  } else {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RULESET,
                "the fairy guards \"tile\" or \"figures\", not \"%s\"",
                guard);
    return FALSE;
  }
  return TRUE;
}

static const MeepleApiMethod methods[] = {
  { "dragon_in_play", "whether the dragon stands on the board (PD-05)",
    dragon_in_play, TRUE, FALSE, 0, { 0 }, MEEPLE_VALUE_BOOL },
  { "fairy_follower", "the figure the fairy is attached to (PD-21), or "
    "nothing", fairy_follower, TRUE, FALSE, 0, { 0 }, MEEPLE_VALUE_INT },
  { "turn_points", "the points the fairy would give a seat if its turn "
    "started now (PD-22, X-08)", turn_points, TRUE, FALSE, 1,
    { MEEPLE_VALUE_INT }, MEEPLE_VALUE_INT },
  { "set_turn_points", "setting: the fairy's turn points, 0..100 (PD-22; "
    "1 by default)", set_turn_points, FALSE, TRUE, 1, { MEEPLE_VALUE_INT },
    MEEPLE_VALUE_NONE },
  { "set_fairy_guard", "setting: what the fairy keeps from the dragon, "
    "\"tile\" (PD-23, the default) or \"figures\"", set_fairy_guard, FALSE,
    TRUE, 1, { MEEPLE_VALUE_STRING }, MEEPLE_VALUE_NONE },
};

gboolean
pd_describe_api(MeepleRules *rules, GError **error)
{
  return meeple_rules_describe_api(rules, PD_API_NAME, methods,
                                   G_N_ELEMENTS(methods), error);
}
