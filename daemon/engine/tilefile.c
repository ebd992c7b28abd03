/* tilefile.c — reads tile files (doc/tile-format.md).
 *
 * A file is read completely into temporary storage and checked before
 * anything is added to the rules, so a bad file changes nothing.
 */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MeepleRules *rules;
  const char *file;
  int line;
  GError **error;
  /* what the file defines, added to the rules only at the end */
  char *set_id, *set_name, *set_version;
  char *start_id;
  int start_line;
  GArray *types;               /* MeepleTileType */
  /* symbols the file would add to the rules (rolled back on error) */
  guint symbols_before;
} Reader;

static const char *const side_names[4] = { "N", "E", "S", "W" };
static const char *const half_names[8] = { "Nw", "Ne", "En", "Es",
                                           "Se", "Sw", "Ws", "Wn" };

G_GNUC_PRINTF(2, 3) static gboolean
fail(Reader *r, const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  g_autofree char *msg = g_strdup_vprintf(format, ap);
  va_end(ap);
  g_set_error(r->error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE, "%s:%d: %s",
              r->file, r->line, msg);
  return FALSE;
}

static gboolean
valid_id(const char *s)
{
  gsize n = strlen(s);
  if (n == 0 || n > 23)
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isgraph(*s) || strchr("#@,:>{}*\"", *s))
      return FALSE;
  return TRUE;
}

static int
lookup(const char *const *names, guint n, const char *s)
{
  for (guint i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0)
      return (int)i;
  return -1;
}

static int
find_kind_by_code(const MeepleRules *rules, const char *code)
{
  for (guint i = 0; i < rules->kinds->len; i++)
    if (strcmp(rules_kind(rules, i)->code, code) == 0)
      return (int)i;
  return -1;
}

/* Reads "{name}" items at *p; advances past them. */
static gboolean
read_symbols(Reader *r, const char *tile, const char **p, uint32_t *out)
{
  while (**p == '{') {
    const char *end = strchr(*p, '}');
    if (!end)
      return fail(r, "tile '%s': '{' without a closing '}'", tile);
    g_autofree char *name = g_strndup(*p + 1, (gsize)(end - *p - 1));
    if (!*name)
      return fail(r, "tile '%s': empty symbol name '{}'", tile);
    for (const char *c = name; *c; c++)
      if (!g_ascii_isalnum(*c) && *c != '-' && *c != '_')
        return fail(r, "tile '%s': symbol '{%s}' may contain letters, "
                    "digits, '-' and '_' only", tile, name);
    int sym = meeple_rules_symbol(r->rules, name);
    if (sym < 0)
      return fail(r, "tile '%s': too many distinct symbols (at most %d); "
                  "cannot add '{%s}'", tile, MEEPLE_MAX_SYMBOLS, name);
    *out |= 1u << sym;
    *p = end + 1;
  }
  return TRUE;
}

/* One segment item, e.g. "F1:En,Wn>C1" or "C1:N,W*{princess}".  Border
 * references are resolved later, once every segment of the tile is known;
 * their names are collected in @borders. */
static gboolean
read_segment(Reader *r, MeepleTileType *t, const char *item,
             GPtrArray *borders)
{
  const char *p = item;
  gsize code_len = 0;
  while (g_ascii_isalpha(p[code_len]))
    code_len++;
  g_autofree char *code = g_strndup(p, code_len);
  int kind = find_kind_by_code(r->rules, code);
  if (kind < 0)
    return fail(r, "tile '%s': unknown segment '%s' (known kinds: R road, "
                "C city, F field, M monastery, G garden, and those of "
                "loaded plugins)", t->id, item);
  p += code_len;
  guint number = 0;
  while (g_ascii_isdigit(*p)) {
    number = number * 10 + (guint)(*p++ - '0');
    if (number > 99)
      return fail(r, "tile '%s': segment number in '%s' is above 99",
                  t->id, item);
  }
  if (t->n_segments >= MEEPLE_MAX_SEGMENTS)
    return fail(r, "tile '%s': more than %d segments", t->id,
                MEEPLE_MAX_SEGMENTS);
  MeepleSegment *seg = &t->segments[t->n_segments];
  memset(seg, 0, sizeof *seg);
  seg->kind = (uint8_t)kind;
  seg->number = (uint8_t)number;
  g_snprintf(seg->name, sizeof seg->name, "%.*s", (int)(p - item), item);
  for (guint i = 0; i < t->n_segments; i++)
    if (strcmp(t->segments[i].name, seg->name) == 0)
      return fail(r, "tile '%s': segment %s is defined twice", t->id,
                  seg->name);
  const MeepleKind *k = rules_kind(r->rules, (guint)kind);

  if (*p == ':') {
    p++;
    gsize len = strcspn(p, ">*{");
    g_autofree char *list = g_strndup(p, len);
    p += len;
    g_auto(GStrv) places = g_strsplit(list, ",", -1);
    for (guint i = 0; places[i]; i++) {
      int idx;
      if (k->shape == MEEPLE_SHAPE_EDGE &&
          (idx = lookup(side_names, 4, places[i])) >= 0) {
        if (seg->edges & (1u << idx))
          return fail(r, "tile '%s': %s names side %s twice", t->id,
                      seg->name, places[i]);
        seg->edges |= (uint8_t)(1u << idx);
      } else if (k->shape == MEEPLE_SHAPE_FIELD &&
                 (idx = lookup(half_names, 8, places[i])) >= 0) {
        if (seg->halves & (1u << idx))
          return fail(r, "tile '%s': %s names half-edge %s twice", t->id,
                      seg->name, places[i]);
        seg->halves |= (uint8_t)(1u << idx);
      } else if (k->shape == MEEPLE_SHAPE_FIELD &&
                 strcmp(places[i], "inner") == 0 && !places[1] && i == 0) {
        /* a field that touches no edge */
      } else if (k->shape == MEEPLE_SHAPE_EDGE) {
        return fail(r, "tile '%s': '%s' in %s is not a side (N, E, S, W)",
                    t->id, places[i], seg->name);
      } else if (k->shape == MEEPLE_SHAPE_FIELD) {
        return fail(r, "tile '%s': '%s' in %s is not a half-edge (Nw Ne En "
                    "Es Se Sw Ws Wn) or 'inner' alone", t->id, places[i],
                    seg->name);
      } else {
        return fail(r, "tile '%s': a %s segment (%s) takes no places",
                    t->id, k->name, seg->name);
      }
    }
  } else if (k->shape == MEEPLE_SHAPE_EDGE) {
    return fail(r, "tile '%s': %s segment %s needs the sides it touches, "
                "e.g. %s:N,E", t->id, k->name, seg->name, seg->name);
  } else if (k->shape == MEEPLE_SHAPE_FIELD) {
    return fail(r, "tile '%s': field %s needs its half-edges, e.g. "
                "%s:Nw,Ne, or %s:inner", t->id, seg->name, seg->name,
                seg->name);
  }

  if (*p == '>') {
    if (k->shape != MEEPLE_SHAPE_FIELD)
      return fail(r, "tile '%s': only fields border cities ('>' after %s)",
                  t->id, seg->name);
    p++;
    gsize len = strcspn(p, "*{");
    g_autofree char *list = g_strndup(p, len);
    p += len;
    g_auto(GStrv) refs = g_strsplit(list, ",", -1);
    for (guint i = 0; refs[i]; i++) {
      if (!*refs[i])
        return fail(r, "tile '%s': empty city name after '>' in %s", t->id,
                    seg->name);
      /* "index:name" so the field can be found again */
      g_ptr_array_add(borders, g_strdup_printf("%u:%s", t->n_segments,
                                               refs[i]));
    }
  }
  while (*p == '*') {
    if (seg->kind != MEEPLE_KIND_CITY)
      return fail(r, "tile '%s': only city segments carry pennants ('*' "
                  "after %s)", t->id, seg->name);
    if (seg->pennants == 255)
      return fail(r, "tile '%s': too many pennants", t->id);
    seg->pennants++;
    p++;
  }
  if (!read_symbols(r, t->id, &p, &seg->symbols))
    return FALSE;
  if (*p)
    return fail(r, "tile '%s': unexpected '%s' at the end of segment %s",
                t->id, p, seg->name);
  t->n_segments++;
  return TRUE;
}

/* Checks that the segments agree with the edge string. */
static gboolean
check_tile(Reader *r, MeepleTileType *t)
{
  for (guint s = 0; s < 4; s++) {
    guint roads = 0, cities = 0, halves = 0;
    for (guint i = 0; i < t->n_segments; i++) {
      const MeepleSegment *seg = &t->segments[i];
      if (seg->edges & (1u << s)) {
        if (seg->kind == MEEPLE_KIND_ROAD)
          roads++;
        else if (seg->kind == MEEPLE_KIND_CITY)
          cities++;
        else
          return fail(r, "tile '%s': %s cannot touch side %s; only roads "
                      "and cities join across whole edges", t->id,
                      seg->name, side_names[s]);
      }
      halves += (guint)__builtin_popcount(seg->halves & (3u << (2 * s)));
    }
    switch (t->edges[s]) {
    case MEEPLE_EDGE_CITY:
      if (cities != 1 || roads)
        return fail(r, "tile '%s': side %s is a city edge, so exactly one "
                    "city segment must touch it (found %u city, %u road)",
                    t->id, side_names[s], cities, roads);
      if (halves)
        return fail(r, "tile '%s': side %s is a city edge; no field may "
                    "touch its half-edges", t->id, side_names[s]);
      break;
    case MEEPLE_EDGE_ROAD:
      if (roads != 1 || cities)
        return fail(r, "tile '%s': side %s is a road edge, so exactly one "
                    "road segment must touch it (found %u road, %u city)",
                    t->id, side_names[s], roads, cities);
      break;
    default:
      if (roads || cities)
        return fail(r, "tile '%s': side %s is a field edge; no road or city "
                    "may touch it", t->id, side_names[s]);
      break;
    }
    if (t->edges[s] != MEEPLE_EDGE_CITY) {
      for (guint h = 2 * s; h < 2 * s + 2; h++) {
        guint owners = 0;
        for (guint i = 0; i < t->n_segments; i++)
          if (t->segments[i].halves & (1u << h))
            owners++;
        if (owners != 1)
          return fail(r, "tile '%s': half-edge %s must belong to exactly "
                      "one field (found %u)", t->id, half_names[h], owners);
      }
    }
  }
  /* what the rule sets loaded so far say about their own symbols */
  for (guint i = 0; i < r->rules->tile_checks->len; i++) {
    const TileCheckDef *c =
      &g_array_index(r->rules->tile_checks, TileCheckDef, i);
    GError *err = NULL;
    if (!c->func(r->rules, t, &err, c->user_data)) {
      gboolean ok = fail(r, "tile '%s': %s", t->id,
                         err ? err->message : "refused by a rule set");
      g_clear_error(&err);
      return ok;
    }
  }
  return TRUE;
}

static gboolean
read_tile(Reader *r, char **tok, guint n_tok, const char *line)
{
  if (n_tok < 4)
    return fail(r, "'tile' needs an id, a count, the edges (NESW, e.g. "
                "CRFR) and segments: tile D 4 CRFR C1:N R1:E,W ...");
  if (!valid_id(tok[1]))
    return fail(r, "'%s' is not a valid tile id (1-23 visible characters, "
                "none of # @ , : > { } * \")", tok[1]);
  for (guint i = 0; i < r->types->len; i++)
    if (strcmp(g_array_index(r->types, MeepleTileType, i).id, tok[1]) == 0)
      return fail(r, "tile '%s' is defined twice in this file (first at "
                  "line %d)", tok[1],
                  g_array_index(r->types, MeepleTileType, i).line);
  if (meeple_rules_find_tile_type(r->rules, tok[1]) >= 0)
    return fail(r, "tile '%s' is already defined by another tile set",
                tok[1]);
  char *end;
  errno = 0;
  unsigned long count = strtoul(tok[2], &end, 10);
  if (*end || errno || !g_ascii_isdigit(tok[2][0]) || count < 1 ||
      count > 1000)
    return fail(r, "tile '%s': count '%s' must be a whole number from 1 to "
                "1000", tok[1], tok[2]);
  if (strlen(tok[3]) != 4)
    return fail(r, "tile '%s': edges '%s' must be 4 letters for N, E, S, "
                "W: C city, R road, F field", tok[1], tok[3]);

  MeepleTileType t;
  memset(&t, 0, sizeof t);
  t.id = g_strdup(tok[1]);
  t.count = (guint)count;
  t.line = r->line;
  gboolean ok = TRUE;
  for (guint s = 0; s < 4 && ok; s++) {
    switch (tok[3][s]) {
    case 'C': t.edges[s] = MEEPLE_EDGE_CITY; break;
    case 'R': t.edges[s] = MEEPLE_EDGE_ROAD; break;
    case 'F': t.edges[s] = MEEPLE_EDGE_FIELD; break;
    default:
      ok = fail(r, "tile '%s': edge letter '%c' in '%s' must be C, R or F",
                t.id, tok[3][s], tok[3]);
    }
  }
  g_autoptr(GPtrArray) borders = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 4; i < n_tok && ok; i++) {
    if (tok[i][0] == '{') {
      const char *p = tok[i];
      ok = read_symbols(r, t.id, &p, &t.symbols);
      if (ok && *p)
        ok = fail(r, "tile '%s': unexpected '%s' after a symbol", t.id, p);
    } else {
      ok = read_segment(r, &t, tok[i], borders);
    }
  }
  for (guint i = 0; i < borders->len && ok; i++) {
    const char *ref = g_ptr_array_index(borders, i);
    guint field = (guint)atoi(ref);
    const char *name = strchr(ref, ':') + 1;
    int target = -1;
    for (guint j = 0; j < t.n_segments; j++)
      if (strcmp(t.segments[j].name, name) == 0)
        target = (int)j;
    if (target < 0)
      ok = fail(r, "tile '%s': field %s borders '%s', which is not a "
                "segment of this tile", t.id, t.segments[field].name, name);
    else if (t.segments[target].kind != MEEPLE_KIND_CITY)
      ok = fail(r, "tile '%s': field %s borders %s, which is not a city",
                t.id, t.segments[field].name, name);
    else
      t.segments[field].borders |= (uint16_t)(1u << target);
  }
  if (ok)
    ok = check_tile(r, &t);
  (void)line;
  if (!ok) {
    g_free(t.id);
    return FALSE;
  }
  t.tileset = g_strdup(r->set_id);
  t.file = g_strdup(r->file);
  g_array_append_val(r->types, t);
  return TRUE;
}

static gboolean
read_line(Reader *r, char *line)
{
  char *hash = strchr(line, '#');
  if (hash)
    *hash = '\0';
  g_strstrip(line);
  if (!*line)
    return TRUE;
  g_auto(GStrv) tok = g_strsplit_set(line, " \t", -1);
  /* drop empty tokens produced by runs of blanks */
  guint n = 0;
  for (guint i = 0; tok[i]; i++) {
    if (*tok[i])
      tok[n++] = tok[i];
    else
      g_free(tok[i]);
  }
  tok[n] = NULL;

  if (!r->set_id && strcmp(tok[0], "tileset") != 0)
    return fail(r, "the file must start with 'tileset <id>' (found '%s')",
                tok[0]);
  if (strcmp(tok[0], "tileset") == 0) {
    if (r->set_id)
      return fail(r, "'tileset' may appear only once");
    if (n != 2 || !valid_id(tok[1]))
      return fail(r, "'tileset' needs one id, e.g. 'tileset base'");
    for (guint i = 0; i < r->rules->tilesets->len; i++)
      if (strcmp(meeple_rules_tileset(r->rules, i)->id, tok[1]) == 0)
        return fail(r, "tile set '%s' is already loaded", tok[1]);
    if (!r->rules->ruleset_open && meeple_rules_find_ruleset(r->rules, tok[1]))
      return fail(r, "rule set '%s' is already part of these rules", tok[1]);
    r->set_id = g_strdup(tok[1]);
  } else if (strcmp(tok[0], "name") == 0) {
    if (n < 2 || r->set_name)
      return fail(r, "'name' needs a text and may appear once");
    r->set_name = g_strstrip(g_strdup(line + 4));
  } else if (strcmp(tok[0], "version") == 0) {
    if (n != 2 || r->set_version)
      return fail(r, "'version' needs one value and may appear once");
    r->set_version = g_strdup(tok[1]);
  } else if (strcmp(tok[0], "start") == 0) {
    if (n != 2 || r->start_id)
      return fail(r, "'start' needs one tile id and may appear once");
    if (meeple_rules_start_tile(r->rules) >= 0)
      return fail(r, "a start tile is already set by another tile set");
    r->start_id = g_strdup(tok[1]);
    r->start_line = r->line;
  } else if (strcmp(tok[0], "tile") == 0) {
    return read_tile(r, tok, n, line);
  } else {
    return fail(r, "unknown keyword '%s' (expected tileset, name, version, "
                "start or tile)", tok[0]);
  }
  return TRUE;
}

static gboolean
read_all(Reader *r, const char *data, gsize length)
{
  const char *nul = memchr(data, '\0', length);
  if (nul) {
    r->line = 1;
    for (const char *c = data; c < nul; c++)
      if (*c == '\n')
        r->line++;
    return fail(r, "contains a NUL byte; tile files are text");
  }
  const char *bad;
  if (!g_utf8_validate_len(data, length, &bad)) {
    r->line = 1;
    for (const char *c = data; c < bad; c++)
      if (*c == '\n')
        r->line++;
    return fail(r, "not valid UTF-8 text");
  }
  const char *p = data, *end = data + length;
  r->line = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (gsize)(end - p));
    gsize len = nl ? (gsize)(nl - p) : (gsize)(end - p);
    g_autofree char *line = g_strndup(p, len);
    r->line++;
    if (!read_line(r, line))
      return FALSE;
    p += len + (nl ? 1 : 0);
  }
  r->line++;
  if (!r->set_id)
    return fail(r, "no 'tileset <id>' line: not a tile file?");
  if (r->types->len == 0)
    return fail(r, "tile set '%s' defines no tiles", r->set_id);
  if (r->start_id) {
    guint i;
    for (i = 0; i < r->types->len; i++)
      if (strcmp(g_array_index(r->types, MeepleTileType, i).id,
                 r->start_id) == 0)
        break;
    r->line = r->start_line;
    if (i == r->types->len)
      return fail(r, "start tile '%s' is not defined in this file",
                  r->start_id);
  }
  return TRUE;
}

gboolean
meeple_rules_load_tiles_data(MeepleRules *rules, const char *data,
                             gsize length, const char *filename,
                             GError **error)
{
  Reader r = {
    .rules = rules,
    .file = filename ? filename : "<tiles>",
    .error = error,
    .types = g_array_new(FALSE, TRUE, sizeof(MeepleTileType)),
    .symbols_before = rules->n_symbols,
  };
  gboolean ok = read_all(&r, data, length);
  if (ok) {
    MeepleTileSetInfo *info = g_new0(MeepleTileSetInfo, 1);
    info->id = g_strdup(r.set_id);
    info->name = g_strdup(r.set_name ? r.set_name : r.set_id);
    info->version = g_strdup(r.set_version ? r.set_version : "0");
    info->file = g_strdup(r.file);
    info->n_types = r.types->len;
    guint first = rules->tile_types->len;
    for (guint i = 0; i < r.types->len; i++) {
      MeepleTileType *t = &g_array_index(r.types, MeepleTileType, i);
      info->n_tiles += t->count;
      g_array_append_val(rules->tile_types, *t);
      TileDerived d;
      PlacementFit fit;
      rules_derive(rules, first + i, &d, &fit);
      g_array_append_val(rules->derived, d);
      g_array_append_val(rules->fits, fit);
      if (r.start_id && strcmp(t->id, r.start_id) == 0)
        rules->start_tile = (int)(first + i);
    }
    g_ptr_array_add(rules->tilesets, info);
    /* A tile set loaded on its own is a rule set of its own (the base
     * game); one loaded during a plugin's set-up belongs to the plugin. */
    if (!rules->ruleset_open) {
      registry_begin_ruleset(rules, info->id, info->name, info->version);
      registry_end_ruleset(rules);
    }
    /* ownership of the ids moved to the rules */
    g_array_set_size(r.types, 0);
  } else {
    for (guint i = 0; i < r.types->len; i++) {
      MeepleTileType *t = &g_array_index(r.types, MeepleTileType, i);
      g_free(t->id);
      g_free(t->tileset);
      g_free(t->file);
    }
    /* forget symbols this file introduced */
    while (rules->n_symbols > r.symbols_before)
      g_free(rules->symbols[--rules->n_symbols]);
  }
  g_array_free(r.types, TRUE);
  g_free(r.set_id);
  g_free(r.set_name);
  g_free(r.set_version);
  g_free(r.start_id);
  return ok;
}

gboolean
meeple_rules_load_tiles(MeepleRules *rules, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  GError *io_error = NULL;
  if (!g_file_get_contents(path, &data, &length, &io_error)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_TILE_FILE, "%s: %s", path,
                io_error->message);
    g_error_free(io_error);
    return FALSE;
  }
  return meeple_rules_load_tiles_data(rules, data, length, path, error);
}
