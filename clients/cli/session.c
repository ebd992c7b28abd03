/* session.c — connecting to meepled, failing with the daemon's message,
 * and the output helpers every command uses. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int
cli_fail(const GError *error)
{
  g_printerr(CLI_NAME ": %s\n", error->message);
  return CLI_EXIT_FAILURE;
}

MeepleClient *
cli_connect(void)
{
  const char *address = cli_globals.bus_address;
  if (!address || !*address)
    address = g_getenv("MEEPLE_BUS_ADDRESS");
  if (address && !*address)
    address = NULL;
  GError *error = NULL;
  MeepleClient *client = meeple_client_new(address, NULL, &error);
  if (!client) {
    cli_fail(error);
    g_error_free(error);
  }
  return client;
}

MeepleRemoteGame *
cli_open_game(MeepleClient *client, const char *id)
{
  GError *error = NULL;
  MeepleRemoteGame *game = meeple_remote_game_open(client, id, &error);
  if (!game) {
    cli_fail(error);
    g_error_free(error);
  }
  return game;
}

MeepleRemoteGame *
cli_connect_game(const char *id, MeepleClient **client)
{
  *client = cli_connect();
  if (!*client)
    return NULL;
  MeepleRemoteGame *game = cli_open_game(*client, id);
  if (!game)
    g_clear_pointer(client, meeple_client_free);
  return game;
}

char *
cli_resume_hint(const char *id)
{
  const char *command = g_getenv("MEEPLE_RESUME_COMMAND");
  if (!command || !*command)
    command = CLI_NAME " play";
  return g_strdup_printf("%s %s", command, id);
}

static gboolean
set_flag(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

void
cli_iterate_for(guint ms)
{
  gboolean done = FALSE;
  /* The source removes itself when it fires. */
  g_timeout_add(ms, set_flag, &done);
  while (!done)
    g_main_context_iteration(NULL, TRUE);
}

gboolean
cli_write(const GString *text)
{
  errno = 0;
  if (fwrite(text->str, 1, text->len, stdout) != text->len ||
      fflush(stdout) != 0) {
    g_printerr(CLI_NAME ": cannot write output: %s\n",
               errno ? g_strerror(errno) : "write error");
    return FALSE;
  }
  return TRUE;
}

BoardRenderFlags
cli_board_flags(FILE *stream)
{
  BoardRenderFlags flags = 0;
  const char *colour = cli_globals.colour ? cli_globals.colour : "auto";
  if (strcmp(colour, "always") == 0) {
    flags |= BOARD_RENDER_COLOUR;
  } else if (strcmp(colour, "auto") == 0) {
    /* https://no-color.org */
    const char *no_colour = g_getenv("NO_COLOR");
    if (!(no_colour && *no_colour) && isatty(fileno(stream)) == 1)
      flags |= BOARD_RENDER_COLOUR;
  }
  const char *glyphs = cli_globals.glyphs ? cli_globals.glyphs : "auto";
  if (strcmp(glyphs, "unicode") == 0 ||
      (strcmp(glyphs, "auto") == 0 && g_get_charset(NULL)))
    flags |= BOARD_RENDER_UNICODE;
  return flags;
}

const char *
cli_seat_name(const MeepleClientState *state, int seat, char *buffer,
              gsize size)
{
  if (state && seat >= 0 && (guint)seat < state->seats->len) {
    const MeepleClientSeat *s = g_ptr_array_index(state->seats, seat);
    if (s->name && *s->name)
      return s->name;
  }
  g_snprintf(buffer, size, "seat %d", seat + 1);
  return buffer;
}
