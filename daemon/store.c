/* store.c — the game store in SQLite (store.h, doc/storage.md). */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sqlite3.h>
#include <string.h>
#include <time.h>

#include "errors.h"
#include "store.h"

struct Store {
  sqlite3 *db;
  char *path;
  char *recovery;
  /* SQLite's reason when a failed write took the transaction with it */
  char *lost_because;
  char *id;               /* store_id() */
  sqlite3_stmt *append;   /* the hot path: one statement, prepared once */
  guint checkpoint_idle;  /* the idle source that will checkpoint, or 0 */
};

/* WAL frames (pages) after which the log is copied into the database
 * (SQLite's own default), and the bound at which that happens at once
 * even when the daemon never idles. */
#define CHECKPOINT_FRAMES 1000
#define CHECKPOINT_FRAMES_NOW (16 * CHECKPOINT_FRAMES)

/* ---- schema ------------------------------------------------------------ */

/* migrations[v] takes a database from user_version v to v + 1.  Never
 * change one that has shipped; append a new one and raise
 * STORE_SCHEMA_VERSION. */
static const char *const migrations[STORE_SCHEMA_VERSION] = {
  /* 0 -> 1 */
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY,"
  "  name TEXT NOT NULL,"
  "  rules TEXT NOT NULL,"
  "  n_seats INTEGER NOT NULL,"
  "  header TEXT NOT NULL,"
  "  started INTEGER NOT NULL DEFAULT 0,"
  "  over INTEGER NOT NULL DEFAULT 0,"
  "  created INTEGER NOT NULL,"
  "  finished INTEGER,"
  "  result TEXT,"
  "  record TEXT);"
  "CREATE INDEX games_by_state ON games (over, id);"
  "CREATE TABLE seats ("
  "  game INTEGER NOT NULL REFERENCES games (id),"
  "  seat INTEGER NOT NULL,"
  "  name TEXT NOT NULL,"
  "  kind TEXT NOT NULL,"
  "  taken INTEGER NOT NULL,"
  "  token_hash TEXT,"
  "  PRIMARY KEY (game, seat));"
  "CREATE TABLE actions ("
  "  game INTEGER NOT NULL REFERENCES games (id),"
  "  n INTEGER NOT NULL,"
  "  action TEXT NOT NULL,"
  "  PRIMARY KEY (game, n)) WITHOUT ROWID;",
  /* 1 -> 2: who answers for a game, when its seats last changed, how its
   * supply was made; the history read page by page; the store's id */
  "ALTER TABLE games ADD COLUMN owner INTEGER;"
  "ALTER TABLE games ADD COLUMN changed INTEGER;"
  "ALTER TABLE games ADD COLUMN supply TEXT NOT NULL DEFAULT 'unknown';"
  "UPDATE games SET changed = created;"
  "CREATE INDEX games_by_finished ON games (over, finished, id);"
  "CREATE TABLE meta ("
  "  key TEXT PRIMARY KEY,"
  "  value TEXT NOT NULL);"
  "INSERT INTO meta (key, value) VALUES ('store-id', "
  "  lower(hex(randomblob(16))));",
};

/* ---- errors --------------------------------------------------------------- */

static gboolean
fail(Store *s, GError **error, const char *what)
{
  const char *why = sqlite3_errmsg(s->db);
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
              "Cannot %s in %s: %s.", what, s->path, why);
  if (sqlite3_get_autocommit(s->db) && !s->lost_because)
    s->lost_because = g_strdup(why);
  return FALSE;
}

static gboolean
exec(Store *s, const char *sql, const char *what, GError **error)
{
  char *message = NULL;
  if (sqlite3_exec(s->db, sql, NULL, NULL, &message) == SQLITE_OK)
    return TRUE;
  g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
              "Cannot %s in %s: %s.", what, s->path,
              message ? message : sqlite3_errmsg(s->db));
  sqlite3_free(message);
  return FALSE;
}

static gboolean
prepare(Store *s, const char *sql, sqlite3_stmt **stmt, GError **error)
{
  if (sqlite3_prepare_v2(s->db, sql, -1, stmt, NULL) == SQLITE_OK)
    return TRUE;
  *stmt = NULL;
  return fail(s, error, "prepare a query");
}

/* Runs a prepared statement that returns no rows, then finalizes it. */
static gboolean
run(Store *s, sqlite3_stmt *stmt, const char *what, GError **error)
{
  int rc = sqlite3_step(stmt);
  gboolean ok = rc == SQLITE_DONE || fail(s, error, what);
  sqlite3_finalize(stmt);
  return ok;
}

/* ---- opening ---------------------------------------------------------------- */

static int
user_version(sqlite3 *db)
{
  sqlite3_stmt *stmt;
  int version = -1;
  if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, NULL) !=
      SQLITE_OK)
    return -1;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    version = sqlite3_column_int(stmt, 0);
  sqlite3_finalize(stmt);
  return version;
}

/* Whether SQLite's last error on @db means another connection holds the
 * file. */
static gboolean
is_busy(sqlite3 *db)
{
  int code = sqlite3_errcode(db) & 0xff;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

/* quick_check reads every page: a truncated or overwritten file fails
 * here, not in the middle of a game later.  A file another process holds
 * is not damaged: *@busy says so and nothing is returned. */
static char *
damage(sqlite3 *db, gboolean *busy)
{
  sqlite3_stmt *stmt;
  *busy = FALSE;
  if (sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &stmt, NULL) !=
      SQLITE_OK) {
    *busy = is_busy(db);
    return *busy ? NULL : g_strdup(sqlite3_errmsg(db));
  }
  char *why = NULL;
  int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    const char *result = (const char *)sqlite3_column_text(stmt, 0);
    if (g_strcmp0(result, "ok") != 0)
      why = g_strdup(result ? result : "quick_check failed");
  } else if (is_busy(db)) {
    *busy = TRUE;
  } else {
    why = g_strdup(sqlite3_errmsg(db));
  }
  sqlite3_finalize(stmt);
  return why;
}

static void
close_db(Store *s)
{
  g_clear_handle_id(&s->checkpoint_idle, g_source_remove);
  g_clear_pointer(&s->append, sqlite3_finalize);
  if (s->db)
    sqlite3_close(s->db);
  s->db = NULL;
}

/* Moves the damaged file and its WAL files aside. */
static gboolean
move_aside(Store *s, const char *why, GError **error)
{
  GDateTime *now = g_date_time_new_now_local();
  char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
  g_date_time_unref(now);
  char *target = g_strdup_printf("%s.corrupt-%s", s->path, stamp);
  /* never over an earlier copy of the same second */
  for (guint n = 2; g_file_test(target, G_FILE_TEST_EXISTS); n++) {
    g_free(target);
    target = g_strdup_printf("%s.corrupt-%s-%u", s->path, stamp, n);
  }
  g_free(stamp);
  gboolean ok = g_rename(s->path, target) == 0;
  if (ok)
    g_chmod(target, 0600);
  if (!ok) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "%s is damaged (%s) and cannot be moved aside: %s.", s->path,
                why, g_strerror(errno));
  } else {
    for (guint i = 0; i < 2; i++) {
      const char *suffix = i ? "-shm" : "-wal";
      char *from = g_strconcat(s->path, suffix, NULL);
      char *to = g_strconcat(target, suffix, NULL);
      if (g_file_test(from, G_FILE_TEST_EXISTS))
        g_rename(from, to);
      g_free(from);
      g_free(to);
    }
    s->recovery = g_strdup_printf("%s was damaged (%s); it was moved to %s "
                                  "and a new store started", s->path, why,
                                  target);
  }
  g_free(target);
  return ok;
}

/* The store holds the seeds of games not over, and so every draw to
 * come: it is for meepled's user alone.  The files become 0600 whatever
 * the umask or an older meepled made them (SQLite gives the WAL the
 * database's mode). */
static void
make_files_private(Store *s)
{
  static const char *const suffixes[] = { "", "-wal", "-shm" };
  for (gsize i = 0; i < G_N_ELEMENTS(suffixes); i++) {
    char *file = g_strconcat(s->path, suffixes[i], NULL);
    struct stat st;
    if (g_lstat(file, &st) == 0 && S_ISREG(st.st_mode) &&
        (st.st_mode & 077) && g_chmod(file, 0600) != 0)
      g_warning("cannot make %s private: %s", file, g_strerror(errno));
    g_free(file);
  }
}

static gboolean
open_db(Store *s, GError **error)
{
  /* created 0600 from the start: no moment where others may read it */
  mode_t umask_was = umask(077);
  int rc = sqlite3_open_v2(s->path, &s->db,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  umask(umask_was);
  if (rc != SQLITE_OK)
    return fail(s, error, "open the game store");
  make_files_private(s);
  sqlite3_extended_result_codes(s->db, 1);
  sqlite3_busy_timeout(s->db, 2000);
  /* The daemon owns the file: the first read takes the lock and keeps it.
   * Transactions then cost no file locking and the WAL index lives in
   * memory (a quarter of an insert's cost in a microbenchmark: 11 us
   * against 8), and a second meepled on the same
   * --state-dir is refused instead of playing the same games.  A file
   * SQLite could only open read-only is read as before (shared locks):
   * exclusive mode would need to write beside it. */
  if (sqlite3_db_readonly(s->db, "main") == 1)
    return TRUE;
  return exec(s, "PRAGMA locking_mode = EXCLUSIVE", "open the game store",
              error);
}

static gboolean
migrate(Store *s, GError **error)
{
  int version = user_version(s->db);
  if (version > STORE_SCHEMA_VERSION) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "%s has schema version %d, newer than this meepled's %d; "
                "run a newer meepled or use another --state-dir.",
                s->path, version, STORE_SCHEMA_VERSION);
    return FALSE;
  }
  for (int v = version; v < STORE_SCHEMA_VERSION; v++) {
    char *sql = g_strdup_printf("BEGIN IMMEDIATE; %s PRAGMA user_version = "
                                "%d; COMMIT;", migrations[v], v + 1);
    gboolean ok = exec(s, sql, "update the schema", error);
    g_free(sql);
    if (!ok) {
      sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
    g_info("game store %s: schema %d -> %d", s->path, v, v + 1);
  }
  return TRUE;
}

/* ---- checkpoints ------------------------------------------------------ */

/* Copies the WAL into the database file.  SQLite would do it inside the
 * commit that crosses CHECKPOINT_FRAMES, so one act in a thousand would
 * wait for it and every act would pay its share; here it waits for an
 * idle moment of the main loop. */
static void
checkpoint(Store *s)
{
  int rc = sqlite3_wal_checkpoint_v2(s->db, NULL, SQLITE_CHECKPOINT_PASSIVE,
                                     NULL, NULL);
  if (rc != SQLITE_OK)
    g_warning("game store %s: checkpoint failed: %s", s->path,
              sqlite3_errmsg(s->db));
}

static gboolean
checkpoint_when_idle(gpointer data)
{
  Store *s = data;
  /* not inside a group commit's transaction: its commit comes first */
  if (!sqlite3_get_autocommit(s->db))
    return G_SOURCE_CONTINUE;
  s->checkpoint_idle = 0;
  checkpoint(s);
  return G_SOURCE_REMOVE;
}

/* sqlite3_wal_hook: a commit left @frames pages in the WAL. */
static int
on_wal_commit(void *data, sqlite3 *db, const char *name, int frames)
{
  Store *s = data;
  (void)db;
  (void)name;
  if (frames >= CHECKPOINT_FRAMES_NOW) {
    /* a daemon that never idles still keeps its WAL bounded */
    g_clear_handle_id(&s->checkpoint_idle, g_source_remove);
    checkpoint(s);
  } else if (frames >= CHECKPOINT_FRAMES && !s->checkpoint_idle) {
    s->checkpoint_idle =
      g_idle_add_full(G_PRIORITY_LOW, checkpoint_when_idle, s, NULL);
  }
  return SQLITE_OK;
}

/* The state directory must be meepled's user's alone: one that others
 * may write to lets them replace the store; one they may read is closed
 * (chmod go-rwx), and said so. */
static gboolean
check_dir(const char *dir, GError **error)
{
  struct stat st;
  if (g_stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "The state directory %s is not a directory.", dir);
    return FALSE;
  }
  if (st.st_uid != geteuid()) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "The state directory %s belongs to user %u, not to meepled's "
                "user %u; give meepled a directory of its own "
                "(--state-dir).", dir, (guint)st.st_uid, (guint)geteuid());
    return FALSE;
  }
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "The state directory %s can be written by other users "
                "(mode %04o), who could replace the game store; make it "
                "private (chmod 700 %s) or choose another --state-dir.",
                dir, (guint)(st.st_mode & 07777), dir);
    return FALSE;
  }
  if (st.st_mode & 077) {
    if (g_chmod(dir, st.st_mode & 07700) != 0) {
      g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                  "Cannot make the state directory %s private: %s.", dir,
                  g_strerror(errno));
      return FALSE;
    }
    g_message("the state directory %s was readable by other users (mode "
              "%04o); it is now %04o", dir, (guint)(st.st_mode & 07777),
              (guint)(st.st_mode & 07700));
  }
  return TRUE;
}

/* Reads the store's id (schema 2 makes it). */
static gboolean
read_id(Store *s, GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s, "SELECT value FROM meta WHERE key = 'store-id'", &stmt,
               error))
    return FALSE;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    s->id = g_strdup((const char *)sqlite3_column_text(stmt, 0));
  sqlite3_finalize(stmt);
  if (!s->id)
    return fail(s, error, "read the store's id");
  return TRUE;
}

Store *
store_open(const char *dir, gint64 max_bytes, StoreSync sync,
           GError **error)
{
  if (g_mkdir_with_parents(dir, 0700) != 0) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "Cannot create the state directory %s: %s.", dir,
                g_strerror(errno));
    return NULL;
  }
  if (!check_dir(dir, error))
    return NULL;
  Store *s = g_new0(Store, 1);
  s->path = g_build_filename(dir, STORE_FILE, NULL);
  gboolean ok = open_db(s, error);
  gboolean busy = FALSE;
  char *why = ok ? damage(s->db, &busy) : NULL;
  if (busy) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "The game store %s is in use by another program (another "
                "meepled?); stop it, or give this one another --state-dir.",
                s->path);
    ok = FALSE;
  }
  if (why) {
    /* damaged: keep it for whoever wants to look, start afresh */
    close_db(s);
    ok = move_aside(s, why, error) && open_db(s, error);
    g_free(why);
  }
  ok = ok &&
       exec(s, "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;",
            "set up the game store", error) &&
       exec(s, sync == STORE_SYNC_NORMAL ? "PRAGMA synchronous = NORMAL"
                                         : "PRAGMA synchronous = FULL",
            "set up the game store", error) &&
       migrate(s, error) && read_id(s, error);
  if (ok && max_bytes > 0) {
    char *sql = g_strdup_printf("PRAGMA max_page_count = %" G_GINT64_FORMAT,
                                MAX(max_bytes / 4096, 8));
    ok = exec(s, "PRAGMA page_size = 4096", "set up the game store", error) &&
         exec(s, sql, "limit the game store's size", error);
    g_free(sql);
  }
  ok = ok && prepare(s,
                     "INSERT INTO actions (game, n, action) VALUES (?, ?, ?)",
                     &s->append, error);
  if (!ok) {
    store_close(s);
    return NULL;
  }
  /* replaces SQLite's own checkpoints, which ran inside a commit */
  sqlite3_wal_hook(s->db, on_wal_commit, s);
  /* a read-only file serves the stored games and the history, but no
   * change can be kept: say so now rather than at the first move */
  if (sqlite3_db_readonly(s->db, "main") == 1)
    g_warning("the game store %s is read-only: every call that changes a "
              "game will fail with StorageFailed", s->path);
  return s;
}

void
store_close(Store *s)
{
  if (!s)
    return;
  close_db(s);
  g_free(s->path);
  g_free(s->id);
  g_free(s->recovery);
  g_free(s->lost_because);
  g_free(s);
}

const char *
store_path(const Store *s)
{
  return s->path;
}

const char *
store_id(const Store *s)
{
  return s->id;
}

const char *
store_recovery(const Store *s)
{
  return s->recovery;
}

guint64
store_next_game_id(Store *s)
{
  sqlite3_stmt *stmt;
  guint64 next = 1;
  if (sqlite3_prepare_v2(s->db, "SELECT max(id) FROM games", -1, &stmt,
                         NULL) != SQLITE_OK)
    return next;
  if (sqlite3_step(stmt) == SQLITE_ROW &&
      sqlite3_column_type(stmt, 0) != SQLITE_NULL)
    next = (guint64)sqlite3_column_int64(stmt, 0) + 1;
  sqlite3_finalize(stmt);
  return next;
}

/* ---- writing ------------------------------------------------------------------ */

static gint64
game_key(const Session *session)
{
  return g_ascii_strtoll(session->id, NULL, 10);
}

static gboolean
insert_seat(Store *s, const Session *session, guint seat, GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s,
               "INSERT OR REPLACE INTO seats (game, seat, name, kind, taken, "
               "token_hash) VALUES (?, ?, ?, ?, ?, ?)",
               &stmt, error))
    return FALSE;
  const SessionSeat *st = &session->seats[seat];
  sqlite3_bind_int64(stmt, 1, game_key(session));
  sqlite3_bind_int(stmt, 2, (int)seat);
  sqlite3_bind_text(stmt, 3, st->name, -1, SQLITE_STATIC);
  sqlite3_bind_text(stmt, 4, st->kind, -1, SQLITE_STATIC);
  sqlite3_bind_int(stmt, 5, st->taken);
  if (st->token_hash)
    sqlite3_bind_text(stmt, 6, st->token_hash, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null(stmt, 6);
  return run(s, stmt, "save a seat", error);
}

/* The rule sets of a record header: its "rules" line. */
static char *
header_rules(const char *header)
{
  const char *line = strstr(header, "\nrules ");
  if (!line)
    return g_strdup("base");
  line += strlen("\nrules ");
  const char *end = strchr(line, '\n');
  return end ? g_strndup(line, (gsize)(end - line)) : g_strdup(line);
}

/* ---- transactions (group commit, daemon/commit.c) ------------------------ */

gboolean
store_begin(Store *s, GError **error)
{
  /* a failure before this transaction (outside any) is not its reason */
  g_clear_pointer(&s->lost_because, g_free);
  return exec(s, "BEGIN IMMEDIATE", "start a transaction", error);
}

gboolean
store_commit(Store *s, GError **error)
{
  if (sqlite3_get_autocommit(s->db)) {
    /* SQLite rolled the transaction back itself after an I/O error or a
     * full disk in one of its statements */
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_STORAGE,
                "Cannot save the last changes in %s: %s.", s->path,
                s->lost_because ? s->lost_because : "a write failed");
    g_clear_pointer(&s->lost_because, g_free);
    return FALSE;
  }
  g_clear_pointer(&s->lost_because, g_free);
  return exec(s, "COMMIT", "save the last changes", error);
}

void
store_rollback(Store *s)
{
  if (!sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}

gboolean
store_transaction_lost(const Store *s)
{
  return sqlite3_get_autocommit(s->db) != 0;
}

gboolean
store_add_game(Store *s, const Session *session, const char *header,
               GError **error)
{
  /* a savepoint: one unit inside the caller's transaction, or its own */
  if (!exec(s, "SAVEPOINT add_game", "add a game", error))
    return FALSE;
  sqlite3_stmt *stmt;
  char *rules = header_rules(header);
  gboolean ok =
    prepare(s,
            "INSERT INTO games (id, name, rules, n_seats, header, started, "
            "created, changed, owner, supply) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            &stmt, error);
  if (ok) {
    sqlite3_bind_int64(stmt, 1, game_key(session));
    sqlite3_bind_text(stmt, 2, session->name, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, rules, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 4, (int)session->n_seats);
    sqlite3_bind_text(stmt, 5, header, -1, SQLITE_STATIC);
    sqlite3_bind_int(stmt, 6, session->started);
    sqlite3_bind_int64(stmt, 7, (gint64)time(NULL));
    sqlite3_bind_int64(stmt, 8, session->changed);
    if (session->owner_uid >= 0)
      sqlite3_bind_int64(stmt, 9, session->owner_uid);
    else
      sqlite3_bind_null(stmt, 9);
    sqlite3_bind_text(stmt, 10, session_supply_name(session->supply), -1,
                      SQLITE_STATIC);
    ok = run(s, stmt, "add a game", error);
  }
  g_free(rules);
  for (guint i = 0; ok && i < session->n_seats; i++)
    ok = insert_seat(s, session, i, error);
  /* an imported game comes with its actions */
  for (guint i = 0; ok && i < session->journal->len; i++)
    ok = store_append_action(s, session, i,
                             g_ptr_array_index(session->journal, i), error);
  if (ok)
    ok = exec(s, "RELEASE add_game", "add a game", error);
  if (!ok && !sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK TO add_game; RELEASE add_game", NULL, NULL,
                 NULL);
  return ok;
}

gboolean
store_save_seat(Store *s, const Session *session, guint seat, GError **error)
{
  if (!exec(s, "SAVEPOINT save_seat", "save a seat", error))
    return FALSE;
  sqlite3_stmt *stmt;
  /* when the seats last changed: a waiting game expires from there */
  gboolean ok = insert_seat(s, session, seat, error) &&
                prepare(s, "UPDATE games SET changed = ? WHERE id = ?", &stmt,
                        error);
  if (ok) {
    sqlite3_bind_int64(stmt, 1, session->changed);
    sqlite3_bind_int64(stmt, 2, game_key(session));
    ok = run(s, stmt, "save a seat", error);
  }
  if (ok)
    ok = exec(s, "RELEASE save_seat", "save a seat", error);
  if (!ok && !sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK TO save_seat; RELEASE save_seat", NULL,
                 NULL, NULL);
  return ok;
}

/* Deletes the rows of game @key from @table ("games": its id column). */
static gboolean
delete_rows(Store *s, const char *table, gint64 key, GError **error)
{
  sqlite3_stmt *stmt;
  char *sql = g_strdup_printf("DELETE FROM %s WHERE %s = ?", table,
                              strcmp(table, "games") ? "game" : "id");
  gboolean ok = prepare(s, sql, &stmt, error);
  g_free(sql);
  if (!ok)
    return FALSE;
  sqlite3_bind_int64(stmt, 1, key);
  return run(s, stmt, "delete a game", error);
}

static gboolean
delete_game(Store *s, gint64 key, GError **error)
{
  if (!exec(s, "SAVEPOINT delete_game", "delete a game", error))
    return FALSE;
  gboolean ok = delete_rows(s, "actions", key, error) &&
                delete_rows(s, "seats", key, error) &&
                delete_rows(s, "games", key, error) &&
                exec(s, "RELEASE delete_game", "delete a game", error);
  if (!ok && !sqlite3_get_autocommit(s->db))
    sqlite3_exec(s->db, "ROLLBACK TO delete_game; RELEASE delete_game", NULL,
                 NULL, NULL);
  return ok;
}

gboolean
store_delete_game(Store *s, const char *id, GError **error)
{
  return delete_game(s, g_ascii_strtoll(id, NULL, 10), error);
}

guint
store_history_length(Store *s, GError **error)
{
  sqlite3_stmt *stmt;
  guint n = 0;
  if (!prepare(s, "SELECT count(*) FROM games WHERE over = 1", &stmt, error))
    return 0;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    n = (guint)sqlite3_column_int64(stmt, 0);
  else
    fail(s, error, "count the history");
  sqlite3_finalize(stmt);
  return n;
}

gboolean
store_prune_history(Store *s, guint count, GError **error)
{
  sqlite3_stmt *stmt;
  /* the oldest first, through games_by_finished: reads @count rows */
  if (!prepare(s,
               "SELECT id FROM games WHERE over = 1 "
               "ORDER BY finished, id LIMIT ?",
               &stmt, error))
    return FALSE;
  sqlite3_bind_int64(stmt, 1, count);
  GArray *keys = g_array_new(FALSE, FALSE, sizeof(gint64));
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    gint64 key = sqlite3_column_int64(stmt, 0);
    g_array_append_val(keys, key);
  }
  sqlite3_finalize(stmt);
  gboolean ok = rc == SQLITE_DONE || fail(s, error, "read the history");
  for (guint i = 0; ok && i < keys->len; i++) {
    gint64 key = g_array_index(keys, gint64, i);
    ok = delete_game(s, key, error);
  }
  g_array_free(keys, TRUE);
  return ok;
}

gboolean
store_save_started(Store *s, const Session *session, GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s, "UPDATE games SET started = ? WHERE id = ?", &stmt, error))
    return FALSE;
  sqlite3_bind_int(stmt, 1, session->started);
  sqlite3_bind_int64(stmt, 2, game_key(session));
  return run(s, stmt, "save the game's start", error);
}

gboolean
store_append_action(Store *s, const Session *session, guint64 index,
                    const char *notation, GError **error)
{
  sqlite3_reset(s->append);
  sqlite3_bind_int64(s->append, 1, game_key(session));
  sqlite3_bind_int64(s->append, 2, (gint64)index);
  sqlite3_bind_text(s->append, 3, notation, -1, SQLITE_STATIC);
  int rc = sqlite3_step(s->append);
  sqlite3_reset(s->append);
  sqlite3_clear_bindings(s->append);
  return rc == SQLITE_DONE || fail(s, error, "save the action");
}

gboolean
store_drop_action(Store *s, const Session *session, guint64 index,
                  GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s, "DELETE FROM actions WHERE game = ? AND n = ?", &stmt,
               error))
    return FALSE;
  sqlite3_bind_int64(stmt, 1, game_key(session));
  sqlite3_bind_int64(stmt, 2, (gint64)index);
  return run(s, stmt, "take back an action", error);
}

gboolean
store_save_finished(Store *s, const Session *session, const char *record,
                    GError **error)
{
  GString *result = g_string_new(NULL);
  for (guint i = 0; i < session->n_seats; i++)
    g_string_append_printf(result, "%s%s %d", i ? ", " : "",
                           session->seats[i].name,
                           meeple_game_score(session->game, i));
  sqlite3_stmt *stmt;
  gboolean ok = prepare(s,
                        "UPDATE games SET over = 1, finished = ?, result = ?, "
                        "record = ? WHERE id = ?",
                        &stmt, error);
  if (ok) {
    sqlite3_bind_int64(stmt, 1, (gint64)time(NULL));
    sqlite3_bind_text(stmt, 2, result->str, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, record, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 4, game_key(session));
    ok = run(s, stmt, "save the finished game", error);
  }
  g_string_free(result, TRUE);
  return ok;
}

/* ---- reading ---------------------------------------------------------------------- */

static char *
column_text(sqlite3_stmt *stmt, int column)
{
  const unsigned char *text = sqlite3_column_text(stmt, column);
  return g_strdup(text ? (const char *)text : "");
}

void
stored_game_free(StoredGame *g)
{
  if (!g)
    return;
  for (guint i = 0; i < MEEPLE_MAX_PLAYERS; i++) {
    g_free(g->seats[i].name);
    g_free(g->seats[i].kind);
    g_free(g->seats[i].token_hash);
    g_free(g->seats[i].holder);
  }
  g_free(g->id);
  g_free(g->name);
  g_free(g->record);
  g_free(g->rules);
  g_free(g);
}

static gboolean
load_seats(Store *s, StoredGame *g, gint64 key, GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s,
               "SELECT seat, name, kind, taken, token_hash FROM seats "
               "WHERE game = ? ORDER BY seat",
               &stmt, error))
    return FALSE;
  sqlite3_bind_int64(stmt, 1, key);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    int seat = sqlite3_column_int(stmt, 0);
    if (seat < 0 || seat >= (int)g->n_seats)
      continue;
    SessionSeat *st = &g->seats[seat];
    st->name = column_text(stmt, 1);
    st->kind = column_text(stmt, 2);
    st->taken = sqlite3_column_int(stmt, 3) != 0;
    if (sqlite3_column_type(stmt, 4) != SQLITE_NULL)
      st->token_hash = column_text(stmt, 4);
  }
  sqlite3_finalize(stmt);
  return rc == SQLITE_DONE || fail(s, error, "read the seats");
}

static gboolean
load_actions(Store *s, StoredGame *g, gint64 key, const char *header,
             GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s, "SELECT action FROM actions WHERE game = ? ORDER BY n",
               &stmt, error))
    return FALSE;
  sqlite3_bind_int64(stmt, 1, key);
  GString *record = g_string_new(header);
  if (record->len && record->str[record->len - 1] != '\n')
    g_string_append_c(record, '\n');
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    g_string_append(record, (const char *)sqlite3_column_text(stmt, 0));
    g_string_append_c(record, '\n');
  }
  sqlite3_finalize(stmt);
  g->record = g_string_free(record, FALSE);
  return rc == SQLITE_DONE || fail(s, error, "read the actions");
}

static GPtrArray *
load_games(Store *s, const char *where, gint64 id, GError **error)
{
  sqlite3_stmt *stmt;
  char *sql = g_strdup_printf("SELECT id, name, rules, n_seats, header, "
                              "started, owner, changed, supply "
                              "FROM games WHERE %s ORDER BY id",
                              where);
  gboolean prepared = prepare(s, sql, &stmt, error);
  g_free(sql);
  if (!prepared)
    return NULL;
  if (id >= 0)
    sqlite3_bind_int64(stmt, 1, id);
  GPtrArray *games = g_ptr_array_new_with_free_func(
    (GDestroyNotify)stored_game_free);
  int rc;
  gboolean ok = TRUE;
  while (ok && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredGame *g = g_new0(StoredGame, 1);
    gint64 key = sqlite3_column_int64(stmt, 0);
    g->id = g_strdup_printf("%" G_GINT64_FORMAT, (gint64)key);
    g->name = column_text(stmt, 1);
    g->rules = column_text(stmt, 2);
    g->n_seats = (guint)CLAMP(sqlite3_column_int(stmt, 3), 0,
                              MEEPLE_MAX_PLAYERS);
    g->started = sqlite3_column_int(stmt, 5) != 0;
    g->owner = sqlite3_column_type(stmt, 6) == SQLITE_NULL
                 ? -1
                 : sqlite3_column_int64(stmt, 6);
    g->changed = sqlite3_column_int64(stmt, 7);
    g->supply = session_supply_from_name(
      (const char *)sqlite3_column_text(stmt, 8));
    char *header = column_text(stmt, 4);
    ok = load_seats(s, g, key, error) &&
         load_actions(s, g, key, header, error);
    g_free(header);
    g_ptr_array_add(games, g);
  }
  if (ok && rc != SQLITE_DONE)
    ok = fail(s, error, "read the games");
  sqlite3_finalize(stmt);
  if (!ok) {
    g_ptr_array_unref(games);
    return NULL;
  }
  return games;
}

GPtrArray *
store_load_unfinished(Store *s, GError **error)
{
  return load_games(s, "over = 0", -1, error);
}

StoredGame *
store_load_game(Store *s, const char *id, GError **error)
{
  GPtrArray *games = load_games(s, "id = ?", g_ascii_strtoll(id, NULL, 10),
                                error);
  if (!games)
    return NULL;
  StoredGame *g = games->len ? g_ptr_array_steal_index(games, 0) : NULL;
  g_ptr_array_unref(games);
  return g;
}

void
stored_summary_free(StoredSummary *g)
{
  if (!g)
    return;
  g_free(g->id);
  g_free(g->name);
  g_free(g->rules);
  g_free(g->result);
  g_free(g);
}

GPtrArray *
store_history(Store *s, guint offset, guint limit, GError **error)
{
  sqlite3_stmt *stmt;
  if (!prepare(s,
               "SELECT id, name, rules, n_seats, finished, result FROM games "
               "WHERE over = 1 ORDER BY finished DESC, id DESC "
               "LIMIT ? OFFSET ?",
               &stmt, error))
    return NULL;
  sqlite3_bind_int64(stmt, 1, limit);
  sqlite3_bind_int64(stmt, 2, offset);
  GPtrArray *games = g_ptr_array_new_with_free_func(
    (GDestroyNotify)stored_summary_free);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    StoredSummary *g = g_new0(StoredSummary, 1);
    g->id = g_strdup_printf("%" G_GINT64_FORMAT,
                            (gint64)sqlite3_column_int64(stmt, 0));
    g->name = column_text(stmt, 1);
    g->rules = column_text(stmt, 2);
    g->n_seats = (guint)sqlite3_column_int(stmt, 3);
    g->finished = sqlite3_column_int64(stmt, 4);
    g->result = column_text(stmt, 5);
    g_ptr_array_add(games, g);
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_DONE) {
    g_ptr_array_unref(games);
    fail(s, error, "read the history");
    return NULL;
  }
  return games;
}

char *
store_finished_record(Store *s, const char *id, GError **error)
{
  /* ids are written one way only: "1x", " 1" or "01" name no game */
  guint64 key;
  if (id[0] == '0' ||
      !g_ascii_string_to_unsigned(id, 10, 1, G_MAXINT64, &key, NULL)) {
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NO_SUCH_GAME,
                "No finished game %.64s in the history.", id);
    return NULL;
  }
  sqlite3_stmt *stmt;
  if (!prepare(s, "SELECT record FROM games WHERE id = ? AND over = 1",
               &stmt, error))
    return NULL;
  sqlite3_bind_int64(stmt, 1, (gint64)key);
  char *record = NULL;
  int rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW)
    record = column_text(stmt, 0);
  else if (rc == SQLITE_DONE)
    g_set_error(error, MEEPLED_ERROR, MEEPLED_ERROR_NO_SUCH_GAME,
                "No finished game %.64s in the history.", id);
  else
    fail(s, error, "read a record");
  sqlite3_finalize(stmt);
  return record;
}
