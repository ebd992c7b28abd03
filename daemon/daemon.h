/* daemon.h — meepled's shared state: the bus connection, the plugin
 * loader, rules built once per combination of rule sets, and the games. */
#ifndef MEEPLED_DAEMON_H
#define MEEPLED_DAEMON_H

#include <dbus/dbus.h>
#include <glib.h>
#include <meeple.h>

#include "deadlines.h"
#include "objects.h"
#include "session.h"
#include "store.h"

typedef struct {
  DBusConnection *bus;
  MeepleLoader *loader;
  /* "abbot+base" (sorted ids, requirements included) -> MeepleRules*:
   * building rules reads tile files, so each combination is built once. */
  GHashTable *rules_cache;
  /* id -> GameObject* (game-object.c) */
  GHashTable *games;
  guint64 next_game_id;
  /* Games not over yet that the daemon holds at most (--max-games). */
  guint max_games;
  /* Seconds a finished game stays, for its record (--keep-finished). */
  guint keep_finished;
  /* Finished games (GameObject*), removed --keep-finished after they
   * ended, in that order. */
  Deadlines finished;
  /* PropertiesChanged pacing (pacing.c): a game's per-move properties
   * are signalled at most once per interval (µs; 0: every change at
   * once); the games whose merged signal is due later. */
  gint64 property_interval;
  Deadlines paced;
  /* Every game's configuration, seats and actions (doc/storage.md). */
  Store *store;
  /* Limits per client (clients.c, doc/dbus-api.md "Limits"): unique
   * name -> Client* of connections that created or imported games;
   * unique name -> Unix user id + 1 (0: unknown), cached; uid (gint64) ->
   * User*. */
  GHashTable *clients;
  GHashTable *client_uids;
  GHashTable *users;
  guint max_games_per_client;   /* --max-games-per-client */
  guint max_games_per_user;     /* --max-games-per-user */
  guint import_rate;            /* --import-rate: imports a minute a user */
  /* --max-pending-calls: replies one caller may have held in a batch of
   * writes (--state-sync=full) before the batch is committed */
  guint max_pending_calls;
  /* Lifecycle (lifecycle.c): seconds a waiting game stays untouched
   * (--waiting-timeout), the waiting games in the order they expire; the
   * finished games the history keeps at most (--history-max) and how
   * many it has. */
  guint waiting_timeout;
  Deadlines waiting;
  guint history_max;
  guint history_length;
  /* Deleted games, freed at the next idle moment (GameObject*). */
  GPtrArray *removed;
  guint removed_idle;
  /* id -> SuspendedGame*: stored games that cannot be played now. */
  GHashTable *suspended;
  /* group commit (commit.c): the open batch of writes */
  gboolean group_commit;     /* FALSE: every write commits at once */
  gboolean batch_open;
  guint batch_writes;
  GHashTable *batch_games;   /* ids of the games it wrote (a set) */
  guint commit_source;
} Daemon;

/* commit.c: every store write goes through a batch that is committed
 * before the replies of its calls leave (group commit).  Call
 * daemon_store_write() right before writing for game @game_id; FALSE:
 * the write must not happen (StorageFailed). */
gboolean daemon_store_write(Daemon *daemon, const char *game_id,
                            GError **error);
/* Commits the open batch now and sends what it held. */
void daemon_commit(Daemon *daemon);
/* The same when the batch is full, or holds --max-pending-calls replies
 * of one caller; called between two messages (the bus filter), never
 * from a handler. */
void daemon_commit_if_full(Daemon *daemon);
/* @group: batch the writes (a store that flushes each commit); else every
 * write commits on its own. */
void daemon_commit_init(Daemon *daemon, gboolean group);
void daemon_commit_clear(Daemon *daemon);

/* A stored game that could not be resumed: a rule set it needs is
 * missing or not the version it was played with, or its journal does not
 * replay.  It stays in the store untouched and is listed with its reason;
 * the next start-up tries again. */
typedef struct {
  char *id;
  char *name;
  char *rules;        /* as the game's record names them */
  guint n_seats;
  char *reason;
} SuspendedGame;
void suspended_game_free(SuspendedGame *game);

/* What a game's signalled properties are computed from. */
typedef struct {
  guint status, turn, active, tiles_left, seats_version;
  int scores[MEEPLE_MAX_PLAYERS];
} GamePropertyKey;

/* One published game. */
typedef struct {
  Daemon *daemon;
  Session *session;
  char *path;
  /* Events up to this sequence number have been signalled. */
  guint64 signalled;
  /* Decision id last announced with DecisionRequired (G_MAXUINT64: none). */
  guint64 announced;
  /* Monotonic time (µs) the game ended at; 0 while it is not over.
   * Then finished_link is its place in Daemon.finished. */
  gint64 ended_at;
  GList finished_link;
  /* What the signalled properties depend on, as of the last
   * PropertiesChanged: a property is signalled when its value here moves. */
  GamePropertyKey property_key;
  /* Properties changed but not signalled yet (bit mask, pacing.c), when
   * the last PropertiesChanged went out and when the merged one is due;
   * paced_link is the game's place in Daemon.paced while it waits. */
  guint64 props_pending;
  gint64 props_sent_at;
  gint64 props_due;
  GList paced_link;
  /* While it waits for players: when it expires (monotonic µs) and its
   * place in Daemon.waiting. */
  gint64 waiting_due;
  GList waiting_link;
  /* Counted against its creator's limits (clients.c). */
  gboolean counted;
  /* Deleted (lifecycle.c): off the bus and out of every queue, freed at
   * the next idle moment, since the call deleting it still holds it. */
  gboolean removed;
} GameObject;

/* Order of game ids (decimal numbers): shorter first, then by digits. */
int daemon_compare_ids(const char *a, const char *b);
/* The id of a rule set as a record writes it: "abbot/1.0" -> "abbot"
 * (g_free). */
char *daemon_ruleset_id(const char *written);

/* manager.c */
gboolean manager_register(Daemon *daemon);
/* The rules for @ids (NULL-terminated) plus what they require. */
MeepleRules *daemon_rules_for(Daemon *daemon, const char *const *ids,
                              GError **error);

/* resume.c: puts every unfinished stored game back on the bus. */
void daemon_resume_games(Daemon *daemon);
/* A session replaying record @text (@filename names it in messages),
 * with the rules its rule sets name. */
Session *daemon_session_from_record(Daemon *daemon, const char *id,
                                    const char *name, const char *text,
                                    const char *filename, GError **error);
/* history.c: Manager methods on the store */
gboolean manager_list_history(gpointer object, const char *sender,
                              GVariant *args, GVariant **reply,
                              GError **error);
gboolean manager_get_record(gpointer object, const char *sender,
                            GVariant *args, GVariant **reply, GError **error);
gboolean manager_import_game(gpointer object, const char *sender,
                             GVariant *args, GVariant **reply,
                             GError **error);
/* Stores a new game (its header and seats) before it is published. */
gboolean daemon_store_new_game(Daemon *daemon, Session *session,
                               GError **error);
/* Publishes @session as a new game object, announced with GameCreated. */
GameObject *daemon_publish_game(Daemon *daemon, Session *session);

/* game-object.c */
gboolean game_objects_register(Daemon *daemon);
GameObject *game_object_new(Daemon *daemon, Session *session);
void game_object_free(GameObject *game);
/* The game's record with its players' names (g_free). */
char *game_object_record(const GameObject *game);
/* Stores that the game is over, with its record, for the history. */
void game_object_save_finished(GameObject *game);
/* Puts @session (the game as stored, after a failed commit) in place of
 * the game's session; what was signalled is what the store holds. */
void game_object_reset(GameObject *game, Session *session);
/* Signals what changed since the last call (events, decision,
 * properties). */
void game_object_flush(GameObject *game);
/* The game is over: it joins the finished games, which expire after
 * --keep-finished (nothing happens when it already had). */
void game_object_mark_ended(GameObject *game);
/* A bus client went away: its seats lose their holder. */
void game_objects_holder_gone(Daemon *daemon, const char *name);
/* Games that are not over. */
guint game_objects_n_unfinished(Daemon *daemon);
/* Sets up the expiry of finished games (before any game is published). */
void game_objects_init_expiry(Daemon *daemon);
/* Stops the expiry and pacing timers and forgets their games
 * (shutdown). */
void game_objects_stop_timers(Daemon *daemon);
/* Sends the game's pending PropertiesChanged now (pacing.c calls it when
 * a merged signal is due). */
void game_object_send_properties(GameObject *game);

/* clients.c: limits per connection and per Unix user. */
void clients_init(Daemon *daemon);
void clients_clear(Daemon *daemon);
/* Connection @name is gone: forgets it (its games stay its user's). */
void clients_gone(Daemon *daemon, const char *name);
/* The Unix user id of connection @sender (-1 when the bus cannot tell):
 * asked of the bus once per connection, then cached. */
gint64 clients_uid(Daemon *daemon, const char *sender);
/* Whether @sender (of Unix user @uid) may create or import one more
 * game: MEEPLED_ERROR_LIMIT_REACHED naming the limit otherwise. */
gboolean clients_may_add_game(Daemon *daemon, const char *sender,
                              gint64 uid, GError **error);
/* Takes one import from @uid's allowance (--import-rate a minute);
 * MEEPLED_ERROR_LIMIT_REACHED when it is spent. */
gboolean clients_take_import(Daemon *daemon, gint64 uid, GError **error);
/* @game counts against its creator and owner from now on / no more
 * (each once). */
void clients_hold_game(Daemon *daemon, GameObject *game);
void clients_release_game(Daemon *daemon, GameObject *game);

/* lifecycle.c: how games leave. */
void lifecycle_init(Daemon *daemon);
/* Frees what is left (shutdown, after the games). */
void lifecycle_clear(Daemon *daemon);
/* Takes @game off the bus and out of the store for good, announced with
 * Manager.GameRemoved(@reason); FALSE (nothing changed) when the store
 * cannot delete it. */
gboolean daemon_delete_game(Daemon *daemon, GameObject *game,
                            const char *reason, GError **error);
/* @game is gone from memory (its record stays in the history): says so
 * with GameRemoved. */
void daemon_announce_removed(Daemon *daemon, GameObject *game,
                             const char *reason);
/* The waiting game's seats changed (or it was published, or started):
 * its expiry starts again from now, or ends. */
void lifecycle_waiting_changed(GameObject *game);
/* Game.Delete. */
gboolean game_object_delete(gpointer object, const char *sender,
                            GVariant *args, GVariant **reply, GError **error);
/* Finished game @game_id entered the history: the oldest go past
 * --history-max (in the same store batch as @game_id's). */
void lifecycle_history_added(Daemon *daemon, const char *game_id);
/* Counts the stored history and trims it to --history-max (start-up). */
void lifecycle_load_history(Daemon *daemon);

/* pacing.c: PropertiesChanged of the properties that change with every
 * move (Turn, ActiveSeat, TilesLeft, Scores) goes out at once when the
 * game's previous one is at least --property-interval old; otherwise the
 * changes are merged into one signal sent when the interval has passed,
 * with the values of that moment.  A bot game making a thousand moves a
 * second would otherwise cost a signal per move that no person can see. */
/* Sets the interval up (before any game is published). */
void pacing_init(Daemon *daemon, guint interval_ms);
/* Whether @game's changes may be signalled now. */
gboolean pacing_may_send(const GameObject *game);
/* @game has changes to signal later: queues it (once). */
void pacing_defer(GameObject *game);
/* @game's changes go out now or it goes away: takes it off the queue. */
void pacing_forget(GameObject *game);

#endif
