/* test-record.c — game records (doc/game-record.md): writing and replaying
 * gives the same game and the same text; every malformed record is an
 * error naming file:line:column; no input crashes the reader. */
#include "testutil.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- helpers ------------------------------------------------------------ */

/* Plays @max_actions random legal actions (G_MAXUINT: to the end) with a
 * chooser seeded by @seed, so every game is the same on every run. */
static MeepleGame *
play_random(MeepleRules *rules, const MeepleGameConfig *cfg, guint32 seed,
            guint max_actions)
{
  GError *error = NULL;
  MeepleGame *game = meeple_game_new(rules, cfg, &error);
  ck_assert_msg(game != NULL, "meeple_game_new: %s",
                error ? error->message : "?");
  GRand *rand = g_rand_new_with_seed(seed);
  const MeepleDecision *d;
  for (guint n = 0; n < max_actions && (d = meeple_game_decision(game)); n++)
    ck_assert(meeple_game_apply_index(
        game, (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions), NULL,
        NULL, NULL));
  g_rand_free(rand);
  return game;
}

/* Asserts that two games are equal in everything the API shows. */
static void
assert_same_game(MeepleGame *a, MeepleGame *b)
{
  ck_assert_uint_eq(meeple_game_n_players(a), meeple_game_n_players(b));
  ck_assert_int_eq(meeple_game_is_over(a), meeple_game_is_over(b));
  ck_assert_int_eq(meeple_game_phase(a), meeple_game_phase(b));
  ck_assert_uint_eq(meeple_game_turn(a), meeple_game_turn(b));
  ck_assert_uint_eq(meeple_game_active_player(a),
                    meeple_game_active_player(b));
  ck_assert_uint_eq(meeple_game_tiles_left(a), meeple_game_tiles_left(b));
  ck_assert_int_eq(meeple_game_drawn_tile(a), meeple_game_drawn_tile(b));
  ck_assert_uint_eq(meeple_game_n_discarded(a), meeple_game_n_discarded(b));
  guint n_ftypes = meeple_rules_n_figure_types(meeple_game_rules(a));
  for (guint p = 0; p < meeple_game_n_players(a); p++) {
    ck_assert_int_eq(meeple_game_score(a, p), meeple_game_score(b, p));
    for (guint f = 0; f < n_ftypes; f++)
      ck_assert_uint_eq(meeple_game_supply(a, p, f),
                        meeple_game_supply(b, p, f));
  }
  ck_assert_uint_eq(meeple_game_n_placed(a), meeple_game_n_placed(b));
  for (guint i = 0; i < meeple_game_n_placed(a); i++) {
    MeeplePlacedTile ta = meeple_game_placed(a, i);
    MeeplePlacedTile tb = meeple_game_placed(b, i);
    ck_assert_uint_eq(ta.type, tb.type);
    ck_assert_int_eq(ta.x, tb.x);
    ck_assert_int_eq(ta.y, tb.y);
    ck_assert_uint_eq(ta.rotation, tb.rotation);
  }
  ck_assert_uint_eq(meeple_game_n_figures(a), meeple_game_n_figures(b));
  for (guint i = 0; i < meeple_game_n_figures(a); i++) {
    MeepleFigureInfo fa = meeple_game_figure(a, i);
    MeepleFigureInfo fb = meeple_game_figure(b, i);
    ck_assert_uint_eq(fa.type, fb.type);
    ck_assert_int_eq(fa.owner, fb.owner);
    ck_assert_int_eq(fa.on_board, fb.on_board);
    if (fa.on_board) {
      ck_assert_int_eq(fa.x, fb.x);
      ck_assert_int_eq(fa.y, fb.y);
      ck_assert_uint_eq(fa.segment, fb.segment);
    }
  }
  gsize na, nb;
  const MeepleHistoryEntry *ha = meeple_game_history(a, &na);
  const MeepleHistoryEntry *hb = meeple_game_history(b, &nb);
  ck_assert_uint_eq(na, nb);
  for (gsize i = 0; i < na; i++) {
    ck_assert_msg(memcmp(&ha[i].action, &hb[i].action,
                         sizeof ha[i].action) == 0,
                  "history entry %zu differs", i);
    ck_assert_uint_eq(ha[i].player, hb[i].player);
    ck_assert_uint_eq(ha[i].turn, hb[i].turn);
  }
  const MeepleDecision *da = meeple_game_decision(a);
  const MeepleDecision *db = meeple_game_decision(b);
  ck_assert_int_eq(da == NULL, db == NULL);
  if (da) {
    ck_assert_uint_eq(da->kind, db->kind);
    ck_assert_uint_eq(da->player, db->player);
    ck_assert_uint_eq(da->n_actions, db->n_actions);
    ck_assert(memcmp(da->actions, db->actions,
                     da->n_actions * sizeof *da->actions) == 0);
  }
  g_autofree char *sa = tu_state_digest(a);
  g_autofree char *sb = tu_state_digest(b);
  ck_assert_str_eq(sa, sb);
}

/* write → parse → replay → write: the same text and the same game. */
static void
assert_round_trip(MeepleRules *rules, MeepleGame *game,
                  const char *const *names)
{
  g_autofree char *text = meeple_record_write(game, names);
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_parse(text, -1, "rt.rec", &error);
  ck_assert_msg(rec != NULL, "cannot parse what was written: %s\n%s",
                error ? error->message : "?", text);
  MeepleGame *back = meeple_record_replay(rec, rules, &error);
  ck_assert_msg(back != NULL, "cannot replay what was written: %s\n%s",
                error ? error->message : "?", text);
  g_ptr_array_add(rec->players, NULL); /* NULL-terminate for the writer */
  g_autofree char *again =
      meeple_record_write(back, (const char *const *)rec->players->pdata);
  ck_assert_str_eq(text, again);
  assert_same_game(game, back);
  meeple_game_free(back);
  meeple_record_free(rec);
}

/* Parses and replays @text; returns the error (or NULL on success). */
static GError *
load_and_replay(MeepleRules *rules, const char *text, gssize len,
                MeepleGame **game_out)
{
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_parse(text, len, "t.rec", &error);
  MeepleGame *game = NULL;
  if (rec) {
    game = meeple_record_replay(rec, rules, &error);
    meeple_record_free(rec);
  }
  if (game_out)
    *game_out = game;
  else if (game)
    meeple_game_free(game);
  ck_assert_msg((game != NULL) != (error != NULL),
                "exactly one of a game and an error");
  return error;
}

/* Asserts @error is @code at t.rec:@line:@column and mentions @what. */
static void
assert_error_at(const GError *error, int code, int line, int column,
                const char *what, const char *text)
{
  ck_assert_msg(error != NULL, "no error for:\n%s", text);
  ck_assert_msg(error->domain == MEEPLE_ERROR, "domain of '%s'",
                error->message);
  ck_assert_msg(error->code == code, "code %d, not %d: %s", error->code,
                code, error->message);
  g_autofree char *prefix = g_strdup_printf("t.rec:%d:%d: ", line, column);
  ck_assert_msg(g_str_has_prefix(error->message, prefix),
                "'%s' does not start with '%s'", error->message, prefix);
  ck_assert_msg(strstr(error->message, what) != NULL,
                "'%s' does not say '%s'", error->message, what);
}

static char *
fixture_path(const char *name)
{
  return g_build_filename(TEST_SRCDIR, "tests", "data", name, NULL);
}

/* ---- round trips -------------------------------------------------------- */

/* RULES: BASE-01 (2..6 players) */
START_TEST(round_trip_seeded)
{
  MeepleRules *rules = tu_base_rules();
  for (guint seed = 0; seed < 30; seed++) {
    MeepleGameConfig cfg = {
      .n_players = 2 + seed % 5,
      .seed = (guint64)seed * 7919u + 1,
      .no_farmers = seed % 4 == 3,
    };
    /* Every fourth game stops early: records of unfinished games (the
     * daemon journals them) must round-trip too. */
    guint max = seed % 4 == 1 ? 11 + seed : G_MAXUINT;
    MeepleGame *game = play_random(rules, &cfg, seed, max);
    assert_round_trip(rules, game, NULL);
    meeple_game_free(game);
  }
  meeple_rules_unref(rules);
}
END_TEST

/* A full supply in random order, and short supplies. */
START_TEST(round_trip_tile_order)
{
  MeepleRules *rules = tu_base_rules();
  int start = meeple_rules_start_tile(rules);
  GArray *all = g_array_new(FALSE, FALSE, sizeof(guint16));
  for (guint t = 0; t < meeple_rules_n_tile_types(rules); t++) {
    guint count = meeple_rules_tile_type(rules, t)->count;
    if ((int)t == start)
      count--; /* one copy is the start tile */
    for (guint c = 0; c < count; c++) {
      guint16 v = (guint16)t;
      g_array_append_val(all, v);
    }
  }
  GRand *rand = g_rand_new_with_seed(4242);
  for (guint round = 0; round < 30; round++) {
    guint16 *order = g_memdup2(all->data, all->len * sizeof(guint16));
    for (guint i = all->len - 1; i > 0; i--) {
      guint j = (guint)g_rand_int_range(rand, 0, (gint32)i + 1);
      guint16 tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    MeepleGameConfig cfg = {
      .n_players = 2 + round % 5,
      /* written beside 'tiles' when not 0 (PD-08 reshuffles with it);
       * the base game draws nothing with it */
      .seed = round,
      .tile_order = order,
      .n_tile_order = round % 3 == 0
                          ? all->len
                          : (guint)g_rand_int_range(rand, 1, 25),
      .no_farmers = round % 5 == 4,
    };
    MeepleGame *game = play_random(rules, &cfg, 1000 + round, G_MAXUINT);
    g_free(order); /* the game keeps its own copy */
    assert_round_trip(rules, game, NULL);
    meeple_game_free(game);
  }
  g_rand_free(rand);
  g_array_unref(all);
  meeple_rules_unref(rules);
}
END_TEST

/* Names that need quoting, escapes, non-ASCII text, and the defaults. */
START_TEST(round_trip_names)
{
  MeepleRules *rules = tu_base_rules();
  static const char *const names[] = {
    "Anna Maria", "say \"hi\"", "back\\slash", "#1", "Jürgen", "日本", NULL,
  };
  MeepleGameConfig cfg = { .n_players = 6, .seed = 99 };
  MeepleGame *game = play_random(rules, &cfg, 99, 40);
  assert_round_trip(rules, game, names);

  g_autofree char *text = meeple_record_write(game, names);
  ck_assert_msg(strstr(text, "\nplayers \"Anna Maria\" \"say \\\"hi\\\"\" "
                             "\"back\\\\slash\" \"#1\" Jürgen 日本\n"),
                "players line:\n%s", text);
  MeepleRecord *rec = meeple_record_parse(text, -1, "n.rec", NULL);
  ck_assert_ptr_nonnull(rec);
  for (guint i = 0; i < 6; i++)
    ck_assert_str_eq(g_ptr_array_index(rec->players, i), names[i]);
  meeple_record_free(rec);

  /* NULL names, a short list, control characters and broken UTF-8 */
  g_autofree char *defaults = meeple_record_write(game, NULL);
  ck_assert(strstr(defaults, "\nplayers \"Player 1\" \"Player 2\" \"Player 3\""
                             " \"Player 4\" \"Player 5\" \"Player 6\"\n"));
  static const char *const odd[] = { "Tab\there", "bad\xff", "", NULL };
  g_autofree char *cleaned = meeple_record_write(game, odd);
  ck_assert_msg(strstr(cleaned, "\nplayers \"Tab here\" bad\xef\xbf\xbd "
                                "\"Player 3\" \"Player 4\""),
                "players line:\n%s", cleaned);
  assert_round_trip(rules, game, odd);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* What the writer says besides the actions. */
START_TEST(writer_comments)
{
  MeepleRules *rules = tu_base_rules();
  MeepleGame *game = tu_game(rules, 2, "P E V", FALSE);
  tu_act(game, "place P @ 0,-1 r180", NULL);
  tu_act(game, "follower C1", NULL);
  g_autofree char *partial = meeple_record_write(game, NULL);
  ck_assert_str_eq(partial,
                   "meepled-record 1\n"
                   "rules base/1.0\n"
                   "players \"Player 1\" \"Player 2\"\n"
                   "tiles P E V\n"
                   "seed 1\n" /* tu_game's seed, kept for PD-08 */
                   "farmers on\n"
                   "# turn 1: \"Player 1\" draws P\n"
                   "place P @ 0,-1 r180\n"
                   "follower C1\n");
  tu_act(game, "place E @ 1,-1 r270", NULL);
  tu_act(game, "follower F1", NULL);
  tu_act(game, "place V @ 1,0 r0", NULL);
  tu_act(game, "follower R1", NULL);
  static const char *const names[] = { "Alice", "Bob", NULL };
  g_autofree char *full = meeple_record_write(game, names);
  ck_assert_msg(g_str_has_suffix(full, "# turn 3: Alice draws V\n"
                                       "place V @ 1,0 r0\n"
                                       "follower R1\n"
                                       "# game over: Alice 8, Bob 3\n"
                                       "# winner: Alice\n"),
                "%s", full);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* A tile set loaded on its own is a rule set: the 'rules' line names it
 * with its version, and it must be loaded (both ways) to replay. */
static const char extra_tiles[] =
    "tileset extra\n"
    "name Extra test tiles\n"
    "version 0.1\n"
    "tile Z1 2 FFFF M F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n";

START_TEST(rules_line_names_tile_sets)
{
  MeepleRules *rules = tu_base_rules();
  GError *error = NULL;
  ck_assert_msg(meeple_rules_load_tiles_data(rules, extra_tiles,
                                             sizeof extra_tiles - 1,
                                             "extra.tiles", &error),
                "%s", error ? error->message : "");
  MeepleGameConfig cfg = { .n_players = 3, .seed = 5 };
  MeepleGame *game = play_random(rules, &cfg, 5, 30);
  g_autofree char *text = meeple_record_write(game, NULL);
  ck_assert_msg(strstr(text, "\nrules base/1.0 extra/0.1\n"), "%s", text);
  assert_round_trip(rules, game, NULL);

  /* A record that does not name 'extra' cannot be replayed with it. */
  const char *base_only = "meepled-record 1\n"
                          "rules base\n"
                          "players A B\n"
                          "seed 1\n";
  error = load_and_replay(rules, base_only, -1, NULL);
  assert_error_at(error, MEEPLE_ERROR_REPLAY, 2, 1, "rule set 'extra'",
                  base_only);
  g_clear_error(&error);
  /* Versions, when given, must match. */
  const char *versioned = "meepled-record 1\n"
                          "rules base/1.0 extra/0.1\n"
                          "players A B\n"
                          "seed 1\n";
  error = load_and_replay(rules, versioned, -1, NULL);
  ck_assert_msg(error == NULL, "%s", error ? error->message : "");
  const char *old = "meepled-record 1\n"
                    "rules base/1.0 extra/0.0\n"
                    "players A B\n"
                    "seed 1\n";
  error = load_and_replay(rules, old, -1, NULL);
  assert_error_at(error, MEEPLE_ERROR_REPLAY, 2, 16, "extra/0.0", old);
  g_clear_error(&error);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- the parsed structure ----------------------------------------------- */

START_TEST(parse_fields)
{
  const char *text =
      "\xEF\xBB\xBF# a byte order mark, comments and blank lines first\r\n"
      "\r\n"
      "meepled-record 1   # format\r\n"
      "rules base abbot/1.0\r\n"
      "players \"Anna Maria\" Bob\tC\r\n"
      "tiles V K\r\n"
      "farmers off\r\n"
      "  place V @ 1,0 r90   # comment after an action\r\n"
      "\tfollower R1\r\n"
      "pass";
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_parse(text, -1, NULL, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq(rec->filename, "record");
  ck_assert_uint_eq(rec->format, 1);
  ck_assert_uint_eq(rec->rulesets->len, 2);
  ck_assert_str_eq(g_ptr_array_index(rec->rulesets, 0), "base");
  ck_assert_str_eq(g_ptr_array_index(rec->rulesets, 1), "abbot/1.0");
  ck_assert_uint_eq(rec->players->len, 3);
  ck_assert_str_eq(g_ptr_array_index(rec->players, 0), "Anna Maria");
  ck_assert_str_eq(g_ptr_array_index(rec->players, 2), "C");
  ck_assert(!rec->has_seed);
  ck_assert_ptr_nonnull(rec->tile_order);
  ck_assert_uint_eq(rec->tile_order->len, 2);
  ck_assert_str_eq(g_ptr_array_index(rec->tile_order, 1), "K");
  ck_assert(rec->no_farmers);
  ck_assert_uint_eq(rec->actions->len, 3);
  const MeepleRecordAction *a = g_ptr_array_index(rec->actions, 0);
  ck_assert_str_eq(a->text, "place V @ 1,0 r90");
  ck_assert_int_eq(a->line, 8);
  ck_assert_int_eq(a->column, 3);
  a = g_ptr_array_index(rec->actions, 1);
  ck_assert_str_eq(a->text, "follower R1");
  ck_assert_int_eq(a->column, 2);
  a = g_ptr_array_index(rec->actions, 2);
  ck_assert_str_eq(a->text, "pass");
  ck_assert_int_eq(a->line, 10);
  meeple_record_free(rec);

  /* 'tiles' with a seed: the order is kept and the seed is read for what
   * rule sets shuffle during the game (PD-08, doc/game-record.md). */
  rec = meeple_record_parse("meepled-record 1\nplayers A B\ntiles V K\n"
                            "seed 77\n", -1, NULL, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  ck_assert(rec->has_seed);
  ck_assert_uint_eq(rec->seed, 77);
  ck_assert_uint_eq(rec->tile_order->len, 2);
  meeple_record_free(rec);

  /* A seed, the largest there is; 'rules' and 'farmers' may be left out. */
  rec = meeple_record_parse("meepled-record 1\nplayers A B\n"
                            "seed 18446744073709551615\n", -1, "s.rec",
                            &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  ck_assert(rec->has_seed);
  ck_assert(rec->seed == G_MAXUINT64);
  ck_assert_ptr_null(rec->tile_order);
  ck_assert(!rec->no_farmers);
  ck_assert_uint_eq(rec->rulesets->len, 0);
  ck_assert_uint_eq(rec->actions->len, 0);
  MeepleRules *rules = tu_base_rules();
  MeepleGameConfig cfg;
  GArray *storage = (GArray *)1;
  ck_assert(meeple_record_config(rec, rules, &cfg, &storage, &error));
  ck_assert_ptr_null(storage);
  ck_assert(cfg.seed == G_MAXUINT64);
  ck_assert_uint_eq(cfg.n_players, 2);
  ck_assert_ptr_null(cfg.tile_order);
  meeple_record_free(rec);
  meeple_record_free(NULL);

  /* 'tiles' resolves to tile type indices */
  rec = meeple_record_parse("meepled-record 1\nplayers A B\ntiles V Eg D\n",
                            -1, "s.rec", &error);
  ck_assert(meeple_record_config(rec, rules, &cfg, &storage, &error));
  ck_assert_ptr_nonnull(storage);
  ck_assert_uint_eq(cfg.n_tile_order, 3);
  ck_assert_int_eq(cfg.tile_order[0], meeple_rules_find_tile_type(rules, "V"));
  ck_assert_int_eq(cfg.tile_order[1],
                   meeple_rules_find_tile_type(rules, "Eg"));
  ck_assert_int_eq(cfg.tile_order[2], meeple_rules_find_tile_type(rules, "D"));
  g_array_unref(storage);
  meeple_record_free(rec);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- malformed records -------------------------------------------------- */

typedef struct {
  const char *text;
  gssize len;     /* -1: NUL-terminated */
  int code;
  int line, column;
  const char *what;
} BadRecord;

#define H "meepled-record 1\nrules base\nplayers Alice Bob\n"
#define HS H "seed 7\n"
#define HT "meepled-record 1\nplayers Alice Bob\ntiles P E V\n"

static const BadRecord bad_records[] = {
  /* not a record at all */
  { "", -1, MEEPLE_ERROR_RECORD, 1, 1, "empty" },
  { "# only a comment", -1, MEEPLE_ERROR_RECORD, 1, 17, "empty" },
  { "# only a comment\n\n", -1, MEEPLE_ERROR_RECORD, 2, 1, "empty" },
  { "players Alice Bob\n", -1, MEEPLE_ERROR_RECORD, 1, 1,
    "must start with 'meepled-record 1'" },
  { "\x7f" "ELF\x02\x01", 6, MEEPLE_ERROR_RECORD, 1, 1, "control character" },
  { "PK\x03\x04", 4, MEEPLE_ERROR_RECORD, 1, 3, "U+0003" },
  /* format version */
  { "meepled-record 2\n", -1, MEEPLE_ERROR_RECORD, 1, 16,
    "version 2 is newer than this meepled understands (1); upgrade" },
  { "meepled-record 99999999999999999999999\n", -1, MEEPLE_ERROR_RECORD, 1,
    16, "newer" },
  { "meepled-record one\n", -1, MEEPLE_ERROR_RECORD, 1, 16,
    "expected a format version number, found 'one'" },
  { "meepled-record 0\n", -1, MEEPLE_ERROR_RECORD, 1, 16, "start at 1" },
  { "meepled-record\n", -1, MEEPLE_ERROR_RECORD, 1, 1, "needs a value" },
  { "meepled-record 1 2\n", -1, MEEPLE_ERROR_RECORD, 1, 18,
    "unexpected '2'" },
  { "meepled-record 1\nmeepled-record 1\n", -1, MEEPLE_ERROR_RECORD, 2, 1,
    "duplicate 'meepled-record' line (the first is on line 1)" },
  /* players */
  { "meepled-record 1\nplayers Alice\nseed 1\n", -1, MEEPLE_ERROR_RECORD, 2,
    1, "2 to 6 players, this line names 1" },
  { "meepled-record 1\nplayers\nseed 1\n", -1, MEEPLE_ERROR_RECORD, 2, 1,
    "names 0" },
  { "meepled-record 1\nplayers A B C D E F G\nseed 1\n", -1,
    MEEPLE_ERROR_RECORD, 2, 21, "names 7" },
  { "meepled-record 1\nplayers \"\" B\n", -1, MEEPLE_ERROR_RECORD, 2, 9,
    "cannot be empty" },
  { "meepled-record 1\nplayers \"Anna Bob\n", -1, MEEPLE_ERROR_RECORD, 2, 9,
    "unterminated quoted string" },
  { "meepled-record 1\nplayers \"A\\nB\" C\n", -1, MEEPLE_ERROR_RECORD, 2,
    11, "unknown escape '\\n'" },
  { "meepled-record 1\nplayers \"A\\", -1, MEEPLE_ERROR_RECORD, 2, 11,
    "backslash at the end of the line" },
  { "meepled-record 1\nplayers \"A\"B C\n", -1, MEEPLE_ERROR_RECORD, 2, 12,
    "space after the closing quote" },
  { "meepled-record 1\nplayers An\"na B\n", -1, MEEPLE_ERROR_RECORD, 2, 11,
    "a quote inside a word" },
  { H "players C D\nseed 1\n", -1, MEEPLE_ERROR_RECORD, 4, 1,
    "duplicate 'players' line (the first is on line 3)" },
  /* seed and tiles */
  { H "seed 18446744073709551616\n", -1, MEEPLE_ERROR_RECORD, 4, 6,
    "seed 18446744073709551616 is too large" },
  { H "seed 99999999999999999999999999999999\n", -1, MEEPLE_ERROR_RECORD, 4,
    6, "too large" },
  { H "seed -1\n", -1, MEEPLE_ERROR_RECORD, 4, 6, "not a decimal number" },
  { H "seed 0x10\n", -1, MEEPLE_ERROR_RECORD, 4, 6, "not a decimal number" },
  { H "seed \"7\"\n", -1, MEEPLE_ERROR_RECORD, 4, 6,
    "quotes are only for player names" },
  { H "seed\n", -1, MEEPLE_ERROR_RECORD, 4, 1, "'seed' needs a value" },
  { H "seed 1 2\n", -1, MEEPLE_ERROR_RECORD, 4, 8, "unexpected '2'" },
  { HS "seed 7\n", -1, MEEPLE_ERROR_RECORD, 5, 1, "duplicate 'seed'" },
  /* rules and farmers */
  { "meepled-record 1\nrules\n", -1, MEEPLE_ERROR_RECORD, 2, 1,
    "'rules' needs a value" },
  { "meepled-record 1\nrules base base/1.0\n", -1, MEEPLE_ERROR_RECORD, 2,
    12, "rule set 'base' is named twice" },
  { "meepled-record 1\nrules base/\n", -1, MEEPLE_ERROR_RECORD, 2, 7,
    "version is missing" },
  { "meepled-record 1\nrules /1.0\n", -1, MEEPLE_ERROR_RECORD, 2, 7,
    "needs an id" },
  { "meepled-record 1\nrules a/1/2\n", -1, MEEPLE_ERROR_RECORD, 2, 7,
    "one '/'" },
  { HS "farmers maybe\n", -1, MEEPLE_ERROR_RECORD, 5, 9,
    "expected 'on' or 'off' after 'farmers', found 'maybe'" },
  { HS "farmers on\nfarmers off\n", -1, MEEPLE_ERROR_RECORD, 6, 1,
    "duplicate 'farmers' line (the first is on line 5)" },
  /* the header and the actions */
  { "meepled-record 1\ncolour red\n", -1, MEEPLE_ERROR_RECORD, 2, 1,
    "unknown header key 'colour'" },
  { "meepled-record 1\nplayers A B\n  Seed 3\n", -1, MEEPLE_ERROR_RECORD, 3,
    3, "unknown header key 'Seed'" },
  { "meepled-record 1\nseed 1\nplace V @ 1,0 r0\n", -1, MEEPLE_ERROR_RECORD,
    3, 1, "no 'players' line; it must come before the first action" },
  { "meepled-record 1\nplayers A B\npass\n", -1, MEEPLE_ERROR_RECORD, 3, 1,
    "no 'seed' or 'tiles' line" },
  { "meepled-record 1\nplayers A B\n", -1, MEEPLE_ERROR_RECORD, 2, 12,
    "ends before its header has a 'seed' or 'tiles' line" },
  { "meepled-record 1\nseed 1 # no players", -1, MEEPLE_ERROR_RECORD, 2, 20,
    "'players'" },
  { HS "pass\n\nfarmers off\n", -1, MEEPLE_ERROR_RECORD, 7, 1,
    "header line 'farmers' after the first action (line 5)" },
  { HS "\"seed\" 1\n", -1, MEEPLE_ERROR_RECORD, 5, 1,
    "quoted string cannot start a line" },
  /* bytes that are not text */
  { "meepled-record 1\npla\0yers A B\n", 29, MEEPLE_ERROR_RECORD, 2, 4,
    "NUL byte" },
  { "meepled-record 1\nplayers J\xc3\xbcrgen \xff\n", -1, MEEPLE_ERROR_RECORD,
    2, 16, "invalid UTF-8 (byte 0xFF)" },
  { "meepled-record 1\nplayers A\x01 B\n", -1, MEEPLE_ERROR_RECORD, 2, 10,
    "control character U+0001" },
  { "meepled-record 1\r\nplayers A B\rseed 1\r\n", -1, MEEPLE_ERROR_RECORD, 2,
    12, "U+000D" },
  { HS "# \xe2\x82\n", -1, MEEPLE_ERROR_RECORD, 5, 3, "invalid UTF-8" },
  /* resolving against the rules */
  { "meepled-record 1\nplayers A B\ntiles V Q9 K\n", -1, MEEPLE_ERROR_REPLAY,
    3, 9, "unknown tile id 'Q9'" },
  { "meepled-record 1\nrules base abbot\nplayers A B\nseed 1\n", -1,
    MEEPLE_ERROR_REPLAY, 2, 12, "needs rule set 'abbot', which is not "
    "loaded (loaded: base/1.0)" },
  { "meepled-record 1\nrules base/9.9\nplayers A B\nseed 1\n", -1,
    MEEPLE_ERROR_REPLAY, 2, 7, "played with base/9.9, but version 1.0" },
  /* replaying the actions */
  { HT "place E @ 0,-1 r180\n", -1, MEEPLE_ERROR_REPLAY, 4, 1,
    "illegal action 'place E @ 0,-1 r180' (turn 1, Alice): the drawn tile "
    "is P, not E; legal here: place P @ 0,-1 r180" },
  { HT "place P @ 0,-1 r180\nplace E @ 1,-1 r270\n", -1, MEEPLE_ERROR_REPLAY,
    5, 1, "(turn 1, Alice)" },
  { HT "place P @ 5,5 r180\n", -1, MEEPLE_ERROR_REPLAY, 4, 1,
    "shares no edge" },
  { HT "  place P @ x,-1 r180\n", -1, MEEPLE_ERROR_REPLAY, 4, 13,
    "cannot read action 'place P @ x,-1 r180'" },
  { HT "\tplace Ü @ 0,-1 r180\n", -1, MEEPLE_ERROR_REPLAY, 4, 8,
    "unknown tile" },
  { HT "place P @ 0,-1 r180\nfollower C9\n", -1, MEEPLE_ERROR_REPLAY, 5, 10,
    "has no segment 'C9'" },
  { HT "place P @ 0,-1 r180\nfollower C1\n"
       "place E @ 1,-1 r270\nfollower C1   # taken\npass\n", -1,
    MEEPLE_ERROR_REPLAY, 7, 1, "illegal action 'follower C1' (turn 2, Bob): "
    "this city already holds a follower" },
  { HT "place P @ 0,-1 r180\nfollower C1\n"
       "place E @ 1,-1 r270\nfollower C1   # taken\npass\n", -1,
    MEEPLE_ERROR_REPLAY, 7, 1, "legal here: pass, follower F1" },
  { "meepled-record 1\nplayers A B\ntiles P\nplace P @ 0,-1 r180\npass\n"
    "pass\n", -1, MEEPLE_ERROR_REPLAY, 6, 1,
    "after the end of the game (its last action is on line 5)" },
  { "meepled-record 1\nplayers A B\ntiles\npass\n", -1, MEEPLE_ERROR_REPLAY,
    4, 1, "over before it starts" },
  { HS "farmer off\n", -1, MEEPLE_ERROR_REPLAY, 5, 1,
    "cannot read action 'farmer off'" },
  { HS "farmer off\n", -1, MEEPLE_ERROR_REPLAY, 5, 1, "the keys are" },
};

START_TEST(malformed)
{
  const BadRecord *b = &bad_records[_i];
  MeepleRules *rules = tu_base_rules();
  GError *error = load_and_replay(rules, b->text, b->len, NULL);
  assert_error_at(error, b->code, b->line, b->column, b->what, b->text);
  ck_assert(g_utf8_validate(error->message, -1, NULL));
  g_error_free(error);
  meeple_rules_unref(rules);
}
END_TEST

/* Very long lines and text are refused, not read. */
START_TEST(limits)
{
  GString *s = g_string_new("meepled-record 1\n# ");
  for (guint i = 0; i < 70000; i++)
    g_string_append_c(s, 'x');
  MeepleRules *rules = tu_base_rules();
  GError *error = load_and_replay(rules, s->str, -1, NULL);
  assert_error_at(error, MEEPLE_ERROR_RECORD, 2, 1, "longer than", s->str);
  g_clear_error(&error);
  /* A long but legal 'tiles' line is fine. */
  g_string_assign(s, "meepled-record 1\nplayers A B\ntiles");
  for (guint i = 0; i < 3000; i++)
    g_string_append(s, " V");
  g_string_append(s, "\n");
  MeepleRecord *rec = meeple_record_parse(s->str, -1, "t.rec", &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq(rec->tile_order->len, 3000);
  meeple_record_free(rec);
  /* At most a million actions (a game has a few hundred). */
  g_string_assign(s, "meepled-record 1\nplayers A B\nseed 1\n");
  for (guint i = 0; i < 1000001; i++)
    g_string_append(s, "pass\n");
  error = load_and_replay(rules, s->str, -1, NULL);
  assert_error_at(error, MEEPLE_ERROR_RECORD, 1000004, 1,
                  "more than 1000000 actions", "(a million passes)");
  g_clear_error(&error);
  /* The size limit is checked before anything is read. */
  rec = meeple_record_parse("x", (gssize)(17 << 20), "t.rec", &error);
  ck_assert_ptr_null(rec);
  assert_error_at(error, MEEPLE_ERROR_RECORD, 1, 1, "larger than", "");
  g_clear_error(&error);
  g_string_free(s, TRUE);
  meeple_rules_unref(rules);
}
END_TEST

/* An illegal action mid-record stops the replay at its line, whatever
 * follows. */
START_TEST(illegal_action_mid_record)
{
  MeepleRules *rules = tu_base_rules();
  MeepleGameConfig cfg = { .n_players = 3, .seed = 77 };
  MeepleGame *game = play_random(rules, &cfg, 77, G_MAXUINT);
  g_autofree char *text = meeple_record_write(game, NULL);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  guint n = g_strv_length(lines);
  GRand *rand = g_rand_new_with_seed(3);
  for (guint round = 0; round < 20; round++) {
    /* Pick a 'place' line and make it name a cell far from the board. */
    guint at;
    do
      at = (guint)g_rand_int_range(rand, 6, (gint32)n);
    while (!g_str_has_prefix(lines[at], "place "));
    char *saved = lines[at];
    char *cut = g_strndup(saved, strchr(saved, '@') - saved);
    lines[at] = g_strdup_printf("%s@ 300,300 r0", cut);
    g_autofree char *broken = g_strjoinv("\n", lines);
    GError *error = load_and_replay(rules, broken, -1, NULL);
    assert_error_at(error, MEEPLE_ERROR_REPLAY, (int)at + 1, 1,
                    "shares no edge", broken);
    g_error_free(error);
    g_free(lines[at]);
    g_free(cut);
    lines[at] = saved;
  }
  g_rand_free(rand);
  meeple_game_free(game);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(load_files)
{
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_load("/nonexistent/dir/game.rec", &error);
  ck_assert_ptr_null(rec);
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_RECORD));
  ck_assert(g_str_has_prefix(error->message, "/nonexistent/dir/game.rec: "));
  g_clear_error(&error);
  /* A huge file is refused before it is read (a sparse file here). */
  char *tmp = NULL;
  int fd = g_file_open_tmp("test-record-XXXXXX.rec", &tmp, NULL);
  ck_assert_int_ge(fd, 0);
  ck_assert_int_eq(ftruncate(fd, (off_t)17 << 20), 0);
  close(fd);
  rec = meeple_record_load(tmp, &error);
  ck_assert_ptr_null(rec);
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_RECORD));
  g_autofree char *prefix = g_strdup_printf("%s:1:1: ", tmp);
  ck_assert_msg(g_str_has_prefix(error->message, prefix), "%s",
                error->message);
  ck_assert(strstr(error->message, "larger than"));
  g_clear_error(&error);
  g_unlink(tmp);
  g_free(tmp);
  /* File names are bytes; messages stay UTF-8. */
  rec = meeple_record_parse("", 0, "caf\xe9.rec", &error);
  ck_assert_ptr_null(rec);
  ck_assert(g_utf8_validate(error->message, -1, NULL));
  ck_assert(g_str_has_prefix(error->message, "caf\xef\xbf\xbd.rec:1:1: "));
  g_clear_error(&error);
  /* Messages name the file as given. */
  g_autofree char *path = fixture_path("illegal-occupied.rec");
  rec = meeple_record_load(path, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq(rec->filename, path);
  meeple_record_free(rec);
}
END_TEST

/* ---- fixtures: records as users write them ------------------------------ */

START_TEST(fixture_first_steps)
{
  MeepleRules *rules = tu_base_rules();
  g_autofree char *path = fixture_path("first-steps.rec");
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_load(path, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  MeepleGame *game = meeple_record_replay(rec, rules, &error);
  ck_assert_msg(game != NULL, "%s", error ? error->message : "");
  /* RULES: BASE-16 (city of 3 tiles: 6), BASE-22 (open road of 2: 2),
   * BASE-23 (farmer next to one completed city: 3) */
  ck_assert(meeple_game_is_over(game));
  ck_assert_int_eq(meeple_game_score(game, 0), 8);
  ck_assert_int_eq(meeple_game_score(game, 1), 3);
  ck_assert_str_eq(g_ptr_array_index(rec->players, 0), "Alice");
  assert_round_trip(rules, game, NULL);
  meeple_game_free(game);
  meeple_record_free(rec);
  meeple_rules_unref(rules);
}
END_TEST

/* A record exactly as meeple_record_write() wrote it reads back and writes
 * out byte for byte: the same seed gives the same game on every machine
 * (DESIGN invariant 1).  The fixture is a greedy game; should the shuffle
 * or the scoring change on purpose, regenerate it with
 *   meeple-sim play --seed 2024 --names "Anna Maria,Bob,Chen" \
 *     --strategy greedy --quiet > tests/data/seeded-3p.rec */
START_TEST(fixture_seeded_is_canonical)
{
  MeepleRules *rules = tu_base_rules();
  g_autofree char *path = fixture_path("seeded-3p.rec");
  g_autofree char *contents = NULL;
  ck_assert(g_file_get_contents(path, &contents, NULL, NULL));
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_parse(contents, -1, path, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  MeepleGame *game = meeple_record_replay(rec, rules, &error);
  ck_assert_msg(game != NULL, "%s", error ? error->message : "");
  ck_assert(meeple_game_is_over(game));
  g_ptr_array_add(rec->players, NULL);
  g_autofree char *again =
      meeple_record_write(game, (const char *const *)rec->players->pdata);
  ck_assert_str_eq(contents, again);
  meeple_game_free(game);
  meeple_record_free(rec);
  meeple_rules_unref(rules);
}
END_TEST

typedef struct {
  const char *file;
  int line, column;
  const char *what;
} BadFixture;

static const BadFixture bad_fixtures[] = {
  { "illegal-occupied.rec", 18, 1, "this city already holds a follower" },
  { "wrong-tile.rec", 11, 1, "the drawn tile is K, not V" },
};

START_TEST(fixture_errors)
{
  const BadFixture *b = &bad_fixtures[_i];
  MeepleRules *rules = tu_base_rules();
  g_autofree char *path = fixture_path(b->file);
  GError *error = NULL;
  MeepleRecord *rec = meeple_record_load(path, &error);
  ck_assert_msg(rec != NULL, "%s", error ? error->message : "");
  MeepleGame *game = meeple_record_replay(rec, rules, &error);
  ck_assert_ptr_null(game);
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_REPLAY));
  g_autofree char *prefix =
      g_strdup_printf("%s:%d:%d: ", path, b->line, b->column);
  ck_assert_msg(g_str_has_prefix(error->message, prefix), "%s",
                error->message);
  ck_assert_msg(strstr(error->message, b->what), "%s", error->message);
  g_error_free(error);
  meeple_record_free(rec);
  meeple_rules_unref(rules);
}
END_TEST

/* ---- mutations: no input crashes the reader ----------------------------- */

/* Bytes a mutation inserts: the ones the grammar gives meaning to, and
 * the ones it forbids. */
static const char mutation_bytes[] =
    "\n\r\t \"\\#@,-0123456789rV\0\x01\x7f\xc3\xa9\xff";

/* Applies one random mutation to @b (a GString: it may hold NUL bytes). */
static void
mutate(GRand *rand, GString *b)
{
  gsize len = b->len;
  gssize at = len ? g_rand_int_range(rand, 0, (gint32)len) : 0;
  switch (g_rand_int_range(rand, 0, 9)) {
  case 0: /* flip a bit */
    if (len)
      b->str[at] ^= (char)(1u << g_rand_int_range(rand, 0, 8));
    break;
  case 1: { /* insert a meaningful or forbidden byte */
    char c = mutation_bytes[g_rand_int_range(
        rand, 0, (gint32)sizeof mutation_bytes - 1)];
    g_string_insert_len(b, at, &c, 1);
    break;
  }
  case 2: { /* delete a run (MIN evaluates twice: draw first) */
    gssize n = g_rand_int_range(rand, 1, 12);
    if (len)
      g_string_erase(b, at, MIN((gssize)len - at, n));
    break;
  }
  case 3: { /* duplicate a run somewhere else */
    if (!len)
      break;
    gssize n = g_rand_int_range(rand, 1, 40);
    n = MIN((gssize)len - at, n);
    char *copy = g_strndup(b->str + at, (gsize)n);
    g_string_insert_len(b, g_rand_int_range(rand, 0, (gint32)len + 1), copy,
                        n);
    g_free(copy);
    break;
  }
  case 4: /* cut the text short (a torn journal) */
    g_string_truncate(b, (gsize)at);
    break;
  case 5: { /* swap two lines (of texts without NUL bytes) */
    if (strlen(b->str) != b->len)
      break;
    g_auto(GStrv) lines = g_strsplit(b->str, "\n", -1);
    guint n = g_strv_length(lines);
    if (n >= 2) {
      guint i = (guint)g_rand_int_range(rand, 0, (gint32)n);
      guint j = (guint)g_rand_int_range(rand, 0, (gint32)n);
      char *t = lines[i];
      lines[i] = lines[j];
      lines[j] = t;
      g_autofree char *joined = g_strjoinv("\n", lines);
      g_string_assign(b, joined);
    }
    break;
  }
  case 6: /* a huge number */
    g_string_insert(b, at, "99999999999999999999999");
    break;
  case 7: { /* a header word or action word somewhere */
    static const char *const words[] = {
      "players ", "seed ", "tiles ", "farmers ", "rules ", "meepled-record ",
      "place ", "pass", "follower ", " @ ", "\"", "# ",
    };
    g_string_insert(b, at,
                    words[g_rand_int_range(rand, 0, G_N_ELEMENTS(words))]);
    break;
  }
  default: /* replace a byte with anything */
    if (len)
      b->str[at] = (char)g_rand_int_range(rand, 0, 256);
    break;
  }
}

/* Parses and replays the mutated record @b against @rules and checks the
 * reader's contract: a failure is a record or replay error with
 * "m.rec:LINE:COLUMN: " in front; whatever is accepted round-trips.
 * Returns whether it was accepted. */
static gboolean
replay_mutated(MeepleRules *rules, const GString *b, guint round)
{
  GError *error = NULL;
  MeepleRecord *rec =
      meeple_record_parse(b->str, (gssize)b->len, "m.rec", &error);
  MeepleGame *game = rec ? meeple_record_replay(rec, rules, &error) : NULL;
  meeple_record_free(rec);
  if (game) {
    ck_assert_ptr_null(error);
    /* Whatever was accepted writes out and reads back the same. */
    assert_round_trip(rules, game, NULL);
    meeple_game_free(game);
    return TRUE;
  }
  ck_assert_msg(error != NULL, "round %u: failed without an error", round);
  ck_assert(error->domain == MEEPLE_ERROR);
  ck_assert(error->code == MEEPLE_ERROR_RECORD ||
            error->code == MEEPLE_ERROR_REPLAY);
  ck_assert_msg(g_regex_match_simple("^m\\.rec:[0-9]+:[0-9]+: .",
                                     error->message, 0, 0),
                "round %u: message '%s'", round, error->message);
  ck_assert(g_utf8_validate(error->message, -1, NULL));
  g_error_free(error);
  return FALSE;
}

START_TEST(mutations_never_crash)
{
  MeepleRules *rules = tu_base_rules();
  GPtrArray *seeds = g_ptr_array_new_with_free_func(g_free);
  /* Valid records: written games of each kind, and the fixtures. */
  for (guint i = 0; i < 4; i++) {
    MeepleGameConfig cfg = { .n_players = 2 + i, .seed = 500 + i };
    MeepleGame *game = play_random(rules, &cfg, 500 + i, 20 + 30 * i);
    static const char *const names[] = { "Anna Maria", "B\"o#b", NULL };
    g_ptr_array_add(seeds, meeple_record_write(game, i % 2 ? names : NULL));
    meeple_game_free(game);
  }
  MeepleGame *small = tu_game(rules, 2, "P E V K U", TRUE);
  tu_act(small, "place P @ 0,-1 r180", NULL);
  g_ptr_array_add(seeds, meeple_record_write(small, NULL));
  meeple_game_free(small);
  static const char *const fixtures[] = {
    "first-steps.rec", "seeded-3p.rec", "illegal-occupied.rec",
    "wrong-tile.rec",
  };
  for (guint i = 0; i < G_N_ELEMENTS(fixtures); i++) {
    g_autofree char *path = fixture_path(fixtures[i]);
    char *contents = NULL;
    ck_assert(g_file_get_contents(path, &contents, NULL, NULL));
    g_ptr_array_add(seeds, contents);
  }

  GRand *rand = g_rand_new_with_seed(20240601);
  guint ok = 0, failed = 0;
  for (guint round = 0; round < 4000; round++) {
    const char *seed = g_ptr_array_index(seeds, round % seeds->len);
    GString *b = g_string_new(seed);
    guint n = (guint)g_rand_int_range(rand, 1, 6);
    for (guint i = 0; i < n; i++)
      mutate(rand, b);
    if (replay_mutated(rules, b, round))
      ok++;
    else
      failed++;
    g_string_free(b, TRUE);
  }
  /* Both outcomes must occur, or the mutations test nothing. */
  ck_assert_uint_gt(ok, 100);
  ck_assert_uint_gt(failed, 1000);
  g_rand_free(rand);
  g_ptr_array_unref(seeds);
  meeple_rules_unref(rules);
}
END_TEST

/* The same with records of games of the plugins' rule sets: their
 * notation, their rules line and their mid-turn decisions (the
 * libFuzzer target tests/fuzz/fuzz-record.c does this at length).  Each
 * mutated record is replayed against the rules its game was played
 * with, so a mutated rules line must be refused with a position too. */
START_TEST(mutations_with_plugins)
{
  static const char *const rule_sets[] = {
    "abbot", "princess-dragon", "mage-witch", "circus", "mist",
    "spell-circles",
    "abbot,princess-dragon,mage-witch,circus,mist,spell-circles",
  };
  GRand *rand = g_rand_new_with_seed(20261127);
  guint ok = 0, failed = 0;
  for (guint r = 0; r < G_N_ELEMENTS(rule_sets); r++) {
    MeepleRules *rules = tu_rules_with(rule_sets[r]);
    MeepleGameConfig cfg = { .n_players = 2 + r % 3, .seed = 600 + r };
    MeepleGame *game = play_random(rules, &cfg, 600 + r, 120);
    char *seed = meeple_record_write(game, NULL);
    meeple_game_free(game);
    for (guint round = 0; round < 200; round++) {
      GString *b = g_string_new(seed);
      guint n = (guint)g_rand_int_range(rand, 1, 4);
      for (guint i = 0; i < n; i++)
        mutate(rand, b);
      if (replay_mutated(rules, b, round))
        ok++;
      else
        failed++;
      g_string_free(b, TRUE);
    }
    g_free(seed);
    meeple_rules_unref(rules);
  }
  ck_assert_uint_gt(ok, 50);
  ck_assert_uint_gt(failed, 500);
  g_rand_free(rand);
}
END_TEST

static Suite *
record_suite(void)
{
  Suite *s = suite_create("record");
  TCase *tc = tcase_create("record");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, round_trip_seeded);
  tcase_add_test(tc, round_trip_tile_order);
  tcase_add_test(tc, round_trip_names);
  tcase_add_test(tc, writer_comments);
  tcase_add_test(tc, rules_line_names_tile_sets);
  tcase_add_test(tc, parse_fields);
  tcase_add_loop_test(tc, malformed, 0, G_N_ELEMENTS(bad_records));
  tcase_add_test(tc, limits);
  tcase_add_test(tc, illegal_action_mid_record);
  tcase_add_test(tc, load_files);
  tcase_add_test(tc, fixture_first_steps);
  tcase_add_test(tc, fixture_seeded_is_canonical);
  tcase_add_loop_test(tc, fixture_errors, 0, G_N_ELEMENTS(bad_fixtures));
  tcase_add_test(tc, mutations_never_crash);
  tcase_add_test(tc, mutations_with_plugins);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(record_suite());
}
