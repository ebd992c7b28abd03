/* fuzz-rules.h — rules of any combination of rule sets for the libFuzzer
 * targets, built by the engine's plugin loader (doc/plugins.md) from the
 * plugins `make fuzz` builds with the sanitizers (tests/fuzz/local.mk).
 *
 * Directories: $MEEPLE_FUZZ_PLUGIN_DIR, else FUZZ_PLUGIN_DIR; tiles from
 * $MEEPLE_FUZZ_TILES_DIR, else FUZZ_TILES_DIR (both set at compile time
 * by tests/fuzz/local.mk). */
#ifndef MEEPLE_FUZZ_RULES_H
#define MEEPLE_FUZZ_RULES_H

#include <meeple.h>

/* Loads the plugins once.  Exits with a message when a plugin is skipped
 * or one of the project's rule sets is missing: a fuzz run that quietly
 * played the base game only would look like a clean one.  Makes GLib
 * warnings and criticals fatal. */
void fuzz_rules_init(const char *target);

/* Rules of the base game plus the rule sets @ids (NULL-terminated, any
 * order, duplicates allowed) and what they require, built once per set
 * and kept; NULL (with *@error, which may be NULL) when the loader
 * refuses them: an unknown id, a conflict. */
MeepleRules *fuzz_rules(const char *const *ids, GError **error);

/* The same for a comma-separated list ("" is the base game). */
MeepleRules *fuzz_rules_list(const char *ids, GError **error);

#endif
