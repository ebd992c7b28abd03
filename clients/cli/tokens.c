/* tokens.c — the seat tokens meeple keeps so that a seat can be reclaimed
 * by a later run (after the process, the connection or the daemon went
 * away).  The file lives under $XDG_STATE_HOME rather than
 * $XDG_RUNTIME_DIR: once games survive a restart of the daemon and a
 * reboot (planned), their tokens must too. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "cli.h"

static char *
tokens_path(void)
{
  return g_build_filename(g_get_user_state_dir(), "meeple", "tokens", NULL);
}

static void
token_free(gpointer data)
{
  CliToken *t = data;
  g_free(t->token);
  g_free(t);
}

/* Splits one line "GAME SEAT TOKEN [HOLDER]" into its fields (the holder
 * defaults to a player); FALSE for comments, blank or malformed lines
 * (which are kept as they are when rewriting). */
static gboolean
parse_line(const char *line, char **game, guint *seat, char **token,
           const char **holder)
{
  g_auto(GStrv) fields = g_strsplit_set(line, " \t", -1);
  char *words[4];
  guint n = 0;
  for (char **f = fields; *f; f++)
    if (**f) {
      if (n == 4)
        return FALSE;
      words[n++] = *f;
    }
  guint64 value;
  *holder = n == 4 && strcmp(words[3], CLI_HOLDER_BOT) == 0
              ? CLI_HOLDER_BOT : CLI_HOLDER_PLAYER;
  if (n < 3 || words[0][0] == '#' ||
      !g_ascii_string_to_unsigned(words[1], 10, 0, MEEPLE_MAX_PLAYERS - 1,
                                  &value, NULL))
    return FALSE;
  *game = g_strdup(words[0]);
  *seat = (guint)value;
  *token = g_strdup(words[2]);
  return TRUE;
}

static char **
read_lines(const char *path)
{
  char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return g_new0(char *, 1);
  char **lines = g_strsplit(text, "\n", -1);
  g_free(text);
  return lines;
}

GPtrArray *
cli_tokens_find(const char *game, const char *holder)
{
  GPtrArray *found = g_ptr_array_new_with_free_func(token_free);
  g_autofree char *path = tokens_path();
  g_auto(GStrv) lines = read_lines(path);
  for (char **l = lines; *l; l++) {
    char *id, *token;
    const char *who;
    guint seat;
    if (!parse_line(*l, &id, &seat, &token, &who))
      continue;
    if (strcmp(id, game) == 0 && strcmp(who, holder) == 0) {
      CliToken *t = g_new0(CliToken, 1);
      t->seat = seat;
      t->token = token;
      g_ptr_array_add(found, t);
    } else {
      g_free(token);
    }
    g_free(id);
  }
  return found;
}

gboolean
cli_tokens_save(const char *game, guint seat, const char *token,
                const char *holder)
{
  g_autofree char *path = tokens_path();
  g_autofree char *dir = g_path_get_dirname(path);
  if (g_mkdir_with_parents(dir, 0700) != 0) {
    g_printerr(CLI_NAME ": warning: cannot create %s: %s; the seat's token "
               "is not saved\n", dir, g_strerror(errno));
    return FALSE;
  }
  /* `play --new` and its bot child save at the same moment: the lock
   * keeps one's read-modify-write from undoing the other's. */
  g_autofree char *lock_path = g_strconcat(path, ".lock", NULL);
  int lock = g_open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock >= 0)
    flock(lock, LOCK_EX);
  /* Every other line stays; the seat's old token (if any) goes. */
  g_auto(GStrv) lines = read_lines(path);
  GString *text = g_string_new(NULL);
  for (char **l = lines; *l; l++) {
    char *id, *old;
    const char *who;
    guint s;
    if (!**l)
      continue;
    if (parse_line(*l, &id, &s, &old, &who)) {
      gboolean same = strcmp(id, game) == 0 && s == seat;
      g_free(id);
      g_free(old);
      if (same)
        continue;
    }
    g_string_append_printf(text, "%s\n", *l);
  }
  g_string_append_printf(text, "%s %u %s %s\n", game, seat, token, holder);
  GError *error = NULL;
  gboolean ok = g_file_set_contents_full(path, text->str, (gssize)text->len,
                                         G_FILE_SET_CONTENTS_CONSISTENT,
                                         0600, &error);
  if (!ok) {
    g_printerr(CLI_NAME ": warning: the seat's token is not saved: %s\n",
               error->message);
    g_error_free(error);
  }
  g_string_free(text, TRUE);
  if (lock >= 0)
    close(lock); /* releases the lock */
  return ok;
}
