/* game-view.c — one game's page (see game-view.h).
 *
 * Moves go in two steps, as at a real table: choosing (a cell and a
 * rotation, a spot, an entry of the list) shows the choice on the board
 * and in words; Confirm (Enter, or choosing the same thing again) sends
 * it, Back (Escape) forgets it.  Nothing reaches the daemon before. */
#include "config.h"

#include <string.h>

#include "event-text.h"
#include "game-view.h"
#include "look.h"
#include "local-replay.h"
#include "replay.h"
#include "tile-paint.h"
#include "turn.h"

#define LOG_ROWS 300

struct MgGameView {
  GtkWidget *root;
  MgGameViewParts p;
  MgSession *session;
  /* replay */
  MeepleRemoteGame *replay;
  MgLocalReplay *local; /* a replay of a record, when the daemon no
                         * longer holds the game */
  GArray *steps;
  guint step;
  MgReplayBoard rb;
  /* the decision being answered */
  MgTurn turn;
  gboolean have_decision;
  guint64 decision_id;
  guint decision_seat;
  char *decision_kind;
  int chosen;           /* action chosen, -1 */
  gboolean pending;     /* a cell chosen for the tile */
  int pend_x, pend_y;
  guint pend_rot;
  guint logged;         /* events shown in the log */
  MgBannerFunc banner;
  gpointer banner_data;
  int drawn_type;       /* for the preview */
  guint idle;           /* a refresh is queued */
};

/* ---- small helpers ---------------------------------------------------- */

static GtkWidget *
heading(const char *text)
{
  GtkWidget *l = gtk_label_new(text);
  gtk_widget_add_css_class(l, "heading");
  gtk_label_set_xalign(GTK_LABEL(l), 0);
  gtk_widget_set_margin_top(l, 8);
  return l;
}

static GtkWidget *
text_label(gboolean wrap)
{
  GtkWidget *l = gtk_label_new("");
  gtk_label_set_xalign(GTK_LABEL(l), 0);
  gtk_label_set_wrap(GTK_LABEL(l), wrap);
  gtk_label_set_wrap_mode(GTK_LABEL(l), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable(GTK_LABEL(l), FALSE);
  return l;
}

static GtkButton *
button(const char *label, const char *icon, const char *tooltip)
{
  GtkWidget *b = icon ? gtk_button_new_from_icon_name(icon)
                      : gtk_button_new_with_mnemonic(label);
  if (icon)
    gtk_accessible_update_property(GTK_ACCESSIBLE(b),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_tooltip_text(b, tooltip);
  return GTK_BUTTON(b);
}

static void
clear_list(GtkListBox *list)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(list))))
    gtk_list_box_remove(list, child);
}

static MeepleRemoteGame *
current_game(MgGameView *v)
{
  if (v->replay)
    return v->replay;
  return v->session ? mg_session_game(v->session) : NULL;
}

MeepleRemoteGame *
mg_game_view_game(MgGameView *v)
{
  return current_game(v);
}

static const MeepleClientDecision *
my_decision(MgGameView *v)
{
  MeepleRemoteGame *game = current_game(v);
  if (!v->session || !game || !v->have_decision)
    return NULL;
  const MeepleClientDecision *d = meeple_remote_game_decision(game, NULL);
  return d && d->id == v->decision_id ? d : NULL;
}

static void
show_error(MgGameView *v, const char *text)
{
  gtk_label_set_text(v->p.error, text ? text : "");
  gtk_widget_set_visible(GTK_WIDGET(v->p.error), text && *text);
}

/* ---- the choice --------------------------------------------------------- */

static void
update_choice(MgGameView *v)
{
  const MeepleClientDecision *d = my_decision(v);
  MeepleRemoteGame *game = current_game(v);
  const MeepleClientState *state =
      game ? meeple_remote_game_state(game, NULL) : NULL;
  const MeepleClientCatalog *catalog =
      game ? meeple_remote_game_catalog(game) : NULL;
  char *text = NULL;
  if (d && v->pending)
    text = g_strdup_printf("Place the tile at %d,%d turned %u°? Confirm "
                           "(Enter), rotate (R) or go back (Escape).",
                           v->pend_x, v->pend_y, v->pend_rot * 90);
  else if (d && v->chosen >= 0 && (guint)v->chosen < d->actions->len) {
    g_autofree char *what = mg_turn_describe(
        g_ptr_array_index(d->actions, v->chosen), state, catalog);
    text = g_strdup_printf("%s? Confirm (Enter) or go back (Escape).", what);
  } else if (d && v->turn.tile >= 0)
    text = g_strdup("Choose a highlighted cell for the tile: hover to "
                    "preview, R or the wheel rotates, click or Enter "
                    "chooses.");
  else if (d && v->turn.targets->len)
    text = g_strdup("Choose a highlighted spot on the board or an entry of "
                    "the list (arrows move between them).");
  else if (d)
    text = g_strdup("Choose an entry of the list.");
  gtk_label_set_text(v->p.choice, text ? text : "");
  g_free(text);
  gboolean chosen = d && (v->pending || v->chosen >= 0);
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.confirm), chosen);
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.back), chosen);
  gtk_widget_set_visible(GTK_WIDGET(v->p.pass), d && v->turn.pass >= 0);
  gboolean placing = d && v->turn.tile >= 0;
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.rotate_left), placing);
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.rotate_right), placing);
  gtk_widget_queue_draw(v->p.tile_preview);
}

static void
forget_choice(MgGameView *v)
{
  v->pending = FALSE;
  v->chosen = -1;
  mg_board_set_pending(v->p.board, FALSE, 0, 0, 0);
  mg_board_select_target(v->p.board, -1);
  gtk_list_box_unselect_all(v->p.actions);
  update_choice(v);
}

static void
choose_action(MgGameView *v, int index)
{
  v->pending = FALSE;
  mg_board_set_pending(v->p.board, FALSE, 0, 0, 0);
  v->chosen = index;
  int target = -1;
  for (guint i = 0; i < v->turn.targets->len; i++)
    if ((int)g_array_index(v->turn.targets, MgBoardTarget, i).action == index)
      target = (int)i;
  mg_board_select_target(v->p.board, target);
  /* the list row of the same action */
  for (GtkWidget *row = gtk_widget_get_first_child(GTK_WIDGET(v->p.actions));
       row; row = gtk_widget_get_next_sibling(row))
    if (GPOINTER_TO_INT(g_object_get_data(G_OBJECT(row), "action")) ==
        index + 1)
      gtk_list_box_select_row(v->p.actions, GTK_LIST_BOX_ROW(row));
  update_choice(v);
}

static void
confirm(MgGameView *v)
{
  const MeepleClientDecision *d = my_decision(v);
  if (!d)
    return;
  int index = v->pending ? mg_turn_find_place(d, v->pend_x, v->pend_y,
                                              v->pend_rot)
                         : v->chosen;
  if (index < 0)
    return;
  GError *error = NULL;
  show_error(v, NULL);
  if (!mg_session_act(v->session, d, (guint)index, &error)) {
    char *text = mg_error_text(error);
    show_error(v, text);
    g_free(text);
    g_error_free(error);
  }
  v->pending = FALSE;
  v->chosen = -1;
  mg_game_view_refresh(v);
}

/* ---- board callbacks ----------------------------------------------------- */

static void
on_placement(MgBoard *board, int x, int y, guint rotation, gpointer data)
{
  MgGameView *v = data;
  v->pending = TRUE;
  v->chosen = -1;
  v->pend_x = x;
  v->pend_y = y;
  v->pend_rot = rotation;
  mg_board_set_pending(board, TRUE, x, y, rotation);
  update_choice(v);
}

static void
on_target(MgBoard *board, guint index, gpointer data)
{
  (void)board;
  MgGameView *v = data;
  if (index < v->turn.targets->len)
    choose_action(v, (int)g_array_index(v->turn.targets, MgBoardTarget,
                                        index).action);
}

static void
on_confirm(MgBoard *board, gpointer data)
{
  (void)board;
  confirm(data);
}

static void
on_back(MgBoard *board, gpointer data)
{
  (void)board;
  forget_choice(data);
}

static void
on_rotated(MgBoard *board, guint rotation, gpointer data)
{
  (void)board;
  (void)rotation;
  MgGameView *v = data;
  if (v->pending)
    v->pend_rot = rotation;
  update_choice(v);
}

/* ---- buttons --------------------------------------------------------------- */

static void
on_confirm_clicked(GtkButton *b, gpointer data)
{
  (void)b;
  confirm(data);
}

static void
on_back_clicked(GtkButton *b, gpointer data)
{
  (void)b;
  forget_choice(data);
}

static void
on_pass_clicked(GtkButton *b, gpointer data)
{
  (void)b;
  MgGameView *v = data;
  if (v->turn.pass >= 0)
    choose_action(v, v->turn.pass);
}

static void
on_rotate_left(GtkButton *b, gpointer data)
{
  (void)b;
  mg_board_rotate(((MgGameView *)data)->p.board, -1);
}

static void
on_rotate_right(GtkButton *b, gpointer data)
{
  (void)b;
  mg_board_rotate(((MgGameView *)data)->p.board, 1);
}

static void
on_fit(GtkButton *b, gpointer data)
{
  (void)b;
  mg_board_fit(((MgGameView *)data)->p.board);
}

static void
on_last(GtkButton *b, gpointer data)
{
  (void)b;
  MgGameView *v = data;
  MeepleRemoteGame *game = current_game(v);
  GPtrArray *events = game ? meeple_remote_game_events(game) : NULL;
  for (guint i = events ? events->len : 0; i > 0; i--) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i - 1);
    if (strcmp(e->type, "tile-placed") == 0) {
      mg_board_go_to(v->p.board, e->x, e->y);
      return;
    }
  }
}

static void
on_action_row(GtkListBox *list, GtkListBoxRow *row, gpointer data)
{
  (void)list;
  MgGameView *v = data;
  int index = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(row), "action")) - 1;
  if (index < 0)
    return;
  if (index == v->chosen)
    confirm(v);
  else
    choose_action(v, index);
}

static void
on_replay_prev(GtkButton *b, gpointer data)
{
  (void)b;
  MgGameView *v = data;
  mg_game_view_replay_step(v, (int)v->step - 1);
}

static void
on_replay_next(GtkButton *b, gpointer data)
{
  (void)b;
  MgGameView *v = data;
  mg_game_view_replay_step(v, (int)v->step + 1);
}

/* The drawn tile, large, in the rotation being chosen. */
static void
draw_preview(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data)
{
  (void)area;
  MgGameView *v = data;
  MeepleRemoteGame *game = current_game(v);
  if (!game || v->drawn_type < 0)
    return;
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);
  if ((guint)v->drawn_type >= catalog->tiles->len)
    return;
  double size = MIN(w, h) - 4;
  cairo_translate(cr, (w - size) / 2, (h - size) / 2);
  guint rot = v->pending ? v->pend_rot : mg_board_get_rotation(v->p.board);
  mg_tile_paint(cr, catalog,
                &g_array_index(catalog->tiles, MeepleTileType, v->drawn_type),
                rot, size);
}

/* ---- reading the game --------------------------------------------------------- */

static void
board_from_state(MgGameView *v, const MeepleClientState *state,
                 const MeepleClientCatalog *catalog, GPtrArray *events)
{
  guint nt = state->board->len, nf = state->figures->len;
  MgBoardTile *tiles = g_new0(MgBoardTile, nt + 1);
  MgBoardFigure *figures = g_new0(MgBoardFigure, nf + 1);
  for (guint i = 0; i < nt; i++) {
    const MeepleClientTile *t = g_ptr_array_index(state->board, i);
    tiles[i].type = meeple_client_catalog_find_tile(catalog, t->tile);
    tiles[i].x = t->x;
    tiles[i].y = t->y;
    tiles[i].rotation = t->rotation % 4;
  }
  /* the last move: the last tile placed, and the figures placed or
   * moved since */
  int last = -1;
  for (guint i = events->len; i > 0; i--)
    if (strcmp(((MeepleClientEvent *)g_ptr_array_index(events, i - 1))->type,
               "tile-placed") == 0) {
      last = (int)i - 1;
      break;
    }
  for (guint i = 0; i < nf; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(state->figures, i);
    figures[i].type = f->type;
    figures[i].owner = f->owner;
    figures[i].x = f->x;
    figures[i].y = f->y;
    figures[i].segment = mg_turn_segment_index(state, catalog, f->x, f->y,
                                               f->segment);
    for (guint e = last < 0 ? events->len : (guint)last + 1; e < events->len;
         e++) {
      const MeepleClientEvent *ev = g_ptr_array_index(events, e);
      if ((strcmp(ev->type, "figure-placed") == 0 ||
           strcmp(ev->type, "figure-moved") == 0) &&
          g_strcmp0(ev->figure, f->type) == 0 && ev->x == f->x &&
          ev->y == f->y)
        figures[i].last = TRUE;
    }
  }
  mg_board_set_content(v->p.board, tiles, nt, figures, nf);
  if (last >= 0) {
    const MeepleClientEvent *e = g_ptr_array_index(events, last);
    mg_board_set_last_move(v->p.board, TRUE, e->x, e->y);
  } else {
    mg_board_set_last_move(v->p.board, FALSE, 0, 0);
  }
  g_free(tiles);
  g_free(figures);
}

static char *
supply_text(GHashTable *supply)
{
  GString *s = g_string_new(NULL);
  GHashTableIter it;
  gpointer key, value;
  GList *keys = g_list_sort(g_hash_table_get_keys(supply),
                            (GCompareFunc)strcmp);
  for (GList *k = keys; k; k = k->next) {
    g_hash_table_iter_init(&it, supply);
    value = g_hash_table_lookup(supply, k->data);
    key = k->data;
    g_string_append_printf(s, "%s%s ×%u", s->len ? ", " : "",
                           (const char *)key, GPOINTER_TO_UINT(value));
  }
  g_list_free(keys);
  return g_string_free(s, FALSE);
}

/* A small square of the seat's colour with its number. */
static void
draw_swatch(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data)
{
  (void)area;
  guint seat = GPOINTER_TO_UINT(data);
  MgFigureLook look = { .shape = MG_SHAPE_MEEPLE, .seat_colour = TRUE,
                        .name = "follower" };
  mg_figure_paint(cr, &look, mg_look_seat_colour(seat),
                  mg_look_seat_letter(seat), w / 2.0, h / 2.0, MIN(w, h));
}

/* Seat @seat's figures in hand at a replay's step, by type: a seat's
 * figures of a type are always in hand or on the board, so what it holds
 * at the end (@state's supply and its figures on the final board) less
 * what stands on the step's board (@at).  A new table (g_hash_table_unref;
 * keys are the state's). */
static GHashTable *
supply_at(const MeepleClientState *state, guint seat,
          const MeepleClientSeat *s, const MgReplayBoard *at)
{
  GHashTable *hand = g_hash_table_new(g_str_hash, g_str_equal);
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init(&it, s->supply);
  while (g_hash_table_iter_next(&it, &key, &value))
    g_hash_table_insert(hand, key, value);
  for (guint i = 0; i < state->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(state->figures, i);
    if (f->owner != (int)seat)
      continue;
    gpointer k;
    gpointer n = NULL;
    if (!g_hash_table_lookup_extended(hand, f->type, &k, &n))
      k = f->type;
    g_hash_table_insert(hand, k, GUINT_TO_POINTER(GPOINTER_TO_UINT(n) + 1));
  }
  for (guint i = 0; i < at->figures->len; i++) {
    const MgBoardFigure *f = &g_array_index(at->figures, MgBoardFigure, i);
    gpointer k, n;
    if (f->owner != (int)seat ||
        !g_hash_table_lookup_extended(hand, f->type, &k, &n))
      continue;
    guint left = GPOINTER_TO_UINT(n);
    g_hash_table_insert(hand, k, GUINT_TO_POINTER(left ? left - 1 : 0));
  }
  return hand;
}

static void
update_players(MgGameView *v, const MeepleClientState *state,
               const MeepleClientDecision *pending_d, const int *totals)
{
  clear_list(v->p.players);
  for (guint s = 0; s < state->seats->len; s++) {
    const MeepleClientSeat *seat = g_ptr_array_index(state->seats, s);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *swatch = gtk_drawing_area_new();
    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(swatch), 28);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(swatch), 28);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(swatch), draw_swatch,
                                   GUINT_TO_POINTER(s), NULL);
    gtk_box_append(GTK_BOX(box), swatch);
    gboolean active = pending_d ? pending_d->seat == s
                                : strcmp(state->status, "playing") == 0 &&
                                      state->active_seat == s;
    /* a replay shows the totals and the figures in hand as of its
     * step */
    int score = totals ? totals[s] : seat->score;
    GHashTable *hand = totals ? supply_at(state, s, seat, &v->rb) : NULL;
    g_autofree char *supply = supply_text(hand ? hand : seat->supply);
    if (hand)
      g_hash_table_unref(hand);
    const char *who = v->session && mg_session_plays(v->session, s) ? " (you)"
                      : v->session && mg_session_bot_plays(v->session, s)
                          ? " (bot here)"
                      : strcmp(seat->kind, "bot") == 0 ? " (bot)" : "";
    char *markup = g_markup_printf_escaped(
        "%s<b>%s</b>%s%s — %d point%s\n<small>%s%s</small>",
        active ? "▶ " : "", seat->name, who,
        /* who is connected now means nothing to a replay */
        totals ? ""
        : !seat->taken ? " (free seat)"
        : !seat->connected ? " (away)" : "",
        score, score == 1 ? "" : "s",
        *supply ? "in hand: " : "", supply);
    GtkWidget *label = text_label(TRUE);
    gtk_label_set_markup(GTK_LABEL(label), markup);
    g_free(markup);
    gtk_box_append(GTK_BOX(box), label);
    gtk_list_box_append(v->p.players, box);
    /* a whole sentence for screen readers */
    char *name = g_strdup_printf("Seat %u, %s%s, %d points%s", s + 1,
                                 seat->name, who, score,
                                 active ? ", deciding now" : "");
    gtk_accessible_update_property(
        GTK_ACCESSIBLE(gtk_widget_get_parent(box)),
        GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_free(name);
  }
}

static void
update_tiles_left(MgGameView *v, const MeepleClientState *state,
                  const MeepleClientCatalog *catalog, GPtrArray *events)
{
  /* by type: what the catalog has, less what was seen; shown only when
   * it adds up (an explicit supply has other counts) */
  GHashTable *left = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint i = 0; i < catalog->tiles->len; i++) {
    const MeepleTileType *t = &g_array_index(catalog->tiles, MeepleTileType, i);
    g_hash_table_insert(left, t->id, GINT_TO_POINTER((int)t->count));
  }
  for (guint i = 0; i < events->len; i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (strcmp(e->type, "tile-drawn") != 0 &&
        !(strcmp(e->type, "tile-placed") == 0 && e->seat < 0))
      continue;
    if (!e->tile)
      continue;
    int n = GPOINTER_TO_INT(g_hash_table_lookup(left, e->tile));
    g_hash_table_insert(left, e->tile, GINT_TO_POINTER(n - 1));
  }
  int sum = 0;
  GString *by = g_string_new(NULL);
  for (guint i = 0; i < catalog->tiles->len; i++) {
    const MeepleTileType *t = &g_array_index(catalog->tiles, MeepleTileType, i);
    int n = GPOINTER_TO_INT(g_hash_table_lookup(left, t->id));
    if (n > 0) {
      sum += n;
      g_string_append_printf(by, "%s%s ×%d", by->len ? ", " : "", t->id, n);
    }
  }
  g_hash_table_unref(left);
  char *text = sum == (int)state->tiles_left && sum > 0
      ? g_strdup_printf("%u tiles left: %s", state->tiles_left, by->str)
      : g_strdup_printf("%u tile%s left", state->tiles_left,
                        state->tiles_left == 1 ? "" : "s");
  if (state->set_aside && state->set_aside[0]) {
    g_autofree char *aside = g_strjoinv(", ", state->set_aside);
    char *more = g_strdup_printf("%s\nSet aside: %s", text, aside);
    g_free(text);
    text = more;
  }
  gtk_label_set_text(v->p.tiles, text);
  g_free(text);
  g_string_free(by, TRUE);
}

static void
update_notes(MgGameView *v, const MeepleClientState *state)
{
  GString *s = g_string_new(NULL);
  for (guint i = 0; state->note_labels && state->note_labels[i]; i++)
    g_string_append_printf(s, "%s%s: %s", s->len ? "\n" : "",
                           state->note_labels[i], state->note_texts[i]);
  gtk_label_set_text(v->p.notes, s->len ? s->str : "No notes.");
  g_string_free(s, TRUE);
}

static void
update_log(MgGameView *v, const MeepleClientState *state,
           const MeepleClientCatalog *catalog, GPtrArray *events, guint n)
{
  if (n < v->logged) {
    clear_list(v->p.log);
    v->logged = 0;
  }
  for (; v->logged < n; v->logged++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, v->logged);
    if (!mg_event_is_news(e))
      continue;
    g_autofree char *text = mg_event_text(e, state, catalog);
    GtkWidget *l = text_label(TRUE);
    gtk_label_set_text(GTK_LABEL(l), text);
    if (strcmp(e->type, "turn-started") == 0)
      gtk_widget_add_css_class(l, "dim-label");
    /* newest first: what just happened is at the top */
    gtk_list_box_prepend(v->p.log, l);
  }
  GtkWidget *row;
  guint rows = 0;
  for (row = gtk_widget_get_first_child(GTK_WIDGET(v->p.log)); row;
       row = gtk_widget_get_next_sibling(row))
    rows++;
  while (rows-- > LOG_ROWS)
    gtk_list_box_remove(v->p.log,
                        gtk_widget_get_last_child(GTK_WIDGET(v->p.log)));
}

/* Shows the decision's actions on the board and in the list. */
static void
show_decision(MgGameView *v, const MeepleClientDecision *d,
              const MeepleClientState *state,
              const MeepleClientCatalog *catalog)
{
  mg_turn_build(&v->turn, d, state, catalog);
  v->have_decision = d != NULL;
  v->decision_id = d ? d->id : 0;
  v->chosen = -1;
  v->pending = FALSE;
  mg_board_set_placements(v->p.board, v->turn.tile,
                          (MgBoardPlacement *)v->turn.placements->data,
                          v->turn.placements->len);
  mg_board_set_targets(v->p.board, (MgBoardTarget *)v->turn.targets->data,
                       v->turn.targets->len);
  clear_list(v->p.actions);
  for (guint i = 0; d && i < d->actions->len; i++) {
    const MeepleClientAction *a = g_ptr_array_index(d->actions, i);
    if (strcmp(a->kind, "place") == 0)
      continue; /* the board shows them all */
    g_autofree char *text = mg_turn_describe(a, state, catalog);
    GtkWidget *l = text_label(TRUE);
    gtk_label_set_text(GTK_LABEL(l), text);
    gtk_list_box_append(v->p.actions, l);
    GtkWidget *row = gtk_widget_get_parent(l);
    g_object_set_data(G_OBJECT(row), "action", GINT_TO_POINTER((int)i + 1));
    gtk_accessible_update_property(GTK_ACCESSIBLE(row),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  }
  gtk_widget_set_visible(GTK_WIDGET(v->p.actions),
                         gtk_widget_get_first_child(GTK_WIDGET(v->p.actions))
                             != NULL);
  update_choice(v);
}

static void
refresh_live(MgGameView *v)
{
  MeepleRemoteGame *game = current_game(v);
  if (!game)
    return;
  GError *error = NULL;
  const MeepleClientState *state = meeple_remote_game_state(game, &error);
  if (!state) {
    g_clear_error(&error);
    return;
  }
  const MeepleClientCatalog *catalog = meeple_remote_game_catalog(game);
  mg_board_set_catalog(v->p.board, catalog);
  gboolean waiting = strcmp(state->status, "waiting") == 0;
  gboolean over = strcmp(state->status, "over") == 0 ||
                  meeple_remote_game_is_over(game);
  if (waiting)
    mg_session_try_start(v->session);
  if (over)
    meeple_remote_game_catch_up(game);
  GPtrArray *events = meeple_remote_game_events(game);
  state = meeple_remote_game_state(game, NULL);
  if (!state)
    return;
  board_from_state(v, state, catalog, events);
  const MeepleClientDecision *d = NULL;
  if (!waiting && !over) {
    d = meeple_remote_game_decision(game, &error);
    g_clear_error(&error);
  }
  gboolean mine = d && mg_session_plays(v->session, d->seat);
  if (!mine) {
    if (v->have_decision)
      show_decision(v, NULL, state, catalog);
  } else if (!v->have_decision || v->decision_id != d->id) {
    show_decision(v, d, state, catalog);
    /* the player's turn: the keys go to the board */
    gtk_widget_grab_focus(GTK_WIDGET(v->p.board));
  }
  g_free(v->decision_kind);
  v->decision_kind = d ? g_strdup(d->kind) : NULL;
  v->decision_seat = d ? d->seat : 0;
  /* the drawn tile */
  v->drawn_type = *state->drawn_tile
      ? meeple_client_catalog_find_tile(catalog, state->drawn_tile) : -1;
  gtk_widget_queue_draw(v->p.tile_preview);
  /* the headline */
  char buf[32];
  char *status;
  if (waiting) {
    guint taken = 0;
    for (guint s = 0; s < state->seats->len; s++)
      taken += ((MeepleClientSeat *)g_ptr_array_index(state->seats, s))->taken;
    status = g_strdup_printf("Waiting for players: %u of %u seats taken",
                             taken, state->seats->len);
  } else if (over) {
    GString *w = g_string_new("Game over. ");
    for (guint i = 0; state->winners && i < state->winners->len; i++) {
      guint s = g_array_index(state->winners, guint, i);
      g_string_append_printf(w, "%s%s", i ? " and " : "",
                             mg_seat_name(state, (int)s, buf));
    }
    g_string_append(w, state->winners && state->winners->len > 1
                           ? " win." : " wins.");
    status = g_string_free(w, FALSE);
  } else if (mine) {
    status = g_strdup_printf("Your turn, %s: %s",
                             mg_seat_name(state, (int)d->seat, buf),
                             mg_turn_kind_words(d));
  } else if (d) {
    status = g_strdup_printf("%s is deciding: %s",
                             mg_seat_name(state, (int)d->seat, buf),
                             mg_turn_kind_words(d));
  } else {
    status = g_strdup("");
  }
  gtk_label_set_text(v->p.status, status);
  g_free(status);
  update_players(v, state, d, NULL);
  update_tiles_left(v, state, catalog, events);
  update_notes(v, state);
  update_log(v, state, catalog, events, events->len);
  gtk_widget_set_visible(v->p.scores_box, over);
  gtk_label_set_text(v->p.scores_title, "Final scores");
  if (over)
    mg_scores_update(v->p.scores, state, events, events->len);
}

static void
refresh_replay(MgGameView *v)
{
  MeepleRemoteGame *game = v->replay;
  const MeepleClientState *state = game
      ? meeple_remote_game_state(game, NULL)
      : mg_local_replay_state(v->local);
  const MeepleClientCatalog *catalog = game
      ? meeple_remote_game_catalog(game)
      : mg_local_replay_catalog(v->local);
  GPtrArray *events = game ? meeple_remote_game_events(game)
                           : mg_local_replay_events(v->local);
  if (!state)
    return;
  guint n = g_array_index(v->steps, guint, v->step);
  mg_board_set_catalog(v->p.board, catalog);
  mg_replay_board_build(&v->rb, events, n, catalog);
  mg_board_set_content(v->p.board, (MgBoardTile *)v->rb.tiles->data,
                       v->rb.tiles->len, (MgBoardFigure *)v->rb.figures->data,
                       v->rb.figures->len);
  mg_board_set_last_move(v->p.board, v->rb.has_last, v->rb.last_x,
                         v->rb.last_y);
  char *text = g_strdup_printf("Turn %u of %u", v->step,
                               v->steps->len - 1);
  gtk_label_set_text(v->p.replay_step, text);
  g_free(text);
  gtk_label_set_text(v->p.status, "Replay");
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.replay_prev), v->step > 0);
  gtk_widget_set_sensitive(GTK_WIDGET(v->p.replay_next),
                           v->step + 1 < v->steps->len);
  /* each seat's total as of this step: the points of the log so far */
  int totals[MEEPLE_MAX_PLAYERS] = { 0 };
  for (guint i = 0; i < MIN(n, events->len); i++) {
    const MeepleClientEvent *e = g_ptr_array_index(events, i);
    if (strcmp(e->type, "points-scored") == 0 && e->has_points &&
        e->seat >= 0 && e->seat < MEEPLE_MAX_PLAYERS)
      totals[e->seat] += e->points;
  }
  update_players(v, state, NULL, totals);
  update_log(v, state, catalog, events, n);
  gtk_widget_set_visible(v->p.scores_box, TRUE);
  gtk_label_set_text(v->p.scores_title, v->step + 1 == v->steps->len
                                            ? "Final scores"
                                            : "Scores so far");
  mg_scores_update(v->p.scores, state, events, n);
}

void
mg_game_view_refresh(MgGameView *v)
{
  if (v->replay || v->local)
    refresh_replay(v);
  else if (v->session)
    refresh_live(v);
}

/* ---- session callbacks ------------------------------------------------------- */

static gboolean
idle_refresh(gpointer data)
{
  MgGameView *v = data;
  v->idle = 0;
  mg_game_view_refresh(v);
  return G_SOURCE_REMOVE;
}

/* A move brings several signals (events, properties, the decision):
 * one refresh once they are all in, not one each. */
static void
queue_refresh(MgGameView *v)
{
  if (!v->idle)
    v->idle = g_idle_add(idle_refresh, v);
}

static void
session_changed(MgSession *s, gpointer data)
{
  (void)s;
  queue_refresh(data);
}

static void
session_events(MgSession *s, GPtrArray *events, gpointer data)
{
  (void)s;
  (void)events;
  queue_refresh(data);
}

static void
session_connection(MgSession *s, gboolean ok, const char *why, gpointer data)
{
  MgGameView *v = data;
  if (!ok) {
    /* whatever was being chosen belongs to a decision that may move on */
    v->have_decision = FALSE;
    show_decision(v, NULL, NULL, NULL);
    gtk_label_set_text(v->p.status, mg_session_removed(s)
                                        ? "This game is no longer on the server."
                                        : "Reconnecting to the game server…");
  }
  if (v->banner) {
    char *text = ok ? NULL
        : mg_session_removed(s)
        ? g_strdup_printf("This game is gone: %s. Go back to the lobby to "
                          "start or join another.", why ? why : "removed")
        : g_strdup_printf("The connection to the game server was lost (%s). "
                          "Reconnecting — your seats will be taken back "
                          "automatically.", why ? why : "no answer");
    v->banner(!ok, text, v->banner_data);
    g_free(text);
  }
  /* back: read the new mirror now, before the old one goes */
  if (ok)
    mg_game_view_refresh(v);
}

static void
session_release(MgSession *s, gpointer data)
{
  (void)s;
  MgGameView *v = data;
  /* the board and the preview draw from the mirror's catalog */
  mg_board_set_catalog(v->p.board, NULL);
  v->drawn_type = -1;
  gtk_widget_queue_draw(v->p.tile_preview);
}

static void
session_error(MgSession *s, const char *text, gpointer data)
{
  (void)s;
  show_error(data, text);
}

const MgSessionCallbacks *
mg_game_view_session_callbacks(void)
{
  static const MgSessionCallbacks cbs = {
    session_changed, session_events, session_connection, session_release,
    session_error,
  };
  return &cbs;
}

/* ---- building ----------------------------------------------------------------- */

static GtkWidget *
scrolled(GtkWidget *child, int min_height)
{
  GtkWidget *sw = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(sw), child);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(sw), GTK_POLICY_NEVER,
                                 GTK_POLICY_AUTOMATIC);
  if (min_height > 0) {
    /* as tall as its rows, up to a point: a list may have hundreds */
    gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(sw),
                                               min_height);
    gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(sw), 220);
    gtk_scrolled_window_set_propagate_natural_height(
        GTK_SCROLLED_WINDOW(sw), TRUE);
  }
  return sw;
}

static GtkListBox *
list(const char *name)
{
  GtkWidget *l = gtk_list_box_new();
  gtk_list_box_set_selection_mode(GTK_LIST_BOX(l), GTK_SELECTION_NONE);
  gtk_widget_add_css_class(l, "boxed-list");
  gtk_accessible_update_property(GTK_ACCESSIBLE(l),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return GTK_LIST_BOX(l);
}

MgGameView *
mg_game_view_new(void)
{
  MgGameView *v = g_new0(MgGameView, 1);
  MgGameViewParts *p = &v->p;
  mg_turn_init(&v->turn);
  mg_replay_board_init(&v->rb);
  v->chosen = -1;
  v->drawn_type = -1;

  GtkWidget *paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
  v->root = paned;
  /* the board with its view buttons over it */
  GtkWidget *overlay = gtk_overlay_new();
  p->board = MG_BOARD(mg_board_new());
  MgBoardCallbacks cbs = {
    on_placement, on_target, on_confirm, on_back, on_rotated,
  };
  mg_board_set_callbacks(p->board, &cbs, v);
  gtk_overlay_set_child(GTK_OVERLAY(overlay), GTK_WIDGET(p->board));
  GtkWidget *tools = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_halign(tools, GTK_ALIGN_END);
  gtk_widget_set_valign(tools, GTK_ALIGN_START);
  gtk_widget_set_margin_top(tools, 6);
  gtk_widget_set_margin_end(tools, 6);
  p->fit = button("Fit board", "zoom-fit-best-symbolic",
                  "Show the whole board (F)");
  p->last = button("Go to last move", "find-location-symbolic",
                   "Go to the last move (L)");
  g_signal_connect(p->fit, "clicked", G_CALLBACK(on_fit), v);
  g_signal_connect(p->last, "clicked", G_CALLBACK(on_last), v);
  gtk_box_append(GTK_BOX(tools), GTK_WIDGET(p->fit));
  gtk_box_append(GTK_BOX(tools), GTK_WIDGET(p->last));
  gtk_overlay_add_overlay(GTK_OVERLAY(overlay), tools);
  gtk_paned_set_start_child(GTK_PANED(paned), overlay);
  gtk_paned_set_resize_start_child(GTK_PANED(paned), TRUE);
  gtk_paned_set_shrink_start_child(GTK_PANED(paned), FALSE);

  /* the side panel */
  GtkWidget *side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start(side, 10);
  gtk_widget_set_margin_end(side, 10);
  gtk_widget_set_margin_top(side, 8);
  gtk_widget_set_margin_bottom(side, 8);
  gtk_widget_set_size_request(side, 330, -1);
  p->status = GTK_LABEL(text_label(TRUE));
  gtk_widget_add_css_class(GTK_WIDGET(p->status), "title-4");
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->status));
  p->error = GTK_LABEL(text_label(TRUE));
  gtk_widget_add_css_class(GTK_WIDGET(p->error), "error");
  gtk_widget_set_visible(GTK_WIDGET(p->error), FALSE);
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->error));

  GtkWidget *tile_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  p->tile_preview = gtk_drawing_area_new();
  gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(p->tile_preview), 112);
  gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(p->tile_preview), 112);
  gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(p->tile_preview),
                                 draw_preview, v, NULL);
  gtk_accessible_update_property(GTK_ACCESSIBLE(p->tile_preview),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "The drawn tile", -1);
  gtk_box_append(GTK_BOX(tile_row), p->tile_preview);
  GtkWidget *rot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_valign(rot, GTK_ALIGN_CENTER);
  p->rotate_left = button("Rotate left", "object-rotate-left-symbolic",
                          "Turn the tile a quarter to the left (Shift+R)");
  p->rotate_right = button("Rotate right", "object-rotate-right-symbolic",
                           "Turn the tile a quarter to the right (R)");
  g_signal_connect(p->rotate_left, "clicked", G_CALLBACK(on_rotate_left), v);
  g_signal_connect(p->rotate_right, "clicked", G_CALLBACK(on_rotate_right), v);
  gtk_box_append(GTK_BOX(rot), GTK_WIDGET(p->rotate_left));
  gtk_box_append(GTK_BOX(rot), GTK_WIDGET(p->rotate_right));
  gtk_box_append(GTK_BOX(tile_row), rot);
  gtk_box_append(GTK_BOX(side), tile_row);

  p->choice = GTK_LABEL(text_label(TRUE));
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->choice));
  GtkWidget *acts = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  p->confirm = button("_Confirm", NULL, "Send the move you chose (Enter)");
  gtk_widget_add_css_class(GTK_WIDGET(p->confirm), "suggested-action");
  p->back = button("_Back", NULL, "Forget the choice (Escape)");
  p->pass = button("_Pass", NULL, "Place no figure this turn");
  g_signal_connect(p->confirm, "clicked", G_CALLBACK(on_confirm_clicked), v);
  g_signal_connect(p->back, "clicked", G_CALLBACK(on_back_clicked), v);
  g_signal_connect(p->pass, "clicked", G_CALLBACK(on_pass_clicked), v);
  gtk_box_append(GTK_BOX(acts), GTK_WIDGET(p->confirm));
  gtk_box_append(GTK_BOX(acts), GTK_WIDGET(p->back));
  gtk_box_append(GTK_BOX(acts), GTK_WIDGET(p->pass));
  gtk_box_append(GTK_BOX(side), acts);
  p->actions = list("Choices");
  gtk_list_box_set_selection_mode(p->actions, GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click(p->actions, TRUE);
  g_signal_connect(p->actions, "row-activated", G_CALLBACK(on_action_row), v);
  gtk_box_append(GTK_BOX(side), scrolled(GTK_WIDGET(p->actions), 60));

  p->replay_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  p->replay_prev = button("Previous turn", "go-previous-symbolic",
                          "One turn back");
  p->replay_next = button("Next turn", "go-next-symbolic", "One turn on");
  p->replay_step = GTK_LABEL(text_label(FALSE));
  g_signal_connect(p->replay_prev, "clicked", G_CALLBACK(on_replay_prev), v);
  g_signal_connect(p->replay_next, "clicked", G_CALLBACK(on_replay_next), v);
  gtk_box_append(GTK_BOX(p->replay_box), GTK_WIDGET(p->replay_prev));
  gtk_box_append(GTK_BOX(p->replay_box), GTK_WIDGET(p->replay_step));
  gtk_box_append(GTK_BOX(p->replay_box), GTK_WIDGET(p->replay_next));
  gtk_widget_set_visible(p->replay_box, FALSE);
  gtk_box_append(GTK_BOX(side), p->replay_box);

  gtk_box_append(GTK_BOX(side), heading("Players"));
  p->players = list("Players");
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->players));
  p->scores_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  p->scores_title = GTK_LABEL(heading("Final scores"));
  gtk_box_append(GTK_BOX(p->scores_box), GTK_WIDGET(p->scores_title));
  p->scores = mg_scores_new();
  gtk_box_append(GTK_BOX(p->scores_box), mg_scores_widget(p->scores));
  gtk_widget_set_visible(p->scores_box, FALSE);
  gtk_box_append(GTK_BOX(side), p->scores_box);
  gtk_box_append(GTK_BOX(side), heading("Tiles"));
  p->tiles = GTK_LABEL(text_label(TRUE));
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->tiles));
  gtk_box_append(GTK_BOX(side), heading("Notes"));
  p->notes = GTK_LABEL(text_label(TRUE));
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->notes));
  gtk_box_append(GTK_BOX(side), heading("What happened"));
  p->log = list("Event log");
  gtk_box_append(GTK_BOX(side), GTK_WIDGET(p->log));

  GtkWidget *side_scroll = scrolled(side, -1);
  gtk_paned_set_end_child(GTK_PANED(paned), side_scroll);
  gtk_paned_set_resize_end_child(GTK_PANED(paned), FALSE);
  gtk_paned_set_shrink_end_child(GTK_PANED(paned), FALSE);
  g_object_ref_sink(paned);
  update_choice(v);
  return v;
}

void
mg_game_view_free(MgGameView *v)
{
  if (!v)
    return;
  if (v->idle)
    g_source_remove(v->idle);
  mg_session_free(v->session);
  if (v->replay)
    meeple_remote_game_free(v->replay);
  mg_local_replay_free(v->local);
  if (v->steps)
    g_array_unref(v->steps);
  mg_turn_clear(&v->turn);
  mg_replay_board_clear(&v->rb);
  mg_scores_free(v->p.scores);
  g_free(v->decision_kind);
  g_object_unref(v->root);
  g_free(v);
}

GtkWidget *
mg_game_view_widget(MgGameView *v)
{
  return v->root;
}

static void
reset(MgGameView *v)
{
  mg_session_free(v->session);
  v->session = NULL;
  if (v->replay)
    meeple_remote_game_free(v->replay);
  v->replay = NULL;
  g_clear_pointer(&v->local, mg_local_replay_free);
  v->have_decision = FALSE;
  v->logged = 0;
  v->drawn_type = -1;
  clear_list(v->p.log);
  clear_list(v->p.actions);
  show_error(v, NULL);
  mg_board_set_placements(v->p.board, -1, NULL, 0);
  mg_board_set_targets(v->p.board, NULL, 0);
  mg_board_set_content(v->p.board, NULL, 0, NULL, 0);
  mg_board_set_catalog(v->p.board, NULL);
  gtk_widget_set_visible(v->p.replay_box, FALSE);
  gtk_widget_set_visible(v->p.scores_box, FALSE);
}

void
mg_game_view_set_session(MgGameView *v, MgSession *session)
{
  reset(v);
  v->session = session;
  mg_game_view_refresh(v);
}

MgSession *
mg_game_view_session(MgGameView *v)
{
  return v->session;
}

void
mg_game_view_set_replay(MgGameView *v, MeepleRemoteGame *game)
{
  reset(v);
  v->replay = game;
  meeple_remote_game_catch_up(game);
  if (v->steps)
    g_array_unref(v->steps);
  v->steps = mg_replay_steps(meeple_remote_game_events(game));
  v->step = 0;
  gtk_widget_set_visible(v->p.replay_box, TRUE);
  update_choice(v);
  mg_game_view_refresh(v);
}

void
mg_game_view_set_local_replay(MgGameView *v, MgLocalReplay *replay)
{
  reset(v);
  v->local = replay;
  if (v->steps)
    g_array_unref(v->steps);
  v->steps = mg_replay_steps(mg_local_replay_events(replay));
  v->step = 0;
  gtk_widget_set_visible(v->p.replay_box, TRUE);
  update_choice(v);
  mg_game_view_refresh(v);
}

const MeepleClientState *
mg_game_view_state(MgGameView *v)
{
  if (v->local)
    return mg_local_replay_state(v->local);
  MeepleRemoteGame *game = current_game(v);
  return game ? meeple_remote_game_state(game, NULL) : NULL;
}

void
mg_game_view_replay_step(MgGameView *v, int step)
{
  if (!(v->replay || v->local) || !v->steps)
    return;
  v->step = (guint)CLAMP(step, 0, (int)v->steps->len - 1);
  refresh_replay(v);
}

guint
mg_game_view_replay_steps(MgGameView *v, guint *current)
{
  if (current)
    *current = v->step;
  return v->steps && (v->replay || v->local) ? v->steps->len : 0;
}

void
mg_game_view_set_banner_func(MgGameView *v, MgBannerFunc func, gpointer data)
{
  v->banner = func;
  v->banner_data = data;
}

const MgGameViewParts *
mg_game_view_parts(MgGameView *v)
{
  return &v->p;
}

gboolean
mg_game_view_my_turn(MgGameView *v)
{
  return v->have_decision && my_decision(v) != NULL;
}

const char *
mg_game_view_decision_kind(MgGameView *v)
{
  return v->have_decision ? v->decision_kind : NULL;
}
