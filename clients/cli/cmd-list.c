/* cmd-list.c — meeple list: every game of the daemon, one line each. */
#include "config.h"

#include "cli.h"

int
cli_cmd_list(int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      "Print one JSON document (keys: meeple(1), JSON OUTPUT)", NULL },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context = g_option_context_new("- list the games");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Lists every game the daemon holds: its id, its status (waiting,\n"
    "playing, over or suspended), free seats out of all seats (- once\n"
    "it is over), its rule\n"
    "sets and its name.  A suspended game is one the daemon kept from\n"
    "before a restart but cannot play now (a rule set it needs is missing\n"
    "or of another version); the reason follows the table, and the game\n"
    "plays on once meepled restarts with what it lacks.  A waiting game\n"
    "whose creator chose the seed or the tiles, or that was imported,\n"
    "gets a note too: somebody may know every draw.  Finished games\n"
    "the daemon no longer holds are listed by 'meeple history'.");
  int status = cli_parse_options(context, "list", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  if (argc > 1)
    return cli_usage_error("list", "unexpected argument \"%s\"", argv[1]);

  MeepleClient *client = cli_connect();
  if (!client)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  GPtrArray *games = meeple_client_list_games(client, &error);
  if (!games) {
    status = cli_fail(error);
    g_error_free(error);
    meeple_client_free(client);
    return status;
  }
  if (json) {
    status = cli_json_list(games) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_ptr_array_unref(games);
    meeple_client_free(client);
    return status;
  }
  /* The status column widens only when a game is suspended, so that the
   * usual table keeps its layout. */
  int id_width = 2, status_width = 7;
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    id_width = MAX(id_width, (int)g_utf8_strlen(g->id, -1));
    if (g->status)
      status_width = MAX(status_width, (int)g_utf8_strlen(g->status, -1));
  }
  GString *text = g_string_new(NULL);
  GString *reasons = g_string_new(NULL);
  g_string_append_printf(text, "%-*s  %-*s  %-5s  %-12s  %s\n", id_width,
                         "ID", status_width, "STATUS", "FREE", "RULES",
                         "NAME");
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    char *rules = g->rules && g->rules[0] ? g_strjoinv(",", g->rules)
                                          : g_strdup("base");
    /* Free seats mean nothing once the game is over (an imported
     * finished game never had its seats taken). */
    char *seats = g_strcmp0(g->status, "over") == 0
                    ? g_strdup("-")
                    : g_strdup_printf("%u/%u", g->free_seats, g->seats);
    g_string_append_printf(text, "%-*s  %-*s  %-5s  %-12s  %s", id_width,
                           g->id, status_width, g->status ? g->status : "?",
                           seats, rules, g->name ? g->name : "");
    if (g_strcmp0(g->status, "suspended") == 0)
      g_string_append_printf(reasons, "Game %s is suspended: %s\n", g->id,
                             g->reason && *g->reason ? g->reason
                                                     : "no reason given");
    const char *note = cli_supply_note(g->supply);
    if (note && g_strcmp0(g->status, "waiting") == 0)
      g_string_append_printf(reasons, "Game %s: %s\n", g->id, note);
    /* No trailing blanks when the game has no name. */
    while (text->len && text->str[text->len - 1] == ' ')
      g_string_truncate(text, text->len - 1);
    g_string_append_c(text, '\n');
    g_free(rules);
    g_free(seats);
  }
  if (games->len == 0)
    g_string_assign(text, "No games.\n");
  if (reasons->len) {
    g_string_append_c(text, '\n');
    g_string_append_len(text, reasons->str, (gssize)reasons->len);
  }
  g_string_free(reasons, TRUE);
  status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
  g_string_free(text, TRUE);
  g_ptr_array_unref(games);
  meeple_client_free(client);
  return status;
}
