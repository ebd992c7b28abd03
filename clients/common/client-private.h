/* client-private.h — what the parts of libmeeple-client share and do not
 * export.  Names start with "mcl_" so the library's export list
 * ('^meeple_(client|remote_game)_') leaves them out. */
#ifndef MEEPLE_CLIENT_PRIVATE_H
#define MEEPLE_CLIENT_PRIVATE_H

#include "meeple-client.h"

struct MeepleClient {
  DBusConnection *connection;
  GMainContext *context;       /* a reference */
  int timeout_ms;
  char *bus_address;           /* as given to meeple_client_new(), or NULL */
  char *store_key;             /* meeple_client_store_key(), once asked */
};

/* A game's mirror (remote-game.c) and its decision protocol
 * (decision.c). */
struct MeepleRemoteGame {
  MeepleClient *client;
  char *id, *path;
  char *match_rule;            /* the game's signals */
  char *owner_rule;            /* NameOwnerChanged of the daemon */
  gboolean filter_added;

  MeepleClientCatalog *catalog;
  MeepleClientState *state;    /* last fetched, or NULL */
  gboolean state_dirty;        /* a signal said it changed */
  GPtrArray *events;           /* MeepleClientEvent*, by sequence */
  guint64 last_sequence;       /* of the last event in @events */
  gboolean over;
  gboolean log_final;          /* the log was fetched after the game ended */
  /* The daemon left the bus (or the bus left us); a message says how. */
  char *gone;
  /* GameRemoved's reason once the daemon removed this game, else NULL. */
  char *removed;
  char *removed_rule;          /* the manager's GameRemoved for it */
  /* Unique bus name of the daemon: only its signals are believed (any
   * peer can send a signal to this connection directly). */
  char *daemon_owner;

  /* Header of the pending decision, from DecisionRequired or GetDecision:
   * valid when pending_known. */
  gboolean pending_known;
  guint64 pending_id;
  guint pending_seat;
  char *pending_kind;
  /* Ask GetDecision before waiting for a signal: the mirror cannot know
   * what is pending (just opened, joined, started, acted). */
  gboolean probe;
  /* Last decision fetched; reusable while !decision_stale and its id is
   * the pending one.  Freed only when the next one is fetched, so a
   * pointer handed out stays valid until the next decision call. */
  MeepleClientDecision *decision;
  /* The decision an ActAndGetDecision reply brought, handed out by the
   * next _decision() while it is still the pending one: acting must not
   * free the decision the caller holds. */
  MeepleClientDecision *prefetched;
  gboolean decision_stale;

  guint32 held;                /* bit per seat this client holds */
  MeepleRemoteGameCallbacks callbacks;
  gpointer callback_data;
};

/* ---- remote-game.c ------------------------------------------------------- */

/* Once the game is over: brings the log up to its end with GetEvents
 * (the last signals may still be queued behind the reply that said "over")
 * and runs the events callback for what it adds.  Does nothing before
 * the end or when already done. */
void mcl_game_catch_up(MeepleRemoteGame *game);

/* ---- client.c ---------------------------------------------------------- */

/* Calls @method of @iface on @path of the daemon and waits for the reply.
 * @args is a tuple of the in-arguments or NULL (a floating reference is
 * consumed).  The reply's arguments come back as one tuple, which must be
 * of type @reply_type; anything else is an error.  NULL with @error set
 * (MEEPLE_CLIENT_ERROR) on failure. */
GVariant *mcl_call(MeepleClient *client, const char *path, const char *iface,
                   const char *method, GVariant *args,
                   const char *reply_type, GError **error);

/* Sets @error from a D-Bus error name and message. */
void mcl_set_dbus_error(GError **error, const char *name, const char *message);

/* ---- parse.c: replies to structs ---------------------------------------- */

/* Readers of a{sv} records: a number of any integer type at @key (FALSE
 * when absent or not a number), with a fallback, and a copy of a string
 * ("" when absent). */
gboolean mcl_lookup_number(GVariant *dict, const char *key, gint64 *out);
gint64 mcl_number_or(GVariant *dict, const char *key, gint64 fallback);
char *mcl_string_or_empty(GVariant *dict, const char *key);

MeepleClientAction *mcl_action_from_variant(GVariant *v);
void mcl_action_free(gpointer action);
/* From GetDecision's reply tuple (tussa(sssiiussy)), which is also the
 * decision struct of ActAndGetDecision's reply. */
MeepleClientDecision *mcl_decision_from_reply(GVariant *reply);
void mcl_decision_free(MeepleClientDecision *decision);

/* One event from a (tsa{sv}) value. */
MeepleClientEvent *mcl_event_from_variant(GVariant *v);

/* The state from GetState's a{sv}. */
MeepleClientState *mcl_state_from_variant(GVariant *dict);
void mcl_state_free(MeepleClientState *state);

/* catalog.c: the catalog from GetCatalog's a{sv}. */
MeepleClientCatalog *mcl_catalog_from_variant(GVariant *dict);
void mcl_catalog_free(MeepleClientCatalog *catalog);

/* The Manager's lists, an element each: a MeepleClientRuleSet*,
 * MeepleClientGameSummary* or MeepleClientHistoryEntry* (typed gpointer,
 * to be passed around with their free functions). */
gpointer mcl_ruleset_from_variant(GVariant *v);
void mcl_ruleset_free(gpointer ruleset);
gpointer mcl_ruleset_details_from_variant(GVariant *v);
void mcl_ruleset_details_free(gpointer details);
gpointer mcl_summary_from_variant(GVariant *v);
void mcl_summary_free(gpointer summary);
gpointer mcl_history_entry_from_variant(GVariant *v);
void mcl_history_entry_free(gpointer entry);

#endif
