/* abi-minor.c — built against a newer minor version of the plugin ABI
 * than the host's: it may use what the host lacks, so it is refused. */
#include <meeple/plugin.h>

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  return TRUE;
}

G_MODULE_EXPORT const MeeplePluginDescriptor meeple_plugin_descriptor = {
  .abi_major = MEEPLE_PLUGIN_ABI_MAJOR,
  .abi_minor = MEEPLE_PLUGIN_ABI_MINOR + 1,
  .id = "abi-minor",
  .version = "1.0",
  .setup = setup,
};
