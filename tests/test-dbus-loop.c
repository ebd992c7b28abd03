/* test-dbus-loop.c — libdbus driven by a GMainContext (daemon/dbus/
 * mainloop.h), against a real private dbus-daemon started for each test:
 * calls and replies travel through the main loop alone, a flood of
 * messages does not starve other sources, timeouts fire (and fire again
 * when libdbus asks for a retry), watches follow libdbus's enable/disable
 * toggling, detaching stops everything and finalising cleans up.
 *
 * The daemon is $DBUS_DAEMON, else dbus-daemon from PATH; without one the
 * program prints why and exits 77 (skipped). */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "testutil.h"

#include "dbus/mainloop.h"
#include "dbus/variant.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define TEST_PATH "/org/meepled/Test"
#define TEST_IFACE "org.meepled.Test"

/* ---- watching what mainloop.c asks libdbus ----------------------------------
 * mainloop.c is linked statically into this program, so these definitions
 * take the place of libdbus's for its calls (and, the program exporting
 * its symbols, for libdbus's own calls through its PLT); they count, may
 * fail on purpose, and otherwise call the real functions. */

static guint timeout_handle_calls;
static guint timeout_handles_to_fail; /* fail (as if out of memory) this many */
static guint read_watch_disables; /* times a read watch was seen disabled */

dbus_bool_t
dbus_timeout_handle(DBusTimeout *timeout)
{
  static dbus_bool_t (*real)(DBusTimeout *);
  if (!real)
    real = (dbus_bool_t(*)(DBusTimeout *))dlsym(RTLD_NEXT,
                                                "dbus_timeout_handle");
  ck_assert_ptr_nonnull(real);
  timeout_handle_calls++;
  if (timeout_handles_to_fail > 0) {
    timeout_handles_to_fail--;
    return FALSE;
  }
  return real(timeout);
}

dbus_bool_t
dbus_watch_get_enabled(DBusWatch *watch)
{
  static dbus_bool_t (*real)(DBusWatch *);
  if (!real)
    real = (dbus_bool_t(*)(DBusWatch *))dlsym(RTLD_NEXT,
                                              "dbus_watch_get_enabled");
  ck_assert_ptr_nonnull(real);
  dbus_bool_t enabled = real(watch);
  if (!enabled && (dbus_watch_get_flags(watch) & DBUS_WATCH_READABLE))
    read_watch_disables++;
  return enabled;
}

/* ---- a private bus per test ---------------------------------------------- */

static char *daemon_path; /* resolved in main() */
static GPid bus_pid;
static int bus_stdout = -1;
static char *bus_dir;
static char *bus_log; /* the daemon's stderr */
static char *bus_address;

/* In the daemon's process, before exec.  The bus must not outlive a test
 * that crashes or times out (Check kills the forked test), so it dies with
 * its parent.  Its stderr goes to @log (it complains about fd limits when
 * run as root), shown only if it fails to start. */
static void
bus_child_setup(gpointer log)
{
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
  int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd >= 0) {
    dup2(fd, STDERR_FILENO);
    close(fd);
  }
}

/* Removes the bus's directory: its config, log and socket.  Check runs
 * no teardown after a failure, so setup does this as soon as both peers
 * are connected (the daemon keeps its open files; nobody else connects). */
static void
remove_bus_dir(void)
{
  if (!bus_dir)
    return;
  GDir *dir = g_dir_open(bus_dir, 0, NULL);
  for (const char *name; dir && (name = g_dir_read_name(dir));) {
    g_autofree char *path = g_build_filename(bus_dir, name, NULL);
    g_remove(path);
  }
  if (dir)
    g_dir_close(dir);
  g_rmdir(bus_dir);
  g_clear_pointer(&bus_dir, g_free);
  g_clear_pointer(&bus_log, g_free);
}

/* Fails the test with @why and what the daemon said. */
static void
bus_failed(const char *why)
{
  g_autofree char *said = NULL;
  g_file_get_contents(bus_log, &said, NULL, NULL);
  remove_bus_dir();
  ck_abort_msg("dbus-daemon %s; its stderr: %s", why, said ? said : "");
}

/* A session-like bus listening in @dir, open to everyone. */
static char *
write_config(const char *dir)
{
  g_autofree char *escaped = g_markup_escape_text(dir, -1);
  g_autofree char *xml = g_strdup_printf(
      "<!DOCTYPE busconfig PUBLIC"
      " \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
      " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
      "<busconfig>\n"
      "  <type>session</type>\n"
      "  <listen>unix:dir=%s</listen>\n"
      "  <auth>EXTERNAL</auth>\n"
      "  <policy context=\"default\">\n"
      "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
      "    <allow eavesdrop=\"true\"/>\n"
      "    <allow own=\"*\"/>\n"
      "  </policy>\n"
      "</busconfig>\n",
      escaped);
  char *path = g_build_filename(dir, "bus.conf", NULL);
  GError *error = NULL;
  ck_assert_msg(g_file_set_contents(path, xml, -1, &error), "%s",
                error ? error->message : "?");
  return path;
}

/* The first line dbus-daemon prints: its address. */
static char *
read_address(int fd)
{
  GString *out = g_string_new(NULL);
  gint64 deadline = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
  while (!strchr(out->str, '\n')) {
    gint64 left_ms = (deadline - g_get_monotonic_time()) / 1000;
    if (left_ms <= 0)
      bus_failed("printed no address");
    struct pollfd p = { .fd = fd, .events = POLLIN };
    if (poll(&p, 1, (int)left_ms) < 0) {
      ck_assert_int_eq(errno, EINTR);
      continue;
    }
    char buf[256];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      bus_failed("exited before printing its address");
    g_string_append_len(out, buf, n);
  }
  *strchr(out->str, '\n') = '\0';
  return g_string_free(out, FALSE);
}

static void
start_bus(void)
{
  GError *error = NULL;
  bus_dir = g_dir_make_tmp("meeple-dbus-loop-XXXXXX", &error);
  ck_assert_msg(bus_dir != NULL, "%s", error ? error->message : "?");
  g_autofree char *config = write_config(bus_dir);
  bus_log = g_build_filename(bus_dir, "bus.log", NULL);
  g_autofree char *config_arg = g_strconcat("--config-file=", config, NULL);
  char *argv[] = { daemon_path, config_arg, "--nofork", "--print-address",
                   NULL };
  if (!g_spawn_async_with_pipes(NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                bus_child_setup, bus_log, &bus_pid, NULL,
                                &bus_stdout, NULL, &error)) {
    remove_bus_dir();
    ck_abort_msg("cannot start %s: %s", daemon_path, error->message);
  }
  bus_address = read_address(bus_stdout);
}

static void
stop_bus(void)
{
  kill(bus_pid, SIGTERM);
  waitpid(bus_pid, NULL, 0);
  g_spawn_close_pid(bus_pid);
  close(bus_stdout);
  remove_bus_dir();
  g_clear_pointer(&bus_address, g_free);
}

static DBusConnection *
connect_bus(void)
{
  DBusError error;
  dbus_error_init(&error);
  DBusConnection *c = dbus_connection_open_private(bus_address, &error);
  if (!c || !dbus_bus_register(c, &error)) {
    remove_bus_dir();
    ck_abort_msg("cannot connect to %s: %s", bus_address, error.message);
  }
  return c;
}

static void
disconnect(DBusConnection **c)
{
  if (!*c)
    return;
  dbus_connection_close(*c);
  dbus_connection_unref(*c);
  *c = NULL;
}

/* ---- the peers --------------------------------------------------------------
 * conn_a calls, conn_b serves TEST_PATH; ctx drives both unless a test
 * says otherwise. */

static GMainContext *ctx;
static DBusConnection *conn_a, *conn_b;

static struct {
  guint echoed, ignored, counted, dropped;
  GMainContext *context; /* that dispatched the last message */
  /* fairness: messages counted since the idle source last ran, the most
   * ever, idle runs, and idle runs while a flood was half done */
  guint since_idle, max_burst, idle_runs, interleaved, flood_size;
} seen;

static void
echo(DBusConnection *c, DBusMessage *m)
{
  DBusMessage *reply = dbus_message_new_method_return(m);
  GVariant *args = meeple_dbus_message_get_args(m);
  ck_assert_ptr_nonnull(args);
  ck_assert(meeple_dbus_message_append_args(reply, args));
  g_variant_unref(args);
  ck_assert(dbus_connection_send(c, reply, NULL));
  dbus_message_unref(reply);
  seen.echoed++;
}

/* Echo replies with its arguments; Ignore never replies; Count counts;
 * Drop closes and releases conn_b from inside its own dispatch. */
static DBusHandlerResult
on_test_message(DBusConnection *c, DBusMessage *m, void *data)
{
  (void)data;
  GSource *source = g_main_current_source();
  seen.context = source ? g_source_get_context(source) : NULL;
  if (dbus_message_is_method_call(m, TEST_IFACE, "Echo"))
    echo(c, m);
  else if (dbus_message_is_method_call(m, TEST_IFACE, "Ignore"))
    seen.ignored++;
  else if (dbus_message_is_method_call(m, TEST_IFACE, "Count")) {
    seen.counted++;
    seen.since_idle++;
  } else if (dbus_message_is_method_call(m, TEST_IFACE, "Drop")) {
    seen.dropped++;
    disconnect(&conn_b);
  } else
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  return DBUS_HANDLER_RESULT_HANDLED;
}

static const DBusObjectPathVTable test_vtable = {
  .message_function = on_test_message,
};

static void
setup(void)
{
  memset(&seen, 0, sizeof seen);
  start_bus();
  ctx = g_main_context_new();
  conn_a = connect_bus();
  conn_b = connect_bus();
  ck_assert(dbus_connection_register_object_path(conn_b, TEST_PATH,
                                                 &test_vtable, NULL));
  remove_bus_dir();
}

static void
teardown(void)
{
  disconnect(&conn_a);
  disconnect(&conn_b);
  g_main_context_unref(ctx);
  stop_bus();
}

/* ---- driving the loop ---------------------------------------------------- */

static gboolean
on_deadline(gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates @context until *@counter reaches @target or @timeout_ms pass;
 * whether it did. */
static gboolean
run_until(GMainContext *context, const guint *counter, guint target,
          guint timeout_ms)
{
  gboolean expired = FALSE;
  GSource *deadline = g_timeout_source_new(timeout_ms);
  g_source_set_callback(deadline, on_deadline, &expired, NULL);
  g_source_attach(deadline, context);
  while (*counter < target && !expired)
    g_main_context_iteration(context, TRUE);
  g_source_destroy(deadline);
  g_source_unref(deadline);
  return *counter >= target;
}

/* How many fds @context polls: its own wakeup fd plus one per enabled
 * watch.  Runs one non-blocking iteration to ask. */
static gint
polled_fds(GMainContext *context)
{
  GPollFD fds[32];
  gint priority, timeout;
  ck_assert(g_main_context_acquire(context));
  g_main_context_prepare(context, &priority);
  gint n = g_main_context_query(context, G_MAXINT, &timeout, fds,
                                G_N_ELEMENTS(fds));
  ck_assert_int_le(n, (gint)G_N_ELEMENTS(fds));
  for (gint i = 0; i < n; i++)
    fds[i].revents = 0;
  g_main_context_check(context, G_MAXINT, fds, n);
  g_main_context_dispatch(context);
  g_main_context_release(context);
  return n;
}

static DBusMessage *
new_call(const char *member)
{
  DBusMessage *m = dbus_message_new_method_call(
      dbus_bus_get_unique_name(conn_b), TEST_PATH, TEST_IFACE, member);
  ck_assert_ptr_nonnull(m);
  return m;
}

/* Sends a call from conn_a that expects no reply. */
static void
send_one_way(const char *member)
{
  DBusMessage *m = new_call(member);
  dbus_message_set_no_reply(m, TRUE);
  ck_assert(dbus_connection_send(conn_a, m, NULL));
  dbus_message_unref(m);
}

typedef struct {
  guint done;
  DBusMessage *reply;
  gint64 sent_at, replied_at; /* monotonic, µs */
} Reply;

static void
on_reply(DBusPendingCall *pending, void *data)
{
  Reply *r = data;
  r->reply = dbus_pending_call_steal_reply(pending);
  r->replied_at = g_get_monotonic_time();
  r->done++;
}

/* Calls @member on conn_b from conn_a; the reply lands in @r. */
static void
call_async(const char *member, GVariant *args, int timeout_ms, Reply *r)
{
  DBusMessage *m = new_call(member);
  if (args)
    ck_assert(meeple_dbus_message_append_args(m, args));
  DBusPendingCall *pending = NULL;
  r->sent_at = g_get_monotonic_time();
  ck_assert(dbus_connection_send_with_reply(conn_a, m, &pending, timeout_ms));
  ck_assert_ptr_nonnull(pending);
  ck_assert(dbus_pending_call_set_notify(pending, on_reply, r, NULL));
  dbus_pending_call_unref(pending); /* the connection keeps its own */
  dbus_message_unref(m);
}

/* Echo round trip conn_a -> conn_b -> conn_a through @context. */
static void
assert_echo(GMainContext *context)
{
  Reply r = { 0 };
  GVariant *args = g_variant_ref_sink(g_variant_new_parsed(
      "('hello', 42, {'tile': <'K'>, 'at': <(0, -1)>})"));
  call_async("Echo", args, 5000, &r);
  ck_assert_msg(run_until(context, &r.done, 1, 5000), "no reply");
  ck_assert_int_eq(dbus_message_get_type(r.reply),
                   DBUS_MESSAGE_TYPE_METHOD_RETURN);
  GVariant *got = meeple_dbus_message_get_args(r.reply);
  ck_assert(g_variant_equal(args, got));
  g_variant_unref(got);
  g_variant_unref(args);
  dbus_message_unref(r.reply);
}

/* ---- tests --------------------------------------------------------------- */

START_TEST(method_call_round_trip)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  assert_echo(ctx);
  ck_assert_uint_eq(seen.echoed, 1);
  ck_assert_ptr_eq(seen.context, ctx); /* dispatched by our loop */
  /* And again, many times over the same connections. */
  for (int i = 0; i < 20; i++)
    assert_echo(ctx);
  ck_assert_uint_eq(seen.echoed, 21);
}
END_TEST

/* A NULL context means the default one. */
START_TEST(default_context)
{
  GMainContext *saved = ctx;
  ctx = g_main_context_default();
  meeple_dbus_attach(conn_a, NULL);
  meeple_dbus_attach(conn_b, NULL);
  assert_echo(ctx);
  ck_assert_ptr_eq(seen.context, g_main_context_default());
  meeple_dbus_detach(conn_a);
  meeple_dbus_detach(conn_b);
  ctx = saved;
}
END_TEST

/* Same-priority sources run between two dispatched messages. */
static gboolean
on_idle(gpointer data)
{
  (void)data;
  seen.idle_runs++;
  seen.max_burst = MAX(seen.max_burst, seen.since_idle);
  seen.since_idle = 0;
  if (seen.counted > 0 && seen.counted < seen.flood_size)
    seen.interleaved++;
  return G_SOURCE_CONTINUE;
}

static GSource *
add_idle(void)
{
  GSource *idle = g_idle_source_new();
  g_source_set_priority(idle, G_PRIORITY_DEFAULT);
  g_source_set_callback(idle, on_idle, NULL, NULL);
  g_source_attach(idle, ctx);
  return idle;
}

/* 2000 messages wait for conn_b at once; it dispatches one per iteration,
 * so an idle source of the same priority runs between every two of them
 * instead of after all of them. */
START_TEST(flood_does_not_starve)
{
  const guint n = 2000;
  seen.flood_size = n;
  meeple_dbus_attach(conn_a, ctx);
  for (guint i = 0; i < n; i++)
    send_one_way("Count");
  dbus_connection_flush(conn_a); /* all on their way before conn_b reads */
  meeple_dbus_attach(conn_b, ctx);
  GSource *idle = add_idle();
  ck_assert_msg(run_until(ctx, &seen.counted, n, 30000), "got %u of %u",
                seen.counted, n);
  g_source_destroy(idle);
  g_source_unref(idle);
  ck_assert_uint_le(seen.max_burst, 1);
  ck_assert_uint_ge(seen.interleaved, n - 1);
}
END_TEST

/* With a tiny receive limit libdbus disables conn_b's read watch whenever
 * its queue is full and enables it again as messages are dispatched; every
 * message must still arrive. */
START_TEST(watch_toggling_under_backpressure)
{
  const guint n = 500;
  dbus_connection_set_max_received_size(conn_b, 1024);
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  read_watch_disables = 0;
  for (guint i = 0; i < n; i++)
    send_one_way("Count");
  ck_assert_msg(run_until(ctx, &seen.counted, n, 30000), "got %u of %u",
                seen.counted, n);
  ck_assert_uint_gt(read_watch_disables, 0);
  assert_echo(ctx); /* and the connection still works both ways */
}
END_TEST

/* A call nobody answers ends with libdbus's NoReply error once its
 * timeout fires in the main loop. */
START_TEST(reply_timeout)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  Reply r = { 0 };
  timeout_handle_calls = 0;
  call_async("Ignore", NULL, 200, &r);
  ck_assert_msg(run_until(ctx, &r.done, 1, 5000), "no timeout");
  ck_assert_uint_eq(seen.ignored, 1);
  ck_assert_int_eq(dbus_message_get_type(r.reply), DBUS_MESSAGE_TYPE_ERROR);
  ck_assert_str_eq(dbus_message_get_error_name(r.reply), DBUS_ERROR_NO_REPLY);
  ck_assert_int_ge(r.replied_at - r.sent_at, 190 * 1000);
  ck_assert_uint_ge(timeout_handle_calls, 1);
  dbus_message_unref(r.reply);
}
END_TEST

/* Timeouts repeat until libdbus removes them: when handling fails (out of
 * memory, simulated) the timeout fires again one interval later and the
 * NoReply error still comes.  A one-shot timeout would never deliver it. */
START_TEST(timeouts_repeat)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  Reply r = { 0 };
  timeout_handle_calls = 0;
  timeout_handles_to_fail = 2;
  call_async("Ignore", NULL, 200, &r);
  ck_assert_msg(run_until(ctx, &r.done, 1, 5000), "timeout did not repeat");
  ck_assert_uint_eq(timeout_handle_calls, 3);
  ck_assert_str_eq(dbus_message_get_error_name(r.reply), DBUS_ERROR_NO_REPLY);
  ck_assert_int_ge(r.replied_at - r.sent_at, 3 * 190 * 1000);
  dbus_message_unref(r.reply);
}
END_TEST

/* A detached connection neither reads nor dispatches; attached again, it
 * gets what arrived meanwhile. */
START_TEST(detach_stops_dispatch)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  assert_echo(ctx);
  gint attached_fds = polled_fds(ctx);
  meeple_dbus_detach(conn_b);
  meeple_dbus_detach(conn_b); /* harmless */
  ck_assert_int_lt(polled_fds(ctx), attached_fds);

  send_one_way("Count");
  ck_assert(!run_until(ctx, &seen.counted, 1, 300));
  ck_assert_uint_eq(seen.counted, 0);

  meeple_dbus_attach(conn_b, ctx);
  ck_assert(run_until(ctx, &seen.counted, 1, 5000));
  assert_echo(ctx);
}
END_TEST

/* Attaching twice to one context changes nothing; attaching to another
 * moves the connection there. */
START_TEST(attach_twice)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  gint once = polled_fds(ctx);
  meeple_dbus_attach(conn_b, ctx);
  meeple_dbus_attach(conn_a, ctx);
  ck_assert_int_eq(polled_fds(ctx), once);
  assert_echo(ctx);
  ck_assert_uint_eq(seen.echoed, 1);

  GMainContext *other = g_main_context_new();
  meeple_dbus_attach(conn_b, other);
  ck_assert_int_lt(polled_fds(ctx), once);
  ck_assert_int_gt(polled_fds(other), 1);
  send_one_way("Count");
  /* conn_a sends from ctx; conn_b reads and dispatches in other. */
  gint64 deadline = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
  while (seen.counted == 0 && g_get_monotonic_time() < deadline) {
    gboolean busy = g_main_context_iteration(ctx, FALSE);
    busy |= g_main_context_iteration(other, FALSE);
    if (!busy)
      g_usleep(1000);
  }
  ck_assert_uint_eq(seen.counted, 1);
  ck_assert_ptr_eq(seen.context, other);
  meeple_dbus_detach(conn_b);
  ck_assert_int_eq(polled_fds(other), 1); /* only its own wakeup fd */
  g_main_context_unref(other);
}
END_TEST

/* Finalising an attached connection removes its sources; the context then
 * runs on without touching it (ASan would see a use after free). */
START_TEST(unref_cleans_up)
{
  GMainContext *own = g_main_context_new();
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, own);
  ck_assert_int_gt(polled_fds(own), 1);
  send_one_way("Count"); /* leave something queued for conn_b */
  dbus_connection_flush(conn_a);
  g_usleep(50 * 1000);
  disconnect(&conn_b);
  ck_assert_int_eq(polled_fds(own), 1);
  for (int i = 0; i < 5; i++)
    g_main_context_iteration(own, FALSE);
  g_main_context_unref(own);
  ck_assert_uint_eq(seen.counted, 0);
}
END_TEST

/* A handler may drop the last reference to the connection dispatching
 * it: the dispatch source outlives the call, then goes. */
START_TEST(unref_inside_handler)
{
  meeple_dbus_attach(conn_a, ctx);
  meeple_dbus_attach(conn_b, ctx);
  gint with_b = polled_fds(ctx);
  send_one_way("Drop");
  send_one_way("Count"); /* still queued for conn_b when it goes */
  ck_assert(run_until(ctx, &seen.dropped, 1, 5000));
  ck_assert_ptr_null(conn_b);
  for (int i = 0; i < 5; i++)
    g_main_context_iteration(ctx, FALSE);
  ck_assert_int_lt(polled_fds(ctx), with_b);
}
END_TEST

/* Closing an attached connection delivers Disconnected through the loop
 * and leaves no fd polled. */
static DBusHandlerResult
on_disconnected(DBusConnection *c, DBusMessage *m, void *data)
{
  (void)c;
  if (dbus_message_is_signal(m, DBUS_INTERFACE_LOCAL, "Disconnected"))
    (*(guint *)data)++;
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

START_TEST(close_dispatches_disconnected)
{
  guint disconnected = 0;
  GMainContext *own = g_main_context_new();
  ck_assert(dbus_connection_add_filter(conn_b, on_disconnected,
                                       &disconnected, NULL));
  meeple_dbus_attach(conn_b, own);
  dbus_connection_close(conn_b);
  ck_assert(run_until(own, &disconnected, 1, 5000));
  ck_assert_int_eq(polled_fds(own), 1);
  dbus_connection_remove_filter(conn_b, on_disconnected, &disconnected);
  disconnect(&conn_b);
  g_main_context_unref(own);
}
END_TEST

static Suite *
dbus_loop_suite(void)
{
  Suite *s = suite_create("dbus-loop");
  TCase *tc = tcase_create("loop");
  tcase_set_timeout(tc, 60);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, method_call_round_trip);
  tcase_add_test(tc, default_context);
  tcase_add_test(tc, flood_does_not_starve);
  tcase_add_test(tc, watch_toggling_under_backpressure);
  tcase_add_test(tc, reply_timeout);
  tcase_add_test(tc, timeouts_repeat);
  tcase_add_test(tc, detach_stops_dispatch);
  tcase_add_test(tc, attach_twice);
  tcase_add_test(tc, unref_cleans_up);
  tcase_add_test(tc, unref_inside_handler);
  tcase_add_test(tc, close_dispatches_disconnected);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  const char *wanted = g_getenv("DBUS_DAEMON");
  if (!wanted || !*wanted)
    wanted = "dbus-daemon";
  daemon_path = g_find_program_in_path(wanted);
  if (!daemon_path) {
    printf("SKIP: test-dbus-loop needs a dbus-daemon: '%s' is not an "
           "executable (set DBUS_DAEMON)\n", wanted);
    return 77;
  }
  int status = tu_run_suite(dbus_loop_suite());
  g_free(daemon_path);
  return status;
}
