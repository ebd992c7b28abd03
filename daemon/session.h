/* session.h — one game session: the engine's game, its seats and who
 * holds them, and the numbered event log.  No D-Bus here: the Game object
 * (game-object.c) publishes a session; every rule of authority lives in
 * this file, so it reads the same whatever transport calls it.
 *
 * Authority (doc/dbus-api.md, "Seats"): a seat is free until someone
 * joins it; joining hands out a token.  The holder is a bus connection
 * (its unique name).  Only the holder may act for the seat; whoever
 * presents the token becomes the holder (Reclaim).  Everybody else is a
 * spectator.  Every failing call leaves the session unchanged. */
#ifndef MEEPLED_SESSION_H
#define MEEPLED_SESSION_H

#include <glib.h>
#include <meeple.h>

typedef enum {
  SESSION_WAITING = 0,
  SESSION_PLAYING,
  SESSION_OVER,
} SessionStatus;

/* How a game's supply (its tile order) was made.  Joiners are told: a
 * creator who chose the seed or the tiles, or imported the record, knows
 * every draw to come. */
typedef enum {
  SESSION_SUPPLY_UNKNOWN = 0, /* stored before meepled kept it */
  SESSION_SUPPLY_SHUFFLED,    /* the daemon's own seed from the kernel */
  SESSION_SUPPLY_SEED,        /* the creator chose the seed */
  SESSION_SUPPLY_TILES,       /* the creator chose the tile order */
  SESSION_SUPPLY_IMPORTED,    /* brought in as a record */
} SessionSupply;

/* "shuffled", "seed", "tiles", "imported" or "unknown". */
const char *session_supply_name(SessionSupply supply);
/* The supply a name stands for (SESSION_SUPPLY_UNKNOWN for any other). */
SessionSupply session_supply_from_name(const char *name);

typedef struct {
  char *name;     /* player's name; "Player N" until joined */
  char *kind;     /* "human" or "bot" (what the creator asked for) */
  gboolean taken; /* joined, token issued */
  /* Hex SHA-256 of the seat's token while taken: the token itself goes
   * only to the player who joined, and the store keeps only this. */
  char *token_hash;
  char *holder;   /* unique bus name acting for the seat, or NULL */
} SessionSeat;

typedef struct {
  char *id;
  char *name;
  MeepleRules *rules;
  MeepleGame *game;
  guint n_seats;
  SessionSeat seats[MEEPLE_MAX_PLAYERS];
  gboolean started;
  /* Grows with every change to a seat (join, leave, reclaim, holder
   * gone), so observers can tell cheaply whether seats changed. */
  guint seats_version;
  /* MeepleEvent; event i has sequence number i + 1.  Events are copied
   * from the engine; their rule strings are static (core or resident
   * plugin modules). */
  GArray *events;
  /* char*: every applied action in notation, as the store journals it */
  GPtrArray *journal;
  /* Who is answerable for the game (doc/dbus-api.md, "Limits"): the Unix
   * user whose connection created or imported it (-1: not known, a game
   * stored before meepled kept it), and that connection's unique name
   * while it is known (not stored: it means nothing after a restart). */
  gint64 owner_uid;
  char *creator;
  SessionSupply supply;
  /* Unix time of the last change of its seats (creation, join, leave):
   * a waiting game nobody touches expires --waiting-timeout after it. */
  gint64 changed;
  /* Seats whose holder asked for Delete (bit per seat); not stored. */
  guint32 delete_votes;
} Session;

/* Creates a session (the game exists, waiting for players).  @seat_kinds
 * has one entry per seat or is NULL (all "human").  MEEPLED_ERROR_INVALID
 * _ARGS when the engine refuses the configuration. */
Session *session_new(const char *id, const char *name, MeepleRules *rules,
                     const MeepleGameConfig *config,
                     const char *const *seat_kinds, GError **error);
/* Creates a session from a game record: the game replayed action by
 * action (its events in the log, its actions in the journal), seats named
 * after the record's players, free, "human", not started.  The caller
 * resolved @rules from the record's rule sets.  MEEPLED_ERROR_INVALID_ARGS
 * with the record's file:line:column when it does not replay. */
Session *session_new_from_record(const char *id, const char *name,
                                 MeepleRules *rules,
                                 const MeepleRecord *record, GError **error);
void session_free(Session *session);
/* Hex SHA-256 of a seat token. */
char *session_token_hash(const char *token);

SessionStatus session_status(const Session *session);
const char *session_status_name(SessionStatus status);
/* Sequence number of the last event (0 before any). */
guint64 session_sequence(const Session *session);
/* Id of the pending decision: the number of accepted actions. */
guint64 session_decision_id(const Session *session);
guint session_free_seats(const Session *session);

/* Fills @buffer with @size bytes from the kernel's generator (tokens,
 * seeds: nothing a client sees may let it predict them). */
void session_random_bytes(void *buffer, gsize size);

/* Longest player or game name, in bytes. */
#define SESSION_MAX_NAME 100

/* Whether @name may be shown to other players: at most SESSION_MAX_NAME
 * bytes and no control characters (a name reaches other people's
 * terminals, where escape sequences would act).  FALSE with
 * MEEPLED_ERROR_INVALID_ARGS naming @what ("player name"). */
gboolean session_check_name(const char *name, const char *what,
                            GError **error);

/* Takes a free seat for @holder: @seat (>= 0) or the lowest free one of
 * @kind (NULL: any kind).  @name NULL keeps "Player N".  Returns the seat
 * and a new token. */
gboolean session_join(Session *session, const char *holder, const char *name,
                      int seat, const char *kind, guint *seat_out,
                      char **token_out, GError **error);
/* Makes @holder the holder of the seat @token belongs to. */
gboolean session_reclaim(Session *session, const char *holder,
                         const char *token, guint *seat_out, GError **error);
gboolean session_leave(Session *session, const char *holder, guint seat,
                       GError **error);
/* Copies seat @from's state into seat @to (for undoing a change that could
 * not be stored). */
void session_seat_copy(SessionSeat *to, const SessionSeat *from);
void session_seat_clear(SessionSeat *seat);
gboolean session_start(Session *session, const char *holder, GError **error);

/* Checks everything about acting for @seat except the action itself:
 * started, not over, @holder holds @seat, it is @seat's decision, and
 * @guard (when @has_guard) is the pending decision's id. */
gboolean session_may_act(Session *session, const char *holder, guint seat,
                         gboolean has_guard, guint64 guard, GError **error);
/* Whether @action is legal now; IllegalAction (saying why) or GameOver
 * otherwise.  Nothing changes. */
gboolean session_check_action(const Session *session,
                              const MeepleAction *action, GError **error);
/* Applies @action for @seat (after session_may_act()).  Events it caused
 * are appended to the log, the action to the journal: @notation, the
 * action's notation if the caller has it (consumed), or NULL. */
gboolean session_apply(Session *session, const MeepleAction *action,
                       char *notation, GError **error);

/* Forgets @holder as the holder of any seat (its connection closed);
 * TRUE when it held one.  Its seats keep their tokens. */
gboolean session_holder_gone(Session *session, const char *holder);
/* Whether @holder holds @seat. */
gboolean session_holds(const Session *session, const char *holder,
                       guint seat);

#endif
