/* no-setup.c — a descriptor without a setup function. */
#include <meeple/plugin.h>

MEEPLE_PLUGIN_DEFINE(.id = "no-setup", .version = "1.0");
