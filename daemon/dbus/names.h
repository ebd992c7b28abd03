/* names.h — the names of meepled's D-Bus API (data/org.meepled.Meepled1.*.xml,
 * doc/dbus-api.md), shared by the daemon and libmeeple-client. */
#ifndef MEEPLE_DBUS_NAMES_H
#define MEEPLE_DBUS_NAMES_H

#define MEEPLE_DBUS_NAME "org.meepled.Meepled1"
#define MEEPLE_DBUS_MANAGER_PATH "/org/meepled/Meepled1"
#define MEEPLE_DBUS_MANAGER_IFACE "org.meepled.Meepled1.Manager"
#define MEEPLE_DBUS_GAME_IFACE "org.meepled.Meepled1.Game"
/* A game's object path is this prefix followed by its id. */
#define MEEPLE_DBUS_GAME_PATH_PREFIX "/org/meepled/Meepled1/game/"

/* Error names: MEEPLE_DBUS_ERROR_PREFIX followed by one of the names
 * below.  doc/dbus-api.md says which member returns which. */
#define MEEPLE_DBUS_ERROR_PREFIX "org.meepled.Meepled1.Error."
#define MEEPLE_DBUS_ERROR_INVALID_ARGS MEEPLE_DBUS_ERROR_PREFIX "InvalidArgs"
#define MEEPLE_DBUS_ERROR_INVALID_RULE_SETS MEEPLE_DBUS_ERROR_PREFIX "InvalidRuleSets"
#define MEEPLE_DBUS_ERROR_LIMIT_REACHED MEEPLE_DBUS_ERROR_PREFIX "LimitReached"
#define MEEPLE_DBUS_ERROR_NO_SUCH_GAME MEEPLE_DBUS_ERROR_PREFIX "NoSuchGame"
#define MEEPLE_DBUS_ERROR_GAME_FULL MEEPLE_DBUS_ERROR_PREFIX "GameFull"
#define MEEPLE_DBUS_ERROR_SEAT_TAKEN MEEPLE_DBUS_ERROR_PREFIX "SeatTaken"
#define MEEPLE_DBUS_ERROR_ALREADY_STARTED MEEPLE_DBUS_ERROR_PREFIX "AlreadyStarted"
#define MEEPLE_DBUS_ERROR_BAD_TOKEN MEEPLE_DBUS_ERROR_PREFIX "BadToken"
#define MEEPLE_DBUS_ERROR_NOT_SEATED MEEPLE_DBUS_ERROR_PREFIX "NotSeated"
#define MEEPLE_DBUS_ERROR_NOT_READY MEEPLE_DBUS_ERROR_PREFIX "NotReady"
#define MEEPLE_DBUS_ERROR_NOT_STARTED MEEPLE_DBUS_ERROR_PREFIX "NotStarted"
#define MEEPLE_DBUS_ERROR_GAME_OVER MEEPLE_DBUS_ERROR_PREFIX "GameOver"
#define MEEPLE_DBUS_ERROR_NOT_YOUR_TURN MEEPLE_DBUS_ERROR_PREFIX "NotYourTurn"
#define MEEPLE_DBUS_ERROR_STALE_DECISION MEEPLE_DBUS_ERROR_PREFIX "StaleDecision"
#define MEEPLE_DBUS_ERROR_ILLEGAL_ACTION MEEPLE_DBUS_ERROR_PREFIX "IllegalAction"
#define MEEPLE_DBUS_ERROR_NOT_FINISHED MEEPLE_DBUS_ERROR_PREFIX "NotFinished"
#define MEEPLE_DBUS_ERROR_STORAGE MEEPLE_DBUS_ERROR_PREFIX "StorageFailed"
#define MEEPLE_DBUS_ERROR_SUSPENDED MEEPLE_DBUS_ERROR_PREFIX "Suspended"
#define MEEPLE_DBUS_ERROR_NOT_AUTHORIZED MEEPLE_DBUS_ERROR_PREFIX "NotAuthorized"
#define MEEPLE_DBUS_ERROR_RULE_SET_FAILED MEEPLE_DBUS_ERROR_PREFIX "RuleSetFailed"
#define MEEPLE_DBUS_ERROR_FAILED MEEPLE_DBUS_ERROR_PREFIX "Failed"

/* Signature of one legal action: notation, kind, tile, x, y, rotation,
 * segment, figure, arg. */
#define MEEPLE_DBUS_ACTION_SIG "(sssiiussy)"
/* Signature of one event: sequence, type, fields. */
#define MEEPLE_DBUS_EVENT_SIG "(tsa{sv})"

#endif
