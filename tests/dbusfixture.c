/* tests/dbusfixture.c — a private message bus that activates the built
 * meepled (dbusfixture.h). */
#include "dbusfixture.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "."
#endif
#ifndef TEST_BUILDDIR
#define TEST_BUILDDIR "."
#endif

static struct {
  char *dir;          /* temporary directory */
  char *address;      /* of the bus */
  GPid bus_pid;       /* 0: no bus */
  guint32 daemon_pid; /* last pid seen owning the name */
  char **daemon_args; /* extra arguments of meepled */
  char **daemon_env;  /* extra environment of meepled, NAME=value */
} fx;

G_DEFINE_QUARK(meeple-dbus-fixture-error-quark, fixture_error)

static const char *
env_or(const char *name, const char *fallback)
{
  const char *v = g_getenv(name);
  return v && *v ? v : fallback;
}

static char *
srcdir_file(const char *rel)
{
  return g_build_filename(env_or("TEST_SRCDIR", TEST_SRCDIR), rel, NULL);
}

static char *
meepled_path(void)
{
  const char *m = g_getenv("MEEPLED");
  if (m && *m)
    return g_strdup(m);
  return g_build_filename(env_or("TEST_BUILDDIR", TEST_BUILDDIR), "daemon",
                          "meepled", NULL);
}

static char *
dbus_daemon_path(void)
{
  const char *d = env_or("DBUS_DAEMON", "dbus-daemon");
  if (strchr(d, '/'))
    return g_file_test(d, G_FILE_TEST_IS_EXECUTABLE) ? g_strdup(d) : NULL;
  return g_find_program_in_path(d);
}

gboolean
fixture_available(GError **error)
{
  g_autofree char *bus = dbus_daemon_path();
  if (!bus) {
    g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_SKIP,
                "no dbus-daemon (%s); install it or set DBUS_DAEMON",
                env_or("DBUS_DAEMON", "dbus-daemon"));
    return FALSE;
  }
  g_autofree char *daemon = meepled_path();
  if (!g_file_test(daemon, G_FILE_TEST_IS_EXECUTABLE)) {
    g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_SKIP,
                "%s is not built (set MEEPLED or TEST_BUILDDIR)", daemon);
    return FALSE;
  }
  return TRUE;
}

/* ---- files of the fixture ------------------------------------------- */

static gboolean
write_file(const char *dir, const char *name, const char *text, int mode,
           GError **error)
{
  g_autofree char *path = g_build_filename(dir, name, NULL);
  if (!g_file_set_contents(path, text, -1, error))
    return FALSE;
  if (mode && g_chmod(path, mode) != 0) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                "chmod %s: %s", path, g_strerror(errno));
    return FALSE;
  }
  return TRUE;
}

/* The bus configuration: the template with @DIR@ replaced. */
static gboolean
write_config(GError **error)
{
  g_autofree char *template_path = srcdir_file("tests/dbus/session.conf.in");
  g_autofree char *template_text = NULL;
  if (!g_file_get_contents(template_path, &template_text, NULL, error))
    return FALSE;
  g_autofree char *escaped = g_markup_escape_text(fx.dir, -1);
  g_auto(GStrv) parts = g_strsplit(template_text, "@DIR@", -1);
  g_autofree char *text = g_strjoinv(escaped, parts);
  return write_file(fx.dir, "bus.conf", text, 0, error);
}

/* The wrapper the service file runs: a state directory of the test's
 * own, and the exit status in a file when the daemon ends. */
void
fixture_set_daemon_args(const char *const *args)
{
  g_strfreev(fx.daemon_args);
  fx.daemon_args = args ? g_strdupv((char **)args) : NULL;
}

void
fixture_set_daemon_env(const char *const *env)
{
  g_strfreev(fx.daemon_env);
  fx.daemon_env = env ? g_strdupv((char **)env) : NULL;
}

static gboolean
write_wrapper(GError **error)
{
  g_autofree char *daemon = meepled_path();
  g_autofree char *q_daemon = g_shell_quote(daemon);
  g_autofree char *home = g_build_filename(fx.dir, "home", NULL);
  g_autofree char *q_home = g_shell_quote(home);
  g_autofree char *status = g_build_filename(fx.dir, "meepled.status", NULL);
  g_autoptr(GString) args = g_string_new(
      g_getenv("MEEPLED_TEST_VERBOSE") ? "--verbose" : "");
  for (guint i = 0; fx.daemon_args && fx.daemon_args[i]; i++) {
    g_autofree char *q = g_shell_quote(fx.daemon_args[i]);
    g_string_append_printf(args, " %s", q);
  }
  g_autoptr(GString) env = g_string_new(NULL);
  for (guint i = 0; fx.daemon_env && fx.daemon_env[i]; i++) {
    const char *eq = strchr(fx.daemon_env[i], '=');
    if (!eq)
      continue;
    g_autofree char *q = g_shell_quote(eq + 1);
    g_string_append_printf(env, "export %.*s=%s\n",
                           (int)(eq - fx.daemon_env[i]), fx.daemon_env[i],
                           q);
  }
  g_autofree char *q_status = g_shell_quote(status);
  g_autofree char *text = g_strdup_printf(
      "#!/bin/sh\n"
      "# Written by tests/dbusfixture.c: runs the meepled under test.\n"
      "HOME=%s\n"
      "XDG_STATE_HOME=$HOME/state\n"
      "XDG_DATA_HOME=$HOME/data\n"
      "XDG_CONFIG_HOME=$HOME/config\n"
      "XDG_CACHE_HOME=$HOME/cache\n"
      "export HOME XDG_STATE_HOME XDG_DATA_HOME XDG_CONFIG_HOME "
      "XDG_CACHE_HOME\n"
      "mkdir -p \"$XDG_STATE_HOME\" \"$XDG_DATA_HOME\" \"$XDG_CONFIG_HOME\"\n"
      "%s"
      "%s %s \"$@\"\n"
      "echo $? > %s.tmp && mv %s.tmp %s\n",
      q_home, env->str, q_daemon, args->str, q_status, q_status, q_status);
  if (g_mkdir_with_parents(home, 0700) != 0) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                "mkdir %s: %s", home, g_strerror(errno));
    return FALSE;
  }
  return write_file(fx.dir, "run-meepled", text, 0755, error);
}

static gboolean
write_service(GError **error)
{
  g_autofree char *services = g_build_filename(fx.dir, "services", NULL);
  if (g_mkdir_with_parents(services, 0700) != 0) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                "mkdir %s: %s", services, g_strerror(errno));
    return FALSE;
  }
  g_autofree char *wrapper = g_build_filename(fx.dir, "run-meepled", NULL);
  g_autofree char *q_wrapper = g_shell_quote(wrapper);
  g_autofree char *text = g_strdup_printf("[D-BUS Service]\n"
                                          "Name=" FX_NAME "\n"
                                          "Exec=/bin/sh %s\n",
                                          q_wrapper);
  return write_file(services, FX_NAME ".service", text, 0, error);
}

/* ---- the bus process ------------------------------------------------- */

static void
bus_child_setup(gpointer data)
{
  (void)data;
#ifdef __linux__
  /* The bus must not outlive a test process that dies without cleaning
   * up (Check's forked tests end with _exit on a failed assertion). */
  prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
}

/* Reads the address line the bus prints, at most @timeout_ms. */
static char *
read_address(int fd, guint timeout_ms, GError **error)
{
  GString *line = g_string_new(NULL);
  gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
  for (;;) {
    gint64 left = (deadline - g_get_monotonic_time()) / 1000;
    if (left <= 0) {
      g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_FAILED,
                  "dbus-daemon printed no address in %u ms", timeout_ms);
      break;
    }
    GPollFD pfd = { .fd = fd, .events = G_IO_IN | G_IO_HUP | G_IO_ERR };
    int r = g_poll(&pfd, 1, (int)left);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      continue;
    char c;
    ssize_t n = read(fd, &c, 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_FAILED,
                  "dbus-daemon exited before printing its address");
      break;
    }
    if (c == '\n')
      return g_string_free(line, FALSE);
    g_string_append_c(line, c);
  }
  g_string_free(line, TRUE);
  return NULL;
}

void
fixture_remove_tree(const char *path)
{
  GDir *dir = g_dir_open(path, 0, NULL);
  if (dir) {
    const char *name;
    while ((name = g_dir_read_name(dir))) {
      g_autofree char *child = g_build_filename(path, name, NULL);
      if (g_file_test(child, G_FILE_TEST_IS_DIR) &&
          !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
        fixture_remove_tree(child);
      else
        g_unlink(child);
    }
    g_dir_close(dir);
  }
  g_rmdir(path);
}

gboolean
fixture_start(GError **error)
{
  g_return_val_if_fail(fx.bus_pid == 0, FALSE);
  if (!fixture_available(error))
    return FALSE;
  fx.dir = g_dir_make_tmp("meepled-test-XXXXXX", error);
  if (!fx.dir)
    return FALSE;
  fx.daemon_pid = 0;
  if (!write_config(error) || !write_wrapper(error) || !write_service(error)) {
    fixture_stop();
    return FALSE;
  }

  g_autofree char *bus = dbus_daemon_path();
  g_autofree char *conf = g_build_filename(fx.dir, "bus.conf", NULL);
  g_autofree char *conf_arg = g_strconcat("--config-file=", conf, NULL);
  char *argv[] = { bus, conf_arg, "--print-address=1", "--nofork", NULL };
  int out_fd = -1;
  if (!g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                bus_child_setup, NULL, &fx.bus_pid, NULL,
                                &out_fd, NULL, error)) {
    fx.bus_pid = 0;
    fixture_stop();
    return FALSE;
  }
  fx.address = read_address(out_fd, 30000, error);
  close(out_fd);
  if (!fx.address) {
    fixture_stop();
    return FALSE;
  }
  return TRUE;
}

const char *
fixture_address(void)
{
  return fx.address;
}

const char *
fixture_dir(void)
{
  return fx.dir;
}

GDBusConnection *
fixture_connect(GError **error)
{
  if (!fx.address) {
    g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_FAILED, "no bus runs");
    return NULL;
  }
  return g_dbus_connection_new_for_address_sync(
      fx.address,
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
          G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
      NULL, NULL, error);
}

GVariant *
fixture_call(GDBusConnection *connection, const char *path, const char *iface,
             const char *method, GVariant *args,
             const GVariantType *reply_type, GError **error)
{
  return g_dbus_connection_call_sync(connection, FX_NAME, path, iface, method,
                                     args, reply_type, G_DBUS_CALL_FLAGS_NONE,
                                     FX_CALL_TIMEOUT_MS, NULL, error);
}

char *
fixture_error_name(const GError *error)
{
  return error ? g_dbus_error_get_remote_error(error) : NULL;
}

guint32
fixture_daemon_pid(void)
{
  g_autoptr(GDBusConnection) c = fixture_connect(NULL);
  if (!c)
    return 0;
  g_autoptr(GVariant) r = g_dbus_connection_call_sync(
      c, "org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus", "GetConnectionUnixProcessID",
      g_variant_new("(s)", FX_NAME), G_VARIANT_TYPE("(u)"),
      G_DBUS_CALL_FLAGS_NO_AUTO_START, FX_CALL_TIMEOUT_MS, NULL, NULL);
  g_dbus_connection_close_sync(c, NULL, NULL);
  if (!r)
    return 0;
  guint32 pid;
  g_variant_get(r, "(u)", &pid);
  fx.daemon_pid = pid;
  return pid;
}

gboolean
fixture_wait_daemon_exit(guint timeout_ms, int *status)
{
  if (!fx.dir)
    return FALSE;
  g_autofree char *path = g_build_filename(fx.dir, "meepled.status", NULL);
  gint64 deadline = g_get_monotonic_time() + (gint64)timeout_ms * 1000;
  for (;;) {
    g_autofree char *text = NULL;
    if (g_file_get_contents(path, &text, NULL, NULL)) {
      if (status)
        *status = atoi(text);
      return TRUE;
    }
    if (g_get_monotonic_time() >= deadline)
      return FALSE;
    g_usleep(5000);
  }
}

static gboolean
pid_alive(guint32 pid)
{
  return pid != 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

gboolean
fixture_stop_daemon(int *status)
{
  guint32 pid = fx.bus_pid ? fixture_daemon_pid() : 0;
  if (status)
    *status = -1;
  if (pid == 0) {
    /* Never activated, or gone: how it ended, if it went with the bus
     * still there (after fixture_stop_bus() that is the test's business). */
    if (fx.bus_pid)
      fixture_wait_daemon_exit(0, status);
    return TRUE;
  }
  /* a status left by an earlier daemon of this bus is not this one's */
  g_autofree char *status_file = g_build_filename(fx.dir, "meepled.status",
                                                  NULL);
  g_unlink(status_file);
  kill((pid_t)pid, SIGTERM);
  if (fixture_wait_daemon_exit(20000, status))
    return TRUE;
  kill((pid_t)pid, SIGKILL);
  return FALSE;
}

gboolean
fixture_stop_checked(GError **error)
{
  int status = -1;
  gboolean ended = fixture_stop_daemon(&status);
  fixture_stop();
  if (!ended) {
    g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_FAILED,
                "meepled did not exit within 20 s of SIGTERM");
    return FALSE;
  }
  if (status != -1 && status != 0) {
    g_set_error(error, FX_FIXTURE_ERROR, FX_ERROR_FAILED,
                "meepled exited with status %d after SIGTERM (crash or "
                "leak? see its stderr above)", status);
    return FALSE;
  }
  return TRUE;
}

void
fixture_stop_bus(void)
{
  if (fx.bus_pid) {
    /* Remember the daemon so fixture_stop() can make sure it ended. */
    if (fx.daemon_pid == 0 || pid_alive(fx.daemon_pid))
      fixture_daemon_pid();
    kill(fx.bus_pid, SIGTERM);
    int st;
    while (waitpid(fx.bus_pid, &st, 0) < 0 && errno == EINTR)
      ;
    g_spawn_close_pid(fx.bus_pid);
    fx.bus_pid = 0;
  }
  g_clear_pointer(&fx.address, g_free);
}

void
fixture_stop(void)
{
  gboolean had_bus = fx.bus_pid != 0;
  fixture_stop_bus();
  if (had_bus && fx.daemon_pid && !fixture_wait_daemon_exit(10000, NULL) &&
      pid_alive(fx.daemon_pid)) {
    g_printerr("dbusfixture: meepled (pid %u) outlived its bus; killing it\n",
               fx.daemon_pid);
    kill((pid_t)fx.daemon_pid, SIGKILL);
  }
  fx.daemon_pid = 0;
  if (fx.dir) {
    if (!g_getenv("MEEPLED_TEST_KEEP"))
      fixture_remove_tree(fx.dir);
    else
      g_printerr("dbusfixture: kept %s\n", fx.dir);
    g_clear_pointer(&fx.dir, g_free);
  }
}
