/* tests/plugins/fixture.h — what most fixture plugins share.
 *
 * A fixture plugin is a tiny libtool module that tests/test-plugins.c
 * loads to prove one thing about the loader or the hooks.  Define
 * FIXTURE_ID (the rule-set id) before including this header; then
 *
 *   FIXTURE_PLUGIN(.requires = ..., .priority = ...);
 *
 * defines the descriptor with init(), exit() and setup() functions that
 * only append "init ID", "exit ID" and "setup ID" to the log (below).
 * Fixtures that need their own functions write the descriptor out with
 * MEEPLE_PLUGIN_DEFINE and may still call fixture_log().
 *
 * The log: when MEEPLE_FIXTURE_LOG names a file, every fixture appends
 * one line per call to it.  The plugins are separate shared objects, so a
 * file is the simplest log they can all share, in call order.
 */
#ifndef MEEPLE_TEST_FIXTURE_H
#define MEEPLE_TEST_FIXTURE_H

#include <meeple/plugin.h>
#include <stdio.h>

#ifndef FIXTURE_ID
#error "define FIXTURE_ID before including fixture.h"
#endif

G_GNUC_UNUSED G_GNUC_PRINTF(1, 2) static void
fixture_log(const char *format, ...)
{
  const char *path = g_getenv("MEEPLE_FIXTURE_LOG");
  if (!path || !*path)
    return;
  FILE *f = fopen(path, "a");
  if (!f)
    return;
  va_list ap;
  va_start(ap, format);
  vfprintf(f, format, ap);
  va_end(ap);
  fputc('\n', f);
  fclose(f);
}

G_GNUC_UNUSED static gboolean
fixture_init(GError **error)
{
  (void)error;
  fixture_log("init %s", FIXTURE_ID);
  return TRUE;
}

G_GNUC_UNUSED static void
fixture_exit(void)
{
  fixture_log("exit %s", FIXTURE_ID);
}

G_GNUC_UNUSED static gboolean
fixture_setup(MeepleRules *rules, GError **error)
{
  (void)rules;
  (void)error;
  fixture_log("setup %s", FIXTURE_ID);
  return TRUE;
}

/* The descriptor of a fixture whose behaviour is its descriptor alone;
 * the arguments add fields (.requires, .conflicts, .priority, .tiles). */
#define FIXTURE_PLUGIN(...)                                                \
  MEEPLE_PLUGIN_DEFINE(.id = FIXTURE_ID, .name = "Fixture " FIXTURE_ID,   \
                       .version = "1.0", .init = fixture_init,            \
                       .exit = fixture_exit, .setup = fixture_setup,      \
                       __VA_ARGS__)

#endif
