/* conn.c — the connection and human error texts (see conn.h). */
#include "config.h"

#include <string.h>

#include "conn.h"

MgConn *
mg_conn_new(const char *address)
{
  MgConn *conn = g_new0(MgConn, 1);
  const char *env = g_getenv("MEEPLE_BUS_ADDRESS");
  conn->address = g_strdup(address && *address ? address
                           : env && *env ? env : NULL);
  return conn;
}

void
mg_conn_free(MgConn *conn)
{
  if (!conn)
    return;
  if (conn->client)
    meeple_client_free(conn->client);
  g_free(conn->address);
  g_free(conn->store);
  g_free(conn);
}

gboolean
mg_conn_bus_alive(MgConn *conn)
{
  return conn->client &&
         dbus_connection_get_is_connected(
             meeple_client_connection(conn->client));
}

gboolean
mg_conn_ensure(MgConn *conn, GError **error)
{
  if (conn->client && !mg_conn_bus_alive(conn)) {
    /* games opened on it were freed by their owners before this */
    meeple_client_free(conn->client);
    conn->client = NULL;
  }
  if (!conn->client) {
    conn->client = meeple_client_new(conn->address, NULL, error);
    if (!conn->client)
      return FALSE;
    /* a person waits for the answer: fail fast, retry later */
    meeple_client_set_timeout(conn->client, 8000);
  }
  /* The store id is asked for first only to tell "no daemon answers"
   * (a restart under way: try again later) from "an older daemon without
   * a store id": the library's key would stand in a bus key for both. */
  GError *local = NULL;
  char *id = meeple_client_store_id(conn->client, &local);
  if (!id && g_error_matches(local, MEEPLE_CLIENT_ERROR,
                             MEEPLE_CLIENT_ERROR_NO_DAEMON)) {
    g_propagate_error(error, local);
    return FALSE;
  }
  g_clear_error(&local);
  g_free(id);
  g_free(conn->store);
  conn->store = g_strdup(meeple_client_store_key(conn->client));
  return TRUE;
}

char *
mg_error_text(const GError *error)
{
  if (!error)
    return g_strdup("Something went wrong.");
  if (error->domain != MEEPLE_CLIENT_ERROR)
    return g_strdup(error->message);
  const char *what;
  switch ((MeepleClientErrorCode)error->code) {
  case MEEPLE_CLIENT_ERROR_NO_DAEMON:
    what = "The game server (meepled) cannot be reached.";
    break;
  case MEEPLE_CLIENT_ERROR_INVALID_ARGS:
    what = "The game server did not accept the request.";
    break;
  case MEEPLE_CLIENT_ERROR_INVALID_RULE_SETS:
    what = "These rule sets cannot be played together.";
    break;
  case MEEPLE_CLIENT_ERROR_LIMIT_REACHED:
    what = "You have reached a limit of the game server.";
    break;
  case MEEPLE_CLIENT_ERROR_NO_SUCH_GAME:
    what = "This game no longer exists.";
    break;
  case MEEPLE_CLIENT_ERROR_GAME_FULL:
    what = "Every seat of this game is taken.";
    break;
  case MEEPLE_CLIENT_ERROR_SEAT_TAKEN:
    what = "Somebody else has taken this seat.";
    break;
  case MEEPLE_CLIENT_ERROR_ALREADY_STARTED:
    what = "This game has already started; only its players can come "
           "back to it.";
    break;
  case MEEPLE_CLIENT_ERROR_BAD_TOKEN:
    what = "The saved key for this seat is no longer valid.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_SEATED:
    what = "You do not hold a seat in this game.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_READY:
    what = "Not every seat is taken yet.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_STARTED:
    what = "The game has not started yet.";
    break;
  case MEEPLE_CLIENT_ERROR_GAME_OVER:
    what = "The game is over.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN:
    what = "It is not your turn.";
    break;
  case MEEPLE_CLIENT_ERROR_STALE_DECISION:
    what = "The game moved on before your move arrived; choose again.";
    break;
  case MEEPLE_CLIENT_ERROR_ILLEGAL_ACTION:
    what = "That move is not allowed now.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_FINISHED:
    what = "The game is not finished yet.";
    break;
  case MEEPLE_CLIENT_ERROR_TIMED_OUT:
    what = "The game server took too long to answer.";
    break;
  case MEEPLE_CLIENT_ERROR_STORAGE:
    what = "The game server could not save the game.";
    break;
  case MEEPLE_CLIENT_ERROR_SUSPENDED:
    what = "This game cannot be played now: a rule set it needs is "
           "missing or has changed.";
    break;
  case MEEPLE_CLIENT_ERROR_NOT_AUTHORIZED:
    what = "You may not do this.";
    break;
  case MEEPLE_CLIENT_ERROR_FAILED:
  default:
    what = "Something went wrong.";
    break;
  }
  /* The daemon's message is for people too, but it may name the D-Bus
   * error first ("org.meepled...: text"): keep only its text. */
  const char *msg = error->message ? error->message : "";
  const char *colon = strstr(msg, ": ");
  if (g_str_has_prefix(msg, "org.") && colon)
    msg = colon + 2;
  return *msg ? g_strdup_printf("%s (%s)", what, msg) : g_strdup(what);
}
