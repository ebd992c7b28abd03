/* test-tiles.c — tile files: the base set's facts, the parser's errors,
 * and that no input crashes it or changes the rules on failure. */
#include "testutil.h"

#include <string.h>

/* RULES: BASE-02 */
START_TEST(base_set_facts)
{
  MeepleRules *rules = tu_base_rules();
  guint total = 0, gardens = 0;
  for (guint i = 0; i < meeple_rules_n_tile_types(rules); i++) {
    const MeepleTileType *t = meeple_rules_tile_type(rules, i);
    total += t->count;
    for (guint s = 0; s < t->n_segments; s++)
      if (t->segments[s].kind == MEEPLE_KIND_GARDEN)
        gardens += t->count;
  }
  /* TILES.md §2: 72 tiles, 24 letters, one garden copy of E H I M N R U V */
  ck_assert_uint_eq(total, 72);
  ck_assert_uint_eq(gardens, 8);
  ck_assert_uint_eq(meeple_rules_n_tile_types(rules), 24 + 8);
  int start = meeple_rules_start_tile(rules);
  ck_assert_int_ge(start, 0);
  ck_assert_str_eq(meeple_rules_tile_type(rules, (guint)start)->id, "D");
  ck_assert_uint_eq(meeple_rules_n_tilesets(rules), 1);
  ck_assert_str_eq(meeple_rules_tileset(rules, 0)->id, "base");
  ck_assert_uint_eq(meeple_rules_tileset(rules, 0)->n_tiles, 72);

  /* counts per letter, garden copies folded in (TILES.md §2 column n) */
  static const struct { const char *id; guint n; } counts[] = {
    {"A",2},{"B",4},{"C",1},{"D",4},{"E",5},{"F",2},{"G",1},{"H",3},
    {"I",2},{"J",3},{"K",3},{"L",3},{"M",2},{"N",3},{"O",2},{"P",3},
    {"Q",1},{"R",3},{"S",2},{"T",1},{"U",8},{"V",9},{"W",4},{"X",1},
  };
  for (guint i = 0; i < G_N_ELEMENTS(counts); i++) {
    int t = meeple_rules_find_tile_type(rules, counts[i].id);
    ck_assert_int_ge(t, 0);
    guint n = meeple_rules_tile_type(rules, (guint)t)->count;
    g_autofree char *garden = g_strconcat(counts[i].id, "g", NULL);
    int tg = meeple_rules_find_tile_type(rules, garden);
    if (tg >= 0)
      n += meeple_rules_tile_type(rules, (guint)tg)->count;
    ck_assert_msg(n == counts[i].n, "%s: %u copies, expected %u",
                  counts[i].id, n, counts[i].n);
  }

  /* D: city N, road W-E, field S; F1 borders C1, F2 borders nothing */
  const MeepleTileType *d = meeple_rules_tile_type(rules, (guint)start);
  ck_assert_uint_eq(d->edges[MEEPLE_NORTH], MEEPLE_EDGE_CITY);
  ck_assert_uint_eq(d->edges[MEEPLE_EAST], MEEPLE_EDGE_ROAD);
  ck_assert_uint_eq(d->edges[MEEPLE_SOUTH], MEEPLE_EDGE_FIELD);
  ck_assert_uint_eq(d->edges[MEEPLE_WEST], MEEPLE_EDGE_ROAD);
  guint c1 = tu_segment(rules, "D", "C1"), f1 = tu_segment(rules, "D", "F1"),
        f2 = tu_segment(rules, "D", "F2");
  ck_assert_uint_eq(d->segments[f1].borders, 1u << c1);
  ck_assert_uint_eq(d->segments[f2].borders, 0);
  ck_assert_uint_eq(d->segments[f1].halves,
                    (1u << MEEPLE_HALF_EN) | (1u << MEEPLE_HALF_WN));
  /* pennants: C, F, M, O, Q, S carry one each */
  const char *pennant_tiles[] = { "C", "F", "M", "Mg", "O", "Q", "S" };
  for (guint i = 0; i < G_N_ELEMENTS(pennant_tiles); i++) {
    const MeepleTileType *t = meeple_rules_tile_type(
        rules, (guint)meeple_rules_find_tile_type(rules, pennant_tiles[i]));
    ck_assert_uint_eq(t->segments[tu_segment(rules, pennant_tiles[i], "C1")]
                          .pennants, 1);
  }
  meeple_rules_unref(rules);
}
END_TEST

/* RULES: BASE-05 */
START_TEST(rotation_moves_edges_clockwise)
{
  MeepleRules *rules = tu_base_rules();
  /* D is CRFR; turned 90° clockwise its city is east: RCRF */
  const MeepleTileType *d = meeple_rules_tile_type(
      rules, (guint)meeple_rules_find_tile_type(rules, "D"));
  ck_assert_uint_eq(meeple_tile_edge(d, 1, MEEPLE_NORTH), MEEPLE_EDGE_ROAD);
  ck_assert_uint_eq(meeple_tile_edge(d, 1, MEEPLE_EAST), MEEPLE_EDGE_CITY);
  ck_assert_uint_eq(meeple_tile_edge(d, 1, MEEPLE_SOUTH), MEEPLE_EDGE_ROAD);
  ck_assert_uint_eq(meeple_tile_edge(d, 1, MEEPLE_WEST), MEEPLE_EDGE_FIELD);
  ck_assert_uint_eq(meeple_tile_edge(d, 2, MEEPLE_SOUTH), MEEPLE_EDGE_CITY);
  ck_assert_uint_eq(meeple_tile_edge(d, 3, MEEPLE_WEST), MEEPLE_EDGE_CITY);
  meeple_rules_unref(rules);
}
END_TEST

/* A bad tile file and what the error must say. */
static const struct {
  const char *text;
  int line;
  const char *says;
} bad_files[] = {
  { "", 1, "no 'tileset" },
  { "tile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 1, "must start with" },
  { "tileset t\ntileset u\n", 2, "only once" },
  { "tileset t\nfrobnicate 1\n", 2, "unknown keyword 'frobnicate'" },
  { "tileset t\ntile A 1\n", 2, "needs an id" },
  { "tileset t\ntile A 0 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2, "count" },
  { "tileset t\ntile A x FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2, "count" },
  { "tileset t\ntile A 1 FFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2, "4 letters" },
  { "tileset t\ntile A 1 FFXF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2,
    "edge letter 'X'" },
  { "tileset t\n\n# c\ntile A 1 FFRF M F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 4,
    "side S is a road edge" },
  { "tileset t\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws\n", 2,
    "half-edge Wn must belong to exactly one field" },
  { "tileset t\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn F2:Wn\n", 2,
    "half-edge Wn must belong to exactly one field (found 2)" },
  { "tileset t\ntile A 1 CFFF C1:N F1:Nw,En,Es,Se,Sw,Ws,Wn\n", 2,
    "city edge; no field" },
  { "tileset t\ntile A 1 FFFF Z1:N F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2,
    "unknown segment 'Z1:N'" },
  { "tileset t\ntile A 1 CFFF C1:Q F1:En,Es,Se,Sw,Ws,Wn\n", 2,
    "'Q' in C1 is not a side" },
  { "tileset t\ntile A 1 CFFF C1:N F1:En,Es,Se,Sw,Ws,Wn>C2\n", 2,
    "borders 'C2', which is not a segment" },
  { "tileset t\ntile A 1 CRFR C1:N R1:E,W F1:En,Wn>R1 F2:Es,Se,Sw,Ws\n", 2,
    "not a city" },
  { "tileset t\ntile A 1 FRFR R1:E,W* F1:Nw,Ne,En,Wn F2:Es,Se,Sw,Ws\n", 2,
    "only city segments carry pennants" },
  { "tileset t\ntile A 1 CFFF C1:N C1:N F1:En,Es,Se,Sw,Ws,Wn\n", 2,
    "defined twice" },
  { "tileset t\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n"
    "tile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 3, "defined twice" },
  { "tileset t\nstart Q\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2,
    "start tile 'Q' is not defined" },
  { "tileset t\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn {bad sym}\n", 2,
    "'{' without a closing" },
  { "tileset t\ntile A 1 FFFF M:N F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2,
    "takes no places" },
  { "tileset t\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn R1\n", 2,
    "needs the sides" },
  { "tileset t\nname\n", 2, "'name' needs a text" },
  { "tileset t\n", 2, "defines no tiles" },
  { "tileset t\ntile A\xff 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n", 2,
    "not valid UTF-8" },
};

START_TEST(bad_file_named_error)
{
  MeepleRules *rules = meeple_rules_new();
  guint types_before = meeple_rules_n_tile_types(rules);
  guint sets_before = meeple_rules_n_tilesets(rules);
  GError *error = NULL;
  const char *text = bad_files[_i].text;
  ck_assert(!meeple_rules_load_tiles_data(rules, text, strlen(text),
                                          "bad.tiles", &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE));
  g_autofree char *prefix = g_strdup_printf("bad.tiles:%d: ",
                                            bad_files[_i].line);
  ck_assert_msg(g_str_has_prefix(error->message, prefix),
                "message '%s' should start with '%s'", error->message,
                prefix);
  ck_assert_msg(strstr(error->message, bad_files[_i].says),
                "message '%s' should say '%s'", error->message,
                bad_files[_i].says);
  /* nothing was added */
  ck_assert_uint_eq(meeple_rules_n_tile_types(rules), types_before);
  ck_assert_uint_eq(meeple_rules_n_tilesets(rules), sets_before);
  g_error_free(error);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(nul_byte_and_missing_file)
{
  MeepleRules *rules = meeple_rules_new();
  GError *error = NULL;
  static const char text[] = "tileset t\ntile A 1 FF\0F\n";
  ck_assert(!meeple_rules_load_tiles_data(rules, text, sizeof text - 1,
                                          "nul.tiles", &error));
  ck_assert(g_str_has_prefix(error->message, "nul.tiles:2: contains a NUL"));
  g_clear_error(&error);
  ck_assert(!meeple_rules_load_tiles(rules, "/nonexistent/x.tiles", &error));
  ck_assert(g_error_matches(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE));
  ck_assert(strstr(error->message, "/nonexistent/x.tiles"));
  g_clear_error(&error);
  meeple_rules_unref(rules);
}
END_TEST

START_TEST(duplicate_set_and_ids_across_sets)
{
  MeepleRules *rules = tu_base_rules();
  GError *error = NULL;
  const char *again = "tileset base\ntile Z 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n";
  ck_assert(!meeple_rules_load_tiles_data(rules, again, strlen(again), "x",
                                          &error));
  ck_assert(strstr(error->message, "already loaded"));
  g_clear_error(&error);
  const char *clash = "tileset other\ntile A 1 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn\n";
  ck_assert(!meeple_rules_load_tiles_data(rules, clash, strlen(clash), "x",
                                          &error));
  ck_assert(strstr(error->message, "already defined by another tile set"));
  g_clear_error(&error);
  const char *ok = "tileset other\nversion 2.1\n"
                   "tile Z 3 FFFF F1:Nw,Ne,En,Es,Se,Sw,Ws,Wn {volcano}\n";
  ck_assert(meeple_rules_load_tiles_data(rules, ok, strlen(ok), "x", &error));
  int z = meeple_rules_find_tile_type(rules, "Z");
  int volcano = meeple_rules_find_symbol(rules, "volcano");
  ck_assert_int_ge(volcano, 0);
  ck_assert_uint_eq(meeple_rules_tile_type(rules, (guint)z)->symbols,
                    1u << volcano);
  ck_assert_str_eq(meeple_rules_tileset(rules, 1)->version, "2.1");
  meeple_rules_unref(rules);
}
END_TEST

/* Seeded mutations of the real base file: the parser either accepts the
 * text or names file:line; it never crashes and a failure adds nothing. */
START_TEST(mutations_never_crash)
{
  g_autofree char *base = NULL;
  gsize len = 0;
  ck_assert(g_file_get_contents(TEST_SRCDIR "/data/tiles/base.tiles", &base,
                                &len, NULL));
  GRand *rand = g_rand_new_with_seed(4242);
  static const char alphabet[] = "CRFMG:,>*{}#\n 0123456789NnEeSsWw\xff";
  guint accepted = 0, rejected = 0;
  for (guint round = 0; round < 3000; round++) {
    GByteArray *buf = g_byte_array_new();
    g_byte_array_append(buf, (const guint8 *)base, (guint)len);
    guint edits = (guint)g_rand_int_range(rand, 1, 6);
    for (guint e = 0; e < edits && buf->len > 1; e++) {
      guint at = (guint)g_rand_int_range(rand, 0, (gint32)buf->len);
      switch (g_rand_int_range(rand, 0, 4)) {
      case 0: /* replace a byte */
        buf->data[at] = (guint8)alphabet[g_rand_int_range(
            rand, 0, sizeof alphabet - 1)];
        break;
      case 1: { /* delete a run (MIN evaluates twice: draw first) */
        guint n = (guint)g_rand_int_range(rand, 1, 40);
        g_byte_array_remove_range(buf, at, MIN(buf->len - at, n));
        break;
      }
      case 2: { /* duplicate a run */
        guint want = (guint)g_rand_int_range(rand, 1, 80);
        guint n = MIN(buf->len - at, want);
        g_autofree guint8 *copy = g_memdup2(buf->data + at, n);
        g_byte_array_append(buf, copy, n);
        break;
      }
      default: /* random byte, NUL included */
        buf->data[at] = (guint8)g_rand_int_range(rand, 0, 256);
        break;
      }
    }
    MeepleRules *rules = meeple_rules_new();
    GError *error = NULL;
    if (meeple_rules_load_tiles_data(rules, (const char *)buf->data, buf->len,
                                     "m.tiles", &error)) {
      accepted++;
    } else {
      rejected++;
      ck_assert_msg(g_str_has_prefix(error->message, "m.tiles:"),
                    "unprefixed error: %s", error->message);
      ck_assert_uint_eq(meeple_rules_n_tile_types(rules), 0);
      g_error_free(error);
    }
    meeple_rules_unref(rules);
    g_byte_array_unref(buf);
  }
  /* both outcomes must occur, or the mutations test nothing */
  ck_assert_uint_gt(accepted, 0);
  ck_assert_uint_gt(rejected, 1000);
  g_rand_free(rand);
}
END_TEST

static Suite *
tiles_suite(void)
{
  Suite *s = suite_create("tiles");
  TCase *tc = tcase_create("tiles");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, base_set_facts);
  tcase_add_test(tc, rotation_moves_edges_clockwise);
  tcase_add_loop_test(tc, bad_file_named_error, 0, G_N_ELEMENTS(bad_files));
  tcase_add_test(tc, nul_byte_and_missing_file);
  tcase_add_test(tc, duplicate_set_and_ids_across_sets);
  tcase_add_test(tc, mutations_never_crash);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(tiles_suite());
}
