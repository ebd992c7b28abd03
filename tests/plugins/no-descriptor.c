/* no-descriptor.c — a shared object that is not a meepled plugin: it
 * exports something, but no meeple_plugin_descriptor. */
#include <glib.h>
#include <gmodule.h>

G_MODULE_EXPORT int fixture_not_a_plugin(void);

G_MODULE_EXPORT int
fixture_not_a_plugin(void)
{
  return 42;
}
