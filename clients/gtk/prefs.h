/* prefs.h — the Preferences window: an AdwPreferencesWindow whose rows
 * are bound to the GSettings keys of org.meepled.Meeple (player-name,
 * default-rules, farmers, seat-colours), so a change is saved as it is
 * made and the rest of the client follows the settings. */
#ifndef MG_PREFS_H
#define MG_PREFS_H

#include <adwaita.h>

G_BEGIN_DECLS

/* What tests use. */
typedef struct {
  AdwPreferencesWindow *window;
  GtkEditable *name;                 /* the AdwEntryRow */
  GtkSwitch *farmers;
  GtkBox *rules;                     /* GtkCheckButton per rule set,
                                      * "rule-id" data */
  GtkColorButton *colour[6];         /* per seat */
  GtkButton *reset_colours;
} MgPrefsParts;

/* A new Preferences window over @parent for @settings; @rules are the
 * daemon's rule sets as (id, label) pairs, NULL-terminated (the default
 * rule sets are chosen among them).  Destroyed when closed. */
AdwPreferencesWindow *mg_prefs_new(GtkWindow *parent, GSettings *settings,
                                   const char *const *rules);
/* The parts of a window mg_prefs_new() made. */
const MgPrefsParts *mg_prefs_parts(AdwPreferencesWindow *window);

G_END_DECLS

#endif
