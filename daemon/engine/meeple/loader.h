/* meeple/loader.h — finding, loading and combining expansion plugins
 * (doc/plugins.md).
 *
 * A loader scans its plugin directories for shared objects ("*.so"),
 * opens each with GModule, checks its descriptor (meeple/plugin.h) and
 * orders the plugins by their dependencies.  A plugin that cannot be used
 * — bad ABI, no descriptor, unresolved symbols, failing init, missing or
 * cyclic dependencies, a requirement it conflicts with, a setup or tile
 * file that fails — is recorded with a message and skipped; the others
 * load as if it were not there.
 *
 * meeple_loader_build_rules() then builds a MeepleRules for one
 * combination of rule sets.  Rules built by a loader keep it (and so its
 * modules) alive until the last of them is freed.
 */
#ifndef MEEPLE_LOADER_H
#define MEEPLE_LOADER_H

#include <glib.h>
#include "meeple/rules.h"

G_BEGIN_DECLS

/** Environment variable with plugin directories (':'-separated) that
 * programs use instead of the installed directory. */
#define MEEPLE_PLUGIN_PATH_ENV "MEEPLE_PLUGIN_PATH"

typedef struct MeepleLoader MeepleLoader;

/** One plugin file the loader found, loaded or not. */
typedef struct {
  const char *file;      /**< path of the shared object */
  const char *id;        /**< NULL when no usable descriptor was found */
  const char *name;
  const char *version;
  const char *const *requires;  /**< NULL-terminated, never NULL */
  const char *const *conflicts; /**< NULL-terminated, never NULL */
  int priority;
  gboolean loaded;
  /** Why it was skipped ("file.so: ..."), NULL when loaded. */
  const char *error;
  /** One or two sentences for a player, or NULL (plugins older than ABI
   * 2.2 have none). */
  const char *description;
  /** Where the rule set comes from: "plugin" for a shared object, or the
   * source its host names ("lua") for a rule set read by a host plugin;
   * "host" for a host plugin that failed to load (a loaded host is not a
   * rule set and is not listed). */
  const char *source;
} MeeplePluginInfo;

/** A description of the base game for rule-set listings. */
#define MEEPLE_BASE_DESCRIPTION                                              \
  "The classic game: place tiles to build roads, cities, monasteries and " \
  "fields, and score them with your followers."


MeepleLoader *meeple_loader_new(void);
MeepleLoader *meeple_loader_ref(MeepleLoader *loader);
/** Dropping the last reference calls every plugin's exit() in reverse
 * load order and unloads the modules. */
void meeple_loader_unref(MeepleLoader *loader);

/** Adds a directory to scan for plugins (in the order added). */
void meeple_loader_add_plugin_dir(MeepleLoader *loader, const char *dir);
/** Adds a directory to look for tile files in: base.tiles and the
 * plugins' own tile files (after the plugin's own directory).  Without
 * any, the installed tile directory is used. */
void meeple_loader_add_tiles_dir(MeepleLoader *loader, const char *dir);

/** Scans the plugin directories and loads every plugin that can be used.
 * A plugin that cannot is recorded, not an error.  Returns FALSE (with
 * @error) only when the base game itself cannot be loaded.  Call once. */
gboolean meeple_loader_load(MeepleLoader *loader, GError **error);

/** Plugins found: the loaded ones in load order (dependencies first, then
 * higher priority, then id), then the skipped ones in file order. */
guint meeple_loader_n_plugins(const MeepleLoader *loader);
const MeeplePluginInfo *meeple_loader_plugin(const MeepleLoader *loader,
                                             guint index);
/** The loaded plugin with rule-set id @id, or NULL. */
const MeeplePluginInfo *meeple_loader_find(const MeepleLoader *loader,
                                           const char *id);

/** Whether the rule sets @ids (NULL-terminated; "base" may be named)
 * and the ones they require can be played together, without building
 * anything.  MEEPLE_ERROR_RULESET: an unknown id (the message lists the
 * available ones) or two that conflict; MEEPLE_ERROR_PLUGIN: an id whose
 * plugin was found but skipped (the message gives the reason). */
gboolean meeple_loader_check_rulesets(MeepleLoader *loader,
                                      const char *const *ids,
                                      GError **error);

/** Builds rules with the base game and the rule sets @ids plus the ones
 * they require, set up in load order.  Fails as
 * meeple_loader_check_rulesets() does, or (MEEPLE_ERROR_PLUGIN) with the
 * message of a failing setup or tile file. */
MeepleRules *meeple_loader_build_rules(MeepleLoader *loader,
                                       const char *const *ids,
                                       GError **error);

G_END_DECLS

#endif
