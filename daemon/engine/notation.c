/* notation.c — actions as text (meeple/notation.h, doc/game-record.md). */
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Appends @n in decimal: the decision lists format hundreds of actions,
 * and printf's machinery was most of their cost. */
static void
append_int(GString *out, int n)
{
  char digits[12];
  int i = 0;
  unsigned int u = n < 0 ? 0u - (unsigned int)n : (unsigned int)n;
  do
    digits[i++] = (char)('0' + u % 10u);
  while ((u /= 10u) != 0);
  if (n < 0)
    g_string_append_c(out, '-');
  while (i > 0)
    g_string_append_c(out, digits[--i]);
}

static void
append_word(GString *out, const char *word)
{
  g_string_append_c(out, ' ');
  g_string_append(out, word);
}

static void
append_cell(GString *out, int x, int y)
{
  g_string_append(out, " @ ");
  append_int(out, x);
  g_string_append_c(out, ',');
  append_int(out, y);
}

static const char *
figure_name(const MeepleGame *g, guint figure)
{
  return figure < meeple_rules_n_figure_types(g->rules)
             ? meeple_rules_figure_type(g->rules, figure)->name
             : "?";
}

/* The name of segment @segment of the tile in board slot @slot, "?"
 * without one. */
static const char *
segment_name(const MeepleGame *g, int slot, guint segment)
{
  const MeepleTileType *t =
      slot >= 0 ? rules_type(g->rules, g->placed[slot].type) : NULL;
  return t && segment < t->n_segments ? t->segments[segment].name : "?";
}

void
meeple_action_append_string(const MeepleGame *g, const MeepleAction *a,
                            GString *out)
{
  switch (a->kind) {
  case MEEPLE_ACTION_PLACE_TILE:
    g_string_append(out, "place ");
    g_string_append(out, a->tile < meeple_rules_n_tile_types(g->rules)
                             ? rules_type(g->rules, a->tile)->id : "?");
    append_cell(out, a->x, a->y);
    g_string_append(out, " r");
    append_int(out, (int)a->rotation * 90);
    return;
  case MEEPLE_ACTION_PASS:
    g_string_append(out, "pass");
    return;
  case MEEPLE_ACTION_PLACE_FIGURE: {
    int slot = board_slot_at(g, a->x, a->y);
    g_string_append(out, figure_name(g, a->figure));
    append_word(out, segment_name(g, slot, a->segment));
    /* on this turn's tile the cell goes without saying */
    if (slot < 0 || slot != g->last_slot)
      append_cell(out, a->x, a->y);
    return;
  }
  default:
    break;
  }
  if (a->kind >= meeple_rules_n_action_kinds(g->rules)) {
    g_string_append(out, "action-");
    append_int(out, (int)a->kind);
    return;
  }
  /* a rule set's kind: NAME [FIGURE] [SEGMENT] [@ X,Y] [ARG] */
  const MeepleActionKindInfo *k = meeple_rules_action_kind(g->rules, a->kind);
  g_string_append(out, k->name);
  if (k->fields & MEEPLE_ACTION_USES_FIGURE)
    append_word(out, figure_name(g, a->figure));
  if (k->fields & MEEPLE_ACTION_USES_SEGMENT)
    append_word(out, segment_name(g, board_slot_at(g, a->x, a->y),
                                  a->segment));
  if (k->fields & (MEEPLE_ACTION_USES_SEGMENT | MEEPLE_ACTION_USES_CELL))
    append_cell(out, a->x, a->y);
  if (k->fields & MEEPLE_ACTION_USES_ARG) {
    g_string_append_c(out, ' ');
    append_int(out, (int)a->arg);
  }
}

char *
meeple_action_to_string(const MeepleGame *g, const MeepleAction *a)
{
  GString *out = g_string_sized_new(32);
  meeple_action_append_string(g, a, out);
  return g_string_free(out, FALSE);
}

typedef struct {
  const char *start;
  const char *p;
  guint *column;
  GError **error;
} Cursor;

/* The longest notation error message, in bytes (before the "…"). */
#define NOTATION_ERROR_MAX 200

G_GNUC_PRINTF(2, 3) static gboolean
fail(Cursor *c, const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  g_autofree char *msg = g_strdup_vprintf(format, ap);
  va_end(ap);
  if (c->column)
    *c->column = (guint)(c->p - c->start) + 1;
  /* The words quoted come from the caller and may be a megabyte long:
   * the message keeps a bounded part, in whole characters. */
  gsize keep = strlen(msg);
  if (keep > NOTATION_ERROR_MAX) {
    keep = NOTATION_ERROR_MAX;
    while (keep > 0 && ((guchar)msg[keep] & 0xC0) == 0x80)
      keep--;
    g_set_error(c->error, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION, "%.*s…",
                (int)keep, msg);
    return FALSE;
  }
  g_set_error(c->error, MEEPLE_ERROR, MEEPLE_ERROR_NOTATION, "%s", msg);
  return FALSE;
}

/* The start of @s for a message: at most @max characters, always valid
 * UTF-8 (the input may be anything). */
static char *
excerpt(const char *s, glong max)
{
  g_autofree char *valid = g_utf8_make_valid(s, -1);
  if (g_utf8_strlen(valid, -1) <= max)
    return g_steal_pointer(&valid);
  g_autofree char *head = g_utf8_substring(valid, 0, max);
  return g_strconcat(head, "...", NULL);
}

static void
skip_blanks(Cursor *c)
{
  while (*c->p == ' ' || *c->p == '\t')
    c->p++;
}

/* Next word (up to a blank); empty at the end. */
static char *
word(Cursor *c)
{
  skip_blanks(c);
  const char *s = c->p;
  while (*c->p && *c->p != ' ' && *c->p != '\t')
    c->p++;
  return g_strndup(s, (gsize)(c->p - s));
}

static gboolean
read_int(Cursor *c, int16_t *out)
{
  skip_blanks(c);
  const char *s = c->p;
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || (!g_ascii_isdigit(*s) && *s != '-')) {
    g_autofree char *found = excerpt(s, 10);
    return fail(c, "expected a whole number, found '%s'", found);
  }
  if (errno || v < -32000 || v > 32000) {
    g_autofree char *found = excerpt(s, 10);
    return fail(c, "coordinate %s is out of range (-32000 to 32000)", found);
  }
  c->p = end;
  *out = (int16_t)v;
  return TRUE;
}

/* "@ x,y" */
static gboolean
read_cell(Cursor *c, int16_t *x, int16_t *y)
{
  skip_blanks(c);
  if (*c->p != '@')
    return fail(c, "expected '@' before the cell, e.g. '@ 1,0'");
  c->p++;
  if (!read_int(c, x))
    return FALSE;
  skip_blanks(c);
  if (*c->p != ',')
    return fail(c, "expected ',' between x and y, e.g. '@ 1,0'");
  c->p++;
  return read_int(c, y);
}

static gboolean
at_end(Cursor *c)
{
  skip_blanks(c);
  if (*c->p) {
    g_autofree char *found = excerpt(c->p, 20);
    return fail(c, "unexpected '%s' at the end of the action", found);
  }
  return TRUE;
}

static gboolean
parse_place(const MeepleGame *g, Cursor *c, MeepleAction *a)
{
  a->kind = MEEPLE_ACTION_PLACE_TILE;
  skip_blanks(c);
  const char *id_at = c->p;
  g_autofree char *id = word(c);
  if (!*id)
    return fail(c, "'place' needs a tile id, e.g. 'place D @ 1,0 r90'");
  int type = meeple_rules_find_tile_type(g->rules, id);
  if (type < 0) {
    c->p = id_at;
    return fail(c, "unknown tile '%s'", id);
  }
  a->tile = (uint16_t)type;
  if (!read_cell(c, &a->x, &a->y))
    return FALSE;
  skip_blanks(c);
  const char *rot_at = c->p;
  g_autofree char *rot = word(c);
  if (rot[0] != 'r' ||
      (strcmp(rot + 1, "0") && strcmp(rot + 1, "90") &&
       strcmp(rot + 1, "180") && strcmp(rot + 1, "270"))) {
    c->p = rot_at;
    return fail(c, "expected the rotation r0, r90, r180 or r270, found '%s'",
                rot);
  }
  a->rotation = (uint8_t)(atoi(rot + 1) / 90);
  return at_end(c);
}

/* The segment named @seg (read at @seg_at) of the tile in @slot. */
static gboolean
find_segment(const MeepleGame *g, Cursor *c, int slot, const char *seg,
             const char *seg_at, MeepleAction *a)
{
  const MeepleTileType *t = rules_type(g->rules, g->placed[slot].type);
  for (guint i = 0; i < t->n_segments; i++)
    if (strcmp(t->segments[i].name, seg) == 0) {
      a->segment = (uint8_t)i;
      return TRUE;
    }
  GString *names = g_string_new(NULL);
  for (guint i = 0; i < t->n_segments; i++)
    g_string_append_printf(names, "%s%s", i ? ", " : "",
                           t->segments[i].name);
  c->p = seg_at;
  fail(c, "tile %s has no segment '%s' (it has %s)", t->id, seg, names->str);
  g_string_free(names, TRUE);
  return FALSE;
}

/* A rule set's action kind: NAME [FIGURE] [SEGMENT] [@ X,Y] [ARG]. */
static gboolean
parse_plugin_action(const MeepleGame *g, Cursor *c, guint kind,
                    MeepleAction *a)
{
  const MeepleActionKindInfo *k = meeple_rules_action_kind(g->rules, kind);
  a->kind = (uint16_t)kind;
  if (k->fields & MEEPLE_ACTION_USES_FIGURE) {
    skip_blanks(c);
    const char *at = c->p;
    g_autofree char *name = word(c);
    int figure = meeple_rules_find_figure_type(g->rules, name);
    if (figure < 0) {
      c->p = at;
      return fail(c, "'%s' needs a figure type, found '%s'", k->name, name);
    }
    a->figure = (uint8_t)figure;
  }
  g_autofree char *seg = NULL;
  const char *seg_at = NULL;
  if (k->fields & MEEPLE_ACTION_USES_SEGMENT) {
    skip_blanks(c);
    seg_at = c->p;
    seg = word(c);
    if (!*seg)
      return fail(c, "'%s' needs a segment, e.g. '%s M @ 0,0'", k->name,
                  k->name);
  }
  if (k->fields & (MEEPLE_ACTION_USES_SEGMENT | MEEPLE_ACTION_USES_CELL)) {
    if (!read_cell(c, &a->x, &a->y))
      return FALSE;
    int slot = board_slot_at(g, a->x, a->y);
    if (seg && slot < 0)
      return fail(c, "no tile at %d,%d", a->x, a->y);
    if (seg && !find_segment(g, c, slot, seg, seg_at, a))
      return FALSE;
  }
  if (k->fields & MEEPLE_ACTION_USES_ARG) {
    int16_t v;
    if (!read_int(c, &v))
      return FALSE;
    if (v < 0 || v > 255)
      return fail(c, "'%s' takes a number from 0 to 255", k->name);
    a->arg = (uint8_t)v;
  }
  return at_end(c);
}

static gboolean
parse_figure(const MeepleGame *g, Cursor *c, int figure, MeepleAction *a)
{
  a->kind = MEEPLE_ACTION_PLACE_FIGURE;
  a->figure = (uint8_t)figure;
  skip_blanks(c);
  const char *seg_at = c->p;
  g_autofree char *seg = word(c);
  if (!*seg)
    return fail(c, "'%s' needs a segment of the tile, e.g. '%s C1'",
                meeple_rules_figure_type(g->rules, (guint)figure)->name,
                meeple_rules_figure_type(g->rules, (guint)figure)->name);
  int slot;
  skip_blanks(c);
  if (*c->p == '@') {
    if (!read_cell(c, &a->x, &a->y))
      return FALSE;
    slot = board_slot_at(g, a->x, a->y);
    if (slot < 0)
      return fail(c, "no tile at %d,%d", a->x, a->y);
  } else {
    slot = g->last_slot;
    if (slot < 0)
      return fail(c, "no tile was placed this turn; say where, e.g. '%s "
                  "%s @ 0,0'", meeple_rules_figure_type(g->rules,
                                                       (guint)figure)->name,
                  seg);
    a->x = g->placed[slot].x;
    a->y = g->placed[slot].y;
  }
  return find_segment(g, c, slot, seg, seg_at, a) && at_end(c);
}

gboolean
meeple_action_parse(const MeepleGame *g, const char *text,
                    MeepleAction *action, guint *column, GError **error)
{
  Cursor c = { .start = text, .p = text, .column = column, .error = error };
  MeepleAction a;
  memset(&a, 0, sizeof a);
  skip_blanks(&c);
  const char *verb_at = c.p;
  g_autofree char *verb = word(&c);
  gboolean ok;
  int figure, kind;
  if (strcmp(verb, "place") == 0) {
    ok = parse_place(g, &c, &a);
  } else if (strcmp(verb, "pass") == 0) {
    a.kind = MEEPLE_ACTION_PASS;
    ok = at_end(&c);
  } else if ((figure = meeple_rules_find_figure_type(g->rules, verb)) >= 0) {
    ok = parse_figure(g, &c, figure, &a);
  } else if ((kind = meeple_rules_find_action_kind(g->rules, verb)) >=
             MEEPLE_ACTION_CORE_COUNT) {
    ok = parse_plugin_action(g, &c, (guint)kind, &a);
  } else {
    c.p = verb_at;
    ok = fail(&c, *verb ? "unknown action '%s' (expected 'place', 'pass' or "
                          "a figure such as 'follower')"
                        : "empty action%s", verb);
  }
  if (ok)
    *action = a;
  return ok;
}
