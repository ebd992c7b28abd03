/* main.c — meeple: the global options and the command dispatch. */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "cli.h"

const char *cli_program_path;

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "rules", cli_cmd_rules, "list the rule sets the daemon can play" },
  { "new", cli_cmd_new, "create a game and print its id" },
  { "list", cli_cmd_list, "list the games" },
  { "join", cli_cmd_join, "take a seat in a game and print its token" },
  { "show", cli_cmd_show, "show a game's board, seats and status" },
  { "watch", cli_cmd_watch, "follow a game's events as they happen" },
  { "play", cli_cmd_play, "play a game interactively in the terminal" },
  { "bot", cli_cmd_bot, "let a computer player play seats of a game" },
  { "export", cli_cmd_export, "write a finished game's record" },
  { "history", cli_cmd_history, "list the finished games" },
  { "import", cli_cmd_import, "create a game from a game record" },
  { "delete", cli_cmd_delete, "delete a game for good" },
};

static const Command *
find_command(const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

static char *
commands_text(void)
{
  GString *text = g_string_new("Commands:\n");
  for (gsize i = 0; i < G_N_ELEMENTS(commands); i++)
    g_string_append_printf(text, "  %-8s %s\n", commands[i].name,
                           commands[i].summary);
  g_string_append(text,
                  "\n'" CLI_NAME " COMMAND --help' describes a command's "
                  "options.  Seats are\nnumbered from 1.  Exit status: 0 "
                  "success, 1 the daemon refused or\ncould not be reached, "
                  "2 bad command line.  See meeple(1).");
  return g_string_free(text, FALSE);
}

/* Runs @command with its own arguments (argv[0] is its name). */
static int
run_command(const Command *command, int argc, char **argv)
{
  /* Usage lines read "meeple show [OPTION…] GAME" whatever argv[0] was
   * (libtool's wrapper runs lt-meeple). */
  char *prgname = g_strconcat(CLI_NAME " ", command->name, NULL);
  g_set_prgname(prgname);
  g_free(prgname);
  return command->run(argc, argv);
}

int
main(int argc, char **argv)
{
  setlocale(LC_ALL, "");
  cli_program_path = argv[0];
  g_set_prgname(CLI_NAME);

  gboolean version = FALSE;
  const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version,
      "Print the version and exit", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context = g_option_context_new("COMMAND [ARG…]");
  g_option_context_set_summary(context,
                               "The command-line client of meepled: create, "
                               "join, watch and play Carcassonne games.");
  char *description = commands_text();
  g_option_context_set_description(context, description);
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_add_main_entries(context, cli_global_entries(), NULL);
  /* Options before the command are global; the command parses the rest. */
  g_option_context_set_strict_posix(context, TRUE);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(context, &argc, &argv, &error);
  g_option_context_free(context);
  g_free(description);
  if (!ok) {
    int status = cli_usage_error(NULL, "%s", error->message);
    g_error_free(error);
    return status;
  }
  if (version) {
    g_print(CLI_NAME " " PACKAGE_VERSION "\n");
    return CLI_EXIT_OK;
  }
  if (argc < 2)
    return cli_usage_error(NULL, "which command? (%s)",
                           "rules, new, list, join, show, watch, play, bot, "
                           "export, history or import");
  if (strcmp(argv[1], "help") == 0) {
    if (argc < 3) {
      char *text = commands_text();
      g_print("Usage:\n  " CLI_NAME " [OPTION…] COMMAND [ARG…]\n\n%s\n",
              text);
      g_free(text);
      return CLI_EXIT_OK;
    }
    const Command *command = find_command(argv[2]);
    if (!command)
      return cli_usage_error(NULL, "unknown command \"%s\"", argv[2]);
    char *help_argv[] = { argv[2], (char *)"--help", NULL };
    return run_command(command, 2, help_argv);
  }
  const Command *command = find_command(argv[1]);
  if (!command)
    return cli_usage_error(NULL, "unknown command \"%s\"", argv[1]);
  return run_command(command, argc - 1, argv + 1);
}
