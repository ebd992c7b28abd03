/* fuzz-tournament-log.c — libFuzzer target for the log of `meeple-sim
 * tournament --resume FILE` (daemon/sim/tournament-log.h).  Built by
 * `make fuzz` (tests/fuzz/local.mk); see README.md.
 *
 * Every input is the whole file.  The contract, beyond "no crash, no
 * sanitizer report":
 *  - a refusal is a G_FILE_ERROR whose message starts with the file's
 *    path, and leaves the file byte for byte as it was;
 *  - an accepted file keeps its complete lines (only a cut-off last line
 *    goes), gains the header when it had none, and reopening it reads
 *    the same games. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "tournament-log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define N_GAMES 8
#define N_PLAYERS 2
#define SEED 1
/* What `meeple-sim tournament --games 8 --strategies greedy,random
 * --resume FILE` writes; the seed corpus is such a log. */
#define SETTINGS "strategies greedy,random; rules base/1.0; players 2; " \
                 "games 8; seed 1; farmers on"

static char *
log_path(void)
{
  static char *path;
  if (!path)
    path = g_strdup_printf("%s/fuzz-tournament-log-%d.log",
                           g_get_tmp_dir(), (int)getpid());
  return path;
}

static char *
read_all(const char *path, gsize *length)
{
  char *contents = NULL;
  if (!g_file_get_contents(path, &contents, length, NULL)) {
    fprintf(stderr, "fuzz-tournament-log: cannot read %s back\n", path);
    abort();
  }
  return contents;
}

/* The log at @path as the tournament of SETTINGS opens it. */
static SimTournamentLog *
open_log(const char *path, gboolean *done, guint *n_done, GError **error)
{
  SimGameResult results[N_GAMES];
  return sim_tournament_log_open(path, SETTINGS, N_GAMES, N_PLAYERS, SEED,
                                 results, done, n_done, error);
}

static void
check_reopen(const char *path, guint n_done)
{
  gboolean done[N_GAMES] = { FALSE };
  guint again = 0;
  GError *error = NULL;
  SimTournamentLog *log = open_log(path, done, &again, &error);
  if (!log || again != n_done) {
    fprintf(stderr, "fuzz-tournament-log: reopening an accepted log: %s "
            "(%u games, then %u)\n", error ? error->message : "no error",
            n_done, again);
    abort();
  }
  sim_tournament_log_close(log);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *path = log_path();
  if (!g_file_set_contents(path, (const char *)data, (gssize)size, NULL))
    abort();
  gboolean done[N_GAMES] = { FALSE };
  guint n_done = 0;
  GError *error = NULL;
  SimTournamentLog *log = open_log(path, done, &n_done, &error);
  gsize length;
  char *after = read_all(path, &length);
  if (!log) {
    if (!error || error->domain != G_FILE_ERROR ||
        !g_str_has_prefix(error->message, path)) {
      fprintf(stderr, "fuzz-tournament-log: a refusal without a "
              "G_FILE_ERROR naming the file: %s\n",
              error ? error->message : "no error");
      abort();
    }
    if (length != size || memcmp(after, data, size) != 0) {
      fprintf(stderr, "fuzz-tournament-log: a refused file changed\n");
      abort();
    }
    g_error_free(error);
  } else {
    sim_tournament_log_close(log);
    g_free(after);
    after = read_all(path, &length);
    /* The complete lines stay as they were. */
    gsize complete = size;
    while (complete > 0 && data[complete - 1] != '\n')
      complete--;
    if (length < complete || memcmp(after, data, complete) != 0) {
      fprintf(stderr, "fuzz-tournament-log: an accepted log lost lines\n");
      abort();
    }
    guint counted = 0;
    for (guint g = 0; g < N_GAMES; g++)
      counted += done[g] != 0;
    if (counted != n_done) {
      fprintf(stderr, "fuzz-tournament-log: %u games counted, %u marked\n",
              n_done, counted);
      abort();
    }
    check_reopen(path, n_done);
  }
  g_free(after);
  g_unlink(path);
  return 0;
}
