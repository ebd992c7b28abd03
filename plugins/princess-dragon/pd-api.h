/* pd-api.h — the interface The Princess & the Dragon (RULES §3,
 * plugins/princess-dragon) publishes for rule sets that build on it: the
 * house rules of RULES PD-25 (plugins/lua/rulesets/pd-house-*.lua,
 * doc/princess-dragon.md "House rules (PD-25)") and any later one.
 *
 * The plugin registers a PdApi table as interface "princess-dragon"
 * (PD_API_NAME) with meeple_rules_provide_api(); a dependant looks it up
 * with MEEPLE_USE_API(rules, PD_API_NAME, PD_API_MAJOR, PD_API_MINOR,
 * PdApi, error), and Lua rule sets with rules:api("princess-dragon"):
 * pd-methods.c describes this table as methods (ABI 2.3), which the Lua
 * host binds.  The table answers questions about one game and
 * holds two settings a dependant may change while it is set up; the
 * plugin knows no house rule, only these settings.
 *
 * Versioning: the major changes with anything a dependant could notice;
 * a minor only appends members to PdApi.
 */
#ifndef MEEPLE_PD_API_H
#define MEEPLE_PD_API_H

#include <meeple/plugin.h>

G_BEGIN_DECLS

#define PD_API_NAME "princess-dragon"
#define PD_API_MAJOR 1
#define PD_API_MINOR 0

/* What the fairy keeps from the dragon (PD-23). */
typedef enum {
  /* PD-23: the dragon never enters the fairy's tile (the default) */
  PD_FAIRY_GUARDS_TILE = 0,
  /* the dragon may enter the fairy's tile but eats nothing there */
  PD_FAIRY_GUARDS_FIGURES = 1,
} PdFairyGuard;

typedef struct PdApi PdApi;

/* Every function gets the table it was found in (@api), which stands for
 * the rule set in one rules object. */
struct PdApi {
  /* Whether the dragon stands on the board: a volcano has been placed
   * (PD-05; it never leaves the board again). */
  gboolean (*dragon_in_play)(const PdApi *api, const MeepleGame *game);
  /* The figure the fairy is attached to (PD-21), or -1. */
  int (*fairy_follower)(const PdApi *api, const MeepleGame *game);
  /* The points the fairy would give seat @seat if its turn started now:
   * PD-22's 1 (X-08: 1 per own acrobat of the fairy's pyramid) times the
   * turn-point setting. */
  guint (*turn_points)(const PdApi *api, const MeepleGame *game,
                       guint seat);
  /* Settings: call from setup() only (a rules object is shared by the
   * games played on it).  The fairy's turn point (PD-22), 1 by default;
   * 0 gives none. */
  void (*set_turn_points)(const PdApi *api, guint points);
  /* What the fairy keeps from the dragon; PD_FAIRY_GUARDS_TILE by
   * default. */
  void (*set_fairy_guard)(const PdApi *api, PdFairyGuard guard);
};

G_END_DECLS

#endif
