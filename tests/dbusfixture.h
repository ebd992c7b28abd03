/* tests/dbusfixture.h — a private message bus for D-Bus integration tests.
 *
 * fixture_start() runs a dbus-daemon of its own ($DBUS_DAEMON, else
 * "dbus-daemon" from $PATH) on a fresh temporary directory, with a
 * configuration made from tests/dbus/session.conf.in: a session-type bus
 * that allows everything, listening on a private socket, whose service
 * directory activates the built meepled.  Nothing is started but the bus:
 * the first call to org.meepled.Meepled1 activates the daemon, as the
 * installed .service file does on a real session bus.
 *
 * The daemon runs under a small shell wrapper that gives it a state
 * directory of its own ($XDG_STATE_HOME etc. inside the temporary
 * directory, so no test sees another's games or the user's) and writes its
 * exit status to a file when it ends, so a test can tell a clean exit
 * (status 0, also under LeakSanitizer) from a crash or a leak.
 *
 * Which daemon: $MEEPLED when set, else $TEST_BUILDDIR/daemon/meepled.
 * Plugins and tiles come from the environment the daemon inherits
 * ($MEEPLE_PLUGIN_PATH, $MEEPLE_TILES_DIR: tests/local.mk sets both).
 *
 * The client side is GIO's GDBus, deliberately independent of the
 * project's own libdbus code.  One bus per process; the functions are not
 * thread-safe.  Nothing here depends on Check: failures are GErrors. */
#ifndef MEEPLE_DBUSFIXTURE_H
#define MEEPLE_DBUSFIXTURE_H

#include <gio/gio.h>

/* Names of the API under test (data/org.meepled.Meepled1.*.xml). */
#define FX_NAME "org.meepled.Meepled1"
#define FX_MANAGER_PATH "/org/meepled/Meepled1"
#define FX_MANAGER_IFACE "org.meepled.Meepled1.Manager"
#define FX_GAME_IFACE "org.meepled.Meepled1.Game"
#define FX_GAME_PATH_PREFIX "/org/meepled/Meepled1/game/"
#define FX_ERROR(name) "org.meepled.Meepled1.Error." name

/* Milliseconds a call waits for its reply (generous: the first call
 * waits for the daemon to start, maybe under a sanitizer). */
#define FX_CALL_TIMEOUT_MS 60000

/** Why fixture_start() failed: FX_ERROR_SKIP when a program the tests
 * need is missing (dbus-daemon, the built meepled), so the caller can
 * exit 77; FX_ERROR_FAILED otherwise. */
#define FX_FIXTURE_ERROR (fixture_error_quark())
enum { FX_ERROR_FAILED, FX_ERROR_SKIP };
GQuark fixture_error_quark(void);

/** Checks that the bus and the daemon can be run at all, without running
 * them.  FALSE with FX_ERROR_SKIP when one is missing. */
gboolean fixture_available(GError **error);

/** Extra command-line arguments for the daemon the next fixture_start()
 * activates ("--max-games", "3"), or NULL for none.  Copied. */
void fixture_set_daemon_args(const char *const *args);

/** Extra environment ("NAME=value") for the daemon the next
 * fixture_start() activates, or NULL for none.  Copied. */
void fixture_set_daemon_env(const char *const *env);

/** Starts the private bus (not the daemon).  FALSE on error; nothing is
 * left running then. */
gboolean fixture_start(GError **error);

/** The bus address ("unix:abstract=...,guid=..."), or NULL when no bus
 * runs. */
const char *fixture_address(void);
/** The temporary directory of the running fixture. */
const char *fixture_dir(void);

/** A new connection to the private bus (authenticated, Hello sent).
 * Signals it subscribes to are dispatched in the thread-default main
 * context of the caller. */
GDBusConnection *fixture_connect(GError **error);

/** The process id of the connection owning org.meepled.Meepled1, or 0
 * when the name has no owner (the daemon was not activated, or it
 * exited).  Never activates the daemon. */
guint32 fixture_daemon_pid(void);

/** Whether the daemon started by the fixture has ended; its exit status
 * (as the shell reports it: 128 + N for signal N) in *@status.  Waits at
 * most @timeout_ms for it.  FALSE when it is still running (or was never
 * activated). */
gboolean fixture_wait_daemon_exit(guint timeout_ms, int *status);

/** Stops the daemon with SIGTERM and waits for it (at most 20 s).  TRUE
 * with its exit status in *@status when it ended, or with *@status = -1
 * when no daemon ran.  FALSE when it did not end in time (it is killed
 * then). */
gboolean fixture_stop_daemon(int *status);

/** The end of a test: stops the daemon with SIGTERM, then everything
 * (fixture_stop()).  FALSE with @error saying what went wrong when the
 * daemon did not end within 20 s or ended with a status other than 0 (a
 * crash, or a leak under LeakSanitizer). */
gboolean fixture_stop_checked(GError **error);

/** Terminates the bus and waits for it.  The daemon notices and exits
 * by itself (see fixture_wait_daemon_exit()). */
void fixture_stop_bus(void);

/** Stops everything: the bus, then the daemon if it still runs (SIGKILL
 * after a grace period), and removes the temporary directory.  Safe to
 * call when nothing runs. */
void fixture_stop(void);

/** Removes @path and everything below it (symbolic links are not
 * followed). */
void fixture_remove_tree(const char *path);

/** A method call with the fixture's timeout; @reply_type may be NULL.
 * Floating @args are consumed.  Auto-starts the daemon. */
GVariant *fixture_call(GDBusConnection *connection, const char *path,
                       const char *iface, const char *method, GVariant *args,
                       const GVariantType *reply_type, GError **error);

/** The D-Bus error name of @error ("org.meepled.Meepled1.Error.GameFull"),
 * or NULL when @error is not a remote D-Bus error.  g_free() it. */
char *fixture_error_name(const GError *error);

#endif
