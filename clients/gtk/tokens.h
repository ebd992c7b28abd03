/* tokens.h — seat tokens, kept in the file the `meeple` CLI keeps them in
 * ($XDG_STATE_HOME/meeple/tokens, one "GAME SEAT TOKEN HOLDER STORE" line
 * each), so a seat taken in one client is taken back in the other.  The
 * format is the CLI's (clients/cli/tokens.c); this is a second reader and
 * writer of it, not a copy of its code: the GTK client needs only the
 * lines of the daemon's own store. */
#ifndef MG_TOKENS_H
#define MG_TOKENS_H

#include <glib.h>

G_BEGIN_DECLS

#define MG_HOLDER_PLAYER "player"
#define MG_HOLDER_BOT "bot"

typedef struct {
  guint seat;
  char *token;
  char *holder;
} MgToken;

/* The tokens saved for @game of store @store (MgToken*, freed with the
 * array), by any holder. */
GPtrArray *mg_tokens_find(const char *store, const char *game);
/* Saves or replaces the token of @seat in @game of @store. */
gboolean mg_tokens_save(const char *store, const char *game, guint seat,
                        const char *token, const char *holder,
                        GError **error);

G_END_DECLS

#endif
