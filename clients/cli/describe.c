/* describe.c — the legal actions as a player reads them.
 *
 * Each line is the action's notation as the daemon writes it (what an
 * expert may type) followed by what the board says of it: the cell
 * lettered for a tile, the segment lettered for a figure, whose figure
 * an action names.  A rule set's action may end its notation with a
 * number (the "arg" field, doc/game-record.md: KIND [FIGURE] [SEGMENT]
 * [@ X,Y] [ARG]) that only the engine understands (a figure's number in
 * the game); it is never shown: the fields before it and the board say
 * which option it is, and where two options would read alike they are
 * told apart as "choice 1", "choice 2".  All from the decision's fields
 * and the catalog: nothing here knows a rule set. */
#include "config.h"

#include <string.h>

#include "cli.h"

char *
cli_action_shown(const MeepleClientAction *a)
{
  const char *notation = a->notation ? a->notation : "";
  const char *last = strrchr(notation, ' ');
  char digits[8];
  g_snprintf(digits, sizeof digits, "%u", (guint)a->arg);
  /* The arg is the last word, a bare number (the cell before it is
   * "X,Y", a rotation "rN"): the core kinds never end so. */
  if (last && strcmp(last + 1, digits) == 0)
    return g_strndup(notation, (gsize)(last - notation));
  return g_strdup(notation);
}

/* The seat whose figure an action names where it already stands (a
 * rule set's token given to it or taken off it), or -1. */
static int
action_figure_owner(const MeepleClientState *state,
                    const MeepleClientAction *a)
{
  if (!state || !*a->figure || !*a->segment)
    return -1;
  for (guint i = 0; i < state->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(state->figures, i);
    if (f->owner >= 0 && f->x == a->x && f->y == a->y &&
        strcmp(f->type, a->figure) == 0 && strcmp(f->segment, a->segment) == 0)
      return f->owner;
  }
  return -1;
}

/* What the board says of action @index: "Bob's follower, on the road [b]
 * at -1,0", "cell a (1,0)"; "" when nothing. */
static char *
action_where(const MeepleClientDecision *d, guint index,
             const MeepleClientState *state, const CliBoard *board)
{
  const MeepleClientAction *a = g_ptr_array_index(d->actions, index);
  GString *text = g_string_new(NULL);
  char buffer[32];
  int owner = action_figure_owner(state, a);
  if (owner >= 0)
    g_string_append_printf(text, "%s's %s",
                           cli_seat_name(state, owner, buffer, sizeof buffer),
                           a->figure);
  const char *where = cli_board_action_where(board, index);
  const char *cell = cli_board_action_cell(board, index);
  if (where) {
    g_string_append_printf(text, "%son the %s", owner >= 0 ? ", " : "",
                           where);
    /* The notation says the cell already ("@ X,Y"). */
    g_autofree char *at = g_strdup_printf(" at %d,%d", a->x, a->y);
    g_autofree char *cell_in_notation = g_strdup_printf("@ %d,%d", a->x,
                                                        a->y);
    if (g_str_has_suffix(text->str, at) && a->notation &&
        strstr(a->notation, cell_in_notation))
      g_string_truncate(text, text->len - strlen(at));
  }
  else if (cell)
    g_string_append_printf(text, "%scell %s (%d,%d)",
                           owner >= 0 ? ", " : "", cell, a->x, a->y);
  return g_string_free(text, FALSE);
}

void
cli_append_actions(GString *out, const MeepleClientDecision *d,
                   const GArray *subset, gboolean decision_numbers,
                   const MeepleClientState *state, const CliBoard *board,
                   const char *filter)
{
  guint n = subset ? subset->len : d->actions->len;
  GPtrArray *shown = g_ptr_array_new_with_free_func(g_free);
  int width = 0;
  for (guint i = 0; i < n; i++) {
    guint index = subset ? g_array_index(subset, guint, i) : i;
    char *text = cli_action_shown(g_ptr_array_index(d->actions, index));
    width = MAX(width, (int)g_utf8_strlen(text, -1));
    g_ptr_array_add(shown, text);
  }
  GPtrArray *wheres = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add(wheres, action_where(d, subset ? g_array_index(subset,
                                                                   guint, i)
                                                   : i, state, board));
  guint listed = 0;
  for (guint i = 0; i < n; i++) {
    guint index = subset ? g_array_index(subset, guint, i) : i;
    const char *text = g_ptr_array_index(shown, i);
    const char *where = g_ptr_array_index(wheres, i);
    if (filter && !strstr(text, filter))
      continue;
    listed++;
    /* Options that read alike (they differ in the hidden arg only). */
    guint alike = 0, nth = 0;
    for (guint j = 0; j < n; j++) {
      if (strcmp(g_ptr_array_index(shown, j), text) != 0 ||
          strcmp(g_ptr_array_index(wheres, j), where) != 0)
        continue;
      alike++;
      if (j <= i)
        nth = alike;
    }
    GString *line = g_string_new(NULL);
    if (decision_numbers)
      g_string_append_printf(line, "#%-3u %s", index + 1, text);
    else
      g_string_append_printf(line, "%4u  %s", i + 1, text);
    if (*where || alike > 1)
      g_string_append_printf(line, "%*s ",
                             width - (int)g_utf8_strlen(text, -1), "");
    if (*where)
      g_string_append_printf(line, " %s", where);
    if (alike > 1)
      g_string_append_printf(line, " (choice %u)", nth);
    /* Wrapping collapses the blanks that align the columns: only a
     * line too long for the terminal is wrapped. */
    if (g_utf8_strlen(line->str, -1) <= CLI_TEXT_WIDTH) {
      g_string_append_printf(out, "%s\n", line->str);
    } else {
      /* What the board says goes under the notation. */
      g_string_truncate(line, 0);
      if (decision_numbers)
        g_string_append_printf(line, "#%-3u %s", index + 1, text);
      else
        g_string_append_printf(line, "%4u  %s", i + 1, text);
      g_string_append_c(line, '\n');
      GString *rest = g_string_new(where);
      if (alike > 1)
        g_string_append_printf(rest, " (choice %u)", nth);
      g_string_append(out, line->str);
      g_string_append(out, "        ");
      cli_append_wrapped(out, rest->str, CLI_TEXT_WIDTH - 8, "        ");
      g_string_free(rest, TRUE);
    }
    g_string_free(line, TRUE);
  }
  if (filter)
    g_string_append_printf(out, "(%u of %u actions contain \"%s\")\n",
                           listed, n, filter);
  g_ptr_array_free(shown, TRUE);
  g_ptr_array_free(wheres, TRUE);
}

int
cli_find_shown(const MeepleClientDecision *d, const char *line,
               gboolean *ambiguous)
{
  int found = -1;
  *ambiguous = FALSE;
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    g_autofree char *shown = cli_action_shown(a);
    if (strcmp(shown, line) != 0 && g_strcmp0(a->notation, line) != 0)
      continue;
    if (g_strcmp0(a->notation, line) == 0)
      return (int)i; /* the full notation names one action */
    if (found >= 0)
      *ambiguous = TRUE;
    else
      found = (int)i;
  }
  return *ambiguous ? -1 : found;
}
