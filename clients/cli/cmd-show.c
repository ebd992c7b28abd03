/* cmd-show.c — meeple show: a game's board, seats and status, once. */
#include "config.h"

#include "cli.h"

int
cli_cmd_show(int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      "Print one JSON document instead (keys: meeple(1), JSON OUTPUT)",
      NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("GAME - show a game's board, seats and status");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Prints the game's board (x across, y down; each tile a block of 5x3\n"
    "characters, figures as their seat's number), the legend, one line\n"
    "per seat with its score and supply, and the status: whose decision\n"
    "it is, the drawn tile and the tiles left, or the final scores.\n"
    "Figures other than plain followers are named under the board.");
  int status = cli_parse_options(context, "show", TRUE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("show", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;

  MeepleClient *client;
  MeepleRemoteGame *game = cli_connect_game(id, &client);
  if (!game)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  GString *text = g_string_new(NULL);
  if (json) {
    if (cli_json_show(game, &error))
      status = CLI_EXIT_OK;
    else if (error) {
      status = cli_fail(error);
      g_error_free(error);
    } else
      status = CLI_EXIT_FAILURE;
  } else if (cli_append_game(text, game, cli_board_flags(stdout), &error)) {
    status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
  } else {
    status = cli_fail(error);
    g_error_free(error);
  }
  g_string_free(text, TRUE);
  meeple_remote_game_free(game);
  meeple_client_free(client);
  return status;
}
