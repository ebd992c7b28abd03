/* filter-memo.c — two FILTER hooks on tile placements that use
 * MeepleFilterContext.memo (ABI 2.4).  The first keeps every other
 * placement of a list: it counts the list's actions in its memo, which
 * must start at zero with each list.  The second keeps everything.  Each
 * writes its own tag into its memo when a list starts and vetoes the
 * whole list if it ever finds another value there or a count carried over
 * from another decision, so sharing or leaking memos shows as an empty
 * list. */
#define FIXTURE_ID "filter-memo"
#include "fixture.h"

enum { TAG_EVERY_OTHER = 0xA, TAG_KEEP_ALL = 0xB };

static gboolean
counting_filter(MeepleGame *game, const MeepleAction *action,
                const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)action;
  guint64 tag = GPOINTER_TO_SIZE(user_data);
  guint64 *memo = ctx->memo;
  /* one decision's list: the board does not change while it is filtered */
  guint64 placed = meeple_game_n_placed(game) + 1;
  if (memo[0] == 0) {
    memo[1] = tag;
    memo[2] = placed;
  } else if (memo[1] != tag || memo[2] != placed) {
    return FALSE;
  }
  guint64 position = memo[0]++;
  return tag == TAG_KEEP_ALL || position % 2 == 0;
}

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)error;
  guint32 tiles = MEEPLE_EFFECT_BIT(MEEPLE_EFFECT_PLACE_TILE);
  meeple_rules_add_filter_hook_for(rules, 10, tiles, counting_filter,
                                   GSIZE_TO_POINTER(TAG_EVERY_OTHER));
  meeple_rules_add_filter_hook_for(rules, 0, tiles, counting_filter,
                                   GSIZE_TO_POINTER(TAG_KEEP_ALL));
  return TRUE;
}

MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .version = "1.0", .setup = setup);
