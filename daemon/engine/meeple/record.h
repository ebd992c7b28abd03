/* meeple/record.h — game records: a whole game as text (doc/game-record.md).
 *
 * A record is a header (format version, rule sets, players, seed or explicit
 * tile order, options) and one action per line in the notation of
 * meeple/notation.h.  It is what users export, replay and attach to bug
 * reports, and what the daemon journals.  Writing a game and replaying the
 * text gives the identical game; writing it again gives the identical text.
 */
#ifndef MEEPLE_RECORD_H
#define MEEPLE_RECORD_H

#include <glib.h>
#include "meeple/game.h"

G_BEGIN_DECLS

/** Highest record format version this library reads and the one it writes. */
#define MEEPLE_RECORD_FORMAT 1

/** One action line of a record. */
typedef struct {
  char *text;          /**< the action, comment and blanks stripped */
  int line;            /**< 1-based line in the file */
  int column;          /**< 1-based column where the action starts */
} MeepleRecordAction;

/** A parsed record: its header and its action lines, not yet replayed.
 * Only meeple_record_parse() and meeple_record_load() create one (they
 * keep where each header item stood, for error messages); do not build
 * or copy it by hand. */
typedef struct {
  char *filename;      /**< for messages */
  guint format;        /**< format version */
  GPtrArray *rulesets; /**< char*: "base", "abbot/1.0", ... as written */
  GPtrArray *players;  /**< char*: one name per seat, seat 0 first */
  gboolean has_seed;
  guint64 seed;
  GPtrArray *tile_order; /**< char*: tile ids, or NULL (shuffled by seed) */
  gboolean no_farmers;
  GPtrArray *actions;  /**< MeepleRecordAction* */
} MeepleRecord;

/** Parses @text (@length bytes, or -1 if NUL-terminated).  Errors are
 * MEEPLE_ERROR_RECORD with "file:line:column: " in front of the message. */
MeepleRecord *meeple_record_parse(const char *text, gssize length,
                                  const char *filename, GError **error);
/** Reads and parses a file. */
MeepleRecord *meeple_record_load(const char *path, GError **error);
void meeple_record_free(MeepleRecord *record);

/** Game configuration the record's header describes, resolved against
 * @rules.  The returned tile order (if any) is owned by @config_storage
 * and freed with it. */
gboolean meeple_record_config(const MeepleRecord *record, MeepleRules *rules,
                              MeepleGameConfig *config,
                              GArray **config_storage, GError **error);

/** Creates the game and applies every action line.  On error (MEEPLE_ERROR
 * _RECORD or _REPLAY, with file:line:column) returns NULL. */
MeepleGame *meeple_record_replay(const MeepleRecord *record,
                                 MeepleRules *rules, GError **error);

/** Called by meeple_record_replay_events() after the setup (@action -1,
 * @player -1) and after each action line (@action: its index in
 * record->actions; @player: the seat that took it) with the events it
 * caused.  @events point into @game and are valid during the call only. */
typedef void (*MeepleReplayFunc)(const MeepleRecord *record, MeepleGame *game,
                                 int action, int player,
                                 const MeepleEvent *events, gsize n_events,
                                 gpointer user_data);

/** As meeple_record_replay(), and reports every event to @func. */
MeepleGame *meeple_record_replay_events(const MeepleRecord *record,
                                        MeepleRules *rules,
                                        MeepleReplayFunc func,
                                        gpointer user_data, GError **error);

/** Writes @game as a record.  @players names each seat (NULL: "Player 1",
 * ...).  Comments mark each turn and give the scores at the end. */
char *meeple_record_write(const MeepleGame *game,
                          const char *const *players);

G_END_DECLS

#endif
