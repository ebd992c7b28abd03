/* store.h — meepled's game store: one SQLite file (WAL) under the state
 * directory that holds every game's configuration, seats and action
 * journal, so that games survive a restart and lose no accepted move
 * (DESIGN invariant 4; doc/storage.md has the schema).
 *
 * Every write is committed durably before it returns TRUE, so a caller
 * writes first and changes the game only when the write succeeded: a
 * failed write (disk full, read-only directory) changes nothing anywhere.
 * Errors are MEEPLED_ERROR_STORAGE with the file and SQLite's reason. */
#ifndef MEEPLED_STORE_H
#define MEEPLED_STORE_H

#include <glib.h>

#include "session.h"

G_BEGIN_DECLS

/* Schema version this daemon writes (PRAGMA user_version). */
#define STORE_SCHEMA_VERSION 2
/* The database's name in the state directory. */
#define STORE_FILE "meepled.db"

typedef struct Store Store;

/* Opens @dir/meepled.db, creating the directory and the file when needed,
 * migrating an older schema.  A file that is not a database, is corrupt
 * or truncated is moved aside ("meepled.db.corrupt-YYYYmmdd-HHMMSS") and a
 * new one started; store_recovery() then says what happened.  A store
 * with a newer schema than this daemon knows is left alone: NULL with
 * @error (run a newer meepled).  @max_bytes > 0 caps the
 * file's size (writes beyond it fail as on a full disk).  NULL with
 * @error when the directory cannot be created or written. */
/* How a commit reaches the disk (SQLite's synchronous setting in WAL
 * mode). */
typedef enum {
  /* flushed to the disk at every commit: survives a power cut */
  STORE_SYNC_FULL = 0,
  /* written to the operating system at every commit, flushed at
   * checkpoints: survives a crash or kill -9 of meepled, not a power cut
   * or a crash of the system */
  STORE_SYNC_NORMAL,
} StoreSync;

Store *store_open(const char *dir, gint64 max_bytes, StoreSync sync,
                  GError **error);
void store_close(Store *store);
const char *store_path(const Store *store);
/* The store's id: 32 hex digits drawn when the store was made, the same
 * for its whole life.  Clients key what they keep per daemon (seat
 * tokens) by it: two daemons both have a game 1. */
const char *store_id(const Store *store);
/* What was wrong with the file found at start-up and where it went, or
 * NULL. */
const char *store_recovery(const Store *store);

/* Transactions for group commit (daemon/commit.c): writes between
 * store_begin() and store_commit() are durable together at the commit.
 * Outside one, every write is its own transaction. */
gboolean store_begin(Store *store, GError **error);
gboolean store_commit(Store *store, GError **error);
void store_rollback(Store *store);
/* TRUE when a failed write made SQLite drop the open transaction. */
gboolean store_transaction_lost(const Store *store);

/* The lowest game id no stored game has used (ids are never reused). */
guint64 store_next_game_id(Store *store);

/* A new game: its record header (meeple_record_write() of the game
 * before any action), seats, and the actions it already has (an imported
 * game), in one transaction. */
gboolean store_add_game(Store *store, const Session *session,
                        const char *header, GError **error);
/* Seat @seat's name, kind, taken flag and token hash as the session has
 * them now. */
gboolean store_save_seat(Store *store, const Session *session, guint seat,
                         GError **error);
gboolean store_save_started(Store *store, const Session *session,
                            GError **error);
/* Appends action number @index (0-based) of the game, in notation. */
gboolean store_append_action(Store *store, const Session *session,
                             guint64 index, const char *notation,
                             GError **error);
/* Removes action @index again (the engine refused it after all). */
gboolean store_drop_action(Store *store, const Session *session,
                           guint64 index, GError **error);
/* Marks the game over and keeps its finished record for the history. */
gboolean store_save_finished(Store *store, const Session *session,
                             const char *record, GError **error);
/* Removes game @id (its seats, actions and record) for good. */
gboolean store_delete_game(Store *store, const char *id, GError **error);
/* Finished games in the history. */
guint store_history_length(Store *store, GError **error);
/* Removes the @count oldest finished games from the history. */
gboolean store_prune_history(Store *store, guint count, GError **error);

/* One stored game as read back at start-up. */
typedef struct {
  char *id;
  char *name;
  char *record;        /* header plus every journalled action: a record */
  char *rules;         /* "base/1.0 abbot/1.0", as the header names them */
  guint n_seats;
  gboolean started, over;
  SessionSeat seats[MEEPLE_MAX_PLAYERS];
  gint64 owner;        /* Unix user id of its creator, -1: not known */
  gint64 changed;      /* Unix time of its last change of seats */
  SessionSupply supply;
} StoredGame;
void stored_game_free(StoredGame *game);

/* Every game that is not over, oldest first (StoredGame*). */
GPtrArray *store_load_unfinished(Store *store, GError **error);
/* Game @id as stored, or NULL (with @error only when reading failed). */
StoredGame *store_load_game(Store *store, const char *id, GError **error);

/* One finished game of the history. */
typedef struct {
  char *id;
  char *name;
  char *rules;
  guint n_seats;
  gint64 finished;     /* Unix time */
  char *result;        /* "Ann 23, Bob 17" */
} StoredSummary;
void stored_summary_free(StoredSummary *summary);
/* At most @limit finished games, most recent first, after skipping the
 * @offset most recent (StoredSummary*).  Reads only what it returns and
 * what it skips, through an index. */
GPtrArray *store_history(Store *store, guint offset, guint limit,
                         GError **error);
/* The record of finished game @id; NULL with MEEPLED_ERROR_NO_SUCH_GAME. */
char *store_finished_record(Store *store, const char *id, GError **error);

G_END_DECLS

#endif
