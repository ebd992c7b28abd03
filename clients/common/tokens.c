/* tokens.c — the seat tokens clients keep so that a seat can be reclaimed
 * by a later run (after the process, the connection or the daemon went
 * away), by the same client or another one (`meeple`, a Lua script).
 * The file lives under $XDG_STATE_HOME rather than $XDG_RUNTIME_DIR:
 * games survive a restart of the daemon and a reboot, so their tokens
 * must too.
 *
 * Game ids are only unique within one daemon's store: a desktop
 * session's meepled and ./quickstart's private one both have a game "1".
 * So every token is kept under the key of its store
 * (meeple_client_store_key()), and saving one replaces only the line of
 * the same store, game and seat: a token of another store is never lost
 * to a collision.  Lines an older meeple wrote have no store; they are
 * kept, and tried after the store's own (a token the daemon does not
 * know is skipped), as are, for a daemon without a store id, tokens
 * under other stand-in keys.
 *
 * (Moved here from clients/cli/tokens.c so that every face of the
 * client library shares one file format.) */
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "client-private.h"

/* Replaces blanks, which separate the file's fields. */
static char *
without_blanks(const char *text)
{
  char *copy = g_strdup(text);
  for (char *p = copy; *p; p++)
    if (g_ascii_isspace(*p))
      *p = '_';
  return copy;
}

const char *
meeple_client_store_key(MeepleClient *client)
{
  /* One client talks to one daemon: the key is asked for once. */
  if (client->store_key)
    return client->store_key;
  char *id = meeple_client_store_id(client, NULL);
  if (id) {
    client->store_key = g_strconcat("store:", id, NULL);
    g_free(id);
    return client->store_key;
  }
  /* An older daemon: the bus it is on stands for its store (a bus that
   * is restarted gets a new address, and its tokens then are only tried
   * as strangers'), else the daemon's name on the bus. */
  const char *address = client->bus_address;
  if (!address || !*address)
    address = g_getenv("MEEPLE_BUS_ADDRESS");
  if (!address || !*address)
    address = g_getenv("DBUS_SESSION_BUS_ADDRESS");
  if (address && *address) {
    g_autofree char *clean = without_blanks(address);
    client->store_key = g_strconcat("bus:", clean, NULL);
    return client->store_key;
  }
  char *owner = meeple_client_daemon_name(client, NULL);
  client->store_key = g_strconcat("daemon:", owner ? owner : "unknown", NULL);
  g_free(owner);
  return client->store_key;
}

static char *
tokens_path(void)
{
  return g_build_filename(g_get_user_state_dir(), "meeple", "tokens", NULL);
}

static void
token_free(gpointer data)
{
  MeepleClientToken *t = data;
  g_free(t->token);
  g_free(t);
}

/* One line of the file: "GAME SEAT TOKEN HOLDER STORE"; an older
 * meeple wrote "GAME SEAT TOKEN [HOLDER]" (no store, holder a player). */
typedef struct {
  char *game, *token, *store; /* store NULL: an older line */
  guint seat;
  const char *holder;
} Line;

static void
line_clear(Line *l)
{
  g_free(l->game);
  g_free(l->token);
  g_free(l->store);
}

/* Splits one line into its fields; FALSE for comments, blank or
 * malformed lines (which are kept as they are when rewriting). */
static gboolean
parse_line(const char *text, Line *l)
{
  memset(l, 0, sizeof *l);
  g_auto(GStrv) fields = g_strsplit_set(text, " \t", -1);
  char *words[5];
  guint n = 0;
  for (char **f = fields; *f; f++)
    if (**f) {
      if (n == 5)
        return FALSE;
      words[n++] = *f;
    }
  guint64 value;
  if (n < 3 || words[0][0] == '#' ||
      !g_ascii_string_to_unsigned(words[1], 10, 0, MEEPLE_MAX_PLAYERS - 1,
                                  &value, NULL))
    return FALSE;
  l->holder = n >= 4 && strcmp(words[3], MEEPLE_CLIENT_HOLDER_BOT) == 0
                ? MEEPLE_CLIENT_HOLDER_BOT : MEEPLE_CLIENT_HOLDER_PLAYER;
  l->game = g_strdup(words[0]);
  l->seat = (guint)value;
  l->token = g_strdup(words[2]);
  l->store = n == 5 ? g_strdup(words[4]) : NULL;
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

/* Whether @key is a stand-in for a store id (an older daemon's). */
static gboolean
is_fallback(const char *key)
{
  return key && !g_str_has_prefix(key, "store:");
}

/* How the lines of @store's tokens are picked. */
typedef enum {
  PICK_OWN,      /* the store's own */
  PICK_LEGACY,   /* lines without a store */
  PICK_STRANGER, /* other stand-in keys (see meeple_client_tokens_find()) */
} Pick;

static gboolean
picked(const Line *l, const char *store, Pick pick)
{
  switch (pick) {
  case PICK_OWN:
    return g_strcmp0(l->store, store) == 0;
  case PICK_LEGACY:
    return l->store == NULL;
  case PICK_STRANGER:
  default:
    return is_fallback(store) && is_fallback(l->store) &&
           strcmp(l->store, store) != 0;
  }
}

/* Adds the tokens of @game for @holder that @pick picks to @found. */
static void
collect(GPtrArray *found, char **lines, const char *store, Pick pick,
        const char *game, const char *holder)
{
  for (char **text = lines; *text; text++) {
    Line l;
    if (!parse_line(*text, &l))
      continue;
    if (strcmp(l.game, game) == 0 && strcmp(l.holder, holder) == 0 &&
        picked(&l, store, pick)) {
      MeepleClientToken *t = g_new0(MeepleClientToken, 1);
      t->seat = l.seat;
      t->token = g_steal_pointer(&l.token);
      t->legacy = pick != PICK_OWN;
      g_ptr_array_add(found, t);
    }
    line_clear(&l);
  }
}

GPtrArray *
meeple_client_tokens_find(const char *store, const char *game,
                          const char *holder)
{
  GPtrArray *found = g_ptr_array_new_with_free_func(token_free);
  g_autofree char *path = tokens_path();
  g_auto(GStrv) lines = read_lines(path);
  collect(found, lines, store, PICK_OWN, game, holder);
  collect(found, lines, store, PICK_LEGACY, game, holder);
  /* Without store ids, a bus that was restarted (./quickstart's
   * private one) has a new address: its daemon's tokens are under an
   * older key.  A token the daemon did not issue is refused (BadToken)
   * and skipped, so trying them costs nothing; with store ids this is
   * never needed. */
  collect(found, lines, store, PICK_STRANGER, game, holder);
  return found;
}

gboolean
meeple_client_tokens_save(const char *store, const char *game, guint seat,
                          const char *token, const char *holder,
                          GError **error)
{
  g_autofree char *path = tokens_path();
  g_autofree char *dir = g_path_get_dirname(path);
  if (g_mkdir_with_parents(dir, 0700) != 0) {
    int saved = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "cannot create %s: %s", dir, g_strerror(saved));
    return FALSE;
  }
  /* `meeple play --new` and its bot child save at the same moment: the
   * lock keeps one's read-modify-write from undoing the other's. */
  g_autofree char *lock_path = g_strconcat(path, ".lock", NULL);
  int lock = g_open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lock >= 0)
    flock(lock, LOCK_EX);
  /* Every other line stays; only the seat's old token in the same
   * store (if any) goes. */
  g_auto(GStrv) lines = read_lines(path);
  GString *text = g_string_new(NULL);
  for (char **l = lines; *l; l++) {
    Line line;
    if (!**l)
      continue;
    if (parse_line(*l, &line)) {
      gboolean same = strcmp(line.game, game) == 0 && line.seat == seat &&
                      g_strcmp0(line.store, store) == 0;
      line_clear(&line);
      if (same)
        continue;
    }
    g_string_append_printf(text, "%s\n", *l);
  }
  g_string_append_printf(text, "%s %u %s %s %s\n", game, seat, token, holder,
                         store);
  gboolean ok = g_file_set_contents_full(path, text->str, (gssize)text->len,
                                         G_FILE_SET_CONTENTS_CONSISTENT,
                                         0600, error);
  g_string_free(text, TRUE);
  if (lock >= 0)
    close(lock); /* releases the lock */
  return ok;
}
