/* preview.c — a tile's placement previewed before it is sent.
 *
 * Once the daemon has a placement it is final.  So the placement a
 * player picks is first drawn here, on the client's own copy of the
 * board, with the tile's segments lettered; the player says which figure
 * goes where (or none), sees that too, and confirms — or goes back, to
 * another figure or another placement.  Only then is the placement sent,
 * and the figure choice is held for the decision that follows it.
 *
 * The decision protocol lists a decision's actions only once it is
 * pending: which segments of the new tile may take a figure (a feature
 * already occupied, a rule set's restrictions) is known only after the
 * placement.  The preview therefore letters every segment and says so;
 * when the decision after the placement does not offer the held choice,
 * the player is told and chooses from what it does offer.  Everything
 * comes from the catalog (the tile's segments, the figure types) and the
 * player's supply: nothing here knows a rule set. */
#include "config.h"

#include <string.h>

#include "cli.h"

void
cli_turn_init(CliTurn *turn, gboolean preview)
{
  memset(turn, 0, sizeof *turn);
  turn->preview = preview;
  turn->shown = g_string_new(NULL);
  turn->context = g_string_new(NULL);
}

void
cli_turn_drop_held(CliTurn *turn)
{
  turn->held = turn->none = FALSE;
  g_clear_pointer(&turn->figure, g_free);
  g_clear_pointer(&turn->segment, g_free);
  g_clear_pointer(&turn->what, g_free);
}

void
cli_turn_clear(CliTurn *turn)
{
  cli_turn_drop_held(turn);
  if (turn->shown)
    g_string_free(turn->shown, TRUE);
  if (turn->context)
    g_string_free(turn->context, TRUE);
  turn->shown = turn->context = NULL;
}

/* The figure types of the player's supply with some left, in the
 * catalog's order (names owned by the catalog). */
static GPtrArray *
supply_types(const MeepleClientCatalog *catalog,
             const MeepleClientState *state, guint seat)
{
  GPtrArray *types = g_ptr_array_new();
  const MeepleClientSeat *s = seat < state->seats->len
                                ? g_ptr_array_index(state->seats, seat)
                                : NULL;
  for (guint i = 0; s && s->supply && i < catalog->figure_types->len; i++) {
    const MeepleClientFigureType *t =
      g_ptr_array_index(catalog->figure_types, i);
    if (!t->neutral &&
        GPOINTER_TO_UINT(g_hash_table_lookup(s->supply, t->name)) > 0)
      g_ptr_array_add(types, t->name);
  }
  return types;
}

/* What the preview asks about. */
typedef struct {
  MeepleRemoteGame *game;
  const MeepleClientDecision *d;
  const MeepleClientAction *a;
  const MeepleTileType *type;
  GPtrArray *types;   /* supply_types() */
  char *letters;      /* per segment of the tile */
  BoardRenderFlags flags;
} Preview;

/* The segment lettered @letter, or -1. */
static int
lettered(const Preview *p, char letter)
{
  const char *at = letter != ' ' ? strchr(p->letters, letter) : NULL;
  return at ? (int)(at - p->letters) : -1;
}

/* The segment named @name ("R1"), or -1. */
static int
named(const Preview *p, const char *name)
{
  for (guint s = 0; s < p->type->n_segments; s++)
    if (strcmp(p->type->segments[s].name, name) == 0)
      return (int)s;
  return -1;
}

/* The board with the tile placed, and with a figure of @figure on
 * @segment (-1: none), into @out; the kind of each segment into
 * @kinds when not NULL. */
static void
append_preview_board(GString *out, const Preview *p, const char *figure,
                     int segment, GPtrArray *kinds)
{
  const MeepleClientState *state = meeple_remote_game_state(p->game, NULL);
  if (!state)
    return;
  CliBoard *board = cli_board_new(meeple_remote_game_catalog(p->game),
                                  state);
  g_free(cli_board_preview_tile(board, p->a->tile, p->a->x, p->a->y,
                                p->a->rotation));
  for (guint s = 0; kinds && s < p->type->n_segments; s++) {
    const char *kind = cli_board_segment_kind(board, p->a->x, p->a->y, s);
    g_ptr_array_add(kinds, g_strdup(kind ? kind : "?"));
  }
  if (figure && segment >= 0)
    cli_board_preview_figure(board, figure, (int)p->d->seat, p->a->x,
                             p->a->y, (guint)segment);
  cli_board_render(out, board, p->flags);
  cli_board_free(board);
}

/* Appends the figure question: the tile's segments lettered. */
static void
append_figure_question(GString *out, const Preview *p)
{
  GPtrArray *kinds = g_ptr_array_new_with_free_func(g_free);
  g_autofree char *shown = cli_action_shown(p->a);
  g_string_append_printf(out, "\nPreview, not sent yet: %s.\n", shown);
  append_preview_board(out, p, NULL, -1, kinds);
  g_string_append(out, "Your figures:");
  const MeepleClientState *state = meeple_remote_game_state(p->game, NULL);
  const MeepleClientSeat *seat = state && p->d->seat < state->seats->len
    ? g_ptr_array_index(state->seats, p->d->seat) : NULL;
  for (guint i = 0; i < p->types->len; i++)
    g_string_append_printf(out, "%s %s %u", i ? "," : "",
                           (const char *)g_ptr_array_index(p->types, i),
                           seat ? GPOINTER_TO_UINT(g_hash_table_lookup(
                                    seat->supply,
                                    g_ptr_array_index(p->types, i))) : 0);
  if (p->types->len == 0)
    g_string_append(out, " none left");
  g_string_append(out, ".\nA figure on this tile?\n");
  for (guint s = 0; s < p->type->n_segments; s++)
    if (p->letters[s] != ' ')
      g_string_append_printf(out, "   %c  %s %s\n", p->letters[s],
                             (const char *)g_ptr_array_index(kinds, s),
                             p->type->segments[s].name);
  g_ptr_array_free(kinds, TRUE);
  cli_append_wrapped(out,
    "Answer a letter (a figure there), FIGURE LETTER (e.g. \"follower "
    "a\"), none (no figure), more (send the placement now and choose from "
    "every option the rules then give), or back (another placement).  "
    "Which segments the rules let a figure take is checked when you "
    "confirm: the daemon lists them only once the tile is placed.",
    CLI_TEXT_WIDTH, "");
}

/* Parses a figure answer: "LETTER", "FIGURE LETTER" or "FIGURE SEGMENT"
 * into *@figure (owned by the catalog) and *@segment; FALSE with a
 * message when it is none of them. */
static gboolean
parse_figure(const Preview *p, const char *line, const char **figure,
             int *segment)
{
  g_auto(GStrv) words = g_strsplit(line, " ", -1);
  guint n = g_strv_length(words);
  const char *where = n == 1 ? words[0] : n == 2 ? words[1] : NULL;
  *figure = p->types->len ? g_ptr_array_index(p->types, 0) : NULL;
  if (n == 2) {
    *figure = NULL;
    for (guint i = 0; i < p->types->len; i++)
      if (strcmp(g_ptr_array_index(p->types, i), words[0]) == 0)
        *figure = g_ptr_array_index(p->types, i);
    if (!*figure) {
      g_printerr(CLI_NAME ": you have no %s to place\n", words[0]);
      return FALSE;
    }
  }
  *segment = -1;
  if (where && strlen(where) == 1)
    *segment = lettered(p, where[0]);
  if (where && *segment < 0)
    *segment = named(p, where);
  if (!*figure || *segment < 0) {
    g_printerr(CLI_NAME ": %s\nAnswer a letter of the tile, FIGURE "
               "LETTER, none, more or back.\n",
               !*figure ? "you have no figure left" : "no such segment");
    return FALSE;
  }
  return TRUE;
}

/* Sends the placement; with @hold the figure choice (@figure on
 * @segment, or none when @figure is NULL) is kept for what follows. */
static CliAnswer
send_placement(const Preview *p, gboolean hold, const char *figure,
               int segment, CliTurn *turn)
{
  GError *error = NULL;
  guint index = 0;
  for (guint i = 0; i < p->d->actions->len; i++)
    if (g_ptr_array_index(p->d->actions, i) == p->a)
      index = i;
  cli_turn_drop_held(turn);
  if (!meeple_remote_game_act(p->game, p->d->seat, p->d, index, &error)) {
    g_printerr(CLI_NAME ": %s\n", error->message);
    gboolean gone = !g_error_matches(error, MEEPLE_CLIENT_ERROR,
                                     MEEPLE_CLIENT_ERROR_ILLEGAL_ACTION);
    g_error_free(error);
    return gone ? CLI_ANSWER_RETRY : CLI_ANSWER_BACK;
  }
  if (hold) {
    turn->held = TRUE;
    turn->none = figure == NULL;
    turn->x = p->a->x;
    turn->y = p->a->y;
    turn->figure = g_strdup(figure);
    turn->segment = figure ? g_strdup(p->type->segments[segment].name)
                           : NULL;
    turn->what = figure ? g_strdup_printf("%s %s", figure, turn->segment)
                        : g_strdup("no figure");
  }
  return CLI_ANSWER_ACTED;
}

/* The confirmation: yes sends, back returns to the figure question. */
static CliAnswer
confirm(const Preview *p, const char *figure, int segment, FILE *input,
        CliTurn *turn)
{
  GString *text = g_string_new("\n");
  g_autofree char *shown = cli_action_shown(p->a);
  append_preview_board(text, p, figure, segment, NULL);
  GString *sending = g_string_new(NULL);
  if (figure)
    g_string_append_printf(sending, "To send: %s, then %s %s (the segment "
                           "lettered %c).", shown, figure,
                           p->type->segments[segment].name,
                           p->letters[segment]);
  else
    g_string_append_printf(sending, "To send: %s, with no figure.", shown);
  cli_append_wrapped(text, sending->str, CLI_TEXT_WIDTH, "  ");
  g_string_free(sending, TRUE);
  CliAnswer answer = CLI_ANSWER_AGAIN;
  while (answer == CLI_ANSWER_AGAIN) {
    g_string_append(text, "Your choice (yes to send, back)> ");
    char *line;
    answer = cli_prompt_read(text, input, &line);
    if (answer != CLI_ANSWER_AGAIN)
      break;
    if (strcmp(line, "yes") == 0 || strcmp(line, "y") == 0 ||
        strcmp(line, "ok") == 0 || strcmp(line, "send") == 0)
      answer = send_placement(p, TRUE, figure, segment, turn);
    else if (strcmp(line, "back") == 0 || strcmp(line, "undo") == 0 ||
             strcmp(line, "no") == 0 || strcmp(line, "n") == 0)
      answer = CLI_ANSWER_BACK;
    else if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0)
      answer = CLI_ANSWER_QUIT;
    else if (*line)
      g_printerr(CLI_NAME ": answer yes (send it) or back (change it)\n");
    g_free(line);
  }
  g_string_free(text, TRUE);
  return answer;
}

CliAnswer
cli_preview_placement(MeepleRemoteGame *game, const MeepleClientDecision *d,
                      guint index, BoardRenderFlags flags, FILE *input,
                      CliTurn *turn)
{
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);
  const MeepleClientState *state = meeple_remote_game_state(game, NULL);
  const MeepleClientAction *a = g_ptr_array_index(d->actions, index);
  int t = meeple_client_catalog_find_tile(catalog, a->tile);
  if (!state || t < 0)
    return CLI_ANSWER_FAILED;
  Preview p = { game, d, a, &g_array_index(catalog->tiles, MeepleTileType,
                                           (guint)t),
                supply_types(catalog, state, d->seat), NULL, flags };
  /* The letters the tile's segments get, as the board draws them. */
  CliBoard *board = cli_board_new(catalog, state);
  p.letters = cli_board_preview_tile(board, a->tile, a->x, a->y,
                                     a->rotation);
  cli_board_free(board);
  GString *text = g_string_new(NULL);
  append_figure_question(text, &p);
  CliAnswer answer = CLI_ANSWER_AGAIN;
  while (answer == CLI_ANSWER_AGAIN) {
    g_string_append(text, "Your choice (a letter, FIGURE LETTER, none, "
                    "more, back, help)> ");
    char *line;
    answer = cli_prompt_read(text, input, &line);
    if (answer != CLI_ANSWER_AGAIN)
      break;
    const char *figure;
    int segment;
    if (!*line) {
      /* ask again */
    } else if (strcmp(line, "back") == 0 || strcmp(line, "undo") == 0) {
      answer = CLI_ANSWER_BACK;
    } else if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
      answer = CLI_ANSWER_QUIT;
    } else if (strcmp(line, "help") == 0 || strcmp(line, "?") == 0 ||
               strcmp(line, "board") == 0) {
      append_figure_question(text, &p);
    } else if (strcmp(line, "more") == 0) {
      answer = send_placement(&p, FALSE, NULL, -1, turn);
    } else if (strcmp(line, "none") == 0 || strcmp(line, "pass") == 0) {
      answer = confirm(&p, NULL, -1, input, turn);
    } else if (parse_figure(&p, line, &figure, &segment)) {
      answer = confirm(&p, figure, segment, input, turn);
    }
    /* Back from the confirmation: the figure question again. */
    if (answer == CLI_ANSWER_BACK && strcmp(line, "back") != 0 &&
        strcmp(line, "undo") != 0) {
      answer = CLI_ANSWER_AGAIN;
      append_figure_question(text, &p);
    }
    g_free(line);
  }
  g_string_free(text, TRUE);
  g_ptr_array_free(p.types, TRUE);
  g_free(p.letters);
  return answer;
}

/* ---- the held choice, once the placement is applied ---------------- */

static gboolean
is_pass(const MeepleClientAction *a)
{
  return g_strcmp0(a->kind, "pass") == 0;
}

CliAnswer
cli_turn_resolve(MeepleRemoteGame *game, const MeepleClientDecision *d,
                 CliTurn *turn)
{
  if (!turn->held)
    return CLI_ANSWER_AGAIN;
  int mine = -1, pass = -1;
  gboolean same_figure = FALSE, new_turn = FALSE;
  for (guint i = 0; i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    new_turn = new_turn || (a->tile && *a->tile);
    if (is_pass(a) && pass < 0)
      pass = (int)i;
    if (turn->none || !*a->figure || !*a->segment || a->x != turn->x ||
        a->y != turn->y || strcmp(a->figure, turn->figure) != 0)
      continue;
    same_figure = TRUE;
    if (strcmp(a->segment, turn->segment) == 0 && mine < 0)
      mine = (int)i;
  }
  if (new_turn) {
    cli_turn_drop_held(turn);
    return CLI_ANSWER_AGAIN;
  }
  if (turn->none)
    mine = pass;
  /* The decision where the figure goes offers that figure on the new
   * tile, or lets the player pass; any other (a rule set's, in between,
   * that must be answered) is the player's, and the choice waits. */
  if (mine < 0 && (turn->none || (!same_figure && pass < 0)))
    return CLI_ANSWER_AGAIN;
  GString *text = g_string_new(NULL);
  if (mine < 0) {
    g_string_append_printf(text, "Your %s is not among the options now "
                           "(the rules said so once the tile was placed); "
                           "choose from those below.", turn->what);
    GString *wrapped = g_string_new(NULL);
    cli_append_wrapped(wrapped, text->str, CLI_TEXT_WIDTH, "");
    cli_write(wrapped);
    g_string_free(wrapped, TRUE);
    g_string_free(text, TRUE);
    cli_turn_drop_held(turn);
    return CLI_ANSWER_AGAIN;
  }
  const MeepleClientAction *a = g_ptr_array_index(d->actions, (guint)mine);
  g_autofree char *shown = cli_action_shown(a);
  g_string_append_printf(text, "Sent as confirmed: %s.\n", shown);
  cli_write(text);
  g_string_free(text, TRUE);
  cli_turn_drop_held(turn);
  GError *error = NULL;
  if (meeple_remote_game_act(game, d->seat, d, (guint)mine, &error))
    return CLI_ANSWER_ACTED;
  g_printerr(CLI_NAME ": %s\n", error->message);
  g_error_free(error);
  return CLI_ANSWER_RETRY;
}
