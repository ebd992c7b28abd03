/* fuzz-tiles.c — libFuzzer target for the tile-file parser.
 *
 * Any input must either load or fail with a MEEPLE_ERROR_TILE_FILE error
 * whose message names the file; a failed load must add nothing.  See
 * tests/fuzz/README.md for how to build and run it. */
#include <meeple.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  /* A GLib warning or critical (a failed g_return_if_fail) is a bug the
   * run must stop at, as in the other targets (fuzz-rules.c). */
  g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL |
                         G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  MeepleRules *rules = meeple_rules_new();
  GError *error = NULL;
  if (!meeple_rules_load_tiles_data(rules, (const char *)data, size,
                                    "fuzz.tiles", &error)) {
    if (!g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE) ||
        strncmp(error->message, "fuzz.tiles:", 11) != 0 ||
        meeple_rules_n_tile_types(rules) != 0)
      abort();
    g_error_free(error);
  } else if (meeple_rules_start_tile(rules) >= 0) {
    /* a loadable set with a start tile must also start a game */
    MeepleGameConfig config = { .n_players = 2, .seed = 1 };
    MeepleGame *game = meeple_game_new(rules, &config, NULL);
    for (int i = 0; game && i < 200 && meeple_game_decision(game); i++)
      meeple_game_apply_index(game, 0, NULL, NULL, NULL);
    meeple_game_free(game);
  }
  meeple_rules_unref(rules);
  return 0;
}
