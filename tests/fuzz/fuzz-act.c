/* fuzz-act.c — libFuzzer target for meepled's decoding of Act arguments
 * (doc/dbus-api.md) on sessions of every rule set.  Built by `make fuzz`
 * (tests/fuzz/local.mk); see README.md.
 *
 * Every input is one whole session (act_fuzz_session() in
 * tests/act-fuzz.h): its first byte picks the rule sets — the base game,
 * one plugin, or all of them, loaded with the engine's loader — then come
 * the seats, a number of legal actions played ahead, and one Act call
 * after another.  A session per input keeps every finding reproducible
 * from its input alone.  Beyond "no crash, no sanitizer report", the
 * contract: a refused action gives a MEEPLED_ERROR with a message and
 * leaves the game unchanged; only the holder of the deciding seat acts
 * (spectators and other seats never do). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "act-fuzz.h"
#include "fuzz-rules.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Built once: rules are read-only and shared by every session. */
static MeepleRules *rules[ACT_FUZZ_N_RULESETS];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  fuzz_rules_init("fuzz-act");
  for (guint i = 0; i < ACT_FUZZ_N_RULESETS; i++) {
    GError *error = NULL;
    rules[i] = fuzz_rules_list(act_fuzz_rulesets[i], &error);
    if (!rules[i]) {
      fprintf(stderr, "fuzz-act: rules '%s': %s\n", act_fuzz_rulesets[i],
              error->message);
      exit(1);
    }
  }
  return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *problem = NULL;
  if (!act_fuzz_session(rules, data, size, NULL, &problem)) {
    fprintf(stderr, "fuzz-act: %s\n", problem);
    abort();
  }
  return 0;
}
