/* bot.c — strategy names for the client bots (bot.h). */
#include "config.h"

#include <string.h>

#include "bot.h"

gboolean
meeple_bot_strategy_from_name(const char *name, MeepleBotStrategy *out)
{
  static const MeepleBotStrategy all[] = {
    MEEPLE_BOT_RANDOM, MEEPLE_BOT_GREEDY, MEEPLE_BOT_SEARCH,
  };
  for (guint i = 0; name && i < G_N_ELEMENTS(all); i++)
    if (strcmp(name, meeple_strategy_kind_name((MeepleStrategyKind)all[i]))
        == 0) {
      *out = all[i];
      return TRUE;
    }
  return FALSE;
}

const char *
meeple_bot_strategy_name(MeepleBotStrategy strategy)
{
  return (guint)strategy <= MEEPLE_BOT_SEARCH
           ? meeple_strategy_kind_name((MeepleStrategyKind)strategy)
           : "unknown";
}
