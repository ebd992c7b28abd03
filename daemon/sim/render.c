/* render.c — the board and the scores as text (layout: render.h). */
#include "config.h"

#include <string.h>

#include "board-render.h"
#include "render.h"

G_STATIC_ASSERT(BOARD_SEGMENT_NONE == MEEPLE_SEGMENT_NONE);

/* meeple-sim draws with libmeeple-render (clients/common/board-render.c),
 * which knows no MeepleGame: the functions below describe the engine's
 * game to it as a BoardView. */

/* The rules' segment kinds as the renderer sees them; g_free() it. */
static BoardKind *
view_kinds(const MeepleRules *rules, guint *n_kinds)
{
  *n_kinds = meeple_rules_n_kinds(rules);
  BoardKind *kinds = g_new0(BoardKind, MAX(*n_kinds, 1));
  for (guint k = 0; k < *n_kinds; k++) {
    const MeepleKind *kind = meeple_rules_kind(rules, k);
    kinds[k] = (BoardKind){ kind->name, kind->code, kind->shape, { 0 } };
    meeple_rules_kind_look(rules, k, &kinds[k].look);
  }
  return kinds;
}

/* The rules' symbol looks, as BoardView.looks. */
static void
view_looks(const MeepleRules *rules,
           const MeepleSymbolLook *looks[MEEPLE_MAX_SYMBOLS])
{
  for (guint i = 0; i < MEEPLE_MAX_SYMBOLS; i++)
    looks[i] = meeple_rules_symbol_look(rules, i);
}

void
sim_render_tile(GString *out, const MeepleRules *rules, guint type,
                const char *prefix)
{
  const MeepleTileType *t = meeple_rules_tile_type(rules, type);
  if (!t)
    return;
  guint n_kinds;
  g_autofree BoardKind *kinds = view_kinds(rules, &n_kinds);
  const MeepleSymbolLook *looks[MEEPLE_MAX_SYMBOLS];
  view_looks(rules, looks);
  board_render_tile(out, kinds, n_kinds, looks, MEEPLE_MAX_SYMBOLS, t, prefix,
                    0);
}

void
sim_render_board(GString *out, const MeepleGame *game, guint flags)
{
  const MeepleRules *rules = meeple_game_rules(game);
  BoardView view = { 0 };
  g_autofree BoardKind *kinds = view_kinds(rules, &view.n_kinds);
  view.kinds = kinds;
  const MeepleSymbolLook *looks[MEEPLE_MAX_SYMBOLS];
  view_looks(rules, looks);
  view.looks = looks;
  view.n_looks = MEEPLE_MAX_SYMBOLS;

  guint n_placed = meeple_game_n_placed(game);
  g_autofree BoardTile *tiles = g_new0(BoardTile, MAX(n_placed, 1));
  for (guint i = 0; i < n_placed; i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    tiles[i] = (BoardTile){ meeple_rules_tile_type(rules, t.type), t.x, t.y,
                            t.rotation };
  }
  view.tiles = tiles;
  view.n_tiles = n_placed;

  /* Figures on the board, in the game's index order. */
  guint n_figures = meeple_game_n_figures(game);
  g_autofree BoardFigure *figures = g_new0(BoardFigure, MAX(n_figures, 1));
  for (guint i = 0; i < n_figures; i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board)
      continue;
    const MeepleFigureType *type = meeple_rules_figure_type(rules, f.type);
    /* The dragon stands on its tile, on no segment. */
    figures[view.n_figures] = (BoardFigure){
      type ? type->name : NULL, f.owner, f.x, f.y,
      f.segment == MEEPLE_SEGMENT_NONE ? BOARD_SEGMENT_NONE : f.segment,
      FALSE, { 0 },
    };
    meeple_rules_figure_look(rules, f.type, &figures[view.n_figures++].look);
  }
  view.figures = figures;

  /* Tiles set aside face up (The Princess & the Dragon). */
  guint n_aside = meeple_game_n_set_aside(game);
  g_autofree const char **aside = g_new0(const char *, MAX(n_aside, 1));
  for (guint i = 0; i < n_aside; i++) {
    const MeepleTileType *t =
      meeple_rules_tile_type(rules, meeple_game_set_aside(game, i));
    aside[i] = t ? t->id : "?";
  }
  view.set_aside = aside;
  view.n_set_aside = n_aside;

  /* The rule sets' public notes (the big top's token, ...). */
  g_autoptr(GPtrArray) notes = meeple_game_notes(game);
  g_autofree const char **labels = g_new0(const char *, notes->len + 1);
  g_autofree const char **texts = g_new0(const char *, notes->len + 1);
  for (guint i = 0; i < notes->len; i++) {
    const MeepleNote *note = g_ptr_array_index(notes, i);
    labels[i] = note->label;
    texts[i] = note->text;
  }
  view.note_labels = labels;
  view.note_texts = texts;
  view.n_notes = notes->len;

  board_render(out, &view, (BoardRenderFlags)flags);
}

void
sim_render_legend(GString *out, const MeepleRules *rules, guint flags)
{
  const MeepleSymbolLook *looks[MEEPLE_MAX_SYMBOLS];
  view_looks(rules, looks);
  board_render_legend_with(out, NULL, looks, MEEPLE_MAX_SYMBOLS,
                           (BoardRenderFlags)flags);
}

guint
sim_winners(const MeepleGame *game, guint *seats)
{
  guint n = MIN(meeple_game_n_players(game), (guint)MEEPLE_MAX_PLAYERS);
  int best = G_MININT;
  for (guint p = 0; p < n; p++)
    best = MAX(best, meeple_game_score(game, p));
  guint count = 0;
  for (guint p = 0; p < n; p++)
    if (meeple_game_score(game, p) == best)
      seats[count++] = p;
  return count;
}

static const char *
seat_name(const char *const *names, guint seat, char *buffer, gsize size)
{
  if (names && names[seat])
    return names[seat];
  g_snprintf(buffer, size, "Player %u", seat + 1);
  return buffer;
}

void
sim_render_scores(GString *out, MeepleGame *game, const char *const *names)
{
  guint n = meeple_game_n_players(game);
  if (meeple_game_is_over(game)) {
    g_string_append_printf(out, "Game over after %u turns: %u tiles placed, "
                           "%u discarded.\n", meeple_game_turn(game),
                           meeple_game_n_placed(game),
                           meeple_game_n_discarded(game));
  } else {
    const MeepleDecision *d = meeple_game_decision(game);
    char buffer[32];
    guint left = meeple_game_tiles_left(game);
    const MeepleDecisionKindInfo *kind =
      d ? meeple_rules_decision_kind(meeple_game_rules(game), d->kind) : NULL;
    g_string_append_printf(out, "Game in progress: turn %u, %u tile%s left, "
                           "%s to decide (%s, %u legal actions).\n",
                           meeple_game_turn(game), left, left == 1 ? "" : "s",
                           d ? seat_name(names, d->player, buffer,
                                         sizeof buffer) : "nobody",
                           kind && kind->name ? kind->name : "no decision",
                           d ? (guint)d->n_actions : 0);
  }
  int width = 6;
  for (guint p = 0; p < n; p++) {
    char buffer[32];
    width = MAX(width, (int)g_utf8_strlen(seat_name(names, p, buffer,
                                                   sizeof buffer), -1));
  }
  /* One more column per figure type a player owns besides followers
   * (abbot, ...): what is left of it in the supply. */
  const MeepleRules *rules = meeple_game_rules(game);
  guint n_types = meeple_rules_n_figure_types(rules);
  g_string_append_printf(out, "Seat  %-*s  Score  Followers", width,
                         "Player");
  for (guint t = 0; t < n_types; t++) {
    const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
    if (t == MEEPLE_FIGURE_FOLLOWER || type->per_player == 0)
      continue;
    char *title = g_strdup(type->name);
    title[0] = g_ascii_toupper(title[0]);
    g_string_append_printf(out, "  %s", title);
    g_free(title);
  }
  g_string_append_c(out, '\n');
  for (guint p = 0; p < n; p++) {
    char buffer[32];
    const char *name = seat_name(names, p, buffer, sizeof buffer);
    /* Pad by characters, not bytes, so UTF-8 names line up. */
    int pad = width - (int)g_utf8_strlen(name, -1);
    g_string_append_printf(out, "%4u  %s%*s  %5d  %9u", p + 1, name,
                           MAX(pad, 0), "", meeple_game_score(game, p),
                           meeple_game_supply(game, p,
                                              MEEPLE_FIGURE_FOLLOWER));
    for (guint t = 0; t < n_types; t++) {
      const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
      if (t == MEEPLE_FIGURE_FOLLOWER || type->per_player == 0)
        continue;
      g_string_append_printf(out, "  %*u", MAX((int)strlen(type->name), 1),
                             meeple_game_supply(game, p, t));
    }
    g_string_append_c(out, '\n');
  }
  if (!meeple_game_is_over(game))
    return;
  guint seats[MEEPLE_MAX_PLAYERS];
  guint count = sim_winners(game, seats);
  g_string_append(out, count > 1 ? "Winners (tie):" : "Winner:");
  for (guint i = 0; i < count; i++) {
    char buffer[32];
    g_string_append_printf(out, "%s %s", i ? "," : "",
                           seat_name(names, seats[i], buffer, sizeof buffer));
  }
  g_string_append_printf(out, " with %d points\n",
                         count ? meeple_game_score(game, seats[0]) : 0);
}

const char *
sim_segment_name(const MeepleGame *game, int x, int y, guint segment)
{
  MeeplePlacedTile tile;
  if (meeple_game_tile_at(game, x, y, &tile)) {
    const MeepleTileType *type =
      meeple_rules_tile_type(meeple_game_rules(game), tile.type);
    if (type && segment < type->n_segments)
      return type->segments[segment].name;
  }
  char text[16];
  g_snprintf(text, sizeof text, "%u", segment);
  return g_intern_string(text);
}
