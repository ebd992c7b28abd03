/* bench-common.h — what the meepled benchmarks (meepled-bench,
 * meepled-store-bench) share: dying with a message, a private
 * dbus-daemon, blocking calls to meepled, and figures from samples. */
#ifndef MEEPLED_BENCH_COMMON_H
#define MEEPLED_BENCH_COMMON_H

#include <dbus/dbus.h>
#include <glib.h>

G_BEGIN_DECLS

/* Names the program in messages; @on_die runs before bench_die() exits
 * (stop the daemon and the bus, remove files), or NULL. */
void bench_init(const char *program, void (*on_die)(void));

/* Prints "PROGRAM: message", runs the on_die hook and exits 1. */
void bench_die(const char *format, ...) G_GNUC_PRINTF(1, 2) G_GNUC_NORETURN;

/* Starts a private dbus-daemon listening in @dir (its configuration
 * goes there too, with limits generous enough for floods of calls);
 * returns its address and sets @pid. */
char *bench_start_bus(const char *dir, GPid *pid);

/* Starts meepled (@daemon) on the bus at @address with --state-dir
 * @state_dir and --state-sync=@sync (NULL: its default).  Its output is
 * appended to @log, or shares ours when @log is NULL.  The caller reaps
 * it (waitpid).  Returns its pid; *@exec_time, when not NULL, is the
 * monotonic time (µs) just before the exec. */
GPid bench_spawn_daemon(const char *daemon, const char *address,
                        const char *state_dir, const char *sync,
                        const char *log, gint64 *exec_time);

/* Waits, 60 s at most, until meepled owns its name on @c's bus; dies when
 * @pid exits first.  Returns when the name was first seen owned. */
gint64 bench_wait_daemon(DBusConnection *c, GPid pid);

/* A private connection registered on the bus at @address. */
DBusConnection *bench_connect(const char *address);

/* A call to meepled that never starts a daemon by activation: the
 * benchmarks start the daemon they measure themselves. */
DBusMessage *bench_new_call(const char *path, const char *iface,
                            const char *method, GVariant *args);
/* Sends @m (consumed), waits for the reply and returns its arguments;
 * an error reply is fatal. */
GVariant *bench_send(DBusConnection *c, DBusMessage *m);
GVariant *bench_call(DBusConnection *c, const char *path, const char *iface,
                     const char *method, GVariant *args);

/* One "key": <value> entry of an a{sv} being built with libdbus. */
void bench_dict_add(DBusMessageIter *dict, const char *key, int type,
                    const void *value);

/* The @p-quantile (0..1) of @values (sorted in place). */
double bench_percentile(GArray *values, double p);
/* The median of @n values (sorted in place). */
double bench_median(double *v, int n);

G_END_DECLS

#endif
