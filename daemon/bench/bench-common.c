/* bench-common.c — shared by the meepled benchmarks (bench-common.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-common.h"
#include "dbus/names.h"
#include "dbus/variant.h"

static const char *program_name = "bench";
static void (*die_hook)(void);

void
bench_init(const char *program, void (*on_die)(void))
{
  program_name = program;
  die_hook = on_die;
}

void
bench_die(const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  fprintf(stderr, "%s: ", program_name);
  vfprintf(stderr, format, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  if (die_hook)
    die_hook();
  exit(1);
}

GPid
bench_spawn_daemon(const char *daemon, const char *address,
                   const char *state_dir, const char *sync, const char *log,
                   gint64 *exec_time)
{
  char *mode = sync ? g_strconcat("--state-sync=", sync, NULL) : NULL;
  /* The benches measure speed: one connection stands in for many clients
   * and makes thousands of games, so the per-client limits are lifted
   * (doc/dbus-api.md, "Limits"). */
  char *argv[] = { (char *)daemon, "--bus-address", (char *)address,
                   "--state-dir", (char *)state_dir,
                   "--max-games-per-client=1000000",
                   "--max-games-per-user=1000000", "--import-rate=1000000",
                   "--history-max=1000000", mode, NULL };
  int fd = -1;
  if (log) {
    fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0)
      bench_die("cannot open %s: %s", log, g_strerror(errno));
  }
  GError *error = NULL;
  GPid pid = 0;
  if (exec_time)
    *exec_time = g_get_monotonic_time();
  gboolean ok = g_spawn_async_with_fds(NULL, argv, NULL,
                                       G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                       &pid, -1, fd, fd, &error);
  if (fd >= 0)
    close(fd);
  g_free(mode);
  if (!ok)
    bench_die("cannot start %s: %s", daemon, error->message);
  return pid;
}

gint64
bench_wait_daemon(DBusConnection *c, GPid pid)
{
  gint64 deadline = g_get_monotonic_time() + 60 * G_USEC_PER_SEC;
  for (;;) {
    DBusError err = DBUS_ERROR_INIT;
    if (dbus_bus_name_has_owner(c, MEEPLE_DBUS_NAME, &err))
      return g_get_monotonic_time();
    dbus_error_free(&err);
    int status;
    if (waitpid(pid, &status, WNOHANG) == pid)
      bench_die("meepled exited at start-up (status 0x%x)", status);
    if (g_get_monotonic_time() > deadline)
      bench_die("meepled did not appear on the bus within 60 s");
    g_usleep(500);
  }
}

char *
bench_start_bus(const char *dir, GPid *pid)
{
  char *conf = g_build_filename(dir, "bus.conf", NULL);
  char *text = g_strdup_printf(
    "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus "
    "Configuration 1.0//EN\"\n"
    " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
    "<busconfig><type>session</type><listen>unix:dir=%s</listen>\n"
    "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
    "<allow eavesdrop=\"true\"/><allow receive_sender=\"*\"/>"
    "<allow own=\"*\"/></policy>\n"
    "<limit name=\"max_replies_per_connection\">100000</limit>\n"
    "<limit name=\"max_incoming_bytes\">1000000000</limit>\n"
    "<limit name=\"max_outgoing_bytes\">1000000000</limit>\n"
    "<limit name=\"max_message_size\">1000000000</limit>\n"
    "</busconfig>\n",
    dir);
  if (!g_file_set_contents(conf, text, -1, NULL))
    bench_die("cannot write %s", conf);
  char *config_arg = g_strconcat("--config-file=", conf, NULL);
  const char *dbus_daemon = g_getenv("DBUS_DAEMON");
  char *argv[] = { (char *)(dbus_daemon && *dbus_daemon ? dbus_daemon
                                                         : "dbus-daemon"),
                   config_arg, "--print-address", "--nofork", NULL };
  int out;
  GError *error = NULL;
  if (!g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                                NULL, pid, NULL, &out, NULL, &error))
    bench_die("cannot start dbus-daemon: %s", error->message);
  char line[1024];
  FILE *f = fdopen(out, "r");
  if (!fgets(line, sizeof line, f))
    bench_die("dbus-daemon printed no address");
  fclose(f);
  g_strchomp(line);
  g_free(conf);
  g_free(text);
  g_free(config_arg);
  return g_strdup(line);
}

DBusConnection *
bench_connect(const char *address)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *c = dbus_connection_open_private(address, &err);
  if (!c || !dbus_bus_register(c, &err))
    bench_die("cannot connect to %s: %s", address, err.message);
  dbus_connection_set_exit_on_disconnect(c, FALSE);
  return c;
}

DBusMessage *
bench_new_call(const char *path, const char *iface, const char *method,
               GVariant *args)
{
  DBusMessage *m =
    dbus_message_new_method_call(MEEPLE_DBUS_NAME, path, iface, method);
  if (args && !meeple_dbus_message_append_args(m, args))
    bench_die("cannot build %s", method);
  dbus_message_set_auto_start(m, FALSE);
  return m;
}

GVariant *
bench_send(DBusConnection *c, DBusMessage *m)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *reply =
    dbus_connection_send_with_reply_and_block(c, m, 60000, &err);
  if (!reply)
    bench_die("%s failed: %s: %s", dbus_message_get_member(m), err.name,
              err.message);
  dbus_message_unref(m);
  GVariant *args = meeple_dbus_message_get_args(reply);
  dbus_message_unref(reply);
  return args;
}

GVariant *
bench_call(DBusConnection *c, const char *path, const char *iface,
           const char *method, GVariant *args)
{
  return bench_send(c, bench_new_call(path, iface, method, args));
}

void
bench_dict_add(DBusMessageIter *dict, const char *key, int type,
               const void *value)
{
  DBusMessageIter entry, variant;
  const char sig[2] = { (char)type, '\0' };
  dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, sig, &variant);
  dbus_message_iter_append_basic(&variant, type, value);
  dbus_message_iter_close_container(&entry, &variant);
  dbus_message_iter_close_container(dict, &entry);
}

static int
compare_doubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double
bench_percentile(GArray *values, double p)
{
  g_array_sort(values, compare_doubles);
  guint i = (guint)(p * (values->len - 1) + 0.5);
  return g_array_index(values, double, i);
}

double
bench_median(double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, compare_doubles);
  return v[n / 2];
}
