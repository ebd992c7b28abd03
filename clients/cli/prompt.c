/* prompt.c — one decision of an interactive player: the board with the
 * cells the tile can go to, the drawn tile in its four rotations, the
 * numbered legal actions, then lines read from standard input until one
 * of them is an action the daemon accepts.
 *
 * Input is read line by line with stdio, so a script can pipe the
 * answers in; when standard input is not a terminal each line read is
 * echoed after the prompt, so that a transcript shows the answers. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char help_text[] =
  "Answer with one of:\n"
  "  N         the number of a listed action\n"
  "  LETTER    the option lettered on the board (where a figure goes)\n"
  "  ACTION    an action as listed, e.g. \"place D @ 1,0 r90\" or "
  "\"pass\"\n"
  "  board     show the board and the scores again\n"
  "  bag       the tiles still in the bag, by kind\n"
  "  actions   list the legal actions again\n"
  "  actions TEXT\n"
  "            list only the actions whose notation contains TEXT, e.g.\n"
  "            \"actions @ 2,1\" or \"actions portal\" (a long list)\n"
  "  help      this text\n"
  "  quit      leave the program; the seat stays yours (its token is\n"
  "            saved) and 'meeple play GAME' takes it back\n"
  "Cells where the tile can go are marked on the board with letters;\n"
  "r0 r90 r180 r270 are the tile turned clockwise.  Decisions and actions\n"
  "of expansions are listed the same way, by the names the daemon gives\n"
  "them (e.g. dragon-step: \"dragon-move @ 1,0\").\n";

/* Whether the decision places a tile: some action names one. */
static gboolean
places_tile(const MeepleClientDecision *d, const char **tile)
{
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    if (a->tile && *a->tile) {
      *tile = a->tile;
      return TRUE;
    }
  }
  return FALSE;
}

/* The seat whose figure an action names where it already stands (a
 * ghost for this follower, a ghost taken off it: doc/mist.md), or -1. */
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

/* Lists the legal actions, numbered, or with @filter only those whose
 * notation contains it (blanks collapsed, as typed answers are); an
 * action on a figure already on the board says whose it is. */
static void
append_actions(GString *out, const MeepleClientDecision *d,
               const MeepleClientState *state, const CliBoard *board,
               const char *filter)
{
  char buffer[32];
  int width = 0;
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    width = MAX(width, (int)g_utf8_strlen(a->notation, -1));
  }
  guint shown = 0;
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    const char *cell = cli_board_action_cell(board, i);
    if (filter && !strstr(a->notation, filter))
      continue;
    shown++;
    g_string_append_printf(out, "%4u  %s", i + 1, a->notation);
    int owner = action_figure_owner(state, a);
    const char *where = cli_board_action_where(board, i);
    if (where && owner < 0)
      g_string_append_printf(out, "%*s  on the %s",
                             width - (int)g_utf8_strlen(a->notation, -1), "",
                             where);
    else if (cell)
      g_string_append_printf(out, "%*s  cell %s (%d,%d)",
                             width - (int)g_utf8_strlen(a->notation, -1), "",
                             cell, a->x, a->y);
    else if (owner >= 0)
      g_string_append_printf(out, "%*s  %s's %s",
                             width - (int)g_utf8_strlen(a->notation, -1), "",
                             cli_seat_name(state, owner, buffer,
                                           sizeof buffer), a->figure);
    g_string_append_c(out, '\n');
  }
  if (filter)
    g_string_append_printf(out, "(%u of %u actions contain \"%s\")\n", shown,
                           d->actions->len, filter);
}

/* For a long list of several kinds, one line counting the actions of
 * each, so that e.g. the few of a portal decision that are not portal
 * moves stand out ("120 legal actions: 1 pass, 4 figure, 115 portal"). */
#define SUMMARY_THRESHOLD 30

static void
append_summary(GString *out, const MeepleClientDecision *d)
{
  if (d->actions->len < SUMMARY_THRESHOLD)
    return;
  /* Only worth a line when the list mixes kinds. */
  gboolean mixed = FALSE;
  for (guint i = 1; i < d->actions->len && !mixed; i++)
    mixed = g_strcmp0(((const MeepleClientAction *)
                         g_ptr_array_index(d->actions, i))->kind,
                      ((const MeepleClientAction *)
                         g_ptr_array_index(d->actions, 0))->kind) != 0;
  if (!mixed)
    return;
  GPtrArray *kinds = g_ptr_array_new();
  GArray *counts = g_array_new(FALSE, TRUE, sizeof(guint));
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    const char *kind = a->kind && *a->kind ? a->kind : "?";
    guint k = 0;
    while (k < kinds->len && strcmp(g_ptr_array_index(kinds, k), kind) != 0)
      k++;
    if (k == kinds->len) {
      g_ptr_array_add(kinds, (gpointer)kind);
      guint zero = 0;
      g_array_append_val(counts, zero);
    }
    g_array_index(counts, guint, k)++;
  }
  g_string_append_printf(out, "%u legal actions:", d->actions->len);
  for (guint k = 0; k < kinds->len; k++)
    g_string_append_printf(out, "%s %u %s", k ? "," : "",
                           g_array_index(counts, guint, k),
                           (const char *)g_ptr_array_index(kinds, k));
  g_string_append(out, " (\"actions TEXT\" lists those containing TEXT)\n");
  g_ptr_array_free(kinds, TRUE);
  g_array_free(counts, TRUE);
}

/* Appends everything a player needs to decide. */
static void
append_decision(GString *out, MeepleRemoteGame *game,
                const MeepleClientState *state,
                const MeepleClientDecision *d, const CliBoard *board,
                BoardRenderFlags flags)
{
  char buffer[32];
  g_string_append_c(out, '\n');
  cli_board_render(out, board, flags);
  cli_append_last_move(out, meeple_remote_game_events(game), state);
  cli_append_seats(out, meeple_remote_game_catalog(game), state);
  const char *tile;
  if (places_tile(d, &tile)) {
    g_string_append_printf(out, "Turn %u, %u tile%s left.  Your tile: %s\n",
                           state->turn, state->tiles_left,
                           state->tiles_left == 1 ? "" : "s", tile);
    cli_append_tile(out, meeple_remote_game_catalog(game), tile, "  ",
                    flags);
  }
  g_string_append_printf(out, "%s (seat %u), your decision: %s", 
                         cli_seat_name(state, (int)d->seat, buffer,
                                       sizeof buffer), d->seat + 1, d->kind);
  if (d->description && *d->description)
    g_string_append_printf(out, " (%s)", d->description);
  g_string_append(out, "\n");
  append_actions(out, d, state, board, NULL);
  append_summary(out, d);
}

/* Collapses runs of blanks and trims, so "place  D @ 1,0 r90 " matches. */
static char *
normalise(const char *text)
{
  GString *out = g_string_new(NULL);
  gboolean blank = FALSE;
  for (const char *p = text; *p; p++) {
    if (g_ascii_isspace(*p)) {
      blank = out->len > 0;
      continue;
    }
    if (blank)
      g_string_append_c(out, ' ');
    blank = FALSE;
    g_string_append_c(out, *p);
  }
  return g_string_free(out, FALSE);
}

/* Index of the action written as @line, or -1. */
static int
find_action(const MeepleClientDecision *d, const char *line)
{
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    g_autofree char *notation = normalise(a->notation);
    if (strcmp(notation, line) == 0)
      return (int)i;
  }
  return -1;
}

/* Reads one line without its newline; NULL at the end of the input. */
static char *
read_line(FILE *input)
{
  GString *line = g_string_new(NULL);
  int c;
  while ((c = getc(input)) != EOF && c != '\n')
    g_string_append_c(line, (char)c);
  if (c == EOF && line->len == 0) {
    g_string_free(line, TRUE);
    return NULL;
  }
  return g_string_free(line, FALSE);
}

/* After a refused action: what it means for the loop. */
static CliAnswer
refused(GError *error, const MeepleClientDecision *d)
{
  CliAnswer answer = CLI_ANSWER_AGAIN;
  if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_STALE_DECISION) ||
      g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN) ||
      g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_GAME_OVER))
    answer = CLI_ANSWER_RETRY;
  g_printerr(CLI_NAME ": %s\n", error->message);
  if (answer == CLI_ANSWER_AGAIN)
    g_printerr("Type a number from 1 to %u, an action as listed, board, "
               "help or quit.\n", d->actions->len);
  g_error_free(error);
  return answer;
}

CliAnswer
cli_prompt_decision(MeepleRemoteGame *game, const MeepleClientDecision *d,
                    BoardRenderFlags flags, FILE *input)
{
  GError *error = NULL;
  const MeepleClientState *state = meeple_remote_game_state(game, &error);
  if (!state) {
    cli_fail(error);
    g_error_free(error);
    return CLI_ANSWER_FAILED;
  }
  CliBoard *board = cli_board_new(meeple_remote_game_catalog(game), state);
  cli_board_mark_placements(board, d);
  cli_board_mark_options(board, d);
  cli_board_mark_last_move(board, meeple_remote_game_events(game));
  GString *text = g_string_new(NULL);
  append_decision(text, game, state, d, board, flags);
  gboolean echo = isatty(fileno(input)) != 1;
  CliAnswer answer = CLI_ANSWER_AGAIN;
  while (answer == CLI_ANSWER_AGAIN) {
    g_string_append_printf(text, "Your choice (1-%u, an action, board, "
                           "bag, help, quit)> ", d->actions->len);
    if (!cli_write(text)) {
      answer = CLI_ANSWER_FAILED;
      break;
    }
    g_string_truncate(text, 0);
    char *raw = read_line(input);
    if (!raw) {
      g_print("\n");
      answer = CLI_ANSWER_EOF;
      break;
    }
    char *line = normalise(raw);
    g_free(raw);
    if (echo)
      g_print("%s\n", line);
    guint64 number;
    int index;
    if (!*line) {
      /* An empty line: ask again. */
    } else if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
      answer = CLI_ANSWER_QUIT;
    } else if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
      g_string_append(text, help_text);
      cli_append_legend(text, meeple_remote_game_catalog(game), flags);
    } else if (strcmp(line, "board") == 0) {
      cli_board_render(text, board, flags);
      cli_append_legend(text, meeple_remote_game_catalog(game), flags);
      /* Read again: a call on the game may have replaced the state. */
      if ((state = meeple_remote_game_state(game, NULL)))
        cli_append_seats(text, meeple_remote_game_catalog(game), state);
    } else if (strcmp(line, "bag") == 0) {
      size_t before = text->len;
      if ((state = meeple_remote_game_state(game, NULL)))
        cli_append_bag(text, meeple_remote_game_catalog(game), state,
                       meeple_remote_game_events(game));
      if (text->len == before)
        g_string_append(text, "The tiles of this game's bag are not "
                        "counted by kind (an explicit supply).\n");
    } else if (strcmp(line, "actions") == 0) {
      append_actions(text, d, state, board, NULL);
      append_summary(text, d);
    } else if (g_str_has_prefix(line, "actions ")) {
      append_actions(text, d, state, board, line + strlen("actions "));
    } else if (g_ascii_string_to_unsigned(line, 10, 0, G_MAXUINT, &number,
                                          NULL)) {
      if (number < 1 || number > d->actions->len)
        g_printerr(CLI_NAME ": there is no action %s; type a number from 1 "
                   "to %u, or help\n", line, d->actions->len);
      else if (meeple_remote_game_act(game, d->seat, d, (guint)number - 1,
                                      &error))
        answer = CLI_ANSWER_ACTED;
      else
        answer = refused(error, d);
    } else if (strlen(line) == 1 && g_ascii_isalpha(line[0]) &&
               (index = cli_board_label_action(board, line[0])) >= 0) {
      /* A letter drawn on the board: the one option there. */
      if (meeple_remote_game_act(game, d->seat, d, (guint)index, &error))
        answer = CLI_ANSWER_ACTED;
      else
        answer = refused(error, d);
    } else if ((index = find_action(d, line)) >= 0) {
      if (meeple_remote_game_act(game, d->seat, d, (guint)index, &error))
        answer = CLI_ANSWER_ACTED;
      else
        answer = refused(error, d);
    } else {
      /* Maybe another spelling of a legal action: the daemon decides. */
      if (meeple_remote_game_act_notation(game, d->seat, line, &error))
        answer = CLI_ANSWER_ACTED;
      else
        answer = refused(error, d);
    }
    error = NULL;
    g_free(line);
  }
  g_string_free(text, TRUE);
  cli_board_free(board);
  return answer;
}
