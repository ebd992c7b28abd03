/* pd-methods.h — the plugin's interface described as methods for hosts
 * (pd-methods.c). */
#ifndef MEEPLE_PD_METHODS_H
#define MEEPLE_PD_METHODS_H

#include <meeple/plugin.h>

/* Describes the published "princess-dragon" interface; call from setup()
 * after publishing it. */
gboolean pd_describe_api(MeepleRules *rules, GError **error);

#endif
