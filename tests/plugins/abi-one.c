/* abi-one.c — a plugin built for plugin ABI 1.5, the last ABI 1 (its
 * descriptor's first two fields are the same in every ABI): meepled
 * speaks ABI 2 and must refuse it, saying to rebuild it
 * (doc/plugins.md, "ABI compatibility"). */
#include <meeple/plugin.h>

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  return TRUE;
}

G_MODULE_EXPORT const MeeplePluginDescriptor meeple_plugin_descriptor = {
  .abi_major = 1,
  .abi_minor = 5,
  .id = "abi-one",
  .version = "1.0",
  .setup = setup,
};
