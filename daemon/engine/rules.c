/* rules.c — the registry of segment kinds, symbols, figure types and tile
 * types a game is played with. */
#include "internal.h"

#include <string.h>

static void
kind_free(gpointer p)
{
  MeepleKind *k = p;
  g_free(k->name);
  g_free(k->code);
  g_free(k);
}

static void
figure_type_free(gpointer p)
{
  MeepleFigureType *f = p;
  g_free(f->name);
  g_free(f);
}

static void
tileset_free(gpointer p)
{
  MeepleTileSetInfo *s = p;
  g_free(s->id);
  g_free(s->name);
  g_free(s->version);
  g_free(s->file);
  g_free(s);
}

static void
tile_type_clear(gpointer p)
{
  MeepleTileType *t = p;
  g_free(t->id);
  g_free(t->tileset);
  g_free(t->file);
}

MeepleRules *
meeple_rules_new(void)
{
  MeepleRules *rules = g_new0(MeepleRules, 1);
  rules->ref_count = 1;
  rules->kinds = g_ptr_array_new_with_free_func(kind_free);
  rules->tile_types = g_array_new(FALSE, TRUE, sizeof(MeepleTileType));
  g_array_set_clear_func(rules->tile_types, tile_type_clear);
  rules->derived = g_array_new(FALSE, TRUE, sizeof(TileDerived));
  rules->fits = g_array_new(FALSE, TRUE, sizeof(PlacementFit));
  rules->tilesets = g_ptr_array_new_with_free_func(tileset_free);
  rules->figure_types = g_ptr_array_new_with_free_func(figure_type_free);
  rules->start_tile = -1;
  registry_init(rules);

  /* Order must match MeepleKindId.  Score groups follow BASE-25: roads,
   * cities, monasteries and gardens, ..., fields last. */
  meeple_rules_add_kind(rules, "road", "R", MEEPLE_SHAPE_EDGE, TRUE, 0, NULL);
  meeple_rules_add_kind(rules, "city", "C", MEEPLE_SHAPE_EDGE, TRUE, 1, NULL);
  meeple_rules_add_kind(rules, "field", "F", MEEPLE_SHAPE_FIELD, TRUE, 100,
                        NULL);
  meeple_rules_add_kind(rules, "monastery", "M", MEEPLE_SHAPE_SURROUND, TRUE,
                        2, NULL);
  meeple_rules_add_kind(rules, "garden", "G", MEEPLE_SHAPE_SURROUND, FALSE, 2,
                        NULL);
  /* BASE-08..10: what completing each feature cites; fields are never
   * completed, and the garden is decoration until The Abbot activates it
   * (ABBOT-02). */
  meeple_rules_activate_kind(rules, MEEPLE_KIND_ROAD, "BASE-08");
  meeple_rules_activate_kind(rules, MEEPLE_KIND_CITY, "BASE-09");
  meeple_rules_activate_kind(rules, MEEPLE_KIND_MONASTERY, "BASE-10");
  ((MeepleKind *)g_ptr_array_index(rules->kinds, MEEPLE_KIND_GARDEN))
      ->is_feature = FALSE;
  meeple_rules_add_figure_type(rules, "follower", TRUE, 7, NULL);
  /* a seat's figures are drawn as its digit; this is the type's own */
  static const MeepleLook follower_look = { 'F', "F", MEEPLE_COLOUR_SEAT,
                                            "meeple" };
  meeple_rules_set_figure_look(rules, MEEPLE_FIGURE_FOLLOWER, &follower_look);
  return rules;
}

MeepleRules *
meeple_rules_ref(MeepleRules *rules)
{
  g_atomic_int_inc(&rules->ref_count);
  return rules;
}

void
meeple_rules_unref(MeepleRules *rules)
{
  if (!rules || !g_atomic_int_dec_and_test(&rules->ref_count))
    return;
  registry_free(rules);
  g_ptr_array_unref(rules->kinds);
  for (guint i = 0; i < rules->n_symbols; i++)
    g_free(rules->symbols[i]);
  g_array_unref(rules->tile_types);
  g_array_unref(rules->derived);
  g_array_unref(rules->fits);
  g_ptr_array_unref(rules->tilesets);
  g_ptr_array_unref(rules->figure_types);
  g_free(rules);
}

int
meeple_rules_add_kind(MeepleRules *rules, const char *name, const char *code,
                      MeepleShape shape, gboolean follower_allowed,
                      int score_group, GError **error)
{
  for (guint i = 0; i < rules->kinds->len; i++) {
    const MeepleKind *k = rules_kind(rules, i);
    if (strcmp(k->name, name) == 0 || strcmp(k->code, code) == 0) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                  "segment kind '%s' (code '%s') clashes with kind '%s' "
                  "(code '%s')", name, code, k->name, k->code);
      return -1;
    }
  }
  if (rules->kinds->len >= 255 || !*code || !g_ascii_isupper(code[0])) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "cannot register segment kind '%s': code '%s' must start "
                "with a capital letter and at most 255 kinds exist",
                name, code);
    return -1;
  }
  for (const char *c = code; *c; c++)
    if (!g_ascii_isalpha(*c)) {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                  "segment kind code '%s' may contain letters only", code);
      return -1;
    }
  MeepleKind *k = g_new0(MeepleKind, 1);
  k->name = g_strdup(name);
  k->code = g_strdup(code);
  k->shape = shape;
  k->follower_allowed = follower_allowed;
  k->score_group = score_group;
  k->is_feature = TRUE;
  g_ptr_array_add(rules->kinds, k);
  return (int)rules->kinds->len - 1;
}

guint
meeple_rules_n_kinds(const MeepleRules *rules)
{
  return rules->kinds->len;
}

const MeepleKind *
meeple_rules_kind(const MeepleRules *rules, guint kind)
{
  g_return_val_if_fail(kind < rules->kinds->len, NULL);
  return rules_kind(rules, kind);
}

int
meeple_rules_find_symbol(const MeepleRules *rules, const char *name)
{
  for (guint i = 0; i < rules->n_symbols; i++)
    if (strcmp(rules->symbols[i], name) == 0)
      return (int)i;
  return -1;
}

int
meeple_rules_symbol(MeepleRules *rules, const char *name)
{
  int i = meeple_rules_find_symbol(rules, name);
  if (i >= 0)
    return i;
  if (rules->n_symbols >= MEEPLE_MAX_SYMBOLS)
    return -1;
  rules->symbols[rules->n_symbols] = g_strdup(name);
  return (int)rules->n_symbols++;
}

guint
meeple_rules_n_symbols(const MeepleRules *rules)
{
  return rules->n_symbols;
}

const char *
meeple_rules_symbol_name(const MeepleRules *rules, guint index)
{
  g_return_val_if_fail(index < rules->n_symbols, NULL);
  return rules->symbols[index];
}

gboolean
meeple_rules_set_symbol_look(MeepleRules *rules, guint symbol,
                             const MeepleSymbolLook *look)
{
  g_return_val_if_fail(rules && look, FALSE);
  /* a printable ASCII glyph, so that plain-text boards stay plain */
  if (symbol >= rules->n_symbols || look->glyph <= ' ' || look->glyph > '~' ||
      !look->unicode || !*look->unicode || !look->legend || !*look->legend)
    return FALSE;
  /* interned: a handful of short strings, which outlive the plugin that
   * gave them */
  rules->symbol_looks[symbol] = (MeepleSymbolLook){
    look->glyph, g_intern_string(look->unicode), g_intern_string(look->legend)
  };
  return TRUE;
}

const MeepleSymbolLook *
meeple_rules_symbol_look(const MeepleRules *rules, guint symbol)
{
  g_return_val_if_fail(rules, NULL);
  return symbol < rules->n_symbols && rules->symbol_looks[symbol].unicode
           ? &rules->symbol_looks[symbol]
           : NULL;
}

static int
add_figure_type(MeepleRules *rules, const char *name, gboolean is_follower,
                guint per_player, guint neutral, GError **error)
{
  /* Figure names are notation verbs ("abbot M"), so they share the name
   * space of action kinds. */
  gboolean bad_name = !name || !*name;
  for (const char *c = name; !bad_name && *c; c++)
    bad_name = !(g_ascii_islower(*c) || g_ascii_isdigit(*c) || *c == '-');
  if (bad_name || registry_reserved_verb(name) ||
      meeple_rules_find_figure_type(rules, name) >= 0 ||
      (rules->action_kinds && meeple_rules_find_action_kind(rules, name) >= 0) ||
      rules->figure_types->len >= 255 || per_player > 255 || neutral > 255) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "cannot register figure type '%s': the name must be new and "
                "lower-case letters, digits and '-'; at most 255 types and "
                "255 figures per player", name ? name : "(null)");
    return -1;
  }
  MeepleFigureType *f = g_new0(MeepleFigureType, 1);
  f->name = g_strdup(name);
  f->is_follower = is_follower;
  f->per_player = per_player;
  f->neutral = neutral;
  f->place_rule = "BASE-11";
  /* Followers are people (PD-10: the dragon eats every kind of
   * follower); a rule set says so of its neutral figures that are. */
  if (is_follower)
    f->traits |= MEEPLE_TRAIT_FOLLOWER | MEEPLE_TRAIT_LIVING;
  if (neutral > 0)
    f->traits |= MEEPLE_TRAIT_NEUTRAL;
  g_ptr_array_add(rules->figure_types, f);
  return (int)rules->figure_types->len - 1;
}

void
meeple_rules_set_figure_place_rule(MeepleRules *rules, guint figure,
                                   const char *rule)
{
  g_return_if_fail(figure < rules->figure_types->len && rule);
  ((MeepleFigureType *)g_ptr_array_index(rules->figure_types, figure))
      ->place_rule = rule;
}

void
meeple_rules_set_figure_kinds(MeepleRules *rules, guint figure, guint32 kinds)
{
  g_return_if_fail(figure < rules->figure_types->len);
  ((MeepleFigureType *)g_ptr_array_index(rules->figure_types, figure))->kinds =
      kinds;
}

gboolean
meeple_rules_figure_may_stand(const MeepleRules *rules, guint figure,
                              guint kind)
{
  g_return_val_if_fail(figure < rules->figure_types->len &&
                       kind < rules->kinds->len, FALSE);
  const MeepleFigureType *f = meeple_rules_figure_type(rules, figure);
  const MeepleKind *k = rules_kind(rules, kind);
  /* A type's own list wins over the kind's follower_allowed: the garden
   * takes no follower, yet the abbot (ABBOT-04). */
  if (f->kinds != 0)
    return k->is_feature && kind < 32 && (f->kinds & (1u << kind));
  return !f->is_follower || (k->follower_allowed && k->is_feature);
}

void
meeple_rules_add_figure_traits(MeepleRules *rules, guint figure,
                               guint32 traits)
{
  g_return_if_fail(figure < rules->figure_types->len);
  ((MeepleFigureType *)g_ptr_array_index(rules->figure_types, figure))
      ->traits |= traits;
}

gboolean
meeple_rules_figure_has_trait(const MeepleRules *rules, guint figure,
                              guint32 traits)
{
  g_return_val_if_fail(figure < rules->figure_types->len, FALSE);
  return (meeple_rules_figure_type(rules, figure)->traits & traits) == traits;
}

void
meeple_rules_add_symbol_traits(MeepleRules *rules, guint symbol,
                               guint32 traits)
{
  g_return_if_fail(symbol < rules->n_symbols);
  rules->symbol_traits[symbol] |= traits;
}

guint32
meeple_rules_symbol_traits(const MeepleRules *rules, guint symbol)
{
  return symbol < rules->n_symbols ? rules->symbol_traits[symbol] : 0;
}

guint32
meeple_rules_tile_symbol_traits(const MeepleRules *rules, guint type)
{
  g_return_val_if_fail(type < rules->tile_types->len, 0);
  guint32 symbols = rules_type(rules, type)->symbols, traits = 0;
  for (guint i = 0; symbols && i < rules->n_symbols; i++, symbols >>= 1)
    if (symbols & 1u)
      traits |= rules->symbol_traits[i];
  return traits;
}

int
meeple_rules_add_figure_type(MeepleRules *rules, const char *name,
                             gboolean is_follower, guint per_player,
                             GError **error)
{
  return add_figure_type(rules, name, is_follower, per_player, 0, error);
}

int
meeple_rules_add_neutral_figure_type(MeepleRules *rules, const char *name,
                                     guint count, GError **error)
{
  return add_figure_type(rules, name, FALSE, 0, count, error);
}

guint
meeple_rules_n_figure_types(const MeepleRules *rules)
{
  return rules->figure_types->len;
}

const MeepleFigureType *
meeple_rules_figure_type(const MeepleRules *rules, guint index)
{
  g_return_val_if_fail(index < rules->figure_types->len, NULL);
  return g_ptr_array_index(rules->figure_types, index);
}

int
meeple_rules_find_figure_type(const MeepleRules *rules, const char *name)
{
  for (guint i = 0; i < rules->figure_types->len; i++) {
    const MeepleFigureType *f = g_ptr_array_index(rules->figure_types, i);
    if (strcmp(f->name, name) == 0)
      return (int)i;
  }
  return -1;
}

guint
meeple_rules_n_tile_types(const MeepleRules *rules)
{
  return rules->tile_types->len;
}

const MeepleTileType *
meeple_rules_tile_type(const MeepleRules *rules, guint index)
{
  g_return_val_if_fail(index < rules->tile_types->len, NULL);
  return rules_type(rules, index);
}

int
meeple_rules_find_tile_type(const MeepleRules *rules, const char *id)
{
  for (guint i = 0; i < rules->tile_types->len; i++)
    if (strcmp(rules_type(rules, i)->id, id) == 0)
      return (int)i;
  return -1;
}

int
meeple_rules_start_tile(const MeepleRules *rules)
{
  return rules->start_tile;
}

guint
meeple_rules_n_tilesets(const MeepleRules *rules)
{
  return rules->tilesets->len;
}

const MeepleTileSetInfo *
meeple_rules_tileset(const MeepleRules *rules, guint index)
{
  g_return_val_if_fail(index < rules->tilesets->len, NULL);
  return g_ptr_array_index(rules->tilesets, index);
}

MeepleEdge
meeple_tile_edge(const MeepleTileType *type, guint rotation, MeepleSide side)
{
  return type->edges[unrot_side(side, rotation & 3)];
}

void
rules_derive(const MeepleRules *rules, guint index, TileDerived *d,
             PlacementFit *fit)
{
  const MeepleTileType *t = rules_type(rules, index);
  memset(d, 0, sizeof *d);
  memset(fit, 0, sizeof *fit);
  memset(d->side_segment, -1, sizeof d->side_segment);
  memset(d->half_segment, -1, sizeof d->half_segment);
  for (guint r = 0; r < 4; r++)
    for (guint s = 0; s < 4; s++)
      d->packed_edges[r] |= (uint8_t)(t->edges[s] << (2 * rot_side(s, r)));
  /* The signatures a rotation fits: on each side either no neighbour
   * (digit 0) or one showing this tile's edge there (digit 1 + edge), so
   * 16 of them per rotation, enumerated rather than all 625 tested (this
   * runs for every tile type whenever rules are built). */
  for (guint r = 0; r < 4; r++)
    for (guint sides = 0; sides < 16; sides++) {
      guint sig = 0;
      for (guint s = 0; s < 4; s++)
        if (sides & (1u << s))
          sig += frontier_sig_side(s, (d->packed_edges[r] >> (2 * s)) & 3u);
      fit->rotations[sig] |= (uint8_t)(1u << r);
    }
  for (guint i = 0; i < t->n_segments; i++) {
    const MeepleSegment *seg = &t->segments[i];
    switch (rules_kind(rules, seg->kind)->shape) {
    case MEEPLE_SHAPE_EDGE:
      for (guint s = 0; s < 4; s++)
        if (seg->edges & (1u << s)) {
          d->side_segment[s] = (int8_t)i;
          d->segment_open[i]++;
        }
      break;
    case MEEPLE_SHAPE_FIELD:
      for (guint h = 0; h < 8; h++)
        if (seg->halves & (1u << h))
          d->half_segment[h] = (int8_t)i;
      break;
    case MEEPLE_SHAPE_SURROUND:
      d->has_surround = TRUE;
      break;
    case MEEPLE_SHAPE_SPOT:
      break;
    }
  }
}

