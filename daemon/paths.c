/* paths.c — plugin and tile directories (paths.h). */
#include "config.h"

#include <meeple.h>

#include "paths.h"

char **
paths_plugin_dirs(char **option)
{
  GPtrArray *dirs = g_ptr_array_new();
  if (option && option[0]) {
    for (guint i = 0; option[i]; i++)
      g_ptr_array_add(dirs, g_strdup(option[i]));
  } else {
    const char *env = g_getenv(MEEPLE_PLUGIN_PATH_ENV);
    if (env && *env) {
      char **parts = g_strsplit(env, G_SEARCHPATH_SEPARATOR_S, -1);
      for (guint i = 0; parts[i]; i++)
        if (*parts[i])
          g_ptr_array_add(dirs, g_strdup(parts[i]));
      g_strfreev(parts);
    }
    /* An installed directory wins; a build that was never installed
     * still finds its own plugins. */
    if (dirs->len == 0)
      g_ptr_array_add(dirs, g_strdup(g_file_test(MEEPLE_PLUGIN_DIR,
                                                 G_FILE_TEST_IS_DIR)
                                       ? MEEPLE_PLUGIN_DIR
                                       : MEEPLE_BUILD_PLUGIN_DIR));
  }
  g_ptr_array_add(dirs, NULL);
  return (char **)g_ptr_array_free(dirs, FALSE);
}

char *
paths_tiles_dir(const char *option)
{
  if (option && *option)
    return g_strdup(option);
  const char *env = g_getenv("MEEPLE_TILES_DIR");
  if (env && *env)
    return g_strdup(env);
  /* An installed copy wins; a build that was never installed still runs
   * from its source tree. */
  char *installed = g_build_filename(MEEPLE_TILES_DIR, "base.tiles", NULL);
  gboolean have = g_file_test(installed, G_FILE_TEST_IS_REGULAR);
  g_free(installed);
  return g_strdup(have ? MEEPLE_TILES_DIR : MEEPLE_SOURCE_TILES_DIR);
}
