/* paths.h — where programs of the build find plugins and tile sets:
 * the command line, else the environment, else the installed
 * directories, else (a build that was never installed) the build tree. */
#ifndef MEEPLE_PATHS_H
#define MEEPLE_PATHS_H

#include <glib.h>

/* Plugin directories: @option (NULL-terminated, from --plugin-dir) when
 * given, else $MEEPLE_PLUGIN_PATH (':'-separated), else the installed
 * directory, else the build tree's.  g_strfreev() the result. */
char **paths_plugin_dirs(char **option);

/* Tile directory: @option, else $MEEPLE_TILES_DIR, else the installed
 * one, else the source tree's.  g_free() the result. */
char *paths_tiles_dir(const char *option);

#endif
