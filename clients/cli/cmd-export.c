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
    "replays it and 'meeple import' brings it back into a daemon.  The\n"
    "game may be one the daemon still holds or one only in its history\n"
    "('meeple history').  A game in progress has no record yet: the seed\n"
    "would tell the tiles still to come.");
  int status = cli_parse_options(context, "export", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("export", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;

  MeepleClient *client = cli_connect();
  if (!client)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  /* GetRecord finds the game live or in the history. */
  char *record = meeple_client_get_record(client, id, &error);
  if (!record && g_error_matches(error, MEEPLE_CLIENT_ERROR,
                                 MEEPLE_CLIENT_ERROR_NO_SUCH_GAME)) {
    /* Neither: GetGame says best why (no such game at all, or one that
     * is suspended). */
    GError *why = NULL;
    MeepleRemoteGame *game = meeple_remote_game_open(client, id, &why);
    if (game)
      meeple_remote_game_free(game);
    else
      g_clear_error(&error);
    if (why)
      error = why;
  }
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
  meeple_client_free(client);
  return status;
}
