/* options.c — option parsing the commands share: the global options
 * (--bus-address), the board options (--colour, --glyphs), usage errors
 * and small value parsers. */
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "cli.h"

CliGlobals cli_globals;

static const GOptionEntry global_entries[] = {
  { "bus-address", 0, 0, G_OPTION_ARG_STRING, &cli_globals.bus_address,
    "D-Bus address of the bus meepled is on (default: "
    "$MEEPLE_BUS_ADDRESS, else the session bus)", "ADDR" },
  G_OPTION_ENTRY_NULL
};

static const GOptionEntry board_entries[] = {
  { "colour", 0, 0, G_OPTION_ARG_STRING, &cli_globals.colour,
    "Colour the board: auto (on a terminal, unless $NO_COLOR is set), "
    "always or never (default: auto)", "WHEN" },
  { "color", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
    &cli_globals.colour, NULL, "WHEN" },
  { "glyphs", 0, 0, G_OPTION_ARG_STRING, &cli_globals.glyphs,
    "Characters of the board: unicode, ascii, or auto (Unicode in a UTF-8 "
    "locale; the default)", "SET" },
  { "full", 0, 0, G_OPTION_ARG_NONE, &cli_globals.full,
    "Draw the whole board, however wide (default: a window around the "
    "last move and the options that fits the terminal)", NULL },
  G_OPTION_ENTRY_NULL
};

const GOptionEntry *
cli_global_entries(void)
{
  return global_entries;
}

int
cli_usage_error(const char *command, const char *format, ...)
{
  va_list args;
  va_start(args, format);
  char *message = g_strdup_vprintf(format, args);
  va_end(args);
  if (command) {
    g_printerr(CLI_NAME " %s: %s\n", command, message);
    g_printerr("Try '" CLI_NAME " %s --help' for more information.\n",
               command);
  } else {
    g_printerr(CLI_NAME ": %s\n", message);
    g_printerr("Try '" CLI_NAME " --help' for more information.\n");
  }
  g_free(message);
  return CLI_EXIT_USAGE;
}

/* Whether @value is NULL or one of the NULL-terminated @choices. */
static gboolean
one_of(const char *value, const char *const *choices)
{
  return !value || g_strv_contains(choices, value);
}

int
cli_parse_options(GOptionContext *context, const char *command,
                  gboolean board, int *argc, char ***argv)
{
  g_option_context_add_main_entries(context, global_entries, NULL);
  if (board)
    g_option_context_add_main_entries(context, board_entries, NULL);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(context, argc, argv, &error);
  g_option_context_free(context);
  if (!ok) {
    int status = cli_usage_error(command, "%s", error->message);
    g_error_free(error);
    return status;
  }
  static const char *const colours[] = { "auto", "always", "never", NULL };
  static const char *const glyphs[] = { "auto", "unicode", "ascii", NULL };
  if (!one_of(cli_globals.colour, colours))
    return cli_usage_error(command, "--colour takes auto, always or never, "
                           "not \"%s\"", cli_globals.colour);
  if (!one_of(cli_globals.glyphs, glyphs))
    return cli_usage_error(command, "--glyphs takes auto, unicode or ascii, "
                           "not \"%s\"", cli_globals.glyphs);
  return CLI_EXIT_OK;
}

const char *
cli_game_argument(const char *command, int argc, char **argv)
{
  if (argc < 2) {
    cli_usage_error(command, "which game? (give its id; '" CLI_NAME
                    " list' lists them)");
    return NULL;
  }
  if (argc > 2) {
    cli_usage_error(command, "unexpected argument \"%s\"", argv[2]);
    return NULL;
  }
  return argv[1];
}

int
cli_seat_option(const char *command, const char *option, int value)
{
  if (value < 1 || value > MEEPLE_MAX_PLAYERS) {
    cli_usage_error(command, "%s takes a seat from 1 to %d, not %d", option,
                    MEEPLE_MAX_PLAYERS, value);
    return -1;
  }
  return value - 1;
}

char **
cli_split_list(const char *value)
{
  if (!value)
    return NULL;
  GPtrArray *items = g_ptr_array_new();
  char **parts = g_strsplit_set(value, ", \t", -1);
  for (char **p = parts; *p; p++)
    if (**p)
      g_ptr_array_add(items, g_strdup(*p));
  g_strfreev(parts);
  if (items->len == 0) {
    g_ptr_array_free(items, TRUE);
    return NULL;
  }
  g_ptr_array_add(items, NULL);
  return (char **)g_ptr_array_free(items, FALSE);
}
