/* turn.c — decisions read as board targets (see turn.h). */
#include "config.h"

#include <string.h>

#include "turn.h"

void
mg_turn_init(MgTurn *t)
{
  t->tile = -1;
  t->placements = g_array_new(FALSE, FALSE, sizeof(MgBoardPlacement));
  t->targets = g_array_new(FALSE, FALSE, sizeof(MgBoardTarget));
  t->pass = -1;
}

void
mg_turn_clear(MgTurn *t)
{
  g_array_unref(t->placements);
  g_array_unref(t->targets);
}

gboolean
mg_turn_action_has_cell(const MeepleClientAction *a)
{
  return (a->segment && *a->segment) ||
         (a->notation && strchr(a->notation, '@'));
}

int
mg_turn_segment_index(const MeepleClientState *state,
                      const MeepleClientCatalog *catalog, int x, int y,
                      const char *name)
{
  if (!state || !name || !*name)
    return -1;
  for (guint i = 0; i < state->board->len; i++) {
    const MeepleClientTile *t = g_ptr_array_index(state->board, i);
    if (t->x != x || t->y != y)
      continue;
    int type = meeple_client_catalog_find_tile(catalog, t->tile);
    if (type < 0)
      return -1;
    const MeepleTileType *tt = &g_array_index(catalog->tiles, MeepleTileType,
                                              type);
    for (guint s = 0; s < tt->n_segments; s++)
      if (strcmp(tt->segments[s].name, name) == 0)
        return (int)s;
    return -1;
  }
  return -1;
}

void
mg_turn_build(MgTurn *t, const MeepleClientDecision *d,
              const MeepleClientState *state,
              const MeepleClientCatalog *catalog)
{
  t->tile = -1;
  t->pass = -1;
  g_array_set_size(t->placements, 0);
  g_array_set_size(t->targets, 0);
  if (!d)
    return;
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    if (strcmp(a->kind, "pass") == 0) {
      t->pass = (int)i;
      continue;
    }
    if (strcmp(a->kind, "place") == 0 && a->tile && *a->tile) {
      t->tile = meeple_client_catalog_find_tile(catalog, a->tile);
      guint p;
      for (p = 0; p < t->placements->len; p++) {
        MgBoardPlacement *pl =
            &g_array_index(t->placements, MgBoardPlacement, p);
        if (pl->x == a->x && pl->y == a->y) {
          pl->rotations |= 1u << (a->rotation % 4);
          break;
        }
      }
      if (p == t->placements->len) {
        MgBoardPlacement pl = { a->x, a->y, 1u << (a->rotation % 4) };
        g_array_append_val(t->placements, pl);
      }
      continue;
    }
    if (!mg_turn_action_has_cell(a))
      continue;
    MgBoardTarget target = {
      .x = a->x, .y = a->y,
      .segment = mg_turn_segment_index(state, catalog, a->x, a->y,
                                       a->segment),
      .action = i,
    };
    g_array_append_val(t->targets, target);
  }
}

int
mg_turn_find_place(const MeepleClientDecision *d, int x, int y,
                   guint rotation)
{
  for (guint i = 0; d && i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    if (strcmp(a->kind, "place") == 0 && a->x == x && a->y == y &&
        a->rotation % 4 == rotation % 4)
      return (int)i;
  }
  return -1;
}

const char *
mg_turn_segment_kind(const MeepleClientState *state,
             const MeepleClientCatalog *catalog, int x, int y,
             const char *segment)
{
  int s = catalog ? mg_turn_segment_index(state, catalog, x, y, segment)
                  : -1;
  if (s < 0)
    return NULL;
  for (guint i = 0; i < state->board->len; i++) {
    const MeepleClientTile *t = g_ptr_array_index(state->board, i);
    if (t->x == x && t->y == y) {
      int type = meeple_client_catalog_find_tile(catalog, t->tile);
      const MeepleTileType *tt =
          &g_array_index(catalog->tiles, MeepleTileType, type);
      guint kind = tt->segments[s].kind;
      return kind < catalog->kinds->len
                 ? ((const MeepleClientKind *)g_ptr_array_index(
                        catalog->kinds, kind))->name
                 : NULL;
    }
  }
  return NULL;
}

/* "figure-move" -> "Figure move". */
static char *
words_of(const char *name)
{
  char *w = g_strdup(name ? name : "");
  for (char *p = w; *p; p++)
    if (*p == '-' || *p == '_')
      *p = ' ';
  if (*w)
    w[0] = g_ascii_toupper(w[0]);
  return w;
}

char *
mg_turn_describe(const MeepleClientAction *a, const MeepleClientState *state,
                 const MeepleClientCatalog *catalog)
{
  if (strcmp(a->kind, "pass") == 0)
    return g_strdup("Pass: place no figure");
  if (strcmp(a->kind, "place") == 0)
    return g_strdup_printf("Place tile %s at %d,%d turned %u°", a->tile,
                           a->x, a->y, (a->rotation % 4) * 90);
  const char *kind = mg_turn_segment_kind(state, catalog, a->x, a->y,
                                          a->segment);
  const char *figure = a->figure && *a->figure ? a->figure : NULL;
  if (strcmp(a->kind, "figure") == 0 && figure)
    return g_strdup_printf("Put a%s %s on the %s (%s) at %d,%d",
                           strchr("aeiou", figure[0]) ? "n" : "", figure,
                           kind ? kind : "segment", a->segment, a->x, a->y);
  /* a rule set's action: its name in words, then what it names */
  g_autofree char *verb = words_of(a->kind);
  GString *s = g_string_new(verb);
  if (figure && strcmp(figure, a->kind) != 0)
    g_string_append_printf(s, ": %s", figure);
  if (a->segment && *a->segment)
    g_string_append_printf(s, " on the %s (%s)", kind ? kind : "segment",
                           a->segment);
  if (mg_turn_action_has_cell(a))
    g_string_append_printf(s, " at %d,%d", a->x, a->y);
  g_string_append_printf(s, "  [%s]", a->notation);
  return g_string_free(s, FALSE);
}

const char *
mg_turn_kind_words(const MeepleClientDecision *d)
{
  if (d->description && *d->description)
    return d->description;
  return d->kind;
}
