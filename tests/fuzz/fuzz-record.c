/* fuzz-record.c — libFuzzer target for the game-record reader
 * (doc/game-record.md).  Not part of the automake build; see README.md.
 *
 * Every input is parsed and replayed against the base tile set.  Beyond
 * "no crash, no sanitizer report", it checks the reader's contract:
 *  - a failure is a MEEPLE_ERROR with a "file:line:column: " message;
 *  - whatever is accepted writes out as a record that reads back to the
 *    same text (the round trip of DESIGN invariant 4).
 */
#include <meeple.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FUZZ_TILES
#define FUZZ_TILES "data/tiles/base.tiles"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static MeepleRules *rules;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  /* Rules are loaded once: they are read-only and shared by every game. */
  const char *path = getenv("MEEPLE_FUZZ_TILES");
  GError *error = NULL;
  rules = meeple_rules_new();
  if (!meeple_rules_load_tiles(rules, path ? path : FUZZ_TILES, &error)) {
    fprintf(stderr, "fuzz-record: %s (set MEEPLE_FUZZ_TILES)\n",
            error->message);
    exit(1);
  }
  return 0;
}

/* Aborts unless @error is a record or replay error with a position. */
static void
check_error(const GError *error)
{
  if (!error || error->domain != MEEPLE_ERROR ||
      (error->code != MEEPLE_ERROR_RECORD &&
       error->code != MEEPLE_ERROR_REPLAY) ||
      !g_regex_match_simple("^fuzz\\.rec:[0-9]+:[0-9]+: .", error->message,
                            0, 0) ||
      !g_utf8_validate(error->message, -1, NULL)) {
    fprintf(stderr, "bad error: %s\n", error ? error->message : "(none)");
    abort();
  }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  GError *error = NULL;
  MeepleRecord *rec =
      meeple_record_parse((const char *)data, (gssize)size, "fuzz.rec",
                          &error);
  MeepleGame *game = rec ? meeple_record_replay(rec, rules, &error) : NULL;
  if (!game) {
    check_error(error);
    g_error_free(error);
    meeple_record_free(rec);
    return 0;
  }
  /* Accepted: the written record must replay and write identically. */
  g_ptr_array_add(rec->players, NULL);
  char *text =
      meeple_record_write(game, (const char *const *)rec->players->pdata);
  MeepleRecord *rec2 = meeple_record_parse(text, -1, "fuzz.rec", &error);
  MeepleGame *game2 = rec2 ? meeple_record_replay(rec2, rules, &error) : NULL;
  if (!game2) {
    fprintf(stderr, "written record does not replay: %s\n%s\n",
            error ? error->message : "?", text);
    abort();
  }
  g_ptr_array_add(rec2->players, NULL);
  char *text2 =
      meeple_record_write(game2, (const char *const *)rec2->players->pdata);
  if (strcmp(text, text2) != 0) {
    fprintf(stderr, "round trip changed the text:\n%s\n---\n%s\n", text,
            text2);
    abort();
  }
  g_free(text2);
  g_free(text);
  meeple_game_free(game2);
  meeple_record_free(rec2);
  meeple_game_free(game);
  meeple_record_free(rec);
  return 0;
}
