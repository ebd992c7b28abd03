/* catalog.c — GetCatalog's reply turned into a MeepleClientCatalog: kinds,
 * figure types, and tile types as the engine's MeepleTileType values
 * (meeple/rules.h), so code written for the engine's tiles (the board
 * renderer, bots) works on remote games too. */
#include <stdlib.h>
#include <string.h>

#include "client-private.h"

void
meeple_client_kind_free(gpointer data)
{
  MeepleClientKind *k = data;

  if (!k)
    return;
  g_free(k->name);
  g_free(k->code);
  g_free(k);
}

void
meeple_client_figure_type_free(gpointer data)
{
  MeepleClientFigureType *f = data;

  if (!f)
    return;
  g_free(f->name);
  g_free(f);
}

static void
event_type_free(gpointer data)
{
  MeepleClientEventType *t = data;

  g_free(t->name);
  g_free(t->count_name);
  g_free(t->text);
  g_free(t);
}

/* The D-Bus names of MeepleColourRole and MeepleEventField, in their
 * order (doc/dbus-api.md, GetCatalog): this library does not link
 * libmeeple, whose functions name them too. */
static const char *const colour_names[MEEPLE_COLOUR_COUNT] = {
  "none", "road", "city", "field", "monastery", "other", "seat", "neutral",
};
static const char *const field_names[] = {
  "seat", "tile", "cell", "segment", "figure", "kind", "points", "count",
  "rule",
};

static MeepleColourRole
colour_from_name(const char *name)
{
  for (guint r = 0; r < MEEPLE_COLOUR_COUNT; r++)
    if (strcmp(colour_names[r], name) == 0)
      return (MeepleColourRole)r;
  return MEEPLE_COLOUR_NONE;
}

/* One (name, ascii, unicode, colour, shape) entry; FALSE when it is not
 * one (an ASCII glyph that is not one printable character). */
static gboolean
look_from_entry(GVariant *v, const char **name, MeepleLook *look)
{
  const char *ascii, *unicode, *colour, *shape;

  g_variant_get(v, "(&s&s&s&s&s)", name, &ascii, &unicode, &colour, &shape);
  if (strlen(ascii) != 1 || !g_ascii_isgraph(ascii[0]) || !*unicode)
    return FALSE;
  *look = (MeepleLook){ ascii[0], g_intern_string(unicode),
                        colour_from_name(colour), g_intern_string(shape) };
  return TRUE;
}

/* Gives @look to the figure type (@list 0), kind (1) or symbol (2)
 * called @name. */
static void
set_look_of(MeepleClientCatalog *c, guint list, const char *name,
            const MeepleLook *look)
{
  for (guint j = 0; list == 0 && j < c->figure_types->len; j++) {
    MeepleClientFigureType *f = g_ptr_array_index(c->figure_types, j);
    if (strcmp(f->name, name) == 0)
      f->look = *look;
  }
  for (guint j = 0; list == 1 && j < c->kinds->len; j++) {
    MeepleClientKind *k = g_ptr_array_index(c->kinds, j);
    if (strcmp(k->name, name) == 0)
      k->look = *look;
  }
  for (guint j = 0; list == 2 && j < c->symbols->len; j++)
    if (strcmp(g_ptr_array_index(c->symbols, j), name) == 0) {
      g_free(c->symbol_looks->pdata[j]);
      c->symbol_looks->pdata[j] = g_memdup2(look, sizeof *look);
    }
}

/* "figure-looks", "kind-looks" and "symbol-looks": each look onto the
 * figure type, kind or symbol of its name (the catalog lists them by
 * name so that the order of the lists does not matter). */
static void
looks_by_name(MeepleClientCatalog *c, GVariant *dict)
{
  static const char *const keys[] = { "figure-looks", "kind-looks",
                                      "symbol-looks" };
  for (guint k = 0; k < G_N_ELEMENTS(keys); k++) {
    GVariant *v = g_variant_lookup_value(dict, keys[k],
                                         G_VARIANT_TYPE("a(sssss)"));
    if (!v)
      continue;
    for (gsize i = 0; i < g_variant_n_children(v); i++) {
      GVariant *entry = g_variant_get_child_value(v, i);
      const char *name;
      MeepleLook look;
      if (look_from_entry(entry, &name, &look))
        set_look_of(c, k, name, &look);
      g_variant_unref(entry);
    }
    g_variant_unref(v);
  }
}

/* "events": a(sasss) name, fields, count name, template. */
static void
event_types_from_variant(MeepleClientCatalog *c, GVariant *v)
{
  for (gsize i = 0; i < g_variant_n_children(v); i++) {
    const char *name, *count, *text;
    GVariant *fields;
    g_variant_get_child(v, i, "(&s@as&s&s)", &name, &fields, &count, &text);
    MeepleClientEventType *t = g_new0(MeepleClientEventType, 1);
    t->name = g_strdup(name);
    t->count_name = g_strdup(count);
    t->text = g_strdup(text);
    for (gsize f = 0; f < g_variant_n_children(fields); f++) {
      const char *field;
      g_variant_get_child(fields, f, "&s", &field);
      for (guint b = 0; b < G_N_ELEMENTS(field_names); b++)
        if (strcmp(field_names[b], field) == 0)
          t->fields |= 1u << b;
    }
    g_variant_unref(fields);
    g_ptr_array_add(c->event_types, t);
  }
}

static void
tile_type_clear(gpointer data)
{
  MeepleTileType *t = data;

  g_free(t->id);
  g_free(t->tileset);
  g_free(t->file);
}

static gboolean
shape_from_name(const char *name, MeepleShape *out)
{
  static const char *const names[] = { "edge", "field", "surround", "spot" };

  for (guint i = 0; i < G_N_ELEMENTS(names); i++)
    if (strcmp(name, names[i]) == 0) {
      *out = (MeepleShape)i;
      return TRUE;
    }
  return FALSE;
}

/* The shape of a core kind, for a catalog that does not say it. */
static MeepleShape
default_shape(const char *name)
{
  if (strcmp(name, "field") == 0)
    return MEEPLE_SHAPE_FIELD;
  if (strcmp(name, "monastery") == 0 || strcmp(name, "garden") == 0)
    return MEEPLE_SHAPE_SURROUND;
  return MEEPLE_SHAPE_EDGE;
}

/* One "kinds" entry: a tuple (name, code, shape, ...).  Read loosely —
 * the first two strings are name and code, the next string that names a
 * shape is the shape — so extra members may be added later. */
static MeepleClientKind *
kind_from_variant(GVariant *v)
{
  MeepleClientKind *k = g_new0(MeepleClientKind, 1);
  gsize n = g_variant_n_children(v);
  gboolean has_shape = FALSE;

  for (gsize i = 0; i < n; i++) {
    GVariant *c = g_variant_get_child_value(v, i);

    if (g_variant_is_of_type(c, G_VARIANT_TYPE_STRING)) {
      const char *s = g_variant_get_string(c, NULL);

      if (!k->name)
        k->name = g_strdup(s);
      else if (!k->code)
        k->code = g_strdup(s);
      else if (!has_shape)
        has_shape = shape_from_name(s, &k->shape);
    }
    g_variant_unref(c);
  }
  if (!k->name)
    k->name = g_strdup("");
  if (!k->code)
    k->code = g_strdup("");
  if (!has_shape)
    k->shape = default_shape(k->name);
  return k;
}

static int
find_kind(MeepleClientCatalog *c, const char *name)
{
  for (guint i = 0; i < c->kinds->len; i++) {
    const MeepleClientKind *k = g_ptr_array_index(c->kinds, i);
    if (strcmp(k->name, name) == 0)
      return (int)i;
  }
  /* A segment of a kind the catalog did not list: add it so the index
   * stays meaningful (kind indices are 8 bits in MeepleSegment). */
  if (c->kinds->len > G_MAXUINT8)
    return 0;
  MeepleClientKind *k = g_new0(MeepleClientKind, 1);
  k->name = g_strdup(name);
  k->code = g_strdup("");
  k->shape = default_shape(name);
  g_ptr_array_add(c->kinds, k);
  return (int)c->kinds->len - 1;
}

/* Bit index of a symbol name in @c->symbols, added when new; -1 when the
 * table is full (MEEPLE_MAX_SYMBOLS). */
static int
symbol_index(MeepleClientCatalog *c, const char *name)
{
  for (guint i = 0; i < c->symbols->len; i++)
    if (strcmp(g_ptr_array_index(c->symbols, i), name) == 0)
      return (int)i;
  if (c->symbols->len >= MEEPLE_MAX_SYMBOLS)
    return -1;
  g_ptr_array_add(c->symbols, g_strdup(name));
  return (int)c->symbols->len - 1;
}

static uint32_t
symbol_mask(MeepleClientCatalog *c, GVariant *strv)
{
  GVariantIter iter;
  const char *name;
  uint32_t mask = 0;

  g_variant_iter_init(&iter, strv);
  while (g_variant_iter_next(&iter, "&s", &name)) {
    int i = symbol_index(c, name);
    if (i >= 0)
      mask |= (uint32_t)1 << i;
  }
  return mask;
}

/* The number in a segment name ("C1" -> 1), 0 when it has none. */
static uint8_t
segment_number(const char *name)
{
  while (*name && !g_ascii_isdigit(*name))
    name++;
  return *name ? (uint8_t)MIN(strtoul(name, NULL, 10), G_MAXUINT8) : 0;
}

static void
tile_from_variant(MeepleClientCatalog *c, GVariant *dict, MeepleTileType *t)
{
  GVariant *v;

  memset(t, 0, sizeof *t);
  t->id = mcl_string_or_empty(dict, "id");
  t->tileset = mcl_string_or_empty(dict, "tileset");
  t->count = (guint)mcl_number_or(dict, "count", 0);

  v = g_variant_lookup_value(dict, "edges", G_VARIANT_TYPE_BYTESTRING);
  if (v) {
    gsize n;
    const guchar *edges = g_variant_get_fixed_array(v, &n, 1);

    for (gsize i = 0; i < MIN(n, 4); i++)
      t->edges[i] = edges[i];
    g_variant_unref(v);
  }

  v = g_variant_lookup_value(dict, "symbols", G_VARIANT_TYPE_STRING_ARRAY);
  if (v) {
    t->symbols = symbol_mask(c, v);
    g_variant_unref(v);
  }

  v = g_variant_lookup_value(dict, "segments", G_VARIANT_TYPE("a(ssyyyqas)"));
  if (v) {
    GVariantIter iter;
    const char *name, *kind;
    guchar edges, halves, pennants;
    guint16 borders;
    GVariant *symbols;

    g_variant_iter_init(&iter, v);
    while (g_variant_iter_next(&iter, "(&s&syyyq@as)", &name, &kind, &edges,
                               &halves, &pennants, &borders, &symbols)) {
      if (t->n_segments < MEEPLE_MAX_SEGMENTS) {
        MeepleSegment *s = &t->segments[t->n_segments++];

        s->kind = (uint8_t)find_kind(c, kind);
        s->number = segment_number(name);
        s->edges = edges;
        s->halves = halves;
        s->pennants = pennants;
        s->borders = borders;
        s->symbols = symbol_mask(c, symbols);
        g_strlcpy(s->name, name, sizeof s->name);
      }
      g_variant_unref(symbols);
    }
    g_variant_unref(v);
  }
}

static void
look_free(gpointer data)
{
  MeepleSymbolLook *look = data;
  if (!look)
    return;
  g_free((char *)look->unicode);
  g_free((char *)look->legend);
  g_free(look);
}

/* The "looks" entries (symbol, ASCII glyph, Unicode glyph, legend) into
 * @c->looks, at their symbols' indices.  An entry with a glyph that is
 * not one printable ASCII character is left out: the board would not
 * line up. */
static void
looks_from_variant(MeepleClientCatalog *c, GVariant *v)
{
  GVariantIter iter;
  const char *symbol, *glyph, *unicode, *legend;
  g_variant_iter_init(&iter, v);
  while (g_variant_iter_next(&iter, "(&s&s&s&s)", &symbol, &glyph, &unicode,
                             &legend)) {
    int i = symbol_index(c, symbol);
    if (i < 0 || strlen(glyph) != 1 || glyph[0] <= ' ' || glyph[0] > '~')
      continue;
    if ((guint)i >= c->looks->len)
      g_ptr_array_set_size(c->looks, i + 1);
    MeepleSymbolLook *look = g_new(MeepleSymbolLook, 1);
    look->glyph = glyph[0];
    look->unicode = g_strdup(*unicode ? unicode : glyph);
    look->legend = g_strdup(legend);
    look_free(c->looks->pdata[i]);
    c->looks->pdata[i] = look;
  }
}

MeepleClientCatalog *
mcl_catalog_from_variant(GVariant *dict)
{
  MeepleClientCatalog *c = g_new0(MeepleClientCatalog, 1);
  GVariant *v, *child;
  GVariantIter iter;

  c->kinds = g_ptr_array_new_with_free_func(meeple_client_kind_free);
  c->figure_types = g_ptr_array_new_with_free_func(meeple_client_figure_type_free);
  c->symbols = g_ptr_array_new_with_free_func(g_free);
  c->looks = g_ptr_array_new_with_free_func(look_free);
  c->tiles = g_array_new(FALSE, TRUE, sizeof(MeepleTileType));
  g_array_set_clear_func(c->tiles, tile_type_clear);

  v = g_variant_lookup_value(dict, "kinds", NULL);
  if (v && g_variant_is_of_type(v, G_VARIANT_TYPE("ar"))) {
    g_variant_iter_init(&iter, v);
    while ((child = g_variant_iter_next_value(&iter))) {
      g_ptr_array_add(c->kinds, kind_from_variant(child));
      g_variant_unref(child);
    }
  }
  if (v)
    g_variant_unref(v);

  v = g_variant_lookup_value(dict, "figures", G_VARIANT_TYPE("a(sb)"));
  if (v) {
    const char *name;
    gboolean neutral;

    g_variant_iter_init(&iter, v);
    while (g_variant_iter_next(&iter, "(&sb)", &name, &neutral)) {
      MeepleClientFigureType *f = g_new0(MeepleClientFigureType, 1);

      f->name = g_strdup(name);
      f->neutral = neutral;
      g_ptr_array_add(c->figure_types, f);
    }
    g_variant_unref(v);
  }

  v = g_variant_lookup_value(dict, "tiles", G_VARIANT_TYPE("aa{sv}"));
  if (v) {
    g_variant_iter_init(&iter, v);
    while ((child = g_variant_iter_next_value(&iter))) {
      MeepleTileType t;

      tile_from_variant(c, child, &t);
      g_array_append_val(c->tiles, t);
      g_variant_unref(child);
    }
    g_variant_unref(v);
  }

  v = g_variant_lookup_value(dict, "looks", G_VARIANT_TYPE("a(ssss)"));
  if (v) {
    looks_from_variant(c, v);
    g_variant_unref(v);
  }
  g_ptr_array_set_size(c->looks, c->symbols->len);
  c->event_types = g_ptr_array_new_with_free_func(event_type_free);
  v = g_variant_lookup_value(dict, "events", G_VARIANT_TYPE("a(sasss)"));
  if (v) {
    event_types_from_variant(c, v);
    g_variant_unref(v);
  }
  c->symbol_looks = g_ptr_array_new_with_free_func(g_free);
  g_ptr_array_set_size(c->symbol_looks, c->symbols->len);
  looks_by_name(c, dict);
  return c;
}

void
mcl_catalog_free(MeepleClientCatalog *c)
{
  if (!c)
    return;
  g_ptr_array_unref(c->kinds);
  g_ptr_array_unref(c->figure_types);
  g_ptr_array_unref(c->symbols);
  g_ptr_array_unref(c->looks);
  g_ptr_array_unref(c->event_types);
  g_ptr_array_unref(c->symbol_looks);
  g_array_unref(c->tiles);
  g_free(c);
}

int
meeple_client_catalog_find_tile(const MeepleClientCatalog *catalog,
                                const char *id)
{
  if (!catalog || !id)
    return -1;
  for (guint i = 0; i < catalog->tiles->len; i++)
    if (strcmp(g_array_index(catalog->tiles, MeepleTileType, i).id, id) == 0)
      return (int)i;
  return -1;
}

