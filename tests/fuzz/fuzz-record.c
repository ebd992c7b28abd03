/* fuzz-record.c — libFuzzer target for the game-record reader
 * (doc/game-record.md), with every rule set.  Built by `make fuzz`
 * (tests/fuzz/local.mk); see README.md.
 *
 * Every input is parsed and replayed against the rules its own "rules"
 * line names: the base game plus any of the plugins, loaded with the
 * engine's loader (fuzz-rules.h).  A record naming rule sets the loader
 * refuses (unknown, conflicting) is replayed against the base game, which
 * must refuse it in turn.  Beyond "no crash, no sanitizer report", it
 * checks the reader's contract:
 *  - a failure is a MEEPLE_ERROR with a "file:line:column: " message;
 *  - whatever is accepted writes out as a record that reads back to the
 *    same text (the round trip of DESIGN invariant 4).
 */
#include <meeple.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-rules.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  fuzz_rules_init("fuzz-record");
  return 0;
}

/* The rules a record asks for: its rule-set ids, versions stripped and
 * "base" left out (as meeple-sim replay reads them), or the base game
 * when the loader refuses them. */
static MeepleRules *
record_rules(const MeepleRecord *rec)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; rec->rulesets && i < rec->rulesets->len; i++) {
    const char *s = g_ptr_array_index(rec->rulesets, i);
    char *id = g_strndup(s, strcspn(s, "/"));
    if (strcmp(id, "base") == 0)
      g_free(id);
    else
      g_ptr_array_add(ids, id);
  }
  g_ptr_array_add(ids, NULL);
  MeepleRules *rules = fuzz_rules((const char *const *)ids->pdata, NULL);
  g_ptr_array_free(ids, TRUE);
  if (!rules) {
    const char *none[] = { NULL };
    rules = fuzz_rules(none, NULL);
  }
  return rules;
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
  MeepleRules *rules = rec ? record_rules(rec) : NULL;
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
