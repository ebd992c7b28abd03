/* sim.h — meeple-sim: what the commands share (tile directory, option
 * parsing, exit codes, output helpers).  See doc/meeple-sim.1. */
#ifndef MEEPLE_SIM_H
#define MEEPLE_SIM_H

#include <stdio.h>
#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

/* Exit statuses, as documented in the man page. */
enum {
  SIM_EXIT_OK = 0,
  SIM_EXIT_FAILURE = 1, /* runtime error: bad file, engine error, I/O */
  SIM_EXIT_USAGE = 2,   /* bad command line */
};

/* Name used in front of every message, whatever argv[0] was. */
#define SIM_NAME "meeple-sim"

/* The commands; @argv[0] is the command name, options follow. */
int sim_cmd_play(int argc, char **argv);
int sim_cmd_replay(int argc, char **argv);
int sim_cmd_bench(int argc, char **argv);
int sim_cmd_tiles(int argc, char **argv);

/* Tile directory: @option (--tiles-dir) if set, else $MEEPLE_TILES_DIR,
 * else the installed directory if it holds base.tiles, else the source
 * tree's.  Free with g_free(). */
char *sim_tiles_dir(const char *option);

/* Rules holding base.tiles of sim_tiles_dir(@option).  NULL with @error
 * set (its message begins with "file:line:") on failure. */
MeepleRules *sim_load_base_rules(const char *option, GError **error);

/* Parses the options of command @command with @context (which it frees).
 * Returns SIM_EXIT_OK, or SIM_EXIT_USAGE after printing the problem. */
int sim_parse_options(GOptionContext *context, const char *command,
                      int *argc, char ***argv);

/* Prints "meeple-sim COMMAND: message" and a hint to --help; returns
 * SIM_EXIT_USAGE so callers can `return sim_usage_error(...)`. */
int sim_usage_error(const char *command, const char *format, ...)
  G_GNUC_PRINTF(2, 3);

/* Prints "meeple-sim: message" for @error; returns SIM_EXIT_FAILURE. */
int sim_fail(const GError *error);

/* Whether colour escapes may be written to @stream: only to a terminal,
 * and never when $NO_COLOR is set (https://no-color.org). */
gboolean sim_use_colour(FILE *stream);

/* Writes @text to @stream and flushes; FALSE (with a message printed)
 * when the write failed, e.g. a full disk or a closed pipe. */
gboolean sim_write(FILE *stream, const char *text, gsize length);

/* Splits a comma-separated option value; empty items are kept so that
 * callers can reject them.  Free with g_strfreev(). */
char **sim_split_list(const char *value);

G_END_DECLS

#endif
