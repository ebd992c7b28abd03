/* conn.h — the client's connection to meepled: one MeepleClient on the
 * default main context, the key its seat tokens are kept under, and a
 * new connection when the old one is lost. */
#ifndef MG_CONN_H
#define MG_CONN_H

#include "meeple-client.h"

G_BEGIN_DECLS

typedef struct {
  char *address;        /* NULL: $MEEPLE_BUS_ADDRESS, else the session bus */
  MeepleClient *client; /* NULL while disconnected */
  char *store;          /* token key: meeple_client_store_key() */
} MgConn;

MgConn *mg_conn_new(const char *address);
void mg_conn_free(MgConn *conn);
/* Connects (again, when the bus connection was lost) and asks the
 * daemon for its store, which starts it by activation if need be. */
gboolean mg_conn_ensure(MgConn *conn, GError **error);
/* Whether the bus connection itself is still open. */
gboolean mg_conn_bus_alive(MgConn *conn);

/* A sentence for a person from any error of the client library: what
 * happened in words, then the daemon's own message. */
char *mg_error_text(const GError *error);

G_END_DECLS

#endif
