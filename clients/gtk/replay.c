/* replay.c — boards rebuilt from the event log (see replay.h). */
#include "config.h"

#include <string.h>

#include "replay.h"

void
mg_replay_board_init(MgReplayBoard *b)
{
  b->tiles = g_array_new(FALSE, FALSE, sizeof(MgBoardTile));
  b->figures = g_array_new(FALSE, FALSE, sizeof(MgBoardFigure));
  b->has_last = FALSE;
}

void
mg_replay_board_clear(MgReplayBoard *b)
{
  g_array_unref(b->tiles);
  g_array_unref(b->figures);
}

static int
segment_of(MgReplayBoard *b, const MeepleClientCatalog *catalog, int x, int y,
           const char *name)
{
  if (!name || !*name)
    return -1;
  for (guint i = 0; i < b->tiles->len; i++) {
    const MgBoardTile *t = &g_array_index(b->tiles, MgBoardTile, i);
    if (t->x != x || t->y != y || t->type < 0)
      continue;
    const MeepleTileType *tt =
        &g_array_index(catalog->tiles, MeepleTileType, t->type);
    for (guint s = 0; s < tt->n_segments; s++)
      if (strcmp(tt->segments[s].name, name) == 0)
        return (int)s;
  }
  return -1;
}

void
mg_replay_board_build(MgReplayBoard *b, GPtrArray *events, guint n,
                      const MeepleClientCatalog *catalog)
{
  g_array_set_size(b->tiles, 0);
  g_array_set_size(b->figures, 0);
  b->has_last = FALSE;
  for (guint i = 0; i < MIN(n, events->len); i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (strcmp(e->type, "tile-placed") == 0) {
      MgBoardTile t = {
        meeple_client_catalog_find_tile(catalog, e->tile), e->x, e->y,
        (guint)(e->has_arg ? e->arg : 0) % 4,
      };
      g_array_append_val(b->tiles, t);
      b->has_last = TRUE;
      b->last_x = e->x;
      b->last_y = e->y;
      for (guint f = 0; f < b->figures->len; f++)
        g_array_index(b->figures, MgBoardFigure, f).last = FALSE;
    } else if (strcmp(e->type, "figure-placed") == 0) {
      MgBoardFigure f = {
        e->figure, e->seat, e->x, e->y,
        segment_of(b, catalog, e->x, e->y, e->segment), TRUE,
      };
      g_array_append_val(b->figures, f);
    } else if (strcmp(e->type, "figure-moved") == 0 ||
               strcmp(e->type, "figure-returned") == 0) {
      gboolean moved = e->type[7] == 'm';
      /* the figure of that type and owner (on that spot when returned);
       * figures that move are alone of their type and owner */
      for (guint f = 0; f < b->figures->len; f++) {
        MgBoardFigure *g = &g_array_index(b->figures, MgBoardFigure, f);
        if (g_strcmp0(g->type, e->figure) != 0 || g->owner != e->seat)
          continue;
        if (!moved && (g->x != e->x || g->y != e->y ||
                       g->segment != segment_of(b, catalog, e->x, e->y,
                                                e->segment)))
          continue;
        if (moved) {
          g->x = e->x;
          g->y = e->y;
          g->segment = segment_of(b, catalog, e->x, e->y, e->segment);
          g->last = TRUE;
        } else {
          g_array_remove_index(b->figures, f);
        }
        break;
      }
    }
  }
}

GArray *
mg_replay_steps(GPtrArray *events)
{
  GArray *steps = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (strcmp(e->type, "turn-started") == 0)
      g_array_append_val(steps, i);
  }
  guint end = events->len;
  g_array_append_val(steps, end);
  return steps;
}
