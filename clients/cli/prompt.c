/* prompt.c — one decision of an interactive player: the board with the
 * options lettered on it, the drawn tile in its four rotations, the
 * options, then lines read from standard input until one of them is an
 * action the daemon accepts.
 *
 * A decision with more than CLI_CHOICE_LIMIT actions is chosen in steps
 * (choice.c): what, then where, then the short list; typing an action's
 * notation works at every step, and "back" takes a step back.  A tile's
 * placement is previewed before it is sent when @turn says so
 * (preview.c).
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
  "  N         the number of a listed option\n"
  "  LETTER    the option lettered on the board (a cell, a segment)\n"
  "  ACTION    an action as listed, e.g. \"place D @ 1,0 r90\" or "
  "\"pass\",\n"
  "            at any step\n"
  "  #N        action N of 'actions' (the whole list)\n"
  "  back      the previous step (also: undo)\n"
  "  board     show the board and the scores again ('full': all of it)\n"
  "  bag       the tiles still in the bag, by kind\n"
  "  actions   list every legal action ('actions TEXT': those whose\n"
  "            notation contains TEXT, e.g. \"actions @ 2,1\")\n"
  "  help      this text\n"
  "  quit      leave the program; the seat stays yours (its token is\n"
  "            saved) and 'meeple play GAME' takes it back\n"
  "Long lists are chosen in steps: what (kind and figure), then where\n"
  "(cells lettered on the board), then the few options left.  r0 r90\n"
  "r180 r270 are the tile turned clockwise.  Rule sets' decisions and\n"
  "actions are listed the same way, by the names the daemon gives them.\n";

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

/* The sequence number of the last tile placement in @events, 0 when
 * none. */
static guint64
last_placement(const GPtrArray *events)
{
  for (guint i = events ? events->len : 0; i-- > 0;) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-placed") == 0)
      return e->sequence;
  }
  return 0;
}

/* Appends the board, unless it is the one printed last: a run of
 * decisions that change nothing the player must see (a figure's steps
 * that leave the options where they were) prints it once. */
static void
append_board_once(GString *out, const CliBoard *board, CliTurn *turn,
                  BoardRenderFlags flags)
{
  GString *text = g_string_new(NULL);
  cli_board_render(text, board, flags);
  if (turn->shown && g_string_equal(text, turn->shown))
    g_string_append(out, "(The board is as above; 'board' draws it "
                    "again.)\n");
  else
    g_string_append_len(out, text->str, (gssize)text->len);
  if (turn->shown)
    g_string_assign(turn->shown, text->str);
  g_string_free(text, TRUE);
}

/* The words of group @g of a WHAT step: its kind and figure, or its
 * one action. */
static void
append_group_what(GString *out, const MeepleClientDecision *d,
                  const GArray *group)
{
  const MeepleClientAction *a =
    g_ptr_array_index(d->actions, g_array_index(group, guint, 0));
  if (group->len == 1) {
    g_autofree char *shown = cli_action_shown(a);
    g_string_append(out, shown);
    return;
  }
  g_string_append(out, a->kind && *a->kind ? a->kind : "?");
  if (a->figure && *a->figure)
    g_string_append_printf(out, " %s", a->figure);
  g_string_append_printf(out, ": %u options", group->len);
}

/* Appends the current step of @choice: its groups, or the short list. */
static void
append_step(GString *out, const MeepleClientDecision *d, CliChoice *choice,
            const MeepleClientState *state, const CliBoard *board)
{
  guint n = cli_choice_n_groups(choice);
  switch (cli_choice_step(choice)) {
  case CLI_STEP_WHAT:
    g_string_append_printf(out, "%u options; first choose what:\n",
                           cli_choice_actions(choice)->len);
    for (guint g = 0; g < n; g++) {
      g_string_append_printf(out, "%4u  ", g + 1);
      append_group_what(out, d, cli_choice_group(choice, g));
      g_string_append_c(out, '\n');
    }
    break;
  case CLI_STEP_CELL: {
    g_string_append_printf(out, "%u options on %u cells; first choose "
                           "where (a letter on the board, or a number):\n",
                           cli_choice_actions(choice)->len, n);
    GString *line = g_string_new(NULL);
    for (guint g = 0; g < n; g++) {
      const GArray *group = cli_choice_group(choice, g);
      const MeepleClientAction *a =
        g_ptr_array_index(d->actions, g_array_index(group, guint, 0));
      const char *label = cli_board_group_label(board, g);
      if (cli_action_has_cell(a))
        g_string_append_printf(line, "%s%u=%s %d,%d (%u)", g ? "  " : "",
                               g + 1, label ? label : "?", a->x, a->y,
                               group->len);
      else {
        g_string_append_printf(line, "%s%u=", g ? "  " : "", g + 1);
        append_group_what(line, d, group);
      }
    }
    /* Entries break only between them ("N=LETTER X,Y (OPTIONS)"). */
    g_auto(GStrv) entries = g_strsplit(line->str, "  ", -1);
    guint column = 0;
    for (char **e = entries; *e; e++) {
      guint len = (guint)g_utf8_strlen(*e, -1);
      if (column > 0 && column + 2 + len > CLI_TEXT_WIDTH) {
        g_string_append_c(out, '\n');
        column = 0;
      }
      g_string_append_printf(out, "%s%s", column ? "  " : "  ", *e);
      column += 2 + len;
    }
    g_string_append_c(out, '\n');
    g_string_free(line, TRUE);
    break;
  }
  case CLI_STEP_LIST:
  default:
    cli_append_actions(out, d, cli_choice_actions(choice), FALSE, state,
                       board, NULL);
    break;
  }
  if (cli_choice_in_steps(choice))
    g_string_append(out, "(An action's notation is taken at any step; "
                    "'back' takes a pick back.)\n");
}

/* Letters on @board what the current step of @choice asks about. */
static void
mark_step(CliBoard *board, const MeepleClientDecision *d,
          const CliChoice *choice)
{
  if (cli_choice_step(choice) == CLI_STEP_CELL) {
    cli_board_mark_groups(board, d, choice);
    return;
  }
  /* What to do is asked first: nothing is lettered yet. */
  g_autoptr(GArray) none = g_array_new(FALSE, FALSE, sizeof(guint));
  const GArray *subset = cli_choice_step(choice) == CLI_STEP_LIST
                           ? cli_choice_actions(choice) : none;
  cli_board_mark_placements(board, d, subset);
  cli_board_mark_options(board, d, subset);
}

/* Appends everything a player needs to decide. */
static void
append_decision(GString *out, MeepleRemoteGame *game,
                const MeepleClientState *state,
                const MeepleClientDecision *d, CliChoice *choice,
                const CliBoard *board, CliTurn *turn, BoardRenderFlags flags)
{
  char buffer[32];
  g_string_append_c(out, '\n');
  append_board_once(out, board, turn, flags);
  /* The last move and the scores, unless just printed as they are. */
  GString *context = g_string_new(NULL);
  cli_append_last_move(context, meeple_remote_game_events(game), state);
  cli_append_seats(context, meeple_remote_game_catalog(game), state);
  if (!turn->context || !g_string_equal(context, turn->context))
    g_string_append_len(out, context->str, (gssize)context->len);
  if (turn->context)
    g_string_assign(turn->context, context->str);
  g_string_free(context, TRUE);
  const char *tile;
  if (places_tile(d, &tile)) {
    g_string_append_printf(out, "Turn %u, %u tile%s left.  Your tile: %s\n",
                           state->turn, state->tiles_left,
                           state->tiles_left == 1 ? "" : "s", tile);
    cli_append_tile(out, meeple_remote_game_catalog(game), tile, "  ",
                    flags);
  }
  GString *line = g_string_new(NULL);
  g_string_append_printf(line, "%s (seat %u), your decision: %s",
                         cli_seat_name(state, (int)d->seat, buffer,
                                       sizeof buffer), d->seat + 1, d->kind);
  if (d->description && *d->description)
    g_string_append_printf(line, " (%s)", d->description);
  cli_append_wrapped(out, line->str, CLI_TEXT_WIDTH, "  ");
  g_string_free(line, TRUE);
  append_step(out, d, choice, state, board);
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

CliAnswer
cli_prompt_read(GString *text, FILE *input, char **line)
{
  *line = NULL;
  if (!cli_write(text))
    return CLI_ANSWER_FAILED;
  g_string_truncate(text, 0);
  char *raw = read_line(input);
  if (!raw) {
    g_print("\n");
    return CLI_ANSWER_EOF;
  }
  *line = normalise(raw);
  g_free(raw);
  if (isatty(fileno(input)) != 1)
    g_print("%s\n", *line);
  return CLI_ANSWER_AGAIN;
}

/* After a refused action: what it means for the loop. */
static CliAnswer
refused(GError *error)
{
  CliAnswer answer = CLI_ANSWER_AGAIN;
  if (g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_STALE_DECISION) ||
      g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_NOT_YOUR_TURN) ||
      g_error_matches(error, MEEPLE_CLIENT_ERROR,
                      MEEPLE_CLIENT_ERROR_GAME_OVER))
    answer = CLI_ANSWER_RETRY;
  /* The daemon's message may be long: wrapped for the terminal. */
  GString *message = g_string_new(NULL);
  g_autofree char *line = g_strdup_printf(CLI_NAME ": %s", error->message);
  cli_append_wrapped(message, line, CLI_TEXT_WIDTH, "  ");
  g_printerr("%s", message->str);
  g_string_free(message, TRUE);
  if (answer == CLI_ANSWER_AGAIN)
    g_printerr("Type a listed number or letter, an action as listed, "
               "back, board, help or quit.\n");
  g_error_free(error);
  return answer;
}

/* Takes action @index: sent at once, or for a placement that @turn
 * previews, shown first (CLI_ANSWER_AGAIN when the player went back). */
static CliAnswer
take(MeepleRemoteGame *game, const MeepleClientDecision *d, guint index,
     BoardRenderFlags flags, FILE *input, CliTurn *turn)
{
  const MeepleClientAction *a = g_ptr_array_index(d->actions, index);
  if (turn->preview && a->tile && *a->tile)
    return cli_preview_placement(game, d, index, flags, input, turn);
  GError *error = NULL;
  if (meeple_remote_game_act(game, d->seat, d, index, &error))
    return CLI_ANSWER_ACTED;
  return refused(error);
}

/* The action of the short list lettered @label on the board (a segment,
 * or a cell), or -1; the options of a cell lettered @label that has
 * several go to *@cell (else it is left empty). */
static int
label_action(const CliBoard *board, const GArray *subset, const char *label,
             GArray *cell)
{
  if (strlen(label) == 1 && g_ascii_isalpha(label[0])) {
    int index = cli_board_label_action(board, label[0]);
    if (index >= 0)
      return index;
  }
  for (guint i = 0; i < subset->len; i++) {
    guint index = g_array_index(subset, guint, i);
    if (g_strcmp0(cli_board_action_cell(board, index), label) == 0)
      g_array_append_val(cell, index);
  }
  if (cell->len == 1) {
    int index = (int)g_array_index(cell, guint, 0);
    g_array_set_size(cell, 0);
    return index;
  }
  return -1;
}

/* The answers that show something: TRUE when @line was one. */
static gboolean
show_answer(GString *text, const char *line, MeepleRemoteGame *game,
            const MeepleClientDecision *d, CliChoice *choice,
            const CliBoard *board, BoardRenderFlags flags)
{
  const MeepleClientState *state;
  if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0) {
    g_string_append(text, help_text);
    cli_append_legend(text, meeple_remote_game_catalog(game), flags);
  } else if (strcmp(line, "board") == 0 || strcmp(line, "full") == 0) {
    gboolean full = cli_globals.full;
    cli_globals.full = full || strcmp(line, "full") == 0;
    cli_board_render(text, board, flags);
    cli_globals.full = full;
    cli_append_legend(text, meeple_remote_game_catalog(game), flags);
    /* Read again: a call on the game may have replaced the state. */
    if ((state = meeple_remote_game_state(game, NULL)))
      cli_append_seats(text, meeple_remote_game_catalog(game), state);
    append_step(text, d, choice, meeple_remote_game_state(game, NULL),
                board);
  } else if (strcmp(line, "bag") == 0) {
    size_t before = text->len;
    if ((state = meeple_remote_game_state(game, NULL)))
      cli_append_bag(text, meeple_remote_game_catalog(game), state,
                     meeple_remote_game_events(game));
    if (text->len == before)
      g_string_append(text, "The tiles of this game's bag are not "
                      "counted by kind (an explicit supply).\n");
  } else if (strcmp(line, "actions") == 0) {
    cli_append_actions(text, d, NULL, TRUE,
                       meeple_remote_game_state(game, NULL), board, NULL);
  } else if (g_str_has_prefix(line, "actions ")) {
    cli_append_actions(text, d, NULL, TRUE,
                       meeple_remote_game_state(game, NULL), board,
                       line + strlen("actions "));
  } else {
    return FALSE;
  }
  return TRUE;
}

/* The group of a WHAT step named @line as listed ("KIND FIGURE"),
 * or -1. */
static int
group_named(const MeepleClientDecision *d, const CliChoice *choice,
            const char *line)
{
  for (guint g = 0; g < cli_choice_n_groups(choice); g++) {
    const GArray *group = cli_choice_group(choice, g);
    const MeepleClientAction *a =
      g_ptr_array_index(d->actions, g_array_index(group, guint, 0));
    g_autofree char *name = a->figure && *a->figure
      ? g_strdup_printf("%s %s", a->kind, a->figure) : g_strdup(a->kind);
    if (group->len > 1 && strcmp(name, line) == 0)
      return (int)g;
  }
  return -1;
}

/* What one answer does at the current step: AGAIN to ask again (with
 * *@redraw when the step changed), or how the decision ended. */
static CliAnswer
answer_step(const char *line, MeepleRemoteGame *game,
            const MeepleClientDecision *d, CliChoice *choice,
            const CliBoard *board, BoardRenderFlags flags, FILE *input,
            CliTurn *turn, gboolean *redraw)
{
  const GArray *subset = cli_choice_actions(choice);
  CliStep step = cli_choice_step(choice);
  guint n = step == CLI_STEP_LIST ? subset->len : cli_choice_n_groups(choice);
  guint64 number;
  int index = -1;
  gboolean ambiguous = FALSE;
  if (strcmp(line, "back") == 0 || strcmp(line, "undo") == 0) {
    if (!cli_choice_back(choice)) {
      g_printerr(CLI_NAME ": nothing to go back to: this is the first "
                 "step of the decision\n");
      return CLI_ANSWER_AGAIN;
    }
    *redraw = TRUE;
    return CLI_ANSWER_AGAIN;
  }
  if (line[0] == '#' &&
      g_ascii_string_to_unsigned(line + 1, 10, 1, d->actions->len, &number,
                                 NULL))
    return take(game, d, (guint)number - 1, flags, input, turn);
  if (g_ascii_string_to_unsigned(line, 10, 0, G_MAXUINT, &number, NULL)) {
    if (number < 1 || number > n) {
      g_printerr(CLI_NAME ": there is no option %s; type a number from 1 "
                 "to %u, or help\n", line, n);
      return CLI_ANSWER_AGAIN;
    }
    if (step == CLI_STEP_LIST)
      return take(game, d, g_array_index(subset, guint, number - 1), flags,
                  input, turn);
    index = cli_choice_enter(choice, (guint)number - 1);
    if (index >= 0)
      return take(game, d, (guint)index, flags, input, turn);
    *redraw = TRUE;
    return CLI_ANSWER_AGAIN;
  }
  if (step == CLI_STEP_WHAT && (index = group_named(d, choice, line)) >= 0)
    {
    index = cli_choice_enter(choice, (guint)index);
    if (index >= 0)
      return take(game, d, (guint)index, flags, input, turn);
    *redraw = TRUE;
    return CLI_ANSWER_AGAIN;
  }
  if (step == CLI_STEP_CELL && (index = cli_board_label_group(board, line))
                                 >= 0) {
    index = cli_choice_enter(choice, (guint)index);
    if (index >= 0)
      return take(game, d, (guint)index, flags, input, turn);
    *redraw = TRUE;
    return CLI_ANSWER_AGAIN;
  }
  g_autoptr(GArray) cell = g_array_new(FALSE, FALSE, sizeof(guint));
  if (step == CLI_STEP_LIST &&
      (index = label_action(board, subset, line, cell)) >= 0)
    return take(game, d, (guint)index, flags, input, turn);
  if (cell->len > 1) {
    /* A cell of several options: those options, as a step. */
    cli_choice_narrow(choice, cell);
    *redraw = TRUE;
    return CLI_ANSWER_AGAIN;
  }
  if ((index = cli_find_shown(d, line, &ambiguous)) >= 0)
    return take(game, d, (guint)index, flags, input, turn);
  if (ambiguous) {
    g_printerr(CLI_NAME ": several options read \"%s\"; type the number "
               "or the letter of one\n", line);
    return CLI_ANSWER_AGAIN;
  }
  /* Maybe another spelling of a legal action: the daemon decides. */
  GError *error = NULL;
  if (meeple_remote_game_act_notation(game, d->seat, line, &error))
    return CLI_ANSWER_ACTED;
  return refused(error);
}

CliAnswer
cli_prompt_decision(MeepleRemoteGame *game, const MeepleClientDecision *d,
                    BoardRenderFlags flags, FILE *input, CliTurn *turn)
{
  CliAnswer answer = cli_turn_resolve(game, d, turn);
  if (answer != CLI_ANSWER_AGAIN)
    return answer;
  GError *error = NULL;
  const MeepleClientState *state = meeple_remote_game_state(game, &error);
  if (!state) {
    cli_fail(error);
    g_error_free(error);
    return CLI_ANSWER_FAILED;
  }
  CliBoard *board = cli_board_new(meeple_remote_game_catalog(game), state);
  CliChoice *choice = cli_choice_new(d);
  GPtrArray *events = meeple_remote_game_events(game);
  cli_board_mark_last_move(board, events);
  /* No tile placed since the decision shown last: the same turn. */
  guint64 placed = last_placement(events);
  cli_board_set_tight(board, placed != 0 && placed == turn->placed);
  turn->placed = placed;
  mark_step(board, d, choice);
  GString *text = g_string_new(NULL);
  append_decision(text, game, state, d, choice, board, turn, flags);
  while (answer == CLI_ANSWER_AGAIN) {
    guint n = cli_choice_step(choice) == CLI_STEP_LIST
                ? cli_choice_actions(choice)->len
                : cli_choice_n_groups(choice);
    g_string_append_printf(text, "Your choice (1-%u, %san action, %sboard, "
                           "bag, help, quit)> ", n,
                           cli_choice_step(choice) == CLI_STEP_WHAT
                             ? "" : "a letter, ",
                           cli_choice_can_back(choice) ? "back, " : "");
    char *line;
    answer = cli_prompt_read(text, input, &line);
    if (answer != CLI_ANSWER_AGAIN)
      break;
    gboolean redraw = FALSE;
    if (!*line) {
      /* An empty line: ask again. */
    } else if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
      answer = CLI_ANSWER_QUIT;
    } else if (!show_answer(text, line, game, d, choice, board, flags)) {
      answer = answer_step(line, game, d, choice, board, flags, input, turn,
                           &redraw);
      /* Back from a preview: the board of this step again. */
      if (answer == CLI_ANSWER_BACK) {
        answer = CLI_ANSWER_AGAIN;
        redraw = TRUE;
      }
    }
    if (redraw && answer == CLI_ANSWER_AGAIN) {
      /* Read again: a call on the game may have replaced the state. */
      if (!(state = meeple_remote_game_state(game, NULL)))
        answer = CLI_ANSWER_FAILED;
      mark_step(board, d, choice);
      cli_board_render(text, board, flags);
      append_step(text, d, choice, state, board);
    }
    g_free(line);
  }
  g_string_free(text, TRUE);
  cli_choice_free(choice);
  cli_board_free(board);
  return answer;
}
