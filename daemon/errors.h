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
  /* The caller may not do this to the game (Delete by a spectator). */
  MEEPLED_ERROR_NOT_AUTHORIZED,
  /* A rule set's hook failed on the action (a Lua script's error, memory
   * limit or instruction budget): refused, nothing changed. */
  MEEPLED_ERROR_RULE_SET_FAILED,
} MeepledErrorCode;

/* The D-Bus error name of @code ("org.meepled.Meepled1.Error.NotSeated"). */
const char *meepled_error_dbus_name(int code);

/* Errors stay short whatever a caller sends: a message quotes at most
 * MEEPLED_QUOTE_MAX bytes of any one thing the caller gave, and an error
 * reply carries at most MEEPLED_ERROR_TEXT_MAX bytes of message. */
#define MEEPLED_QUOTE_MAX 64
#define MEEPLED_ERROR_TEXT_MAX 1024
/* @text cut to at most @max bytes at a character boundary, made valid
 * UTF-8, with "…" when something was cut (g_free). */
char *meepled_shorten(const char *text, gsize max);
/* meepled_shorten(@text, MEEPLED_QUOTE_MAX): what a message quotes of the
 * caller's input (g_free). */
char *meepled_quote(const char *text);
/* The same in one of four rotating buffers of this thread, for up to
 * four quotes in one g_set_error() call without frees; valid until the
 * fourth next call. */
const char *meepled_q(const char *text);

#endif
