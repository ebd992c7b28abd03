/* tokens.c — the shared token file (see tokens.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "tokens.h"

static char *
tokens_path(void)
{
  return g_build_filename(g_get_user_state_dir(), "meeple", "tokens", NULL);
}

static void
token_free(gpointer data)
{
  MgToken *t = data;
  g_free(t->token);
  g_free(t->holder);
  g_free(t);
}

/* The blank-separated words of @line; NULL for comments and lines of
 * another shape. */
static char **
words(const char *line)
{
  if (!line || line[0] == '#')
    return NULL;
  char **w = g_strsplit_set(line, " \t", -1);
  guint n = 0;
  for (guint i = 0; w[i]; i++)
    if (*w[i])
      w[n++] = w[i];
    else
      g_free(w[i]);
  w[n] = NULL;
  if (n != 5) {
    g_strfreev(w);
    return NULL;
  }
  return w;
}

GPtrArray *
mg_tokens_find(const char *store, const char *game)
{
  GPtrArray *found = g_ptr_array_new_with_free_func(token_free);
  g_autofree char *path = tokens_path();
  g_autofree char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return found;
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (char **l = lines; *l; l++) {
    g_auto(GStrv) w = words(*l);
    guint64 seat;
    if (!w || strcmp(w[0], game) != 0 || strcmp(w[4], store) != 0 ||
        !g_ascii_string_to_unsigned(w[1], 10, 0, 5, &seat, NULL))
      continue;
    MgToken *t = g_new0(MgToken, 1);
    t->seat = (guint)seat;
    t->token = g_strdup(w[2]);
    t->holder = g_strdup(w[3]);
    g_ptr_array_add(found, t);
  }
  return found;
}

gboolean
mg_tokens_save(const char *store, const char *game, guint seat,
               const char *token, const char *holder, GError **error)
{
  g_autofree char *path = tokens_path();
  g_autofree char *dir = g_path_get_dirname(path);
  if (g_mkdir_with_parents(dir, 0700) != 0) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                "cannot create %s: %s", dir, g_strerror(errno));
    return FALSE;
  }
  /* The CLI takes the same lock around its read-modify-write. */
  g_autofree char *lock_path = g_strconcat(path, ".lock", NULL);
  int lock = g_open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock >= 0)
    flock(lock, LOCK_EX);
  g_autofree char *text = NULL;
  g_file_get_contents(path, &text, NULL, NULL);
  g_auto(GStrv) lines = g_strsplit(text ? text : "", "\n", -1);
  GString *out = g_string_new(NULL);
  char seat_text[16];
  g_snprintf(seat_text, sizeof seat_text, "%u", seat);
  for (char **l = lines; *l; l++) {
    if (!**l)
      continue;
    g_auto(GStrv) w = words(*l);
    if (w && strcmp(w[0], game) == 0 && strcmp(w[1], seat_text) == 0 &&
        strcmp(w[4], store) == 0)
      continue; /* the seat's old token */
    g_string_append_printf(out, "%s\n", *l);
  }
  g_string_append_printf(out, "%s %u %s %s %s\n", game, seat, token, holder,
                         store);
  gboolean ok = g_file_set_contents_full(path, out->str, (gssize)out->len,
                                         G_FILE_SET_CONTENTS_CONSISTENT,
                                         0600, error);
  g_string_free(out, TRUE);
  if (lock >= 0)
    close(lock);
  return ok;
}
