/* scratch.h — what the Lua rule-set test programs share: a plugin
 * directory of its own for a rule set under test (the Lua host, a link to
 * the build's lua.so, and the script), and their "ok"/"not ok" lines.
 * Header-only: each test program is one file. */
#ifndef MEEPLE_TEST_LUA_SCRATCH_H
#define MEEPLE_TEST_LUA_SCRATCH_H

#include <meeple/loader.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

/* Failed checks so far; main() returns non-zero when there are any. */
G_GNUC_UNUSED static guint failures;

/* One "not ok - ..." line, counted. */
#define FAIL(...)                                                       \
  do {                                                                  \
    printf("not ok - " __VA_ARGS__);                                    \
    printf("\n");                                                       \
    failures++;                                                         \
  } while (0)

/* A new directory (named after @prefix) holding the Lua host and
 * @file_name with @text. */
static inline char *
scratch_dir(const char *prefix, const char *file_name, const char *text)
{
  g_autofree char *pattern = g_strdup_printf("%s-XXXXXX", prefix);
  char *dir = g_dir_make_tmp(pattern, NULL);
  g_autofree char *host = g_build_filename(dir, "lua.so", NULL);
  if (symlink(MEEPLE_BUILD_PLUGIN_DIR "/lua.so", host) != 0)
    g_error("symlink %s", host);
  g_autofree char *path = g_build_filename(dir, file_name, NULL);
  g_file_set_contents(path, text, -1, NULL);
  return dir;
}

/* Removes @dir and its files, and frees @dir. */
static inline void
scratch_remove(char *dir)
{
  GDir *d = g_dir_open(dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name(d))) {
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_unlink(path);
  }
  if (d)
    g_dir_close(d);
  g_rmdir(dir);
  g_free(dir);
}

/* A loader of @dir's plugins with the source tree's tile files. */
static inline MeepleLoader *
scratch_load(const char *dir)
{
  MeepleLoader *loader = meeple_loader_new();
  meeple_loader_add_plugin_dir(loader, dir);
  meeple_loader_add_tiles_dir(loader, TEST_SRCDIR "/data/tiles");
  GError *error = NULL;
  if (!meeple_loader_load(loader, &error))
    g_error("loader: %s", error->message);
  return loader;
}

#endif
