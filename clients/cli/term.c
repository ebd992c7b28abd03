/* term.c — the size of the terminal the output goes to, so that boards
 * and lists fit it (meeple(1), "THE BOARD").  The width is the
 * terminal's own (TIOCGWINSZ) when standard output is one, else
 * $COLUMNS, else 80: a pipe or a file gets what an 80-column terminal
 * would show, the same every time (golden files rely on it). */
#include "config.h"

#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

/* A positive number in environment variable @name, or 0. */
static guint
env_size(const char *name)
{
  const char *value = g_getenv(name);
  guint64 n;
  if (!value || !g_ascii_string_to_unsigned(value, 10, 1, 10000, &n, NULL))
    return 0;
  return (guint)n;
}

/* The window size of standard output when it is a terminal. */
static gboolean
tty_size(struct winsize *size)
{
  return isatty(STDOUT_FILENO) == 1 &&
         ioctl(STDOUT_FILENO, TIOCGWINSZ, size) == 0;
}

guint
cli_term_columns(void)
{
  struct winsize size;
  if (tty_size(&size) && size.ws_col > 0)
    return size.ws_col;
  guint columns = env_size("COLUMNS");
  return columns ? columns : CLI_TEXT_WIDTH;
}

guint
cli_term_lines(void)
{
  struct winsize size;
  if (tty_size(&size) && size.ws_row > 0)
    return size.ws_row;
  return env_size("LINES");
}
