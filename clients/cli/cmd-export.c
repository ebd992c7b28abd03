/* cmd-export.c — meeple export: a finished game's record
 * (doc/game-record.md), which `meeple-sim replay` replays. */
#include "config.h"

#include "cli.h"

int
cli_cmd_export(int argc, char **argv)
{
  g_autofree char *output = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write the record to FILE instead of standard output", "FILE" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("GAME - write a finished game's record");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Writes the game record of a finished game (doc/game-record.md):\n"
    "its rule sets, seats, seed and every action.  'meeple-sim replay'\n"
    "replays it.  A game in progress has no record yet: the seed would\n"
    "tell the tiles still to come.");
  int status = cli_parse_options(context, "export", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("export", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;

  MeepleClient *client;
  MeepleRemoteGame *game = cli_connect_game(id, &client);
  if (!game)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  char *record = meeple_remote_game_export(game, &error);
  if (!record) {
    status = cli_fail(error);
    g_error_free(error);
  } else if (output) {
    if (!g_file_set_contents(output, record, -1, &error)) {
      status = cli_fail(error);
      g_error_free(error);
    }
  } else {
    GString *text = g_string_new(record);
    status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_string_free(text, TRUE);
  }
  g_free(record);
  meeple_remote_game_free(game);
  meeple_client_free(client);
  return status;
}
