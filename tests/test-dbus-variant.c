/* test-dbus-variant.c — GVariant <-> D-Bus message values (daemon/dbus/
 * variant.h): every value comes back equal, through a message and through
 * the bytes a message is sent as; unsupported values are refused without
 * touching the message; random values of random types round-trip too. */
#include "testutil.h"

#include "dbus/variant.h"

#include <string.h>
#include <unistd.h>

/* ---- helpers ------------------------------------------------------------ */

static DBusMessage *
new_call(void)
{
  DBusMessage *m = dbus_message_new_method_call(
      "org.meepled.Test", "/org/meepled/Test", "org.meepled.Test", "Echo");
  ck_assert_ptr_nonnull(m);
  return m;
}

/* @m as the bytes sent on the wire, and back: what the peer reads. */
static DBusMessage *
through_wire(DBusMessage *m)
{
  char *bytes = NULL;
  int len = 0;
  dbus_message_set_serial(m, 1); /* a message on the wire needs one */
  ck_assert(dbus_message_marshal(m, &bytes, &len));
  DBusError error;
  dbus_error_init(&error);
  DBusMessage *copy = dbus_message_demarshal(bytes, len, &error);
  ck_assert_msg(copy != NULL, "demarshal: %s", error.message);
  dbus_free(bytes);
  return copy;
}

/* Fails with both values printed unless @a equals @b. */
static void
assert_equal(GVariant *a, GVariant *b)
{
  ck_assert_ptr_nonnull(b);
  if (!g_variant_equal(a, b)) {
    g_autofree char *sa = g_variant_print(a, TRUE);
    g_autofree char *sb = g_variant_print(b, TRUE);
    ck_abort_msg("sent %s, got %s", sa, sb);
  }
}

/* The tuple @args through a message (over the wire too when @wire); the
 * message's signature must be the tuple's items'. */
static GVariant *
args_round_trip(GVariant *args, gboolean wire)
{
  DBusMessage *m = new_call();
  ck_assert_msg(meeple_dbus_message_append_args(m, args), "append %s",
                g_variant_get_type_string(args));
  g_autofree char *items = g_strndup(
      g_variant_get_type_string(args) + 1,
      strlen(g_variant_get_type_string(args)) - 2);
  ck_assert_str_eq(dbus_message_get_signature(m), items);
  if (wire) {
    DBusMessage *copy = through_wire(m);
    dbus_message_unref(m);
    m = copy;
  }
  GVariant *out = meeple_dbus_message_get_args(m);
  dbus_message_unref(m);
  return out;
}

/* @value alone through the iterator functions. */
static GVariant *
value_round_trip(GVariant *value)
{
  DBusMessage *m = new_call();
  DBusMessageIter iter;
  dbus_message_iter_init_append(m, &iter);
  ck_assert(meeple_dbus_iter_append_variant(&iter, value));
  ck_assert(dbus_message_iter_init(m, &iter));
  GVariant *out = meeple_dbus_iter_get_variant(&iter);
  ck_assert_ptr_nonnull(out);
  ck_assert(!g_variant_is_floating(out));
  /* Reading does not advance: a second read gives the same value. */
  GVariant *again = meeple_dbus_iter_get_variant(&iter);
  assert_equal(out, again);
  g_variant_unref(again);
  ck_assert(!dbus_message_iter_next(&iter));
  dbus_message_unref(m);
  return out;
}

/* @value must come back equal every way: alone, as the only argument, as
 * one of several, and over the wire. */
static void
assert_round_trips(GVariant *value)
{
  g_variant_ref_sink(value);
  GVariant *out = value_round_trip(value);
  assert_equal(value, out);
  g_variant_unref(out);

  GVariant *args = g_variant_ref_sink(g_variant_new(
      "(@*s@*)", value, "between", value));
  for (int wire = 0; wire <= 1; wire++) {
    out = args_round_trip(args, wire);
    assert_equal(args, out);
    g_variant_unref(out);
  }
  g_variant_unref(args);
  g_variant_unref(value);
}

static GVariant *
parse(const char *text)
{
  GError *error = NULL;
  GVariant *v = g_variant_parse(NULL, text, NULL, NULL, &error);
  ck_assert_msg(v != NULL, "parse '%s': %s", text,
                error ? error->message : "?");
  return v;
}

/* ---- fixed values ------------------------------------------------------- */

static const char *const samples[] = {
  /* every basic type, with its extremes */
  "byte 0", "byte 255", "true", "false",
  "int16 -32768", "int16 32767", "uint16 65535",
  "int32 -2147483648", "2147483647", "uint32 4294967295",
  "int64 -9223372036854775808", "int64 9223372036854775807",
  "uint64 18446744073709551615", "0.0", "-0.0", "3.25", "-1e300", "1e-300",
  "''", "'hello'", "'h\u00e9llo \u20ac \U0001d11e'", "'tab\there \\\\ \"q\"'",
  "objectpath '/'", "objectpath '/org/meepled/Meepled1/game/7'",
  "signature ''", "signature 'a{sv}'", "signature '(sssiiussy)a(tsa{sv})'",
  /* empty arrays of every kind: the element type comes from the
   * signature alone */
  "@ay []", "@ab []", "@an []", "@aq []", "@ai []", "@au []", "@ax []",
  "@at []", "@ad []", "@as []", "@ao []", "@ag []", "@av []", "@aay []",
  "@a{sv} {}", "@a{ys} {}", "@aa{sv} []", "@a(sssiiussy) []",
  "@a(tsa{sv}) []", "@a(ii) []", "@a{sa{sv}} {}", "@aav []",
  /* arrays of basic types */
  "[byte 1, 2, 255]", "[true, false, true]", "[int16 -1, 2]",
  "[uint16 1, 65535]", "[1, -2, 3]", "[uint32 7]", "[int64 -5, 7]",
  "[uint64 5, 0]", "[1.5, -2.25]", "['a', '', 'b\u00e9']",
  "[objectpath '/a', '/b/c']", "[signature 's', 'ai', '']",
  /* dictionaries, a{sv} with variants inside variants */
  "{'a': <1>, 'b': <'x'>, 'c': <<<uint64 5>>>}",
  "{'outer': <{'inner': <<[1, 2]>>, 'empty': <@a{sv} {}>}>, 'n': <@av []>}",
  "{1: 'one', 2: 'two'}", "{'k': [1, 2, 3]}", "{true: byte 1}",
  "{objectpath '/x': signature 'v'}", "{1.5: 'x'}",
  "{'p': <{'q': <{'r': <(1, 'deep', [<true>])>}>}>}",
  /* the API's own records */
  "[('P1', 'place', 'K', 0, -1, uint32 1, 'C1', 'meeple', byte 0),"
  " ('P2', 'skip', '', 2, 3, uint32 0, '', '', byte 255)]",
  "[{'a': <1>}, @a{sv} {}, {'b': <['x']>}]",
  "[(uint64 1, 'placed', {'x': <0>, 'tile': <'K'>}),"
  " (uint64 2, 'scored', @a{sv} {})]",
  /* structs, nested and in arrays */
  "(1, 'two', (3.0, [byte 4]))", "((((true,),),),)",
  "[(1, 'a'), (2, 'b')]", "[([(1, [byte 2])], {'k': <(1, 2)>})]",
  /* variants */
  "<1>", "<@as []>", "[<1>, <'s'>, <[<true>]>]", "<<<<int32 5>>>>",
  "<(1, <'x'>)>", "[[byte 1, 2], @ay []]",
};

START_TEST(fixed_samples)
{
  assert_round_trips(parse(samples[_i]));
}
END_TEST

/* Byte arrays (and every other fixed-size element type) take the bulk
 * copy path both ways; sizes 0, 1 and many. */
START_TEST(fixed_arrays)
{
  static const struct { const char *type; gsize size; } kinds[] = {
    { "y", 1 }, { "n", 2 }, { "q", 2 }, { "i", 4 }, { "u", 4 },
    { "x", 8 }, { "t", 8 }, { "d", 8 },
  };
  static const gsize lengths[] = { 0, 1, 1000, 65536 };
  GRand *rand = g_rand_new_with_seed(7);
  for (gsize k = 0; k < G_N_ELEMENTS(kinds); k++)
    for (gsize l = 0; l < G_N_ELEMENTS(lengths); l++) {
      gsize bytes = lengths[l] * kinds[k].size;
      guint8 *data = g_malloc(MAX(bytes, 1));
      for (gsize b = 0; b < bytes; b++)
        data[b] = (guint8)g_rand_int(rand);
      if (kinds[k].type[0] == 'd') /* keep every double a number */
        for (gsize e = 0; e < lengths[l]; e++)
          ((double *)data)[e] = g_rand_double_range(rand, -1e6, 1e6);
      assert_round_trips(g_variant_new_fixed_array(
          G_VARIANT_TYPE(kinds[k].type), data, lengths[l], kinds[k].size));
      g_free(data);
    }
  g_rand_free(rand);
}
END_TEST

START_TEST(byte_array_sizes)
{
  guint8 bytes[1000];
  for (gsize i = 0; i < sizeof bytes; i++)
    bytes[i] = (guint8)(i * 7);
  assert_round_trips(g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, bytes, 0,
                                               1));
  assert_round_trips(g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, bytes,
                                               sizeof bytes, 1));
  GVariant *ay = g_variant_ref_sink(g_variant_new_fixed_array(
      G_VARIANT_TYPE_BYTE, bytes, sizeof bytes, 1));
  GVariant *out = value_round_trip(ay);
  gsize n = 0;
  const guint8 *got = g_variant_get_fixed_array(out, &n, 1);
  ck_assert_uint_eq(n, sizeof bytes);
  ck_assert_mem_eq(got, bytes, sizeof bytes);
  g_variant_unref(out);
  g_variant_unref(ay);
}
END_TEST

START_TEST(no_arguments)
{
  DBusMessage *m = new_call();
  GVariant *args = meeple_dbus_message_get_args(m);
  ck_assert_ptr_nonnull(args);
  ck_assert_str_eq(g_variant_get_type_string(args), "()");
  ck_assert(!g_variant_is_floating(args));
  ck_assert(meeple_dbus_message_append_args(m, args));
  ck_assert_str_eq(dbus_message_get_signature(m), "");
  g_variant_unref(args);

  DBusMessageIter iter;
  dbus_message_iter_init(m, &iter); /* an empty message: at the end */
  ck_assert_ptr_null(meeple_dbus_iter_get_variant(&iter));
  dbus_message_unref(m);
}
END_TEST

/* Arguments written with libdbus's own API read back as the right tuple. */
START_TEST(reads_libdbus_arguments)
{
  DBusMessage *m = new_call();
  const char *s = "meeple", *path = "/org/meepled/Meepled1";
  dbus_int32_t i = -42;
  dbus_bool_t b = TRUE;
  const dbus_int32_t ints[] = { 1, 2, 3 };
  const dbus_int32_t *pints = ints;
  ck_assert(dbus_message_append_args(
      m, DBUS_TYPE_STRING, &s, DBUS_TYPE_INT32, &i, DBUS_TYPE_BOOLEAN, &b,
      DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_ARRAY, DBUS_TYPE_INT32, &pints,
      3, DBUS_TYPE_INVALID));
  GVariant *args = meeple_dbus_message_get_args(m);
  GVariant *expected = g_variant_ref_sink(
      parse("('meeple', -42, true, objectpath '/org/meepled/Meepled1',"
            " [1, 2, 3])"));
  assert_equal(expected, args);
  g_variant_unref(expected);
  g_variant_unref(args);
  dbus_message_unref(m);
}
END_TEST

/* ---- refused values ----------------------------------------------------- */

static GVariant *
nested_variants(guint n)
{
  GVariant *v = g_variant_new_int32(5);
  for (guint i = 0; i < n; i++)
    v = g_variant_new_variant(v);
  return v;
}

/* Appending @value must fail and leave the message without arguments. */
static void
assert_refused(GVariant *value)
{
  g_variant_ref_sink(value);
  DBusMessage *m = new_call();
  DBusMessageIter iter;
  dbus_message_iter_init_append(m, &iter);
  ck_assert_msg(!meeple_dbus_iter_append_variant(&iter, value),
                "accepted %s", g_variant_get_type_string(value));
  GVariant *args =
      g_variant_ref_sink(g_variant_new("(s@*)", "first", value));
  ck_assert(!meeple_dbus_message_append_args(m, args));
  ck_assert_str_eq(dbus_message_get_signature(m), "");
  g_variant_unref(args);
  dbus_message_unref(m);
  g_variant_unref(value);
}

static const char *const refused[] = {
  "@mi 5", "@ms nothing", "()", "[()]", "(1, ())",
  "<@mi nothing>", "[<1>, <@mb true>]", "{'a': <{'b': <@mi 1>}>}",
  "handle 3", "[handle 1]", "<handle 0>",
  /* valid GVariant signatures that D-Bus refuses */
  "signature '{sv}'", "signature '()'", "signature 'a{sv}{sv}'",
  "[signature 's', signature '{ss}']", "<signature '()'>",
  "{'k': <[signature 'ai', '(s{ii})']>}",
};

START_TEST(refuses_unsupported)
{
  assert_refused(parse(refused[_i]));
}
END_TEST

/* Values GVariant builds but D-Bus cannot carry, and a non-tuple as the
 * arguments. */
START_TEST(refuses_built_values)
{
  assert_refused(g_variant_new_dict_entry(g_variant_new_string("k"),
                                          g_variant_new_int32(1)));
  /* A signature is at most 255 characters on D-Bus, not in GVariant. */
  char *long_signature = g_strnfill(256, 'i');
  assert_refused(g_variant_new_signature(long_signature));
  long_signature[255] = '\0';
  assert_round_trips(g_variant_new_signature(long_signature));
  g_free(long_signature);

  DBusMessage *m = new_call();
  GVariant *not_tuple = g_variant_new_int32(1);
  ck_assert(!meeple_dbus_message_append_args(m, not_tuple));
  dbus_message_unref(m);
}
END_TEST

/* libdbus refuses to read a message nesting more than 64 containers,
 * variants included: 64 travel, 65 are refused before anything is
 * written. */
START_TEST(nesting_limit)
{
  assert_round_trips(nested_variants(64));
  assert_refused(nested_variants(65));

  GString *type = g_string_new(NULL);
  for (int i = 0; i < 32; i++)
    g_string_append_c(type, 'a');
  g_string_append_c(type, 'i');
  assert_round_trips(g_variant_new_array(G_VARIANT_TYPE(type->str + 1),
                                         NULL, 0));
  g_string_prepend_c(type, 'a'); /* 33 arrays: too deep for D-Bus */
  assert_refused(g_variant_new_array(G_VARIANT_TYPE(type->str + 1), NULL, 0));
  g_string_free(type, TRUE);

  /* 40 variants around 25 arrays: each is fine, together 65 too deep. */
  GVariant *arrays = g_variant_new_array(
      G_VARIANT_TYPE("aaaaaaaaaaaaaaaaaaaaaaaai"), NULL, 0);
  GVariant *v = arrays;
  for (int i = 0; i < 40; i++)
    v = g_variant_new_variant(v);
  assert_refused(v);
}
END_TEST

/* The limit above is libdbus's: a 65-deep message written with its own API
 * does not survive the wire. */
START_TEST(libdbus_refuses_65_levels)
{
  DBusMessage *m = new_call();
  DBusMessageIter iters[66];
  dbus_message_iter_init_append(m, &iters[0]);
  for (int i = 0; i < 65; i++)
    ck_assert(dbus_message_iter_open_container(
        &iters[i], DBUS_TYPE_VARIANT, i < 64 ? "v" : "i", &iters[i + 1]));
  dbus_int32_t five = 5;
  ck_assert(dbus_message_iter_append_basic(&iters[65], DBUS_TYPE_INT32,
                                           &five));
  for (int i = 64; i >= 0; i--)
    ck_assert(dbus_message_iter_close_container(&iters[i], &iters[i + 1]));
  char *bytes = NULL;
  int len = 0;
  dbus_message_set_serial(m, 1);
  ck_assert(dbus_message_marshal(m, &bytes, &len));
  DBusError error;
  dbus_error_init(&error);
  ck_assert_ptr_null(dbus_message_demarshal(bytes, len, &error));
  ck_assert(dbus_error_is_set(&error));
  dbus_error_free(&error);
  dbus_free(bytes);
  dbus_message_unref(m);
}
END_TEST

/* A unix fd has no GVariant counterpart here: reading one gives NULL. */
START_TEST(reading_fd_is_unsupported)
{
  DBusMessage *m = new_call();
  int fd = STDIN_FILENO;
  dbus_int32_t i = 1;
  ck_assert(dbus_message_append_args(m, DBUS_TYPE_INT32, &i,
                                     DBUS_TYPE_UNIX_FD, &fd,
                                     DBUS_TYPE_INVALID));
  ck_assert_ptr_null(meeple_dbus_message_get_args(m));
  DBusMessageIter iter;
  ck_assert(dbus_message_iter_init(m, &iter));
  GVariant *first = meeple_dbus_iter_get_variant(&iter);
  ck_assert_int_eq(g_variant_get_int32(first), 1);
  g_variant_unref(first);
  ck_assert(dbus_message_iter_next(&iter));
  ck_assert_ptr_null(meeple_dbus_iter_get_variant(&iter));
  dbus_message_unref(m);
}
END_TEST

/* ---- random values of random types -------------------------------------- */

static const char basic_types[] = "ybnqiuxtdsog";

/* Appends a random D-Bus single complete type to @out, no deeper than
 * @depth_left more containers. */
static void
random_type(GRand *rand, GString *out, int depth_left)
{
  int pick = depth_left > 0 ? g_rand_int_range(rand, 0, 10) : 0;
  switch (pick) {
  case 6: /* array */
    g_string_append_c(out, 'a');
    random_type(rand, out, depth_left - 1);
    break;
  case 7: /* dictionary */
    g_string_append_c(out, 'a');
    g_string_append_c(out, '{');
    g_string_append_c(out, basic_types[g_rand_int_range(rand, 0, 12)]);
    random_type(rand, out, depth_left - 1);
    g_string_append_c(out, '}');
    break;
  case 8: { /* struct */
    g_string_append_c(out, '(');
    int n = g_rand_int_range(rand, 1, 4);
    for (int i = 0; i < n; i++)
      random_type(rand, out, depth_left - 1);
    g_string_append_c(out, ')');
    break;
  }
  case 9:
    g_string_append_c(out, 'v');
    break;
  default:
    g_string_append_c(out, basic_types[g_rand_int_range(rand, 0, 12)]);
  }
}

/* A random type short enough that a few of them fit in one signature. */
static GVariantType *
random_type_new(GRand *rand, int depth_left)
{
  GString *s = g_string_new(NULL);
  do {
    g_string_truncate(s, 0);
    random_type(rand, s, depth_left);
  } while (s->len > 48);
  GVariantType *type = g_variant_type_new(s->str);
  g_string_free(s, TRUE);
  return type;
}

static char *
random_string(GRand *rand)
{
  static const char *const pieces[] = {
    "a", "meeple", "\u00e9", "\u20ac", "\U0001d11e", " ", "\t", "\n",
    "\\", "'", "\"", "0", "Z", "\u00ff\u0100", "{sv}",
  };
  GString *s = g_string_new(NULL);
  int n = g_rand_int_range(rand, 0, 6);
  for (int i = 0; i < n; i++)
    g_string_append(s, pieces[g_rand_int_range(rand, 0,
                                               G_N_ELEMENTS(pieces))]);
  return g_string_free(s, FALSE);
}

static char *
random_path(GRand *rand)
{
  static const char *const parts[] = { "org", "meepled", "game", "7", "_x",
                                       "A_b9" };
  GString *s = g_string_new(NULL);
  int n = g_rand_int_range(rand, 0, 5);
  for (int i = 0; i < n; i++)
    g_string_append_printf(s, "/%s",
                           parts[g_rand_int_range(rand, 0,
                                                  G_N_ELEMENTS(parts))]);
  if (n == 0)
    g_string_append_c(s, '/');
  return g_string_free(s, FALSE);
}

static char *
random_signature(GRand *rand)
{
  GString *s = g_string_new(NULL);
  int n = g_rand_int_range(rand, 0, 3);
  for (int i = 0; i < n; i++)
    random_type(rand, s, 2);
  return g_string_free(s, FALSE);
}

static guint64
random_u64(GRand *rand)
{
  /* Edges now and then, where sign and width bugs show. */
  static const guint64 edges[] = { 0, 1, G_MAXUINT64, G_MAXINT64,
                                   (guint64)G_MININT64, 0x80, 0x8000,
                                   0x80000000u };
  if (g_rand_int_range(rand, 0, 4) == 0)
    return edges[g_rand_int_range(rand, 0, G_N_ELEMENTS(edges))];
  return ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand);
}

static GVariant *
random_basic(GRand *rand, char type)
{
  guint64 u = random_u64(rand);
  switch (type) {
  case 'y': return g_variant_new_byte((guint8)u);
  case 'b': return g_variant_new_boolean(u & 1);
  case 'n': return g_variant_new_int16((gint16)u);
  case 'q': return g_variant_new_uint16((guint16)u);
  case 'i': return g_variant_new_int32((gint32)u);
  case 'u': return g_variant_new_uint32((guint32)u);
  case 'x': return g_variant_new_int64((gint64)u);
  case 't': return g_variant_new_uint64(u);
  case 'd': return g_variant_new_double(g_rand_double_range(rand, -1e9, 1e9));
  case 's': return g_variant_new_take_string(random_string(rand));
  case 'o': {
    g_autofree char *path = random_path(rand);
    return g_variant_new_object_path(path);
  }
  default: {
    g_autofree char *sig = random_signature(rand);
    return g_variant_new_signature(sig);
  }
  }
}

static GVariant *random_value(GRand *rand, const GVariantType *type,
                              int depth);

/* A container of @type (array, tuple or dict entry) with random children. */
static GVariant *
random_container(GRand *rand, const GVariantType *type, int depth)
{
  GVariantBuilder builder;
  g_variant_builder_init(&builder, type);
  if (g_variant_type_is_array(type)) {
    int n = g_rand_int_range(rand, 0, 5);
    for (int i = 0; i < n; i++)
      g_variant_builder_add_value(
          &builder,
          random_value(rand, g_variant_type_element(type), depth + 1));
  } else {
    for (const GVariantType *item = g_variant_type_first(type); item;
         item = g_variant_type_next(item))
      g_variant_builder_add_value(&builder,
                                  random_value(rand, item, depth + 1));
  }
  return g_variant_builder_end(&builder);
}

static GVariant *
random_value(GRand *rand, const GVariantType *type, int depth)
{
  if (g_variant_type_is_basic(type))
    return random_basic(rand, g_variant_type_peek_string(type)[0]);
  if (!g_variant_type_is_variant(type))
    return random_container(rand, type, depth);
  /* What a variant holds gets simpler the deeper it is. */
  GVariantType *inner = random_type_new(rand, MAX(0, 3 - depth));
  GVariant *v = g_variant_new_variant(random_value(rand, inner, depth + 1));
  g_variant_type_free(inner);
  return v;
}

/* 1500 random tuples of 1-3 values, half of them over the wire. */
START_TEST(random_round_trips)
{
  GRand *rand = g_rand_new_with_seed(20240601);
  for (int round = 0; round < 1500; round++) {
    int n = g_rand_int_range(rand, 1, 4);
    GVariant *items[3];
    for (int i = 0; i < n; i++) {
      GVariantType *type = random_type_new(rand, 4);
      items[i] = random_value(rand, type, 0);
      g_variant_type_free(type);
    }
    GVariant *args = g_variant_ref_sink(g_variant_new_tuple(items, n));
    GVariant *out = args_round_trip(args, round % 2);
    assert_equal(args, out);
    g_variant_unref(out);
    GVariant *first = g_variant_get_child_value(args, 0);
    out = value_round_trip(first);
    assert_equal(first, out);
    g_variant_unref(first);
    g_variant_unref(out);
    g_variant_unref(args);
  }
  g_rand_free(rand);
}
END_TEST

static Suite *
dbus_variant_suite(void)
{
  Suite *s = suite_create("dbus-variant");
  TCase *tc = tcase_create("variant");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, fixed_samples, 0, G_N_ELEMENTS(samples));
  tcase_add_test(tc, fixed_arrays);
  tcase_add_test(tc, byte_array_sizes);
  tcase_add_test(tc, no_arguments);
  tcase_add_test(tc, reads_libdbus_arguments);
  tcase_add_loop_test(tc, refuses_unsupported, 0, G_N_ELEMENTS(refused));
  tcase_add_test(tc, refuses_built_values);
  tcase_add_test(tc, nesting_limit);
  tcase_add_test(tc, libdbus_refuses_65_levels);
  tcase_add_test(tc, reading_fd_is_unsupported);
  tcase_add_test(tc, random_round_trips);
  suite_add_tcase(s, tc);
  return s;
}

int
main(void)
{
  return tu_run_suite(dbus_variant_suite());
}
