/* errors.c — meepled's error domain and its D-Bus names. */
#include "config.h"

#include <string.h>

#include "errors.h"
#include "dbus/names.h"

G_DEFINE_QUARK(meepled-error-quark, meepled_error)

/* Indexed by MeepledErrorCode. */
static const char *const dbus_names[] = {
  [MEEPLED_ERROR_FAILED] = MEEPLE_DBUS_ERROR_FAILED,
  [MEEPLED_ERROR_INVALID_ARGS] = MEEPLE_DBUS_ERROR_INVALID_ARGS,
  [MEEPLED_ERROR_INVALID_RULE_SETS] = MEEPLE_DBUS_ERROR_INVALID_RULE_SETS,
  [MEEPLED_ERROR_LIMIT_REACHED] = MEEPLE_DBUS_ERROR_LIMIT_REACHED,
  [MEEPLED_ERROR_NO_SUCH_GAME] = MEEPLE_DBUS_ERROR_NO_SUCH_GAME,
  [MEEPLED_ERROR_GAME_FULL] = MEEPLE_DBUS_ERROR_GAME_FULL,
  [MEEPLED_ERROR_SEAT_TAKEN] = MEEPLE_DBUS_ERROR_SEAT_TAKEN,
  [MEEPLED_ERROR_ALREADY_STARTED] = MEEPLE_DBUS_ERROR_ALREADY_STARTED,
  [MEEPLED_ERROR_BAD_TOKEN] = MEEPLE_DBUS_ERROR_BAD_TOKEN,
  [MEEPLED_ERROR_NOT_SEATED] = MEEPLE_DBUS_ERROR_NOT_SEATED,
  [MEEPLED_ERROR_NOT_READY] = MEEPLE_DBUS_ERROR_NOT_READY,
  [MEEPLED_ERROR_NOT_STARTED] = MEEPLE_DBUS_ERROR_NOT_STARTED,
  [MEEPLED_ERROR_GAME_OVER] = MEEPLE_DBUS_ERROR_GAME_OVER,
  [MEEPLED_ERROR_NOT_YOUR_TURN] = MEEPLE_DBUS_ERROR_NOT_YOUR_TURN,
  [MEEPLED_ERROR_STALE_DECISION] = MEEPLE_DBUS_ERROR_STALE_DECISION,
  [MEEPLED_ERROR_ILLEGAL_ACTION] = MEEPLE_DBUS_ERROR_ILLEGAL_ACTION,
  [MEEPLED_ERROR_NOT_FINISHED] = MEEPLE_DBUS_ERROR_NOT_FINISHED,
  [MEEPLED_ERROR_STORAGE] = MEEPLE_DBUS_ERROR_STORAGE,
  [MEEPLED_ERROR_SUSPENDED] = MEEPLE_DBUS_ERROR_SUSPENDED,
  [MEEPLED_ERROR_NOT_AUTHORIZED] = MEEPLE_DBUS_ERROR_NOT_AUTHORIZED,
  [MEEPLED_ERROR_RULE_SET_FAILED] = MEEPLE_DBUS_ERROR_RULE_SET_FAILED,
};

const char *
meepled_error_dbus_name(int code)
{
  if (code < 0 || (gsize)code >= G_N_ELEMENTS(dbus_names) || !dbus_names[code])
    return MEEPLE_DBUS_ERROR_FAILED;
  return dbus_names[code];
}

char *
meepled_shorten(const char *text, gsize max)
{
  gsize length = strlen(text);
  if (length <= max && g_utf8_validate(text, (gssize)length, NULL))
    return g_strdup(text);
  gsize keep = MIN(length, max);
  /* never half a character: back to the start of the one cut */
  while (keep > 0 && keep < length && ((guchar)text[keep] & 0xC0) == 0x80)
    keep--;
  char *valid = g_utf8_make_valid(text, (gssize)keep);
  char *shortened = keep < length ? g_strconcat(valid, "…", NULL)
                                  : g_strdup(valid);
  g_free(valid);
  return shortened;
}

char *
meepled_quote(const char *text)
{
  return meepled_shorten(text, MEEPLED_QUOTE_MAX);
}

const char *
meepled_q(const char *text)
{
  static _Thread_local char *slots[4];
  static _Thread_local guint next;
  guint slot = next++ % G_N_ELEMENTS(slots);
  g_free(slots[slot]);
  slots[slot] = meepled_quote(text ? text : "");
  return slots[slot];
}
