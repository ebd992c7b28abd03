/* cmd-join.c — meeple join: takes a seat and prints it with its token.
 * The token is also saved (tokens.c), so that `meeple play` can reclaim
 * the seat later from another connection. */
#include "config.h"

#include "cli.h"

int
cli_cmd_join(int argc, char **argv)
{
  g_autofree char *name = NULL;
  g_autofree char *kind = NULL;
  int seat_option = CLI_SEAT_UNSET;
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      "The player's name shown to everyone (default: none)", "S" },
    { "seat", 0, 0, G_OPTION_ARG_INT, &seat_option,
      "Take seat N, 1 to 6 (default: the lowest free seat)", "N" },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind,
      "Take the lowest free seat of this kind: human or bot", "K" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context = g_option_context_new("GAME - take a seat");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Takes a seat in a game that has not started and prints two lines:\n"
    "'seat N' and 'token T'.  The token is saved in\n"
    "$XDG_STATE_HOME/meeple/tokens, so that 'meeple play GAME' reclaims\n"
    "the seat later; any client that presents it may act for the seat.");
  int status = cli_parse_options(context, "join", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  const char *id = cli_game_argument("join", argc, argv);
  if (!id)
    return CLI_EXIT_USAGE;
  int seat = -1;
  if (seat_option != CLI_SEAT_UNSET &&
      (seat = cli_seat_option("join", "--seat", seat_option)) < 0)
    return CLI_EXIT_USAGE;
  if (kind && g_strcmp0(kind, "human") != 0 && g_strcmp0(kind, "bot") != 0)
    return cli_usage_error("join", "--kind takes human or bot, not \"%s\"",
                           kind);

  MeepleClient *client;
  MeepleRemoteGame *game = cli_connect_game(id, &client);
  if (!game)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  guint taken;
  char *token = NULL;
  if (meeple_remote_game_join(game, name, seat, kind, &taken, &token,
                              &error)) {
    cli_tokens_save(cli_store_key(client), id, taken, token,
                    CLI_HOLDER_PLAYER);
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "seat %u\ntoken %s\n", taken + 1, token);
    status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_string_free(text, TRUE);
    g_free(token);
  } else {
    status = cli_fail(error);
    g_error_free(error);
  }
  meeple_remote_game_free(game);
  meeple_client_free(client);
  return status;
}
