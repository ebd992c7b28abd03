/* cmd-import.c — meeple import: a game record (doc/game-record.md) into
 * the daemon (ImportGame).  A finished game goes to the history; an
 * unfinished one waits for players, who take its seats and play on where
 * the record stops. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "cli.h"

/* Larger files are refused before they are read (the daemon takes
 * records of a few MiB at most; a whole game is some 30 KB). */
#define MAX_FILE_BYTES (64 * 1024 * 1024)

/* The daemon names the text it parsed "record": "record:3:7: ...".
 * Messages name the file instead, as compilers do. */
static char *
located_message(const char *message, const char *file)
{
  if (g_str_has_prefix(message, "record:") &&
      g_ascii_isdigit(message[strlen("record:")]))
    return g_strconcat(file, message + strlen("record"), NULL);
  return g_strdup(message);
}

/* The record's text and its *@length_out bytes (NUL bytes included:
 * meeple_client_import_game() says where one is), or NULL with the
 * failure printed. */
static char *
read_record(const char *path, const char *shown, gsize *length_out)
{
  GError *error = NULL;
  char *text = NULL;
  gsize length = 0;
  gboolean ok;
  if (strcmp(path, "-") == 0) {
    GIOChannel *in = g_io_channel_unix_new(0);
    g_io_channel_set_encoding(in, NULL, NULL);
    ok = g_io_channel_read_to_end(in, &text, &length, &error) ==
         G_IO_STATUS_NORMAL;
    g_io_channel_unref(in);
  } else {
    GStatBuf st;
    if (g_stat(path, &st) == 0 && (guint64)st.st_size > MAX_FILE_BYTES) {
      g_printerr(CLI_NAME ": %s: %" G_GUINT64_FORMAT " bytes is far larger "
                 "than a game record\n", shown, (guint64)st.st_size);
      return NULL;
    }
    ok = g_file_get_contents(path, &text, &length, &error);
  }
  if (!ok) {
    g_printerr(CLI_NAME ": cannot read %s: %s\n", shown, error->message);
    g_error_free(error);
    g_free(text);
    return NULL;
  }
  *length_out = length;
  return text;
}

/* What became of the game: went to the history, or waits for players. */
static void
print_outcome(MeepleClient *client, const char *id)
{
  GPtrArray *games = meeple_client_list_games(client, NULL);
  const MeepleClientGameSummary *found = NULL;
  for (guint i = 0; games && i < games->len && !found; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    if (g_strcmp0(g->id, id) == 0)
      found = g;
  }
  if (!found) {
    g_printerr("Imported game %s.\n", id);
  } else if (g_strcmp0(found->status, "over") == 0) {
    g_printerr("Game %s is finished: it went to the history "
               "('" CLI_NAME " history', '" CLI_NAME " export %s').\n",
               id, id);
  } else if (g_strcmp0(found->status, "waiting") == 0) {
    g_printerr("Game %s waits for players (%u free seats): once they are "
               "taken and it starts ('" CLI_NAME " play %s', '" CLI_NAME
               " bot %s'), it plays on where the record stops.\n",
               id, found->free_seats, id, id);
  } else {
    g_printerr("Imported game %s (%s).\n", id, found->status);
  }
  if (games)
    g_ptr_array_unref(games);
}

int
cli_cmd_import(int argc, char **argv)
{
  g_autofree char *name = NULL;
  GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      "Name the new game S (default: none)", "S" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *context =
    g_option_context_new("FILE - create a game from a game record");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Gives the daemon the game record in FILE ('-': standard input), as\n"
    "'meeple export' or 'meeple-sim' write them (doc/game-record.md), and\n"
    "prints the new game's id.  A finished game goes straight to the\n"
    "history ('meeple history').  An unfinished one becomes a new game\n"
    "waiting for players: its seats are free and named after the\n"
    "record's players; once they are taken ('meeple join', 'play' or\n"
    "'bot') and it is started, it plays on where the record stops.  A\n"
    "line on standard error says which.  A record that does not parse or\n"
    "replay is refused with FILE:LINE:COLUMN and nothing is created.");
  int status = cli_parse_options(context, "import", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  if (argc < 2)
    return cli_usage_error("import", "which file? (a game record, or - for "
                           "standard input)");
  if (argc > 2)
    return cli_usage_error("import", "unexpected argument \"%s\"", argv[2]);
  const char *path = argv[1];
  char *shown = strcmp(path, "-") == 0
                  ? g_strdup("<stdin>")
                  : g_filename_display_name(path);

  gsize length = 0;
  char *text = read_record(path, shown, &length);
  MeepleClient *client = text ? cli_connect() : NULL;
  if (!client) {
    g_free(text);
    g_free(shown);
    return CLI_EXIT_FAILURE;
  }
  GError *error = NULL;
  char *id = NULL;
  if (meeple_client_import_game(client, text, (gssize)length, name, &id,
                                &error)) {
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "%s\n", id);
    status = cli_write(out) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_string_free(out, TRUE);
    print_outcome(client, id);
    g_free(id);
  } else {
    char *message = located_message(error->message, shown);
    g_printerr(CLI_NAME ": %s\n", message);
    g_free(message);
    g_error_free(error);
    status = CLI_EXIT_FAILURE;
  }
  g_free(text);
  g_free(shown);
  meeple_client_free(client);
  return status;
}
