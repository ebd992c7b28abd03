/* errors.h — meepled's error domain: one code per D-Bus error name
 * (daemon/dbus/names.h, doc/dbus-api.md).  Everything below the D-Bus
 * layer reports failures as GErrors in this domain; the object layer turns
 * them into error replies. */
#ifndef MEEPLED_ERRORS_H
#define MEEPLED_ERRORS_H

#include <glib.h>

#define MEEPLED_ERROR (meepled_error_quark())
GQuark meepled_error_quark(void);

typedef enum {
  MEEPLED_ERROR_FAILED = 0,
  MEEPLED_ERROR_INVALID_ARGS,
  MEEPLED_ERROR_INVALID_RULE_SETS,
  MEEPLED_ERROR_LIMIT_REACHED,
  MEEPLED_ERROR_NO_SUCH_GAME,
  MEEPLED_ERROR_GAME_FULL,
  MEEPLED_ERROR_SEAT_TAKEN,
  MEEPLED_ERROR_ALREADY_STARTED,
  MEEPLED_ERROR_BAD_TOKEN,
  MEEPLED_ERROR_NOT_SEATED,
  MEEPLED_ERROR_NOT_READY,
  MEEPLED_ERROR_NOT_STARTED,
  MEEPLED_ERROR_GAME_OVER,
  MEEPLED_ERROR_NOT_YOUR_TURN,
  MEEPLED_ERROR_STALE_DECISION,
  MEEPLED_ERROR_ILLEGAL_ACTION,
  MEEPLED_ERROR_NOT_FINISHED,
  /* The game store could not write or read (disk full, read-only state
   * directory, damaged file); nothing changed. */
  MEEPLED_ERROR_STORAGE,
  /* The game is kept but cannot be played: a rule set it needs is missing
   * or changed (doc/storage.md). */
  MEEPLED_ERROR_SUSPENDED,
} MeepledErrorCode;

/* The D-Bus error name of @code ("org.meepled.Meepled1.Error.NotSeated"). */
const char *meepled_error_dbus_name(int code);

#endif
