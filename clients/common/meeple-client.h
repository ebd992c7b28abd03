/* meeple-client.h — libmeeple-client: meepled's D-Bus API in C, shared by
 * every client (the `meeple` CLI, bots, the GTK client, the Lua module).
 *
 * One MeepleClient is one connection to the bus.  A MeepleRemoteGame is a
 * local mirror of one game: its catalog (the tile geometry the board is
 * drawn from), its public state and its event log, kept current from the
 * daemon's signals while a GLib main loop runs on the client's context.
 * The decision protocol is "here are the legal actions, pick one":
 * meeple_remote_game_decision() gives the list, meeple_remote_game_act()
 * sends the choice back.  Nothing here knows any expansion: figures,
 * actions and events are plain names from the daemon.
 *
 * Only signals from the daemon that owns org.meepled.Meepled1 are believed
 * (another peer could send signals to this connection directly).
 *
 * Calls block until the daemon replies (with a timeout); errors are
 * GErrors in MEEPLE_CLIENT_ERROR whose message is the daemon's, and whose
 * code names the D-Bus error (MeepleClientErrorCode).  Signals are
 * dispatched from the GMainContext the client was created on, so callbacks
 * run only while that context is iterated (g_main_loop_run(),
 * g_main_context_iteration(), or meeple_remote_game_wait_decision()).
 */
#ifndef MEEPLE_CLIENT_H
#define MEEPLE_CLIENT_H

#include <glib.h>
#include <stdint.h>
#include <dbus/dbus.h>
#include <meeple/rules.h>
#include <meeple/looks.h>
#include <meeple/events.h>

G_BEGIN_DECLS

#define MEEPLE_CLIENT_ERROR (meeple_client_error_quark())
GQuark meeple_client_error_quark(void);

/** One per org.meepled.Meepled1.Error.<Name>, plus failures on this side. */
typedef enum {
  MEEPLE_CLIENT_ERROR_FAILED = 0,     /**< anything else (message says) */
  MEEPLE_CLIENT_ERROR_NO_DAEMON,      /**< bus or daemon unreachable */
  MEEPLE_CLIENT_ERROR_INVALID_ARGS,
  MEEPLE_CLIENT_ERROR_INVALID_RULE_SETS,
  MEEPLE_CLIENT_ERROR_LIMIT_REACHED,
  MEEPLE_CLIENT_ERROR_NO_SUCH_GAME,
  MEEPLE_CLIENT_ERROR_GAME_FULL,
  MEEPLE_CLIENT_ERROR_SEAT_TAKEN,
  MEEPLE_CLIENT_ERROR_ALREADY_STARTED,
  MEEPLE_CLIENT_ERROR_BAD_TOKEN,
  MEEPLE_CLIENT_ERROR_NOT_SEATED,
  MEEPLE_CLIENT_ERROR_NOT_READY,
  MEEPLE_CLIENT_ERROR_NOT_STARTED,
  MEEPLE_CLIENT_ERROR_GAME_OVER,
  MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN,
  MEEPLE_CLIENT_ERROR_STALE_DECISION,
  MEEPLE_CLIENT_ERROR_ILLEGAL_ACTION,
  MEEPLE_CLIENT_ERROR_NOT_FINISHED,
  MEEPLE_CLIENT_ERROR_TIMED_OUT,      /**< wait_decision() gave up */
  MEEPLE_CLIENT_ERROR_STORAGE,        /**< the daemon could not store */
  MEEPLE_CLIENT_ERROR_SUSPENDED,      /**< a rule set of the game is
                                           missing or changed */
  MEEPLE_CLIENT_ERROR_NOT_AUTHORIZED, /**< the caller may not (Delete) */
  MEEPLE_CLIENT_ERROR_RULE_SET_FAILED, /**< a rule set's script failed on
                                            the action; nothing changed */
} MeepleClientErrorCode;

/* ---- the connection and the Manager -------------------------------- */

typedef struct MeepleClient MeepleClient;

/** Connects to @bus_address, or to the session bus when NULL, and
 * attaches the connection to @context (NULL: the default context).
 * Does not contact the daemon yet (the first call activates it).
 * Errors: NO_DAEMON (no bus at that address). */
MeepleClient *meeple_client_new(const char *bus_address,
                                GMainContext *context, GError **error);
/** Closes the connection.  Free the client's games first. */
void meeple_client_free(MeepleClient *client);
DBusConnection *meeple_client_connection(MeepleClient *client);
GMainContext *meeple_client_context(MeepleClient *client);
/** Milliseconds each call waits for a reply (default 25000; <= 0 restores
 * the default).  A call that times out fails with NO_DAEMON. */
void meeple_client_set_timeout(MeepleClient *client, int timeout_ms);

/** The id of the daemon's store (the Manager's StoreId property): 32 hex
 * digits created with the store and kept in it, so it names the set of
 * games a seat token belongs to across restarts of the daemon, while
 * two daemons (a desktop session's and a private one) that both have a
 * game "1" differ.  Returns NULL with @error set when the daemon does
 * not publish it (an older daemon), or on any other failure. */
char *meeple_client_store_id(MeepleClient *client, GError **error);

/** The unique bus name (":1.42") of the daemon that owns
 * org.meepled.Meepled1 now, starting it by activation if need be; NULL
 * with @error set (NO_DAEMON) when there is none. */
char *meeple_client_daemon_name(MeepleClient *client, GError **error);

typedef struct {
  char *id, *name, *version;
  char **requires;             /**< NULL-terminated */
} MeepleClientRuleSet;
/** Rule sets the daemon can play (MeepleClientRuleSet*, owned by the
 * array). */
GPtrArray *meeple_client_list_rulesets(MeepleClient *client, GError **error);

/** Everything a lobby shows about one rule set (Manager.ListRuleSetDetails,
 * doc/dbus-api.md).  Every string is set ("" when the daemon sent none);
 * the lists are NULL-terminated, never NULL. */
typedef struct {
  char *id, *name, *version;
  char **requires;             /**< ids it needs ("base" implied) */
  char **conflicts;            /**< ids it cannot be played with */
  char *description;           /**< one or two sentences, or "" */
  /** "builtin" (the base game), "plugin" (a C plugin) or "lua" (a rule
   * set written in Lua); a later daemon may name other sources. */
  char *source;
  char *file;                  /**< the file it came from, or "" */
} MeepleClientRuleSetDetails;
/** The rule sets the daemon can play, base game first, with their
 * descriptions, conflicts and sources: a GPtrArray of
 * MeepleClientRuleSetDetails*, owned (and freed) by the array; NULL with
 * @error set on failure.  A daemon older than ListRuleSetDetails answers
 * with an UnknownMethod error: fall back to meeple_client_list_rulesets()
 * then. */
GPtrArray *meeple_client_list_rule_set_details(MeepleClient *client,
                                               GError **error);

/** Options of a new game.  Zero-initialise; unset fields take the
 * daemon's defaults. */
typedef struct {
  const char *const *rules;     /**< rule-set ids, NULL-terminated, or NULL */
  guint seats;                  /**< 0: the daemon's default (2) */
  gboolean has_seed;
  guint64 seed;
  const char *const *tiles;     /**< explicit supply order, or NULL */
  const char *const *seat_kinds;/**< "human"/"bot" per seat, or NULL */
  gboolean no_farmers;
  const char *name;             /**< or NULL */
} MeepleClientGameOptions;
/** Creates a game; returns its id (g_free). */
char *meeple_client_create_game(MeepleClient *client,
                                const MeepleClientGameOptions *options,
                                GError **error);

typedef struct {
  char *id, *path, *name, *status;
  char **rules;
  guint seats, free_seats;
  /** Why the game cannot be played now when @status is "suspended" (a
   * rule set it needs is missing or of another version, or its journal
   * does not replay); "" otherwise. */
  char *reason;
  /** How the tile order was made: "shuffled" (by the daemon: nobody
   * knows the draws), "seed" or "tiles" (chosen by the creator, who can
   * know every draw), "imported" (from a record), "unknown". */
  char *supply;
} MeepleClientGameSummary;
/** Every game (MeepleClientGameSummary*, owned by the array; missing
 * strings are "").  Status is "waiting", "playing", "over" or
 * "suspended"; a suspended game is kept by the daemon but cannot be
 * opened (SUSPENDED) until what it lacks is back and the daemon
 * restarts. */
GPtrArray *meeple_client_list_games(MeepleClient *client, GError **error);

/** The short name of @error: the daemon's error name without its
 * prefix for errors the daemon sent ("NotYourTurn", "StorageFailed"),
 * "NoDaemon", "TimedOut" or "Failed" for failures on this side, and
 * "Failed" for errors of other domains.  Static; never NULL. */
const char *meeple_client_error_name(const GError *error);

/* ---- seat tokens kept on disk (shared by every client) ------------- */

/** A seat token saved so that a later run can reclaim the seat.  The
 * file is $XDG_STATE_HOME/meeple/tokens: one "GAME SEAT TOKEN HOLDER
 * STORE" line per seat, SEAT 0-based, STORE the key of the daemon's
 * store (meeple_client_store_key()).  `meeple` and the Lua module share
 * it, so one can hand a seat over to the other. */
typedef struct {
  guint seat;      /**< 0-based */
  char *token;
  gboolean legacy; /**< not under the store's own key */
} MeepleClientToken;

/** Who took a seat: a person (meeple join, play; a script by default)
 * or a bot; each reclaims only its own seats. */
#define MEEPLE_CLIENT_HOLDER_PLAYER "player"
#define MEEPLE_CLIENT_HOLDER_BOT "bot"

/** The key tokens of @client's daemon are kept under: "store:ID" with
 * the daemon's StoreId, or for an older daemon without one "bus:ADDRESS"
 * (the bus it is on: the address @client was made with, else
 * $MEEPLE_BUS_ADDRESS, else $DBUS_SESSION_BUS_ADDRESS), else
 * "daemon:NAME" (its unique name).  Asked for once per client; owned by
 * @client. */
const char *meeple_client_store_key(MeepleClient *client);

/** The tokens saved for game @game of store @store by @holder, oldest
 * first, then those of lines without a store, then, when @store is a
 * stand-in ("bus:", "daemon:"), those under other stand-ins
 * (MeepleClientToken*, freed with the array; the daemon refuses the ones
 * it did not issue). */
GPtrArray *meeple_client_tokens_find(const char *store, const char *game,
                                     const char *holder);

/** Saves (or replaces) the token of @seat in @game of @store for
 * @holder; tokens of other stores are kept whatever their game ids.
 * FALSE with @error set (G_FILE_ERROR) when the file cannot be
 * written. */
gboolean meeple_client_tokens_save(const char *store, const char *game,
                                   guint seat, const char *token,
                                   const char *holder, GError **error);

/* ---- the history: finished games the daemon keeps ------------------ */

/** One finished game of the daemon's history (ListHistory). */
typedef struct {
  char *id, *name;    /**< name "" when the game has none */
  char *rules;        /**< rule sets with versions, as the record names
                       * them: "base/1.0 xyz/1.0" */
  guint seats;
  gint64 finished;    /**< when it ended, Unix time (0: unknown) */
  char *result;       /**< final scores, "Ann 23, Bob 17" */
} MeepleClientHistoryEntry;
/** One page of the finished games of the history, most recent first
 * (MeepleClientHistoryEntry*, owned by the array): after skipping
 * @offset games, at most @limit (0: the daemon's largest page, 1000);
 * *@total (may be NULL) gets how many games the history holds. */
GPtrArray *meeple_client_list_history(MeepleClient *client, guint offset,
                                      guint limit, guint *total,
                                      GError **error);
/** The game record (doc/game-record.md; g_free) of finished game @id,
 * whether the daemon still holds the game or has it only in its history.
 * Errors: NOT_FINISHED (a game in progress: its record holds the seed),
 * NO_SUCH_GAME. */
char *meeple_client_get_record(MeepleClient *client, const char *id,
                               GError **error);
/** Creates a game from the game record @record of @length bytes (-1: up
 * to its NUL) (ImportGame), named @name (NULL or "": none).  A finished game goes straight to the history; an
 * unfinished one becomes a waiting game, its seats free and named after
 * the record's players, that continues where the record stops once its
 * seats are taken and it is started.  *@id_out (g_free; may be NULL) is
 * the new game's id.  Errors: INVALID_ARGS (the record is not UTF-8
 * text without NUL bytes, or does not parse or replay: the message says
 * where, "record:LINE:COLUMN: ..."),
 * INVALID_RULE_SETS, LIMIT_REACHED, STORAGE. */
gboolean meeple_client_import_game(MeepleClient *client, const char *record,
                                   gssize length, const char *name,
                                   char **id_out, GError **error);

/* ---- one game: the mirror ------------------------------------------ */

typedef struct MeepleRemoteGame MeepleRemoteGame;

/** One legal action, as the daemon lists it. */
typedef struct {
  char *notation;     /**< "place D @ 1,0 r90", "follower C1", "pass" */
  char *kind;         /**< action kind name */
  char *tile;         /**< "" when unused */
  int x, y;
  guint rotation;
  char *segment;      /**< "" when unused */
  char *figure;       /**< "" when unused */
  guint8 arg;
} MeepleClientAction;

/** The pending decision. */
typedef struct {
  guint64 id;
  guint seat;
  char *kind;
  char *description;
  GPtrArray *actions; /**< MeepleClientAction* */
} MeepleClientDecision;

/** One event of the game's log.  Fields the event does not have are
 * -1 (numbers) or NULL (strings); has_* says which numbers are set. */
typedef struct {
  guint64 sequence;
  char *type;         /**< "tile-placed", "points-scored", ... */
  int seat;           /**< -1: none */
  char *tile, *segment, *figure, *kind, *rule;
  int x, y, points, arg;
  gboolean has_xy, has_points, has_arg;
  /** What happened, in words (the event's "text"), or NULL from a
   * daemon older than typed events. */
  char *text;
} MeepleClientEvent;

typedef struct {
  char *name, *kind;  /**< kind: "human" or "bot" */
  gboolean taken, connected;
  int score;
  GHashTable *supply; /**< figure type name -> count (GUINT_TO_POINTER) */
} MeepleClientSeat;

typedef struct {
  char *tile;         /**< tile type id */
  int x, y;
  guint rotation;
} MeepleClientTile;

typedef struct {
  char *type;         /**< figure type name */
  int owner;          /**< seat, -1 neutral */
  int x, y;
  char *segment;      /**< segment name ("C1"), or "" for a figure that
                       * stands on the tile itself, on no segment (the
                       * neutral figure on no segment) */
} MeepleClientFigure;

/** The public state, as of the last refresh.  Strings the daemon did not
 * send are "" (never NULL), numbers 0, lists empty.  It is the daemon's
 * GetState, fetched again (once) after any event or property change, so
 * it always reflects every event in the log, whatever rule set made it:
 * figures moved (figure-moved), tiles set aside (tile-set-aside) or
 * returned to the supply (tiles-returned). */
typedef struct {
  char *id, *name, *status, *phase, *drawn_tile;
  char **rules;
  guint turn, active_seat, tiles_left, discarded;
  guint64 sequence, decision;
  GPtrArray *seats;   /**< MeepleClientSeat* */
  GPtrArray *board;   /**< MeepleClientTile* */
  GPtrArray *figures; /**< MeepleClientFigure*, neutral ones included */
  GArray *winners;    /**< guint */
  /** Tile type ids set aside face up, oldest first (a rule set's
   * tiles drawn before they can be played);
   * NULL-terminated, empty (never NULL) when there are none.  They are
   * not in tiles_left. */
  char **set_aside;
  /** The rule sets' public notes (GetState "notes"): what the board does
   * not show, e.g. a label and "on 2,-1, over a face-down token".
   * Two NULL-terminated lists of the same length, labels and texts;
   * empty (never NULL) when there are none. */
  char **note_labels;
  char **note_texts;
  /** How the tile order was made, as MeepleClientGameSummary.supply. */
  char *supply;
} MeepleClientState;

/** Segment kinds and figure types of the game's rules. */
typedef struct {
  char *name, *code;
  MeepleShape shape;
  /** How it is drawn (GetCatalog "kind-looks", meeple/looks.h); ascii
   * 0 when the daemon gave no look.  Strings interned. */
  MeepleLook look;
} MeepleClientKind;
typedef struct {
  char *name;
  gboolean neutral;
  /** How it is drawn ("figure-looks"); ascii 0 when not given. */
  MeepleLook look;
} MeepleClientFigureType;

/** An event type as GetCatalog "events" declares it. */
typedef struct {
  char *name;
  guint32 fields;      /**< MeepleEventField bits (meeple/events.h) */
  char *count_name;    /**< "" when the type has no count */
  char *text;          /**< sentence template, "" when none */
} MeepleClientEventType;

/** The catalog: kinds, figure types and every tile type, the latter as
 * MeepleTileType values (meeple/rules.h) whose segment kinds index
 * @kinds and whose symbol bits index @symbols, so a renderer written
 * for the engine's types draws remote games too. */
typedef struct {
  GPtrArray *kinds;        /**< MeepleClientKind* */
  GPtrArray *figure_types; /**< MeepleClientFigureType* */
  GPtrArray *symbols;      /**< char* */
  /** MeepleSymbolLook* (meeple/rules.h) of symbol i of @symbols, NULL
   * when it has none: as long as @symbols. */
  GPtrArray *looks;
  GArray *tiles;           /**< MeepleTileType */
  /** Event types (GetCatalog "events"); empty from an older daemon. */
  GPtrArray *event_types;  /**< MeepleClientEventType* */
  /** MeepleLook* of symbol i of @symbols (GetCatalog "symbol-looks"),
   * NULL when it has none: as long as @symbols. */
  GPtrArray *symbol_looks;
} MeepleClientCatalog;

/** Free one element of the lists above; each is a GDestroyNotify.  For
 * code that builds a catalog, a state or an event list of its own (a
 * replay played with libmeeple does), so that its lists free their
 * elements as the library's own do.  NULL is ignored. */
void meeple_client_kind_free(gpointer kind);
void meeple_client_figure_type_free(gpointer figure_type);
void meeple_client_seat_free(gpointer seat);
void meeple_client_figure_free(gpointer figure);
void meeple_client_event_free(gpointer event);

/** Opens game @id: fetches the catalog, the state and the event log and
 * subscribes to the game's signals.  Errors: NO_SUCH_GAME, ...
 * Several games may be open on one client. */
MeepleRemoteGame *meeple_remote_game_open(MeepleClient *client,
                                          const char *id, GError **error);
/** Unsubscribes and frees.  Never from inside one of @game's callbacks. */
void meeple_remote_game_free(MeepleRemoteGame *game);
const char *meeple_remote_game_id(MeepleRemoteGame *game);
const char *meeple_remote_game_path(MeepleRemoteGame *game);
/** The client @game was opened on. */
MeepleClient *meeple_remote_game_client(MeepleRemoteGame *game);

const MeepleClientCatalog *meeple_remote_game_catalog(MeepleRemoteGame *game);
/** Index of the tile type with this id in the catalog, or -1. */
int meeple_client_catalog_find_tile(const MeepleClientCatalog *catalog,
                                    const char *id);

/** The state, fetched again first if a signal said it changed.  NULL on
 * error.  Owned by @game; valid until the next call on @game. */
const MeepleClientState *meeple_remote_game_state(MeepleRemoteGame *game,
                                                  GError **error);
/** Every event received so far, oldest first (MeepleClientEvent*), each
 * sequence number once and without gaps: signals that overlap the log
 * are merged, and a missed range is fetched with GetEvents.  Once
 * wait_decision() (or decision()) has said the game is over, the log is
 * complete.  Owned by @game. */
GPtrArray *meeple_remote_game_events(MeepleRemoteGame *game);
/** Whether the game is over, as far as the mirror knows (a "game-over"
 * event, Status "over", or GetDecision said GameOver). */
gboolean meeple_remote_game_is_over(MeepleRemoteGame *game);
/** Why the daemon removed the game from the bus — "deleted", "expired" or
 * "finished", as its Manager.GameRemoved signal said — or NULL while it
 * has not.  A removed game also calls the gone callback, with a sentence;
 * unlike a daemon that left, a removed game never comes back, so a client
 * that reconnects after gone() should not try for this one. */
const char *meeple_remote_game_removed(MeepleRemoteGame *game);
/** Once the game is over (is_over()), brings the event log to its end
 * with one GetEvents: the state can say "over" while the last Events
 * signals are still on their way.  The events callback hears of what
 * was missing.  Does nothing before the game is over or once the log is
 * complete. */
void meeple_remote_game_catch_up(MeepleRemoteGame *game);

/** Whether this client holds @seat in this game (by Join or Reclaim on
 * this MeepleRemoteGame; not updated when another connection reclaims
 * it). */
gboolean meeple_remote_game_holds(MeepleRemoteGame *game, guint seat);

/** Join (before the start).  @token_out (g_free) lets a later connection
 * reclaim the seat.  Errors: GAME_FULL, SEAT_TAKEN, ALREADY_STARTED. */
gboolean meeple_remote_game_join(MeepleRemoteGame *game, const char *name,
                                 int seat /* -1: any */,
                                 const char *kind /* NULL: any */,
                                 guint *seat_out, char **token_out,
                                 GError **error);
/** Becomes the holder of the seat @token was issued for (after a
 * reconnect, or from another process).  Errors: BAD_TOKEN. */
gboolean meeple_remote_game_reclaim(MeepleRemoteGame *game, const char *token,
                                    guint *seat_out, GError **error);
/** Gives @seat up (before the start it becomes free).  Errors:
 * NOT_SEATED. */
gboolean meeple_remote_game_leave(MeepleRemoteGame *game, guint seat,
                                  GError **error);
/** Starts a game whose seats are all taken; the caller must hold one.
 * Errors: NOT_SEATED, NOT_READY, ALREADY_STARTED. */
gboolean meeple_remote_game_start(MeepleRemoteGame *game, GError **error);

/** The pending decision (fetched when not already known).  NULL with
 * @error set when there is none (NOT_STARTED, GAME_OVER).  Owned by
 * @game; it stays valid until the next call of _decision(),
 * _wait_decision() or _free() on @game (acting or iterating the context
 * does not free it). */
const MeepleClientDecision *meeple_remote_game_decision(MeepleRemoteGame *game,
                                                        GError **error);
/** Takes the legal action @index of the decision @decision for @seat.
 * The daemon refuses it (STALE_DECISION) when @decision is no longer the
 * pending one.  @decision may be NULL: @index then applies to whatever is
 * pending, unguarded.  Errors: NOT_SEATED, NOT_YOUR_TURN, STALE_DECISION,
 * ILLEGAL_ACTION, GAME_OVER, INVALID_ARGS (index out of range). */
gboolean meeple_remote_game_act(MeepleRemoteGame *game, guint seat,
                                const MeepleClientDecision *decision,
                                guint index, GError **error);
/** Takes an action written in notation for @seat (no decision guard). */
gboolean meeple_remote_game_act_notation(MeepleRemoteGame *game, guint seat,
                                         const char *notation, GError **error);
/** Takes the action @action, a dictionary in any form Act accepts
 * (doc/dbus-api.md, "Act": "index", "notation", or "kind" with any of
 * "tile", "x", "y", "rotation", "segment", "figure", "arg"), for @seat,
 * guarded by @decision when not NULL (STALE_DECISION when it is no
 * longer the pending one).  A floating @action is consumed.  Errors as
 * meeple_remote_game_act(), and INVALID_ARGS from the daemon for fields
 * that fit no known kind or more than one action. */
gboolean meeple_remote_game_act_dict(MeepleRemoteGame *game, guint seat,
                                     const MeepleClientDecision *decision,
                                     GVariant *action, GError **error);
/** One look, without iterating the context, at what
 * meeple_remote_game_wait_decision() waits for: the decision when one
 * for @seats (NULL: any) is pending, else NULL, with @error set on
 * failure (NO_DAEMON when the daemon left the bus) and unset when
 * there is nothing yet or the game is over (is_over() says which).
 * For callers that run the context themselves (several waits at once,
 * as the Lua module's coroutines do).  The decision is as
 * meeple_remote_game_decision()'s. */
const MeepleClientDecision *
meeple_remote_game_poll_decision(MeepleRemoteGame *game, const guint *seats,
                                 guint n_seats, GError **error);
/** Iterates the client's context until a decision for one of @seats
 * (NULL: for any seat) is pending or the game is over; returns the
 * decision, or NULL when the game is over (@error unset), on timeout
 * (@timeout_ms > 0; TIMED_OUT) or on error (NO_DAEMON when the daemon
 * left the bus while waiting).  A game not started yet is waited for.
 * The decision is as meeple_remote_game_decision()'s. */
const MeepleClientDecision *
meeple_remote_game_wait_decision(MeepleRemoteGame *game, const guint *seats,
                                 guint n_seats, int timeout_ms,
                                 GError **error);
/** The game record (g_free), only for a finished game (NOT_FINISHED
 * otherwise: the record holds the seed). */
char *meeple_remote_game_export(MeepleRemoteGame *game, GError **error);
/** Asks the daemon to delete the game for good (Game.Delete): TRUE with
 * *@deleted TRUE when it is gone, FALSE when the call recorded this
 * connection's players' wish and the others must agree too.  Errors:
 * NOT_AUTHORIZED (neither its creator nor a player), STORAGE. */
gboolean meeple_remote_game_delete(MeepleRemoteGame *game, gboolean *deleted,
                                   GError **error);

/** Callbacks, run from the client's context as signals arrive (and, once
 * the game is over, from the decision call that fetches the end of the
 * log when its last signals are still on the way).  They may call
 * anything on @game except meeple_remote_game_free(). */
typedef struct {
  /** New events (MeepleClientEvent*, appended to the log already). */
  void (*events)(MeepleRemoteGame *game, GPtrArray *events, gpointer data);
  /** A decision is pending for @seat (its list is fetched on demand). */
  void (*decision)(MeepleRemoteGame *game, guint64 id, guint seat,
                   const char *kind, gpointer data);
  /** The state changed (properties or events); read it again. */
  void (*changed)(MeepleRemoteGame *game, gpointer data);
  /** The daemon left the bus, the connection to the bus was lost, or
   * the daemon removed the game (meeple_remote_game_removed() then says
   * why); @why says which in a sentence.  Nothing more will arrive for
   * this game. */
  void (*gone)(MeepleRemoteGame *game, const char *why, gpointer data);
} MeepleRemoteGameCallbacks;
/** Sets (NULL: clears) the callbacks; the struct is copied. */
void meeple_remote_game_set_callbacks(MeepleRemoteGame *game,
                                      const MeepleRemoteGameCallbacks *cbs,
                                      gpointer data);

G_END_DECLS

#endif
