/* cmd-new.c — meeple new: creates a game and prints its id, alone on
 * standard output, so that scripts can capture it. */
#include "config.h"

#include "cli.h"

int
cli_cmd_new(int argc, char **argv)
{
  CliNewOptions o;
  GOptionContext *context = g_option_context_new("- create a game");
  cli_new_options_add(context, &o, "name");
  g_option_context_set_description(context,
    "Creates a game waiting for players and prints its id.  Unset\n"
    "options take the daemon's defaults: 2 seats, the base game only,\n"
    "a seed the daemon picks, farmers on, every seat open to anyone.\n"
    "Players then take seats with 'meeple join', 'meeple play' or\n"
    "'meeple bot'; the game starts when every seat is taken.\n\n"
    "With --bot-strategy (and --think for search), 'meeple new' also\n"
    "starts 'meeple bot --seats all-bot --quiet' in the background for\n"
    "the bot seats (--bots or --seat-kinds); they play until the game\n"
    "is over.  Without it nobody plays the bot seats until 'meeple bot'\n"
    "is run.");
  int status = cli_parse_options(context, "new", FALSE, &argc, &argv);
  if (status == CLI_EXIT_OK && argc > 1)
    status = cli_usage_error("new", "unexpected argument \"%s\"", argv[1]);
  if (status == CLI_EXIT_OK)
    status = cli_new_options_check(&o, "new", FALSE);
  if (status != CLI_EXIT_OK) {
    cli_new_options_clear(&o);
    return status;
  }
  MeepleClient *client = cli_connect();
  if (!client) {
    cli_new_options_clear(&o);
    return CLI_EXIT_FAILURE;
  }
  char *id = cli_new_game(client, &o, "new", FALSE, &status);
  if (id && o.bot_strategy) {
    if (cli_spawn_bots(id, &o, NULL, TRUE, NULL))
      g_printerr(CLI_NAME " new: note: bots playing %s%s%s took the bot "
                 "seats\n", o.bot_strategy, o.think ? ", thinking " : "",
                 o.think ? o.think : "");
    else
      status = CLI_EXIT_FAILURE;
  }
  if (id) {
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "%s\n", id);
    if (!cli_write(text))
      status = CLI_EXIT_FAILURE;
    g_string_free(text, TRUE);
    g_free(id);
  }
  meeple_client_free(client);
  cli_new_options_clear(&o);
  return status;
}
