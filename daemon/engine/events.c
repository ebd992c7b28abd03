/* events.c — event types and their specs: declared fields, the name of
 * their count, the sentence template, and filling it (meeple/events.h). */
#include "internal.h"

#include <string.h>

#define F(x) MEEPLE_EVENT_FIELD_##x

/* Order must match MeepleEventType. */
static const char *const core_event_names[MEEPLE_EVENT_CORE_COUNT] = {
  "turn-started", "tile-drawn", "tile-discarded", "tile-placed",
  "figure-placed", "figure-returned", "feature-completed",
  "points-scored", "game-over", "winner", "figure-moved", "tile-set-aside",
  "tiles-returned",
};

/* What each core type sets (the comments of MeepleEventType).  Seats,
 * segments and rules that some events of a type lack are declared all
 * the same: meeple_event_fields() leaves them out where they are absent
 * (no seat for the start tile, no segment for the dragon on its tile). */
static const MeepleEventSpec core_specs[MEEPLE_EVENT_CORE_COUNT] = {
  [MEEPLE_EVENT_TURN_STARTED] = { F(SEAT) | F(COUNT), "turn",
    "turn {count}: {seat} to play" },
  [MEEPLE_EVENT_TILE_DRAWN] = { F(SEAT) | F(TILE), NULL,
    "{seat} draws tile {tile}" },
  [MEEPLE_EVENT_TILE_DISCARDED] = { F(SEAT) | F(TILE) | F(RULE), NULL,
    "tile {tile} fits nowhere and leaves the game" },
  [MEEPLE_EVENT_TILE_PLACED] = { F(SEAT) | F(TILE) | F(CELL) | F(COUNT),
    "rotation", "[{seat} places ]tile {tile} at {cell}, turned "
    "{count:deg}°" },
  [MEEPLE_EVENT_FIGURE_PLACED] = { F(SEAT) | F(FIGURE) | F(CELL) |
    F(SEGMENT) | F(RULE), NULL,
    "[{seat}'s ]{figure} goes onto [the {segment} at ]{cell}" },
  [MEEPLE_EVENT_FIGURE_RETURNED] = { F(SEAT) | F(FIGURE) | F(CELL) |
    F(SEGMENT) | F(RULE), NULL,
    "[{seat}'s ]{figure} [on the {segment} ]at {cell} goes home" },
  [MEEPLE_EVENT_FEATURE_COMPLETED] = { F(KIND) | F(CELL) | F(SEGMENT) |
    F(COUNT) | F(RULE), "size",
    "the {kind} at {cell} is completed ({count} tile{count:s})" },
  [MEEPLE_EVENT_POINTS_SCORED] = { F(SEAT) | F(POINTS) | F(KIND) |
    F(CELL) | F(SEGMENT) | F(RULE), NULL,
    "{seat} scores {points} point{points:s}[ for the {kind}][ at {cell}]" },
  [MEEPLE_EVENT_GAME_OVER] = { 0, NULL, "the game is over" },
  [MEEPLE_EVENT_WINNER] = { F(SEAT) | F(POINTS), NULL,
    "{seat} wins with {points} point{points:s}" },
  [MEEPLE_EVENT_FIGURE_MOVED] = { F(SEAT) | F(FIGURE) | F(CELL) |
    F(SEGMENT) | F(RULE), NULL,
    "[{seat}'s ]{figure} moves to [the {segment} at ]{cell}" },
  [MEEPLE_EVENT_TILE_SET_ASIDE] = { F(SEAT) | F(TILE) | F(RULE), NULL,
    "{seat} sets tile {tile} aside" },
  [MEEPLE_EVENT_TILES_RETURNED] = { F(COUNT) | F(RULE), "tiles",
    "{count} set-aside tile{count:s} shuffled back into the supply" },
};

/* A type registered without a spec: every field, as before ABI 2.1. */
static const MeepleEventSpec untyped = { MEEPLE_EVENT_FIELDS_ALL, "arg",
                                         NULL };

static const char *const field_names[] = {
  "seat", "tile", "cell", "segment", "figure", "kind", "points", "count",
  "rule",
};

typedef struct {
  char *name;
  MeepleEventSpec spec;   /* strings owned */
} EventTypeDef;

static void
event_type_free(gpointer p)
{
  EventTypeDef *d = p;
  g_free(d->name);
  g_free((char *)d->spec.count_name);
  g_free((char *)d->spec.text);
  g_free(d);
}

void
events_init(MeepleRules *rules)
{
  rules->event_types = g_ptr_array_new_with_free_func(event_type_free);
}

const char *
meeple_event_field_name(guint32 field)
{
  for (guint i = 0; i < G_N_ELEMENTS(field_names); i++)
    if (field == 1u << i)
      return field_names[i];
  return NULL;
}

static guint32
field_by_name(const char *name, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS(field_names); i++)
    if (strlen(field_names[i]) == len &&
        strncmp(field_names[i], name, len) == 0)
      return 1u << i;
  return 0;
}

/* ---- the template language ------------------------------------------- */

typedef enum { FORM_PLAIN, FORM_NTH, FORM_S, FORM_ABS, FORM_DEG } Form;

/* One {field[:form]} at @p (just after the '{'); sets @end past the '}'.
 * FALSE on anything malformed. */
static gboolean
parse_ref(const char *p, guint32 *field, Form *form, const char **end)
{
  const char *close = strchr(p, '}');
  if (!close)
    return FALSE;
  const char *colon = memchr(p, ':', (gsize)(close - p));
  *field = field_by_name(p, (gsize)((colon ? colon : close) - p));
  *form = FORM_PLAIN;
  if (colon) {
    static const char *const forms[] = { "nth", "s", "abs", "deg" };
    gsize len = (gsize)(close - colon - 1);
    gboolean found = FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(forms) && !found; i++)
      if (strlen(forms[i]) == len && strncmp(forms[i], colon + 1, len) == 0) {
        *form = (Form)(i + 1);
        found = TRUE;
      }
    /* forms are for numbers only */
    if (!found || !(*field & (F(POINTS) | F(COUNT))))
      return FALSE;
  }
  *end = close + 1;
  return *field != 0;
}

gboolean
meeple_event_template_check(const char *text, guint32 fields, GError **error)
{
  gboolean in_group = FALSE;
  const char *why = NULL;
  for (const char *p = text; p && *p && !why;) {
    if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}') ||
        (p[0] == '[' && p[1] == '[') || (p[0] == ']' && p[1] == ']')) {
      p += 2;
    } else if (*p == '{') {
      guint32 field;
      Form form;
      if (!parse_ref(p + 1, &field, &form, &p))
        why = "an unknown field or form, or a '{' without '}'";
      else if (!(field & fields))
        why = "a field its type does not declare";
    } else if (*p == '}') {
      why = "a '}' without '{'";
    } else if (*p == '[') {
      why = in_group ? "a group inside a group" : NULL;
      in_group = TRUE;
      p++;
    } else if (*p == ']') {
      why = in_group ? NULL : "a ']' without '['";
      in_group = FALSE;
      p++;
    } else {
      p++;
    }
  }
  if (!why && in_group)
    why = "a '[' without ']'";
  if (why)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "event template \"%s\" has %s", text ? text : "", why);
  return why == NULL;
}

static const char *
kind_name(const MeepleRules *rules, guint kind)
{
  return kind < meeple_rules_n_kinds(rules)
             ? meeple_rules_kind(rules, kind)->name : "?";
}

static void
append_number(GString *out, int v, Form form)
{
  switch (form) {
  case FORM_NTH: {
    /* 1st 2nd 3rd 4th ... 11th 12th 13th ... 21st */
    int t = ABS(v) % 100, u = ABS(v) % 10;
    const char *suffix = t >= 11 && t <= 13 ? "th"
                         : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd"
                         : "th";
    g_string_append_printf(out, "%d%s", v, suffix);
    break;
  }
  case FORM_S:
    if (v != 1 && v != -1)
      g_string_append_c(out, 's');
    break;
  case FORM_ABS:
    g_string_append_printf(out, "%d", ABS(v));
    break;
  case FORM_DEG:
    g_string_append_printf(out, "%d", (((v % 4) + 4) % 4) * 90);
    break;
  case FORM_PLAIN:
    g_string_append_printf(out, "%d", v);
    break;
  }
}

typedef struct {
  const MeepleRules *rules;
  const MeepleGame *game;
  const MeepleEvent *e;
  const char *const *names;
  guint n_names;
} Filler;

static void
append_value(GString *out, const Filler *f, guint32 field, Form form)
{
  const MeepleEvent *e = f->e;
  const MeepleRules *rules = f->rules;
  switch (field) {
  case F(SEAT):
    if (f->names && (guint)e->player < f->n_names && f->names[e->player])
      g_string_append(out, f->names[e->player]);
    else
      g_string_append_printf(out, "seat %d", e->player + 1);
    break;
  case F(TILE):
    g_string_append(out, e->tile < meeple_rules_n_tile_types(rules)
                             ? meeple_rules_tile_type(rules, e->tile)->id
                             : "?");
    break;
  case F(CELL):
    g_string_append_printf(out, "%d,%d", e->x, e->y);
    break;
  case F(SEGMENT): {
    MeeplePlacedTile t;
    if (f->game && meeple_game_tile_at(f->game, e->x, e->y, &t) &&
        e->segment < meeple_rules_tile_type(rules, t.type)->n_segments)
      g_string_append(out, kind_name(rules,
                                     meeple_rules_tile_type(rules, t.type)
                                         ->segments[e->segment].kind));
    else
      g_string_append_printf(out, "segment %u", e->segment);
    break;
  }
  case F(FIGURE):
    g_string_append(out, e->figure < meeple_rules_n_figure_types(rules)
                             ? meeple_rules_figure_type(rules, e->figure)->name
                             : "?");
    break;
  case F(KIND):
    g_string_append(out, kind_name(rules, e->kind));
    break;
  case F(POINTS):
    append_number(out, e->points, form);
    break;
  case F(COUNT):
    append_number(out, e->arg, form);
    break;
  case F(RULE):
    g_string_append(out, e->rule ? e->rule : "");
    break;
  }
}

/* Fills @text (checked at registration) into @out; @has: the fields the
 * event has.  A group goes in only when every field named in it is had. */
static void
fill(GString *out, const char *text, guint32 has, const Filler *f)
{
  gsize group_start = 0;
  gboolean in_group = FALSE, group_ok = TRUE;
  for (const char *p = text; *p;) {
    if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}') ||
        (p[0] == '[' && p[1] == '[') || (p[0] == ']' && p[1] == ']')) {
      g_string_append_c(out, *p);
      p += 2;
    } else if (*p == '{') {
      guint32 field;
      Form form;
      if (!parse_ref(p + 1, &field, &form, &p))
        return; /* cannot happen: checked at registration */
      if (field & has)
        append_value(out, f, field, form);
      else
        group_ok = FALSE;
    } else if (*p == '[') {
      in_group = TRUE;
      group_ok = TRUE;
      group_start = out->len;
      p++;
    } else if (*p == ']') {
      if (in_group && !group_ok)
        g_string_truncate(out, group_start);
      in_group = FALSE;
      group_ok = TRUE;
      p++;
    } else {
      g_string_append_c(out, *p++);
    }
  }
}

/* "name: field value, ..." for a type without a template. */
static void
fill_generic(GString *out, const char *name, guint32 has, const Filler *f)
{
  g_string_append(out, name);
  const char *sep = ": ";
  for (guint i = 0; i < G_N_ELEMENTS(field_names); i++) {
    guint32 field = 1u << i;
    if (!(has & field) || field == F(RULE))
      continue;
    g_string_append_printf(out, "%s%s ", sep, field_names[i]);
    append_value(out, f, field, FORM_PLAIN);
    sep = ", ";
  }
}

/* ---- registry ------------------------------------------------------------ */

static int
add_event_type(MeepleRules *rules, const char *name,
               const MeepleEventSpec *spec, GError **error)
{
  gboolean taken = FALSE;
  for (guint i = 0; i < meeple_rules_n_event_types(rules); i++)
    taken |= strcmp(meeple_rules_event_type_name(rules, i), name) == 0;
  if (!registry_check_name("event type", name, error) ||
      registry_name_taken("event type", name, taken, error))
    return -1;
  if (spec && ((spec->fields & ~MEEPLE_EVENT_FIELDS_ALL) ||
               (spec->text && !meeple_event_template_check(spec->text,
                                                           spec->fields,
                                                           error)))) {
    if (error && !*error)
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                  "event type '%s' declares unknown fields", name);
    return -1;
  }
  if (meeple_rules_n_event_types(rules) >= G_MAXUINT16) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "too many event types");
    return -1;
  }
  EventTypeDef *d = g_new0(EventTypeDef, 1);
  d->name = g_strdup(name);
  const MeepleEventSpec *s = spec ? spec : &untyped;
  d->spec.fields = s->fields;
  /* a declared count is named, "count" when the type says nothing */
  d->spec.count_name = g_strdup(s->count_name ? s->count_name
                                : (s->fields & F(COUNT)) ? "count" : NULL);
  d->spec.text = g_strdup(s->text);
  g_ptr_array_add(rules->event_types, d);
  return MEEPLE_EVENT_CORE_COUNT + (int)rules->event_types->len - 1;
}

int
meeple_rules_add_event_type(MeepleRules *rules, const char *name,
                            GError **error)
{
  return add_event_type(rules, name, NULL, error);
}

int
meeple_rules_add_typed_event(MeepleRules *rules, const char *name,
                             const MeepleEventSpec *spec, GError **error)
{
  g_return_val_if_fail(spec != NULL, -1);
  return add_event_type(rules, name, spec, error);
}

guint
meeple_rules_n_event_types(const MeepleRules *rules)
{
  return MEEPLE_EVENT_CORE_COUNT + rules->event_types->len;
}

static const EventTypeDef *
plugin_type(const MeepleRules *rules, guint type)
{
  type -= MEEPLE_EVENT_CORE_COUNT;
  return rules && type < rules->event_types->len
             ? g_ptr_array_index(rules->event_types, type) : NULL;
}

const char *
meeple_rules_event_type_name(const MeepleRules *rules, guint type)
{
  if (type < MEEPLE_EVENT_CORE_COUNT)
    return core_event_names[type];
  const EventTypeDef *d = plugin_type(rules, type);
  return d ? d->name : "unknown-event";
}

const char *
meeple_event_type_name(guint type)
{
  return type < MEEPLE_EVENT_CORE_COUNT ? core_event_names[type]
                                        : "plugin-event";
}

const MeepleEventSpec *
meeple_rules_event_spec(const MeepleRules *rules, guint type)
{
  if (type < MEEPLE_EVENT_CORE_COUNT)
    return &core_specs[type];
  const EventTypeDef *d = plugin_type(rules, type);
  return d ? &d->spec : &untyped;
}

guint32
meeple_event_fields(const MeepleRules *rules, const MeepleEvent *e)
{
  guint32 f = meeple_rules_event_spec(rules, e->type)->fields;
  guint32 declared = f;
  if (e->player < 0)
    f &= ~F(SEAT);
  if (e->x == MEEPLE_EVENT_NO_CELL)
    f &= ~(F(CELL) | F(SEGMENT));
  if (e->segment == MEEPLE_SEGMENT_NONE)
    f &= ~F(SEGMENT);
  /* the kind is the kind of the segment's feature: without the segment
   * (a penalty for ghosts, a fairy on its tile) the event names none */
  if ((declared & F(SEGMENT)) && !(f & F(SEGMENT)))
    f &= ~F(KIND);
  if (!e->rule)
    f &= ~F(RULE);
  return f;
}

char *
meeple_event_text(const MeepleRules *rules, const MeepleGame *game,
                  const MeepleEvent *e, const char *const *seat_names,
                  guint n_names)
{
  const MeepleEventSpec *spec = meeple_rules_event_spec(rules, e->type);
  Filler f = { rules, game, e, seat_names, n_names };
  GString *out = g_string_new(NULL);
  guint32 has = meeple_event_fields(rules, e);
  if (spec->text)
    fill(out, spec->text, has, &f);
  else
    fill_generic(out, meeple_rules_event_type_name(rules, e->type), has, &f);
  return g_string_free(out, FALSE);
}
