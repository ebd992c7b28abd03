/* fuzz-act.c — libFuzzer target for meepled's decoding of Act arguments
 * (doc/dbus-api.md).  Not part of the automake build; see README.md.
 *
 * Every input becomes an Act call (tests/act-fuzz.h) applied to a live
 * session of a base game; the session goes on from input to input and
 * starts again when its game is over.  Beyond "no crash, no sanitizer
 * report", the contract: a refused action gives a MEEPLED_ERROR with a
 * message and leaves the game unchanged, and a spectator never acts. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "act-fuzz.h"

#ifndef FUZZ_TILES
#define FUZZ_TILES "data/tiles/base.tiles"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static MeepleRules *rules;
static Session *session;
static guint64 games;

static Session *
new_session(void)
{
  MeepleGameConfig config = { .n_players = 2, .seed = ++games };
  Session *s = session_new("1", "fuzz", rules, &config, NULL, NULL);
  for (int i = 0; s && i < 2; i++) {
    guint seat;
    char *token = NULL;
    session_join(s, "holder", NULL, -1, NULL, &seat, &token, NULL);
    g_free(token);
  }
  if (!s || !session_start(s, "holder", NULL))
    abort();
  return s;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  const char *path = getenv("MEEPLE_FUZZ_TILES");
  GError *error = NULL;
  rules = meeple_rules_new();
  if (!meeple_rules_load_tiles(rules, path ? path : FUZZ_TILES, &error)) {
    fprintf(stderr, "fuzz-act: %s (set MEEPLE_FUZZ_TILES)\n",
            error->message);
    exit(1);
  }
  session = new_session();
  return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *holder = size > 0 && data[0] == 0xff ? "spectator" : "holder";
  DBusMessage *m = act_fuzz_message(data, size, session->game);
  char *problem = NULL;
  gboolean accepted = act_fuzz_check(session, holder, m, &problem);
  dbus_message_unref(m);
  if (problem) {
    fprintf(stderr, "fuzz-act: %s\n", problem);
    abort();
  }
  if (accepted && holder[0] == 's') {
    fprintf(stderr, "fuzz-act: a spectator acted\n");
    abort();
  }
  if (session_status(session) == SESSION_OVER) {
    session_free(session);
    session = new_session();
  }
  return 0;
}
