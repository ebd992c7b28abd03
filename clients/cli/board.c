/* board.c — a remote game's board as a libmeeple-render BoardView.
 *
 * Everything comes from the game's catalog (segment kinds, tile types)
 * and public state (tiles, figures, tiles set aside, the rule sets'
 * notes): nothing here knows
 * an expansion.  A figure's segment arrives as a name ("C1") and is
 * looked up in the tile type under it; "" is a figure on the tile itself
 * (a neutral figure on no segment). */
#include "config.h"

#include <string.h>

#include "cli.h"

struct CliBoard {
  const MeepleClientCatalog *catalog;
  GArray *kinds;      /* BoardKind */
  GArray *tiles;      /* BoardTile */
  GArray *figures;    /* BoardFigure */
  GArray *marks;      /* BoardMark */
  GPtrArray *set_aside; /* char*, owned: tile ids */
  GPtrArray *note_labels, *note_texts; /* char*, owned */
  GPtrArray *strings; /* char*, owned: marks' labels, figure type names
                       * (copied: the state may go before the board) */
  GPtrArray *action_cell; /* per action of the marked decision: label */
  GArray *labels;         /* BoardLabel: options lettered on segments */
  GPtrArray *action_where; /* per action: what its label marks, or NULL */
  GPtrArray *group_label; /* per group of a step's cells: its label */
  gboolean has_last;      /* the last move (cli_board_mark_last_move()) */
  gboolean tight;         /* cli_board_set_tight() */
  int last_x, last_y;
};

static const MeepleTileType *
tile_type(const MeepleClientCatalog *catalog, const char *id)
{
  int index = id ? meeple_client_catalog_find_tile(catalog, id) : -1;
  if (index < 0 || (guint)index >= catalog->tiles->len)
    return NULL;
  return &g_array_index(catalog->tiles, MeepleTileType, (guint)index);
}

/* The look of figure type @name from the catalog ("figure-looks"); ascii
 * 0 when it has none: the renderer then draws the type's initial. */
static MeepleLook
figure_look(const MeepleClientCatalog *catalog, const char *name)
{
  for (guint i = 0; catalog && name && i < catalog->figure_types->len; i++) {
    const MeepleClientFigureType *t =
      g_ptr_array_index(catalog->figure_types, i);
    if (strcmp(t->name, name) == 0)
      return t->look;
  }
  return (MeepleLook){ 0, NULL, MEEPLE_COLOUR_NONE, NULL };
}

/* Index of segment @name on the tile at (x, y), BOARD_SEGMENT_NONE for
 * "" (on the tile itself), or G_MAXUINT. */
static guint
segment_index(const CliBoard *board, int x, int y, const char *name)
{
  if (name && !*name)
    return BOARD_SEGMENT_NONE;
  for (guint i = 0; i < board->tiles->len; i++) {
    const BoardTile *t = &g_array_index(board->tiles, BoardTile, i);
    if (t->x != x || t->y != y || !t->type)
      continue;
    for (guint s = 0; name && s < t->type->n_segments; s++)
      if (strcmp(t->type->segments[s].name, name) == 0)
        return s;
  }
  return G_MAXUINT;
}

/* The catalog's symbol looks, as BoardView.looks. */
static const MeepleSymbolLook *const *
catalog_looks(const MeepleClientCatalog *catalog)
{
  return (const MeepleSymbolLook *const *)catalog->looks->pdata;
}

CliBoard *
cli_board_new(const MeepleClientCatalog *catalog,
              const MeepleClientState *state)
{
  CliBoard *board = g_new0(CliBoard, 1);
  board->catalog = catalog;
  board->kinds = g_array_new(FALSE, TRUE, sizeof(BoardKind));
  board->tiles = g_array_new(FALSE, TRUE, sizeof(BoardTile));
  board->figures = g_array_new(FALSE, TRUE, sizeof(BoardFigure));
  board->marks = g_array_new(FALSE, TRUE, sizeof(BoardMark));
  board->group_label = g_ptr_array_new();
  board->set_aside = g_ptr_array_new_with_free_func(g_free);
  board->note_labels = g_ptr_array_new_with_free_func(g_free);
  board->note_texts = g_ptr_array_new_with_free_func(g_free);
  board->strings = g_ptr_array_new_with_free_func(g_free);
  board->action_cell = g_ptr_array_new();
  board->labels = g_array_new(FALSE, TRUE, sizeof(BoardLabel));
  board->action_where = g_ptr_array_new();

  for (guint k = 0; k < catalog->kinds->len; k++) {
    const MeepleClientKind *kind = g_ptr_array_index(catalog->kinds, k);
    BoardKind v = { kind->name, kind->code, kind->shape, kind->look };
    g_array_append_val(board->kinds, v);
  }
  for (guint i = 0; state && i < state->board->len; i++) {
    const MeepleClientTile *t = g_ptr_array_index(state->board, i);
    BoardTile v = { tile_type(catalog, t->tile), t->x, t->y, t->rotation };
    g_array_append_val(board->tiles, v);
  }
  for (guint i = 0; state && i < state->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(state->figures, i);
    char *type = g_strdup(f->type);
    g_ptr_array_add(board->strings, type);
    BoardFigure v = { type, f->owner, f->x, f->y,
                      segment_index(board, f->x, f->y, f->segment), FALSE,
                      figure_look(catalog, type) };
    g_array_append_val(board->figures, v);
  }
  for (guint i = 0; state && state->set_aside && state->set_aside[i]; i++)
    g_ptr_array_add(board->set_aside, g_strdup(state->set_aside[i]));
  for (guint i = 0; state && state->note_labels && state->note_texts &&
                    state->note_labels[i] && state->note_texts[i]; i++) {
    g_ptr_array_add(board->note_labels, g_strdup(state->note_labels[i]));
    g_ptr_array_add(board->note_texts, g_strdup(state->note_texts[i]));
  }
  return board;
}

void
cli_board_free(CliBoard *board)
{
  if (!board)
    return;
  g_array_free(board->kinds, TRUE);
  g_array_free(board->tiles, TRUE);
  g_array_free(board->figures, TRUE);
  g_array_free(board->marks, TRUE);
  g_ptr_array_free(board->set_aside, TRUE);
  g_ptr_array_free(board->note_labels, TRUE);
  g_ptr_array_free(board->note_texts, TRUE);
  g_ptr_array_free(board->strings, TRUE);
  g_ptr_array_free(board->action_cell, TRUE);
  g_array_free(board->labels, TRUE);
  g_ptr_array_free(board->action_where, TRUE);
  g_ptr_array_free(board->group_label, TRUE);
  g_free(board);
}

/* The letters an answer cannot be: "q" is quit. */
#define ANSWER_WORDS "q"

/* Labels a..z, A..Z (less "q", the answer quit), then numbers: short
 * enough for the middle of a block (at most 3 characters). */
static char *
cell_label(guint n)
{
  GString *letters = g_string_new(NULL);
  for (char c = 'a'; c <= 'z'; c++)
    if (!strchr(ANSWER_WORDS, c))
      g_string_append_c(letters, c);
  for (char c = 'A'; c <= 'Z'; c++)
    g_string_append_c(letters, c);
  char *label = n < letters->len ? g_strdup_printf("%c", letters->str[n])
                                 : g_strdup_printf("%u", (guint)(n - letters->len + 1));
  g_string_free(letters, TRUE);
  return label;
}

/* Whether action @index is one of @subset (NULL: all are). */
static gboolean
in_subset(const GArray *subset, guint index)
{
  for (guint i = 0; subset && i < subset->len; i++)
    if (g_array_index(subset, guint, i) == index)
      return TRUE;
  return !subset;
}

void
cli_board_mark_placements(CliBoard *board,
                          const MeepleClientDecision *decision,
                          const GArray *subset)
{
  g_array_set_size(board->marks, 0);
  g_ptr_array_set_size(board->action_cell, 0);
  for (guint i = 0; decision && i < decision->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(decision->actions, i);
    const char *label = NULL;
    if (a->tile && *a->tile && in_subset(subset, i)) {
      for (guint m = 0; m < board->marks->len && !label; m++) {
        const BoardMark *mark = &g_array_index(board->marks, BoardMark, m);
        if (mark->x == a->x && mark->y == a->y)
          label = mark->label;
      }
      if (!label) {
        char *text = cell_label(board->marks->len);
        g_ptr_array_add(board->strings, text);
        BoardMark mark = { a->x, a->y, text };
        g_array_append_val(board->marks, mark);
        label = text;
      }
    }
    g_ptr_array_add(board->action_cell, (gpointer)label);
  }
}

/* The kind name of segment @segment of the tile at (x, y), or NULL. */
static const char *
segment_kind(const CliBoard *board, int x, int y, guint segment)
{
  for (guint i = 0; i < board->tiles->len; i++) {
    const BoardTile *t = &g_array_index(board->tiles, BoardTile, i);
    if (t->x != x || t->y != y || !t->type || segment >= t->type->n_segments)
      continue;
    guint kind = t->type->segments[segment].kind;
    return kind < board->kinds->len
             ? g_array_index(board->kinds, BoardKind, kind).name : NULL;
  }
  return NULL;
}

/* The letters options are lettered with: a-z, then A-Z, without those
 * the board draws as terrain ('g' a garden, 'o' a crossroads, a rule
 * set's kind by the first letter of its code, 'M' a monastery) or as
 * figures ('D', 'F', ... neutral figures' initials), so that a label
 * is never mistaken for what is drawn. */
static GString *
label_letters(const CliBoard *board)
{
  GString *letters = g_string_new(NULL);
  GString *taken = g_string_new("goM" ANSWER_WORDS);
  for (guint k = 0; k < board->kinds->len; k++) {
    const BoardKind *kind = &g_array_index(board->kinds, BoardKind, k);
    if (kind->code && *kind->code)
      g_string_append_c(taken, g_ascii_tolower(kind->code[0]));
  }
  for (guint i = 0; board->catalog && i < board->catalog->figure_types->len;
       i++) {
    const MeepleClientFigureType *t =
      g_ptr_array_index(board->catalog->figure_types, i);
    if (t->neutral && t->name && *t->name)
      g_string_append_c(taken, g_ascii_toupper(t->name[0]));
  }
  for (char c = 'a'; c <= 'z'; c++)
    if (!strchr(taken->str, c))
      g_string_append_c(letters, c);
  for (char c = 'A'; c <= 'Z'; c++)
    if (!strchr(taken->str, c))
      g_string_append_c(letters, c);
  g_string_free(taken, TRUE);
  return letters;
}

/* Whether a tile lies at (x, y). */
static gboolean
has_tile(const CliBoard *board, int x, int y)
{
  for (guint i = 0; i < board->tiles->len; i++) {
    const BoardTile *t = &g_array_index(board->tiles, BoardTile, i);
    if (t->x == x && t->y == y)
      return TRUE;
  }
  return FALSE;
}

void
cli_board_mark_options(CliBoard *board, const MeepleClientDecision *decision,
                       const GArray *subset)
{
  g_autoptr(GString) letters = label_letters(board);
  g_array_set_size(board->labels, 0);
  g_ptr_array_set_size(board->action_where, 0);
  for (guint i = 0; decision && i < decision->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(decision->actions, i);
    const char *where = NULL;
    guint segment = (a->tile && *a->tile) || !in_subset(subset, i)
                      ? G_MAXUINT
                      : segment_index(board, a->x, a->y, a->segment);
    /* An option on a segment of a placed tile is lettered on the
     * segment; one that names only a placed tile's cell (a figure moved
     * onto the tile itself), in a corner of the tile. */
    const char *kind = segment != G_MAXUINT && segment != BOARD_SEGMENT_NONE
                         ? segment_kind(board, a->x, a->y, segment) : NULL;
    if (segment == BOARD_SEGMENT_NONE && cli_action_has_cell(a) &&
        has_tile(board, a->x, a->y))
      kind = "tile";
    if (kind && board->labels->len < letters->len) {
      guint n = 0;
      while (n < board->labels->len) {
        const BoardLabel *l = &g_array_index(board->labels, BoardLabel, n);
        if (l->x == a->x && l->y == a->y && l->segment == segment)
          break;
        n++;
      }
      if (n == board->labels->len) {
        BoardLabel l = { a->x, a->y, segment, letters->str[n] };
        g_array_append_val(board->labels, l);
      }
      char *text = g_strdup_printf("%s [%c] at %d,%d", kind,
                                   g_array_index(board->labels, BoardLabel,
                                                 n).label, a->x, a->y);
      g_ptr_array_add(board->strings, text);
      where = text;
    }
    g_ptr_array_add(board->action_where, (gpointer)where);
  }
}

void
cli_board_mark_groups(CliBoard *board, const MeepleClientDecision *decision,
                      const CliChoice *choice)
{
  g_autoptr(GString) letters = label_letters(board);
  g_array_set_size(board->marks, 0);
  g_array_set_size(board->labels, 0);
  g_ptr_array_set_size(board->action_cell, 0);
  g_ptr_array_set_size(board->action_where, 0);
  g_ptr_array_set_size(board->group_label, 0);
  guint n = cli_choice_n_groups(choice);
  /* Empty cells only (a tile's placements): a, b, c as ever; else
   * letters that the board draws for nothing else. */
  gboolean all_empty = TRUE;
  for (guint g = 0; g < n; g++) {
    const MeepleClientAction *a = g_ptr_array_index(
      decision->actions, g_array_index(cli_choice_group(choice, g), guint, 0));
    all_empty = all_empty && !has_tile(board, a->x, a->y);
  }
  for (guint g = 0; g < n; g++) {
    const MeepleClientAction *a = g_ptr_array_index(
      decision->actions, g_array_index(cli_choice_group(choice, g), guint, 0));
    char *text = NULL;
    if (!cli_action_has_cell(a) || (!all_empty && g >= letters->len)) {
      g_ptr_array_add(board->group_label, NULL);
      continue;
    }
    text = all_empty ? cell_label(g) : g_strdup_printf("%c", letters->str[g]);
    g_ptr_array_add(board->strings, text);
    g_ptr_array_add(board->group_label, text);
    if (has_tile(board, a->x, a->y)) {
      BoardLabel l = { a->x, a->y, BOARD_SEGMENT_NONE, text[0] };
      g_array_append_val(board->labels, l);
    } else {
      BoardMark mark = { a->x, a->y, text };
      g_array_append_val(board->marks, mark);
    }
  }
}

char *
cli_board_preview_tile(CliBoard *board, const char *tile_id, int x, int y,
                       guint rotation)
{
  const MeepleTileType *type = tile_type(board->catalog, tile_id);
  g_autoptr(GString) letters = label_letters(board);
  GString *given = g_string_new(NULL);
  g_array_set_size(board->marks, 0);
  g_array_set_size(board->labels, 0);
  g_ptr_array_set_size(board->action_cell, 0);
  g_ptr_array_set_size(board->action_where, 0);
  if (!type)
    return g_string_free(given, FALSE);
  BoardTile t = { type, x, y, rotation };
  g_array_append_val(board->tiles, t);
  board->has_last = TRUE;
  board->last_x = x;
  board->last_y = y;
  for (guint f = 0; f < board->figures->len; f++)
    g_array_index(board->figures, BoardFigure, f).highlight = FALSE;
  for (guint s = 0; s < type->n_segments; s++) {
    char letter = s < letters->len ? letters->str[s] : ' ';
    g_string_append_c(given, letter);
    if (letter == ' ')
      continue;
    BoardLabel l = { x, y, s, letter };
    g_array_append_val(board->labels, l);
  }
  return g_string_free(given, FALSE);
}

void
cli_board_preview_figure(CliBoard *board, const char *type, int owner,
                         int x, int y, guint segment)
{
  char *name = g_strdup(type);
  g_ptr_array_add(board->strings, name);
  BoardFigure f = { name, owner, x, y, segment, TRUE,
                    figure_look(board->catalog, name) };
  g_array_append_val(board->figures, f);
  g_array_set_size(board->labels, 0);
}

const char *
cli_board_segment_kind(const CliBoard *board, int x, int y, guint segment)
{
  return segment_kind(board, x, y, segment);
}

const char *
cli_board_group_label(const CliBoard *board, guint group)
{
  return group < board->group_label->len
           ? g_ptr_array_index(board->group_label, group) : NULL;
}

int
cli_board_label_group(const CliBoard *board, const char *label)
{
  for (guint g = 0; g < board->group_label->len; g++)
    if (g_strcmp0(g_ptr_array_index(board->group_label, g), label) == 0)
      return (int)g;
  return -1;
}

const char *
cli_board_action_where(const CliBoard *board, guint index)
{
  return index < board->action_where->len
           ? g_ptr_array_index(board->action_where, index) : NULL;
}

int
cli_board_label_action(const CliBoard *board, char label)
{
  int found = -1;
  for (guint i = 0; i < board->action_where->len; i++) {
    const char *where = g_ptr_array_index(board->action_where, i);
    char mark[4] = { '[', label, ']', '\0' };
    if (!where || !strstr(where, mark))
      continue;
    if (found >= 0)
      return -1; /* several actions there: the number or notation says */
    found = (int)i;
  }
  return found;
}

const char *
cli_board_action_cell(const CliBoard *board, guint index)
{
  return index < board->action_cell->len
           ? g_ptr_array_index(board->action_cell, index) : NULL;
}

/* Index of the last tile a seat placed in @events, or -1 (the start
 * tile, placed by nobody, is no move). */
static int
last_placement(const GPtrArray *events)
{
  for (guint i = events ? events->len : 0; i-- > 0;) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-placed") == 0 && e->has_xy && e->seat >= 0)
      return (int)i;
  }
  return -1;
}

gboolean
cli_event_moves_figure(const MeepleClientEvent *e)
{
  return e->has_xy && e->type &&
         (strcmp(e->type, "figure-placed") == 0 ||
          g_str_has_suffix(e->type, "-moved"));
}

void
cli_board_mark_last_move(CliBoard *board, const GPtrArray *events)
{
  int last = last_placement(events);
  if (last < 0)
    return;
  const MeepleClientEvent *placed = g_ptr_array_index(events, (guint)last);
  board->has_last = TRUE;
  board->last_x = placed->x;
  board->last_y = placed->y;
  /* The figures placed or moved since: by type where the event names
   * one, else every neutral figure on its cell (a figure's move). */
  for (guint i = (guint)last + 1; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (!cli_event_moves_figure(e))
      continue;
    for (guint f = 0; f < board->figures->len; f++) {
      BoardFigure *fig = &g_array_index(board->figures, BoardFigure, f);
      if (fig->x == e->x && fig->y == e->y &&
          (e->figure && *e->figure ? strcmp(fig->type_name, e->figure) == 0
                                   : fig->owner < 0))
        fig->highlight = TRUE;
    }
  }
}

void
cli_board_set_tight(CliBoard *board, gboolean tight)
{
  board->tight = tight;
}

void
cli_board_render(GString *out, const CliBoard *board, BoardRenderFlags flags)
{
  BoardView view = {
    .kinds = (const BoardKind *)(gpointer)board->kinds->data,
    .n_kinds = board->kinds->len,
    .tiles = (const BoardTile *)(gpointer)board->tiles->data,
    .n_tiles = board->tiles->len,
    .figures = (const BoardFigure *)(gpointer)board->figures->data,
    .n_figures = board->figures->len,
    .marks = (const BoardMark *)(gpointer)board->marks->data,
    .n_marks = board->marks->len,
    .set_aside = (const char *const *)board->set_aside->pdata,
    .n_set_aside = board->set_aside->len,
    .note_labels = (const char *const *)board->note_labels->pdata,
    .note_texts = (const char *const *)board->note_texts->pdata,
    .n_notes = board->note_labels->len,
    .looks = catalog_looks(board->catalog),
    .n_looks = board->catalog->looks->len,
    .labels = (const BoardLabel *)(gpointer)board->labels->data,
    .n_labels = board->labels->len,
    .has_last = board->has_last,
    .last_x = board->last_x,
    .last_y = board->last_y,
    .width = cli_term_columns(),
  };
  if (!cli_globals.full)
    cli_board_window(&view, view.width, cli_term_lines(), board->tight, out);
  board_render(out, &view, flags);
}

void
cli_append_legend(GString *out, const MeepleClientCatalog *catalog,
                  BoardRenderFlags flags)
{
  GPtrArray *neutral = g_ptr_array_new();
  GArray *neutral_looks = g_array_new(FALSE, TRUE, sizeof(MeepleLook));
  for (guint i = 0; catalog && i < catalog->figure_types->len; i++) {
    const MeepleClientFigureType *t =
      g_ptr_array_index(catalog->figure_types, i);
    if (t->neutral) {
      g_ptr_array_add(neutral, t->name);
      g_array_append_val(neutral_looks, t->look);
    }
  }
  g_ptr_array_add(neutral, NULL);
  GString *legend = g_string_new(NULL);
  board_render_legend_looks(legend, (const char *const *)neutral->pdata,
                            (const MeepleLook *)(gpointer)neutral_looks->data,
                            catalog ? catalog_looks(catalog) : NULL,
                            catalog ? catalog->looks->len : 0, flags);
  g_ptr_array_free(neutral, TRUE);
  g_array_free(neutral_looks, TRUE);
  /* Its entries are two blanks apart: lines break between entries, so
   * that a glyph stays with what it means. */
  g_strchomp(legend->str);
  g_auto(GStrv) entries = g_strsplit(legend->str, "  ", -1);
  guint width = MIN(cli_term_columns(), CLI_TEXT_WIDTH), column = 0;
  for (char **e = entries; *e; e++) {
    guint n = (guint)g_utf8_strlen(*e, -1);
    if (column > 0 && column + 2 + n > width) {
      g_string_append(out, "\n ");
      column = 1;
    } else if (column > 0) {
      g_string_append(out, "  ");
      column += 2;
    }
    g_string_append(out, *e);
    column += n;
  }
  g_string_append_c(out, '\n');
  g_string_free(legend, TRUE);
}

void
cli_append_tile(GString *out, const MeepleClientCatalog *catalog,
                const char *tile_id, const char *prefix,
                BoardRenderFlags flags)
{
  const MeepleTileType *type = tile_type(catalog, tile_id);
  if (!type)
    return;
  GArray *kinds = g_array_new(FALSE, TRUE, sizeof(BoardKind));
  for (guint k = 0; k < catalog->kinds->len; k++) {
    const MeepleClientKind *kind = g_ptr_array_index(catalog->kinds, k);
    BoardKind v = { kind->name, kind->code, kind->shape, kind->look };
    g_array_append_val(kinds, v);
  }
  /* Blocks are 5 wide, 3 apart: the labels start over each block. */
  g_string_append_printf(out, "%sr0      r90     r180    r270\n", prefix);
  board_render_tile(out, (const BoardKind *)(gpointer)kinds->data,
                    kinds->len, catalog_looks(catalog), catalog->looks->len,
                    type, prefix, flags);
  g_array_free(kinds, TRUE);
}
