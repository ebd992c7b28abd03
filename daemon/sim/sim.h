/* sim.h — meeple-sim: what the commands share (tile directory, option
 * parsing, exit codes, output helpers).  See doc/meeple-sim.1. */
#ifndef MEEPLE_SIM_H
#define MEEPLE_SIM_H

#include <stdio.h>
#include <glib.h>
#include <meeple.h>

#include "paths.h"

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
int sim_cmd_rules(int argc, char **argv);
int sim_cmd_tournament(int argc, char **argv);

/* Tile and plugin directories come from daemon/paths.h, which meepled
 * shares: paths_tiles_dir() and paths_plugin_dirs(). */

/* ---- plugins and rule sets (plugins.c) ---- */

/* Help text of the --plugin-dir option, the same for every command. */
#define SIM_PLUGIN_DIR_DEFAULT                                           \
  "(default: the ':'-separated $" MEEPLE_PLUGIN_PATH_ENV ", else "        \
  MEEPLE_PLUGIN_DIR " if it exists, else " MEEPLE_BUILD_PLUGIN_DIR ")"
#define SIM_PLUGIN_DIR_HELP                                              \
  "Directory to look for expansion plugins in; repeat for several "      \
  SIM_PLUGIN_DIR_DEFAULT


/* A loaded MeepleLoader with the tile directory paths_tiles_dir(@tiles_dir)
 * and, when @scan, the plugin directories paths_plugin_dirs(@plugin_dirs).
 * When @warn, prints "meeple-sim: warning: plugin skipped: REASON" for
 * every plugin that could not be used.  NULL with @error set when the base
 * game cannot be loaded. */
MeepleLoader *sim_loader_new(char **plugin_dirs, const char *tiles_dir,
                             gboolean scan, gboolean warn, GError **error);

/* @id as it may be quoted in a message: valid UTF-8, at most 64
 * characters.  g_free() it. */
char *sim_shown_id(const char *id);

/* "base/1.0, abbot/1.0": the rule sets of @rules, joined by @separator,
 * as a record names them.  g_free() it. */
char *sim_rulesets_text(const MeepleRules *rules, const char *separator);

/* Splits a --rules value into ids (*@ids, free with g_strfreev()).
 * SIM_EXIT_USAGE (message printed) when an item is empty. */
int sim_parse_ruleset_list(const char *command, const char *value,
                           char ***ids);

/* Whether @ids (with what they require) can be played: SIM_EXIT_OK, or
 * the problem printed and SIM_EXIT_USAGE (an unknown id, a conflict) or
 * SIM_EXIT_FAILURE (a plugin that was found but skipped). */
int sim_check_rulesets(MeepleLoader *loader, const char *command,
                       const char *const *ids);

/* The rules of the base game and @ids into *@rules; the exit status as
 * sim_check_rulesets() gives it, or SIM_EXIT_FAILURE for a failing setup.
 * *@rules is NULL unless SIM_EXIT_OK. */
int sim_build_rules(MeepleLoader *loader, const char *command,
                    const char *const *ids, MeepleRules **rules);

/* ---- options and output (main.c) ---- */

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

/* How boards written to @stream are drawn (BoardRenderFlags): colour as
 * sim_use_colour() says, Unicode glyphs in a UTF-8 locale, as meeple
 * draws them. */
guint sim_board_flags(FILE *stream);

/* Writes @text to @stream and flushes; FALSE (with a message printed)
 * when the write failed, e.g. a full disk or a closed pipe. */
gboolean sim_write(FILE *stream, const char *text, gsize length);

/* Splits a comma-separated option value; empty items are kept so that
 * callers can reject them.  Free with g_strfreev(). */
char **sim_split_list(const char *value);

/* Splits a --strategy value into one strategy per seat: at commas, except
 * that an item not starting with a strategy name belongs to the search
 * settings before it ("search:500,0.2s,greedy": two seats).  Free with
 * g_strfreev(). */
char **sim_split_strategies(const char *value);

G_END_DECLS

#endif
