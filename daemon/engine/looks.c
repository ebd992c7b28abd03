/* looks.c — how figure types, segment kinds and symbols look
 * (meeple/looks.h), with defaults for those no rule set describes. */
#include "internal.h"

#include <string.h>

typedef struct {
  gboolean set;
  MeepleLook look;   /* strings interned */
} LookDef;

static const char *const colour_names[MEEPLE_COLOUR_COUNT] = {
  "none", "road", "city", "field", "monastery", "other", "seat", "neutral",
};

const char *
meeple_colour_role_name(MeepleColourRole role)
{
  return (guint)role < MEEPLE_COLOUR_COUNT ? colour_names[role] : NULL;
}

/* The core's kinds, in MeepleKindId order: the glyphs the board has
 * always been drawn with (roads: the straight piece; a client draws the
 * bends from the shape). */
static const MeepleLook core_kinds[MEEPLE_KIND_CORE_COUNT] = {
  { '-', "─", MEEPLE_COLOUR_ROAD, "band" },
  { '#', "▓", MEEPLE_COLOUR_CITY, "area" },
  { '.', "·", MEEPLE_COLOUR_FIELD, "area" },
  { 'M', "†", MEEPLE_COLOUR_MONASTERY, "building" },
  { 'g', "♣", MEEPLE_COLOUR_FIELD, "tree" },
};

void
looks_init(MeepleRules *rules)
{
  rules->figure_looks = g_array_new(FALSE, TRUE, sizeof(LookDef));
  rules->kind_looks = g_array_new(FALSE, TRUE, sizeof(LookDef));
  rules->symbol_styles = g_array_new(FALSE, TRUE, sizeof(LookDef));
}

void
looks_free(MeepleRules *rules)
{
  g_array_unref(rules->figure_looks);
  g_array_unref(rules->kind_looks);
  g_array_unref(rules->symbol_styles);
}

/* One character of one cell: a single UTF-8 character (widths are the
 * client's business; rule sets pick narrow ones). */
static gboolean
look_valid(const MeepleLook *look)
{
  if (!look || look->ascii < 0x21 || look->ascii > 0x7e || !look->unicode ||
      !*look->unicode || !g_utf8_validate(look->unicode, -1, NULL) ||
      g_utf8_strlen(look->unicode, -1) != 1 ||
      (guint)look->colour >= MEEPLE_COLOUR_COUNT || !look->shape ||
      !*look->shape)
    return FALSE;
  for (const char *c = look->shape; *c; c++)
    if (!g_ascii_islower(*c) && *c != '-')
      return FALSE;
  return TRUE;
}

static gboolean
set_look(GArray *looks, guint index, guint n, const MeepleLook *look)
{
  if (index >= n || !look_valid(look))
    return FALSE;
  if (looks->len <= index)
    g_array_set_size(looks, index + 1);
  LookDef *d = &g_array_index(looks, LookDef, index);
  d->set = TRUE;
  d->look = (MeepleLook){ look->ascii, g_intern_string(look->unicode),
                          look->colour, g_intern_string(look->shape) };
  return TRUE;
}

static const MeepleLook *
get_look(GArray *looks, guint index)
{
  const LookDef *d = index < looks->len
                       ? &g_array_index(looks, LookDef, index) : NULL;
  return d && d->set ? &d->look : NULL;
}

gboolean
meeple_rules_set_figure_look(MeepleRules *rules, guint figure,
                             const MeepleLook *look)
{
  return set_look(rules->figure_looks, figure,
                  meeple_rules_n_figure_types(rules), look);
}

gboolean
meeple_rules_set_kind_look(MeepleRules *rules, guint kind,
                           const MeepleLook *look)
{
  return set_look(rules->kind_looks, kind, meeple_rules_n_kinds(rules), look);
}

gboolean
meeple_rules_set_symbol_style(MeepleRules *rules, guint symbol,
                              const MeepleLook *look)
{
  return set_look(rules->symbol_styles, symbol, meeple_rules_n_symbols(rules),
                  look);
}

/* One ASCII character as an interned string. */
static const char *
char_string(char c)
{
  char s[2] = { c, '\0' };
  return g_intern_string(s);
}

gboolean
meeple_rules_figure_look(const MeepleRules *rules, guint figure,
                         MeepleLook *out)
{
  const MeepleFigureType *f = figure < meeple_rules_n_figure_types(rules)
                                ? meeple_rules_figure_type(rules, figure)
                                : NULL;
  if (!f)
    return FALSE;
  const MeepleLook *own = get_look(rules->figure_looks, figure);
  if (own) {
    *out = *own;
    return TRUE;
  }
  /* names are [a-z0-9-]+: the initial is printable */
  char initial = g_ascii_toupper(f->name[0]);
  *out = (MeepleLook){ initial, char_string(initial),
                       f->neutral ? MEEPLE_COLOUR_NEUTRAL : MEEPLE_COLOUR_SEAT,
                       "meeple" };
  return TRUE;
}

gboolean
meeple_rules_kind_look(const MeepleRules *rules, guint kind, MeepleLook *out)
{
  if (kind >= meeple_rules_n_kinds(rules))
    return FALSE;
  const MeepleLook *own = get_look(rules->kind_looks, kind);
  if (own)
    *out = *own;
  else if (kind < MEEPLE_KIND_CORE_COUNT)
    *out = core_kinds[kind];
  else {
    /* codes start with a capital letter (meeple_rules_add_kind()) */
    char c = g_ascii_tolower(meeple_rules_kind(rules, kind)->code[0]);
    *out = (MeepleLook){ c, char_string(c), MEEPLE_COLOUR_OTHER, "spot" };
  }
  return TRUE;
}

gboolean
meeple_rules_symbol_style(const MeepleRules *rules, guint symbol,
                          MeepleLook *out)
{
  const MeepleLook *own = get_look(rules->symbol_styles, symbol);
  if (own) {
    *out = *own;
    return TRUE;
  }
  const MeepleSymbolLook *look = meeple_rules_symbol_look(rules, symbol);
  if (!look)
    return FALSE;
  *out = (MeepleLook){ look->glyph, look->unicode, MEEPLE_COLOUR_FIELD,
                       "area" };
  return TRUE;
}
