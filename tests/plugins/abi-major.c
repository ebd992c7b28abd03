/* abi-major.c — built for a plugin ABI whose major version is not the
 * host's: the loader must refuse it without reading further. */
#include <meeple/plugin.h>

static gboolean
setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  return TRUE;
}

/* Written out: MEEPLE_PLUGIN_DEFINE fills in the host's ABI version. */
G_MODULE_EXPORT const MeeplePluginDescriptor meeple_plugin_descriptor = {
  .abi_major = MEEPLE_PLUGIN_ABI_MAJOR + 1,
  .abi_minor = 0,
  .id = "abi-major",
  .version = "1.0",
  .setup = setup,
};
