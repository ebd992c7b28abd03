/* queries.c — read-only views of a game for clients, bots and tests. */
#include "internal.h"

#include <string.h>

MeepleRules *
meeple_game_rules(const MeepleGame *g)
{
  return g->rules;
}

const MeepleGameConfig *
meeple_game_config(const MeepleGame *g)
{
  return &g->config;
}

gboolean
meeple_game_is_over(const MeepleGame *g)
{
  return g->over;
}

MeeplePhase
meeple_game_phase(const MeepleGame *g)
{
  return g->phase;
}

guint
meeple_game_n_players(const MeepleGame *g)
{
  return g->n_players;
}

guint
meeple_game_active_player(const MeepleGame *g)
{
  return g->active;
}

guint
meeple_game_turn(const MeepleGame *g)
{
  return g->turn;
}

int
meeple_game_score(const MeepleGame *g, guint player)
{
  g_return_val_if_fail(player < g->n_players, 0);
  return g->score[player];
}

guint
meeple_game_supply(const MeepleGame *g, guint player, guint figure)
{
  g_return_val_if_fail(player < g->n_players, 0);
  g_return_val_if_fail(figure < g->n_figure_types, 0);
  return g->figure_supply[player * g->n_figure_types + figure];
}

guint
meeple_game_tiles_left(const MeepleGame *g)
{
  return g->supply_len;
}

int
meeple_game_drawn_tile(const MeepleGame *g)
{
  return g->drawn;
}

guint
meeple_game_n_discarded(const MeepleGame *g)
{
  return g->n_discarded;
}

guint
meeple_game_n_set_aside(const MeepleGame *g)
{
  return g->n_aside;
}

guint
meeple_game_set_aside(const MeepleGame *g, guint index)
{
  g_return_val_if_fail(index < g->n_aside, 0);
  return g->aside[index];
}

guint
meeple_game_n_placed(const MeepleGame *g)
{
  return g->n_placed;
}

static MeeplePlacedTile
placed_info(const Placed *p)
{
  MeeplePlacedTile t = {
    .type = p->type, .x = p->x, .y = p->y, .rotation = p->rotation,
  };
  return t;
}

MeeplePlacedTile
meeple_game_placed(const MeepleGame *g, guint index)
{
  MeeplePlacedTile none = { 0 };
  g_return_val_if_fail(index < g->n_placed, none);
  return placed_info(&g->placed[index]);
}

gboolean
meeple_game_tile_at(const MeepleGame *g, int x, int y, MeeplePlacedTile *tile)
{
  int slot = board_slot_at(g, x, y);
  if (slot < 0)
    return FALSE;
  if (tile)
    *tile = placed_info(&g->placed[slot]);
  return TRUE;
}

guint
meeple_game_n_figures(const MeepleGame *g)
{
  return g->n_figures;
}

/* What meeple_game_figure() says of figure @f. */
static inline MeepleFigureInfo
figure_info(const MeepleGame *g, const Figure *f)
{
  MeepleFigureInfo info = { .type = f->type, .owner = f->owner };
  if (f->slot != NO_SLOT) {
    const Placed *p = &g->placed[f->slot];
    info.on_board = TRUE;
    info.x = p->x;
    info.y = p->y;
    /* node_of(): a tile's segments are consecutive nodes (no read of the
     * node itself, far away in the node array) */
    info.segment = f->node != NO_NODE ? (guint)(f->node - p->node0)
                                      : MEEPLE_SEGMENT_NONE;
  }
  return info;
}

MeepleFigureInfo
meeple_game_figure(const MeepleGame *g, guint index)
{
  MeepleFigureInfo none = { 0 };
  g_return_val_if_fail(index < g->n_figures, none);
  return figure_info(g, &g->figures[index]);
}

guint
meeple_game_figures(const MeepleGame *g, guint first, guint n,
                    MeepleFigureInfo *out)
{
  if (first >= g->n_figures)
    return 0;
  n = MIN(n, g->n_figures - first);
  for (guint i = 0; i < n; i++)
    out[i] = figure_info(g, &g->figures[first + i]);
  return n;
}

gboolean
meeple_game_feature(const MeepleGame *g, int x, int y, guint segment,
                    MeepleFeatureInfo *info)
{
  int slot = board_slot_at(g, x, y);
  if (slot < 0 || segment >= g->placed[slot].n_segments)
    return FALSE;
  guint root = feature_find(g, node_of(g, (guint)slot, segment));
  const Node *node = &g->nodes[root];
  memset(info, 0, sizeof *info);
  info->kind = node->kind;
  info->id = root;
  info->completed = feature_completed(g, root);
  info->tiles = feature_tiles(g, root, &info->first_x, &info->first_y);
  info->pennants = feature_pennants(g, root);
  info->open_edges = node->open;
  for (guint i = 0; i < g->n_figures; i++) {
    const Figure *f = &g->figures[i];
    if (figure_is_placed_follower(g, f) &&
        feature_find(g, f->node) == root)
      info->followers[f->owner]++;
  }
  return TRUE;
}

const MeepleHistoryEntry *
meeple_game_history(const MeepleGame *g, gsize *n_entries)
{
  if (n_entries)
    *n_entries = g->n_history;
  return g->history;
}

const char *
meeple_phase_name(MeeplePhase phase)
{
  static const char *const names[] = {
    "GAME_SETUP", "TURN_START", "DRAW", "PLACE_TILE", "PLACE_GHOSTS",
    "PLACE_FIGURE", "DRAGON_MOVE", "SCORE", "TURN_END", "FINAL_SCORING",
    "GAME_OVER",
  };
  return (guint)phase < G_N_ELEMENTS(names) ? names[phase] : "?";
}

gsize
meeple_game_memory(const MeepleGame *g)
{
  return sizeof *g + g->block_size +
         (gsize)g->grid.w * (gsize)g->grid.h * sizeof(uint16_t) +
         g->actions.cap * sizeof(MeepleAction) +
         g->events.cap * sizeof(MeepleEvent) +
         g->cap_history * sizeof(MeepleHistoryEntry) +
         g->n_slots * sizeof(gpointer);
}
