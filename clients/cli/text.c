/* text.c — a remote game as text: the header, the seats table, the
 * status line, final scores and event lines.  Figure types and event
 * fields are shown by their names, so an expansion's need no code here.
 * The output depends only on the game's public state, so `meeple show`
 * of a given game is the same every time (the golden tests rely on it). */
#include "config.h"

#include <string.h>

#include "cli.h"

/* ---- the seats table ------------------------------------------------- */

/* Column title of figure type @name: "Followers" for the plain
 * follower (as meeple-sim writes it), else the name capitalised. */
static char *
supply_title(const char *name)
{
  if (strcmp(name, "follower") == 0)
    return g_strdup("Followers");
  char *title = g_strdup(name);
  title[0] = g_ascii_toupper(title[0]);
  return title;
}

static gboolean
in_some_supply(const MeepleClientState *state, const char *name)
{
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    if (seat->supply && g_hash_table_contains(seat->supply, name))
      return TRUE;
  }
  return FALSE;
}

static gint
compare_names(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Figure types with a supply column: the catalog's owned types in its
 * order, then any other name found in a supply, sorted. */
static GPtrArray *
supply_columns(const MeepleClientCatalog *catalog,
               const MeepleClientState *state)
{
  GPtrArray *names = g_ptr_array_new();
  for (guint i = 0; catalog && i < catalog->figure_types->len; i++) {
    const MeepleClientFigureType *t =
      g_ptr_array_index(catalog->figure_types, i);
    if (!t->neutral && in_some_supply(state, t->name))
      g_ptr_array_add(names, t->name);
  }
  GPtrArray *extra = g_ptr_array_new();
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    GHashTableIter iter;
    gpointer key;
    if (!seat->supply)
      continue;
    g_hash_table_iter_init(&iter, seat->supply);
    while (g_hash_table_iter_next(&iter, &key, NULL)) {
      gboolean known = FALSE;
      for (guint i = 0; i < names->len && !known; i++)
        known = strcmp(g_ptr_array_index(names, i), key) == 0;
      for (guint i = 0; i < extra->len && !known; i++)
        known = strcmp(g_ptr_array_index(extra, i), key) == 0;
      if (!known)
        g_ptr_array_add(extra, key);
    }
  }
  g_ptr_array_sort(extra, compare_names);
  for (guint i = 0; i < extra->len; i++)
    g_ptr_array_add(names, g_ptr_array_index(extra, i));
  g_ptr_array_free(extra, TRUE);
  return names;
}

static const char *
seat_player(const MeepleClientSeat *seat)
{
  if (!seat->taken)
    return "(free)";
  return seat->name && *seat->name ? seat->name : "(no name)";
}

void
cli_append_seats(GString *out, const MeepleClientCatalog *catalog,
                 const MeepleClientState *state)
{
  int width = 6;
  for (guint s = 0; s < state->seats->len; s++)
    width = MAX(width, (int)g_utf8_strlen(
                         seat_player(g_ptr_array_index(state->seats, s)),
                         -1));
  GPtrArray *columns = supply_columns(catalog, state);
  g_string_append_printf(out, "Seat  %-*s  Kind   Score", width, "Player");
  for (guint c = 0; c < columns->len; c++) {
    char *title = supply_title(g_ptr_array_index(columns, c));
    g_string_append_printf(out, "  %s", title);
    g_free(title);
  }
  g_string_append_c(out, '\n');
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    const char *name = seat_player(seat);
    /* Pad by characters, not bytes, so UTF-8 names line up. */
    int pad = width - (int)g_utf8_strlen(name, -1);
    g_string_append_printf(out, "%4u  %s%*s  %-5s  %5d", s + 1, name,
                           MAX(pad, 0), "", seat->kind ? seat->kind : "",
                           seat->score);
    for (guint c = 0; c < columns->len; c++) {
      const char *type = g_ptr_array_index(columns, c);
      char *title = supply_title(type);
      guint left = seat->supply
        ? GPOINTER_TO_UINT(g_hash_table_lookup(seat->supply, type)) : 0;
      g_string_append_printf(out, "  %*u", MAX((int)strlen(title), 1), left);
      g_free(title);
    }
    g_string_append_c(out, '\n');
  }
  g_ptr_array_free(columns, TRUE);
}

/* ---- status and scores ------------------------------------------------ */

void
cli_append_final_scores(GString *out, const MeepleClientState *state)
{
  char buffer[32];
  g_string_append(out, "Final scores:");
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    g_string_append_printf(out, "%s %s %d", s ? "," : "",
                           cli_seat_name(state, (int)s, buffer,
                                         sizeof buffer), seat->score);
  }
  guint n = state->winners ? state->winners->len : 0;
  g_string_append_printf(out, "; %s", n > 1 ? "winners (tie):" : "winner:");
  for (guint i = 0; i < n; i++)
    g_string_append_printf(out, "%s %s", i ? "," : "",
                           cli_seat_name(state,
                                         (int)g_array_index(state->winners,
                                                            guint, i),
                                         buffer, sizeof buffer));
  if (n == 0)
    g_string_append(out, " none");
  g_string_append_c(out, '\n');
}

const char *
cli_supply_note(const char *supply)
{
  if (g_strcmp0(supply, "seed") == 0)
    return "The creator chose the seed, so they can know every draw.";
  if (g_strcmp0(supply, "tiles") == 0)
    return "The creator chose the order of the tiles, so they know every "
           "draw.";
  if (g_strcmp0(supply, "imported") == 0)
    return "The game was imported from a record, which holds the seed: "
           "whoever has the record knows every draw.";
  return NULL;
}

void
cli_append_status(GString *out, const MeepleClientState *state,
                  const MeepleClientDecision *d)
{
  char buffer[32];
  const char *status = state->status ? state->status : "";
  if (strcmp(status, "waiting") == 0) {
    guint taken = 0;
    for (guint s = 0; s < state->seats->len; s++)
      taken += ((const MeepleClientSeat *)
                  g_ptr_array_index(state->seats, s))->taken ? 1 : 0;
    g_string_append_printf(out, "Waiting for players: %u of %u seats "
                           "taken.\n", taken, state->seats->len);
    /* before anybody joins: a game whose draws somebody knows */
    const char *note = cli_supply_note(state->supply);
    if (note)
      g_string_append_printf(out, "%s\n", note);
    return;
  }
  if (strcmp(status, "over") == 0) {
    g_string_append_printf(out, "Game over after %u turns, %u tile%s "
                           "discarded.\n", state->turn, state->discarded,
                           state->discarded == 1 ? "" : "s");
    cli_append_final_scores(out, state);
    return;
  }
  g_string_append_printf(out, "Turn %u, %u tile%s left", state->turn,
                         state->tiles_left, state->tiles_left == 1 ? "" : "s");
  if (state->drawn_tile && *state->drawn_tile)
    g_string_append_printf(out, ", drawn tile %s", state->drawn_tile);
  if (d)
    g_string_append_printf(out, "; %s (seat %u) to decide: %s (%u legal "
                           "action%s)", cli_seat_name(state, (int)d->seat,
                                                      buffer, sizeof buffer),
                           d->seat + 1, d->kind, d->actions->len,
                           d->actions->len == 1 ? "" : "s");
  else
    g_string_append_printf(out, "; %s (seat %u) is active",
                           cli_seat_name(state, (int)state->active_seat,
                                         buffer, sizeof buffer),
                           state->active_seat + 1);
  g_string_append(out, ".\n");
}

gboolean
cli_append_game(GString *out, MeepleRemoteGame *game, BoardRenderFlags flags,
                GError **error)
{
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);
  const MeepleClientState *state = meeple_remote_game_state(game, error);
  if (!state)
    return FALSE;
  /* The decision first, the state after it: a call on the game may
   * replace the state it returned before. */
  const MeepleClientDecision *d = NULL;
  if (g_strcmp0(state->status, "playing") == 0) {
    d = meeple_remote_game_decision(game, NULL);
    if (!(state = meeple_remote_game_state(game, error)))
      return FALSE;
  }
  g_string_append_printf(out, "Game %s", state->id ? state->id : "?");
  if (state->name && *state->name)
    g_string_append_printf(out, " \"%s\"", state->name);
  g_string_append(out, ": ");
  g_string_append(out, state->status ? state->status : "?");
  g_string_append(out, ", rules ");
  for (guint i = 0; state->rules && state->rules[i]; i++)
    g_string_append_printf(out, "%s%s", i ? ", " : "", state->rules[i]);
  if (!state->rules || !state->rules[0])
    g_string_append(out, "base");
  g_string_append_c(out, '\n');
  CliBoard *board = cli_board_new(catalog, state);
  GPtrArray *events = meeple_remote_game_events(game);
  cli_board_mark_last_move(board, events);
  cli_board_render(out, board, flags);
  cli_board_free(board);
  cli_append_last_move(out, events, state);
  cli_append_legend(out, catalog, flags);
  cli_append_seats(out, catalog, state);
  cli_append_status(out, state, d);
  if (g_strcmp0(state->status, "playing") == 0)
    cli_append_bag(out, catalog, state, events);
  return TRUE;
}

/* ---- the last move ---------------------------------------------------- */

void
cli_append_wrapped(GString *out, const char *text, guint width,
                   const char *indent)
{
  g_auto(GStrv) words = g_strsplit(text, " ", -1);
  guint column = 0;
  for (char **w = words; *w; w++) {
    if (!**w)
      continue;
    guint n = (guint)g_utf8_strlen(*w, -1);
    if (column > 0 && column + 1 + n > width) {
      g_string_append_printf(out, "\n%s", indent);
      column = (guint)g_utf8_strlen(indent, -1);
    } else if (column > 0) {
      g_string_append_c(out, ' ');
      column++;
    }
    g_string_append(out, *w);
    column += n;
  }
  g_string_append_c(out, '\n');
}

/* Index of the last tile a seat placed in @events, or -1 (the start
 * tile, placed by nobody, is no move). */
static int
last_move(const GPtrArray *events)
{
  for (guint i = events ? events->len : 0; i-- > 0;) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (g_strcmp0(e->type, "tile-placed") == 0 && e->has_xy && e->seat >= 0)
      return (int)i;
  }
  return -1;
}

void
cli_append_last_move(GString *out, const GPtrArray *events,
                     const MeepleClientState *state)
{
  int last = last_move(events);
  if (last < 0)
    return;
  char buffer[32];
  const MeepleClientEvent *placed = g_ptr_array_index(events, (guint)last);
  GString *line = g_string_new(NULL);
  g_string_append_printf(line, "Last move: %s placed tile %s at %d,%d "
                         "([ ] on the axes)",
                         cli_seat_name(state, placed->seat, buffer,
                                       sizeof buffer),
                         placed->tile ? placed->tile : "?", placed->x,
                         placed->y);
  for (guint i = (guint)last + 1; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (!cli_event_moves_figure(e))
      continue;
    gboolean moved = g_str_has_suffix(e->type, "-moved");
    /* A "...-moved" event names its figure by its type. */
    g_autofree char *what = e->figure && *e->figure
      ? g_strdup(e->figure)
      : g_strndup(e->type, strlen(e->type) - strlen("-moved"));
    g_string_append_printf(line, "; %s %s %d,%d", what,
                           moved ? "moved to" : "at", e->x, e->y);
  }
  g_string_append_c(line, '.');
  cli_append_wrapped(out, line->str, CLI_TEXT_WIDTH, "  ");
  g_string_free(line, TRUE);
}

/* ---- events ---------------------------------------------------------- */

void
cli_append_event(GString *out, const MeepleClientEvent *e,
                 const MeepleClientState *state, CliEventStyle style)
{
  char buffer[32];
  gsize start = out->len;
  gboolean raw = (style & CLI_EVENT_RAW) != 0;
  if (!raw && !(style & CLI_EVENT_FIELDS) && e->text && *e->text) {
    /* the rule set's own words, with only the fields it declares */
    g_string_append_printf(out, "#%" G_GUINT64_FORMAT " %s", e->sequence,
                           e->text);
    if ((style & CLI_EVENT_RULES) && e->rule && *e->rule)
      g_string_append_printf(out, " [%s]", e->rule);
    g_autofree char *line = g_strdup(out->str + start);
    g_string_truncate(out, start);
    cli_append_wrapped(out, line, CLI_TEXT_WIDTH, "    ");
    return;
  }
  g_string_append_printf(out, "#%" G_GUINT64_FORMAT " %s", e->sequence,
                         e->type ? e->type : "?");
  if (e->seat >= 0)
    g_string_append_printf(out, " %s", cli_seat_name(state, e->seat, buffer,
                                                     sizeof buffer));
  /* Every field the event has, by name, in one fixed order. */
  const char *sep = ": ";
  const struct { const char *label, *value; } strings[] = {
    { "tile", e->tile }, { "figure", e->figure }, { "kind", e->kind },
  };
  for (gsize i = 0; i < G_N_ELEMENTS(strings); i++)
    if (strings[i].value && *strings[i].value) {
      g_string_append_printf(out, "%s%s %s", sep, strings[i].label,
                             strings[i].value);
      sep = ", ";
    }
  if (e->has_points) {
    g_string_append_printf(out, "%s%d point%s", sep, e->points,
                           e->points == 1 || e->points == -1 ? "" : "s");
    sep = ", ";
  }
  /* The arg means what the event's rule set says (doc/), nothing a
   * player can read: only the raw log of watch shows it. */
  if (e->has_arg && raw) {
    g_string_append_printf(out, "%sarg %d", sep, e->arg);
    sep = ", ";
  }
  if (e->segment && *e->segment) {
    g_string_append_printf(out, "%son %s", sep, e->segment);
    sep = " ";
  }
  if (e->has_xy)
    g_string_append_printf(out, "%sat %d,%d", sep, e->x, e->y);
  if (e->rule && *e->rule)
    g_string_append_printf(out, " [%s]", e->rule);
  if (raw || g_utf8_strlen(out->str + start, -1) <= CLI_TEXT_WIDTH) {
    g_string_append_c(out, '\n');
    return;
  }
  /* A player's terminal: wrapped. */
  g_autofree char *line = g_strdup(out->str + start);
  g_string_truncate(out, start);
  cli_append_wrapped(out, line, CLI_TEXT_WIDTH, "    ");
}
