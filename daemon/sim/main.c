/* main.c — meeple-sim: command dispatch and the helpers every command
 * shares (tile directory, option errors, output); plugins.c has the
 * plugin side. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "board-render.h"
#include "sim.h"

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} SimCommand;

static const SimCommand commands[] = {
  { "play", sim_cmd_play, "play a full headless game and print its record" },
  { "replay", sim_cmd_replay, "replay a game record: board, scores, events" },
  { "tiles", sim_cmd_tiles, "validate and list tile sets" },
  { "bench", sim_cmd_bench, "measure engine speed and memory" },
  { "rules", sim_cmd_rules, "list the rule sets: base game and plugins" },
  { "tournament", sim_cmd_tournament,
    "games between strategies: win rates, scores, Elo" },
};

static void
print_usage(FILE *stream)
{
  fprintf(stream,
          "Usage: " SIM_NAME " COMMAND [OPTION...] [ARG...]\n"
          "       " SIM_NAME " --help | --version\n"
          "\n"
          "Headless games, replays, benchmarks, tile-set checks and the rule\n"
          "sets (base game and expansion plugins) of the meepled Carcassonne\n"
          "engine.\n"
          "\n"
          "Commands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS(commands); i++)
    fprintf(stream, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(stream,
          "\n"
          "Run '" SIM_NAME " COMMAND --help' for the options of a command.\n"
          "Every command takes --tiles-dir DIR, the directory of base.tiles\n"
          "(default: $MEEPLE_TILES_DIR, else " MEEPLE_TILES_DIR "\n"
          "if installed, else " MEEPLE_SOURCE_TILES_DIR "),\n"
          "and --plugin-dir DIR, repeatable, where expansion plugins are\n"
          "looked for (default: the ':'-separated\n"
          "$" MEEPLE_PLUGIN_PATH_ENV ", else " MEEPLE_PLUGIN_DIR "\n"
          "if it exists, else " MEEPLE_BUILD_PLUGIN_DIR ").\n"
          "Exit status: 0 success, 1 runtime error, 2 usage error.\n");
}

static const SimCommand *
find_command(const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(name, commands[i].name) == 0)
      return &commands[i];
  return NULL;
}

static int
run_command(const SimCommand *command, int argc, char **argv)
{
  /* GOption prints "Usage: PRGNAME [OPTION…]"; naming the command there
   * makes each --help tell the truth about how to call it. */
  char *prgname = g_strconcat(SIM_NAME " ", command->name, NULL);
  g_set_prgname(prgname);
  g_free(prgname);
  return command->run(argc, argv);
}

int
main(int argc, char **argv)
{
  /* GLib may translate option help and convert file names for the user's
   * locale; numbers stay "C" so that output (bench decimals) is the same
   * everywhere. */
  setlocale(LC_ALL, "");
  setlocale(LC_NUMERIC, "C");

  if (argc < 2) {
    print_usage(stderr);
    return SIM_EXIT_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
      strcmp(name, "help") == 0) {
    /* "help COMMAND" is the same as "COMMAND --help". */
    if (strcmp(name, "help") == 0 && argc > 2) {
      char *help_argv[] = { argv[2], (char *)"--help", NULL };
      const SimCommand *command = find_command(argv[2]);
      if (command)
        return run_command(command, 2, help_argv);
      g_printerr(SIM_NAME ": unknown command '%s'\n", argv[2]);
      return SIM_EXIT_USAGE;
    }
    print_usage(stdout);
    return SIM_EXIT_OK;
  }
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
    printf(SIM_NAME " (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
           "game record format %d\n", MEEPLE_RECORD_FORMAT);
    return SIM_EXIT_OK;
  }
  const SimCommand *command = find_command(name);
  if (command)
    return run_command(command, argc - 1, argv + 1);
  if (name[0] == '-')
    g_printerr(SIM_NAME ": unknown option '%s' (options go after the "
               "command)\n", name);
  else
    g_printerr(SIM_NAME ": unknown command '%s'\n", name);
  g_printerr("Try '" SIM_NAME " --help' for more information.\n");
  return SIM_EXIT_USAGE;
}

int
sim_parse_options(GOptionContext *context, const char *command, int *argc,
                  char ***argv)
{
  GError *error = NULL;
  gboolean ok = g_option_context_parse(context, argc, argv, &error);
  g_option_context_free(context);
  if (!ok) {
    int status = sim_usage_error(command, "%s", error->message);
    g_error_free(error);
    return status;
  }
  return SIM_EXIT_OK;
}

int
sim_usage_error(const char *command, const char *format, ...)
{
  va_list args;
  va_start(args, format);
  char *message = g_strdup_vprintf(format, args);
  va_end(args);
  g_printerr(SIM_NAME " %s: %s\n"
             "Try '" SIM_NAME " %s --help' for more information.\n",
             command, message, command);
  g_free(message);
  return SIM_EXIT_USAGE;
}

int
sim_fail(const GError *error)
{
  g_printerr(SIM_NAME ": %s\n", error->message);
  return SIM_EXIT_FAILURE;
}

gboolean
sim_use_colour(FILE *stream)
{
  const char *no_colour = g_getenv("NO_COLOR");
  if (no_colour && *no_colour)
    return FALSE;
  return isatty(fileno(stream)) == 1;
}

guint
sim_board_flags(FILE *stream)
{
  guint flags = sim_use_colour(stream) ? BOARD_RENDER_COLOUR : 0;
  if (g_get_charset(NULL))
    flags |= BOARD_RENDER_UNICODE;
  return flags;
}

gboolean
sim_write(FILE *stream, const char *text, gsize length)
{
  errno = 0;
  if (fwrite(text, 1, length, stream) != length || fflush(stream) != 0) {
    g_printerr(SIM_NAME ": cannot write output: %s\n",
               errno ? g_strerror(errno) : "write error");
    return FALSE;
  }
  return TRUE;
}

char **
sim_split_list(const char *value)
{
  return g_strsplit(value ? value : "", ",", -1);
}

char **
sim_split_strategies(const char *value)
{
  /* "search:500,0.2s,greedy": a search's settings contain commas too, but
   * never start with a strategy name, so such items go back to the
   * strategy before them. */
  char **items = sim_split_list(value);
  GPtrArray *out = g_ptr_array_new();
  for (char **i = items; *i; i++) {
    gboolean starts = g_str_has_prefix(*i, "random") ||
                      g_str_has_prefix(*i, "greedy") ||
                      g_str_has_prefix(*i, "search");
    if (!starts && out->len > 0) {
      char *last = out->pdata[out->len - 1];
      out->pdata[out->len - 1] = g_strconcat(last, ",", *i, NULL);
      g_free(last);
    } else {
      g_ptr_array_add(out, g_strdup(*i));
    }
  }
  g_strfreev(items);
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}
