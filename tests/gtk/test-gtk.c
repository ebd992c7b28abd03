/* test-gtk.c — meeple-gtk under Xvfb against the built meepled on a
 * private bus: the lobby creates games, complete games are played by
 * clicking and pressing keys on the window (tests/gtk/uidrive.h), the
 * daemon is killed and restarted mid-game, a finished game is replayed.
 * Every check reads what the window shows: widget state, and pixels
 * where the drawing is the point.
 *
 * Screenshots go to $MEEPLE_GTK_SHOTS (default: tests/gtk/shots in the
 * build tree): lobby, base-mid-turn, follower-choice, expansions,
 * final-scores, reconnect, replay, game-removed.
 *
 * The checks run in order in one process (CK_NOFORK), sharing the
 * window and the bus: later ones use the games earlier ones made. */
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>
#include <math.h>
#include <string.h>

#include "app.h"
#include "bot-strategies.h"
#include "conn.h"
#include "dbusfixture.h"
#include "look.h"
#include "prefs.h"
#include "renderer.h"
#include "turn.h"
#include "uidrive.h"

static MgApp *app;
static const MgAppParts *parts;
static char *shots;
static char *base_game; /* the id of the finished base game */
static guint base_tiles;    /* its tiles at the end */
static int base_scores[2];  /* its final scores */

static gint64 started;

/* The base game and the game with every rule set are played whole, from
 * the full supply, in the normal build.  Under AddressSanitizer (the
 * CI's second run, several times slower) they are capped by an explicit
 * supply, so that the sanitizers still see every path — lobby, both
 * kinds of turns, every rule set's decisions, final scoring — within
 * CI's time; the whole games were played by the first run. */
#if defined(__SANITIZE_ADDRESS__)
#define WHOLE_GAMES 0
#else
#define WHOLE_GAMES 1
#endif

/* How long the checks took, in the log (the UI suite must stay quick). */
static void
lap(const char *what)
{
  g_print("%s: %.1f s\n", what, (g_get_monotonic_time() - started) / 1e6);
}

static void
shot(const char *name)
{
  char *path = g_strdup_printf("%s/%s.png", shots, name);
  ck_assert_msg(ui_screenshot(path), "screenshot %s", path);
  g_free(path);
}

static const MgGameViewParts *
view(void)
{
  return mg_game_view_parts(parts->view);
}

static GtkWidget *
board(void)
{
  return GTK_WIDGET(view()->board);
}

/* ---- conditions ---------------------------------------------------------- */

static gboolean
game_shown(gpointer data)
{
  (void)data;
  return g_strcmp0(gtk_stack_get_visible_child_name(parts->stack), "game")
         == 0;
}

static gboolean
lobby_shown(gpointer data)
{
  (void)data;
  return g_strcmp0(gtk_stack_get_visible_child_name(parts->stack), "lobby")
         == 0;
}

static gboolean
over(gpointer data)
{
  (void)data;
  return g_str_has_prefix(gtk_label_get_text(view()->status), "Game over");
}

static gboolean
my_turn_or_over(gpointer data)
{
  return over(data) || mg_game_view_my_turn(parts->view);
}

static gboolean
banner_up(gpointer data)
{
  (void)data;
  return gtk_revealer_get_reveal_child(parts->banner);
}

static gboolean
banner_down(gpointer data)
{
  return !banner_up(data);
}

/* ---- playing ---------------------------------------------------------------- */

/* Whether the pixel in the middle of a legal cell is the highlight's
 * magenta (a wash of it over the board's background). */
static gboolean
cell_magenta_now(gpointer data)
{
  const int *cell = data;
  double wx, wy;
  mg_board_cell_point(view()->board, cell[0], cell[1], &wx, &wy);
  GdkRGBA c;
  ui_pixel(board(), wx, wy, &c);
  return c.red > c.green + .15 && c.blue > c.green + .15;
}

/* The X server shows a frame only after GTK's frame clock has drawn and
 * presented it: after "fit board" moved the view, a loaded machine (the
 * distcheck run) may still show the old frame, so the pixel is read
 * until it shows the highlight, for up to two seconds. */
static gboolean
cell_highlighted(int x, int y)
{
  int cell[2] = { x, y };
  return ui_wait(cell_magenta_now, cell, 2000);
}

/* Whether a cell of the board is chosen, waiting for confirmation. */
static gboolean
cell_pending(gpointer data)
{
  (void)data;
  int x, y;
  guint rotation;
  return mg_board_pending(view()->board, &x, &y, &rotation);
}

/* Where cell (@x, @y) is drawn once the view stands still: the view
 * follows the growing board, and the state that grows it may come a
 * moment after the decision that makes it this client's turn (a click at
 * the point read before that refit missed the cell, 1 run in 4 of the
 * every-rule-set game).  Two readings 150 ms apart must agree. */
static void
stable_cell_point(int x, int y, double *wx, double *wy)
{
  mg_board_cell_point(view()->board, x, y, wx, wy);
  for (guint i = 0; i < 20; i++) {
    ui_iterate(150);
    double nx, ny;
    mg_board_cell_point(view()->board, x, y, &nx, &ny);
    if (nx == *wx && ny == *wy)
      return;
    *wx = nx;
    *wy = ny;
  }
  ck_abort_msg("the view of cell %d,%d never stood still", x, y);
}

/* Places the drawn tile with the mouse: away from the board first, so
 * that no hover preview hides the highlight; click the cell (chosen),
 * click it again (confirmed). */
/* Whether (@x, @y) of the board is in sight, clear of the buttons over
 * its top edge. */
static gboolean
in_sight(double x, double y)
{
  return x > 10 && y > 60 && x < gtk_widget_get_width(board()) - 10 &&
         y < gtk_widget_get_height(board()) - 10;
}

static void
place_with_mouse(gboolean check_pixels)
{
  int x, y;
  ck_assert(mg_board_cursor(view()->board, &x, &y));
  double cx, cy;
  stable_cell_point(x, y, &cx, &cy);
  /* out of sight: as a player would, fit the board first */
  if (!in_sight(cx, cy))
    ui_click(GTK_WIDGET(view()->fit));
  ui_move_to(GTK_WIDGET(view()->status), 2, 2);
  if (check_pixels)
    ck_assert_msg(cell_highlighted(x, y), "legal cell %d,%d not highlighted",
                  x, y);
  double wx, wy;
  stable_cell_point(x, y, &wx, &wy);
  ui_click_at(board(), wx, wy);
  /* the X server and GTK may take longer than the click's own pause on
   * a loaded machine */
  if (!ui_wait(cell_pending, NULL, 3000)) {
    double nx, ny;
    int kx, ky;
    gboolean has = mg_board_cursor(view()->board, &kx, &ky);
    mg_board_cell_point(view()->board, x, y, &nx, &ny);
    ck_assert_msg(FALSE, "a click on a legal cell chooses it (cell %d,%d "
                  "clicked at %.1f,%.1f, now drawn at %.1f,%.1f; cursor %d "
                  "%d,%d; board %dx%d; %u placements)", x, y, wx, wy, nx, ny,
                  has, kx, ky, gtk_widget_get_width(board()),
                  gtk_widget_get_height(board()),
                  mg_board_n_placements(view()->board));
  }
  int px, py;
  guint rot;
  ck_assert(mg_board_pending(view()->board, &px, &py, &rot));
  ck_assert_int_eq(px, x);
  ck_assert_int_eq(py, y);
  ck_assert(gtk_widget_get_sensitive(GTK_WIDGET(view()->confirm)));
  ck_assert_ptr_nonnull(strstr(gtk_label_get_text(view()->choice),
                               "Place the tile"));
  ui_click_at(board(), wx, wy);
}

/* The same with the keyboard: an arrow, a turn of the tile, Enter to
 * choose, Enter to confirm. */
static void
place_with_keys(void)
{
  gtk_widget_grab_focus(board());
  ui_key(XK_Right, FALSE, FALSE);
  ui_key(XK_Return, FALSE, FALSE);
  ck_assert_msg(gtk_widget_get_sensitive(GTK_WIDGET(view()->confirm)),
                "Enter chooses the cell under the cursor");
  ui_key(XK_r, FALSE, FALSE);
  ui_key(XK_Return, FALSE, FALSE);
}

static guint figures_placed;

/* The first spot target on a segment of kind @kind, else the first spot
 * target; -1 when there is none. */
static int
spot_target(const char *kind)
{
  MgSession *s = mg_game_view_session(parts->view);
  MeepleRemoteGame *g = mg_session_game(s);
  const MeepleClientState *st = meeple_remote_game_state(g, NULL);
  const MeepleClientCatalog *cat = meeple_remote_game_catalog(g);
  const MeepleClientDecision *d = meeple_remote_game_decision(g, NULL);
  int first = -1;
  MgBoardTarget t;
  for (guint i = 0; d && mg_board_target(view()->board, i, &t); i++) {
    if (t.segment < 0)
      continue;
    const MeepleClientAction *a = g_ptr_array_index(d->actions, t.action);
    if (first < 0)
      first = (int)i;
    if (g_strcmp0(mg_turn_segment_kind(st, cat, a->x, a->y, a->segment),
                  kind) == 0)
      return (int)i;
  }
  return first;
}

/* A figure decision with the mouse: a spot, on a field when there is
 * one (a field is never completed, so the follower stays to be seen),
 * checking the follower's pixels once it stands; or pass. */
static void
figure_with_mouse(gboolean shoot)
{
  MgBoardTarget t;
  int index = spot_target("field");
  if (index < 0 || !mg_board_target(view()->board, (guint)index, &t)) {
    ui_click(GTK_WIDGET(view()->pass));
    ui_click(GTK_WIDGET(view()->confirm));
    return;
  }
  double wx, wy;
  mg_board_spot_point(view()->board, t.x, t.y, t.segment, &wx, &wy);
  if (!in_sight(wx, wy)) {
    ui_click(GTK_WIDGET(view()->fit));
    mg_board_spot_point(view()->board, t.x, t.y, t.segment, &wx, &wy);
  }
  ui_click_at(board(), wx, wy);
  ck_assert(gtk_widget_get_sensitive(GTK_WIDGET(view()->confirm)));
  if (shoot)
    shot("follower-choice");
  /* the bots wait while the follower is looked at: their moves would
   * grow the board, which then fits itself anew and moves the figure */
  MgSession *session = mg_game_view_session(parts->view);
  mg_session_set_bot_delay(session, 3000);
  ui_click(GTK_WIDGET(view()->confirm));
  ui_iterate(100);
  /* still there (a completed feature sends it home at once), the
   * follower stands on its segment: the seat's colour there */
  int stands = -1;
  MgBoardFigure f;
  for (guint i = 0; mg_board_figure(view()->board, i, &f); i++)
    if (f.owner == 0 && f.x == t.x && f.y == t.y && f.segment == t.segment)
      stands = (int)i;
  if (stands >= 0) {
    /* where the board draws it: its spot, or beside a figure already
     * there (a fairy next to a follower) */
    mg_board_figure_point(view()->board, (guint)stands, &wx, &wy);
    ui_move_to(GTK_WIDGET(view()->status), 2, 2);
    if (!ui_find_colour(board(), wx, wy,
                        (int)(mg_board_scale(view()->board) * .1),
                        mg_look_seat_colour(0), .08))
      shot("failed-follower");
    ck_assert_msg(ui_find_colour(board(), wx, wy,
                                 (int)(mg_board_scale(view()->board) * .1),
                                 mg_look_seat_colour(0), .08),
                  "no follower of seat 1's colour on %d,%d segment %d",
                  t.x, t.y, t.segment);
    figures_placed++;
  }
  mg_session_set_bot_delay(session, 0);
}

/* The index of the first target whose action is of kind @kind, or -1
 * (read from the decision the window shows; the choice itself is made
 * with keys). */
static int
target_of_kind(const char *kind)
{
  MgSession *s = mg_game_view_session(parts->view);
  const MeepleClientDecision *d =
      meeple_remote_game_decision(mg_session_game(s), NULL);
  MgBoardTarget t;
  for (guint i = 0; d && mg_board_target(view()->board, i, &t); i++)
    if (t.action < d->actions->len &&
        strcmp(((MeepleClientAction *)g_ptr_array_index(d->actions,
                                                        t.action))->kind,
               kind) == 0)
      return (int)i;
  return -1;
}

/* Any decision with the keyboard: the arrows move to a target (the
 * first of kind @prefer when there is one, else the second), Enter
 * chooses and confirms; a decision with only a list: its first entry. */
static void
decide_with_keys(const char *prefer)
{
  gtk_widget_grab_focus(board());
  guint n = mg_board_n_targets(view()->board);
  if (n) {
    int k = prefer ? target_of_kind(prefer) : -1;
    if (k < 0)
      k = n > 1 ? 1 : 0;
    for (int i = 0; i < k; i++)
      ui_key(XK_Right, FALSE, FALSE);
    if (k == 0)
      ui_key(XK_Return, FALSE, FALSE); /* choose the first */
    ui_key(XK_Return, FALSE, FALSE);   /* confirm */
    return;
  }
  /* only a list: its first entry, by keyboard focus */
  GtkWidget *row = gtk_widget_get_first_child(GTK_WIDGET(view()->actions));
  ck_assert_ptr_nonnull(row);
  gtk_widget_grab_focus(row);
  ui_key(XK_Return, FALSE, FALSE);
  ui_key(XK_Return, FALSE, FALSE);
}

typedef struct {
  guint turns, mouse_turns, key_turns;
  gboolean shot_mid, shot_figure;
  /* stop after this many of my decisions (0: play to the end) */
  guint stop_after;
  /* an action kind the keyboard turns prefer (NULL: none) */
  const char *prefer;
} Play;

/* Plays the open game's decisions of this client's person until the
 * game is over (or @p->stop_after decisions). */
static void
play(Play *p)
{
  guint decisions = 0;
  for (;;) {
    ck_assert_msg(ui_wait(my_turn_or_over, NULL, 60000),
                  "the game neither asks me nor ends: %s",
                  gtk_label_get_text(view()->status));
    if (over(NULL))
      return;
    if (p->stop_after && decisions == p->stop_after)
      return;
    decisions++;
    guint64 kind_turn = p->turns;
    const char *kind = mg_game_view_decision_kind(parts->view);
    ck_assert_ptr_nonnull(kind);
    gboolean mouse = kind_turn % 2 == 0;
    if (mg_board_n_placements(view()->board)) {
      p->turns++;
      if (!p->shot_mid) {
        ui_move_to(GTK_WIDGET(view()->status), 2, 2);
        shot("base-mid-turn");
        p->shot_mid = TRUE;
      }
      if (mouse) {
        place_with_mouse(TRUE);
        p->mouse_turns++;
      } else {
        place_with_keys();
        p->key_turns++;
      }
    } else if (strcmp(kind, "place-figure") == 0 && mouse &&
               !(p->prefer && target_of_kind(p->prefer) >= 0)) {
      figure_with_mouse(!p->shot_figure && mg_board_n_targets(view()->board));
      if (mg_board_n_targets(view()->board))
        p->shot_figure = TRUE;
    } else {
      decide_with_keys(p->prefer);
    }
    ui_iterate(30);
  }
}

/* Back to the lobby with its button (unless it is shown: one check run
 * alone with CK_RUN_CASE starts there). */
static void
to_lobby(void)
{
  if (!lobby_shown(NULL))
    ui_click(GTK_WIDGET(parts->lobby_button));
  ck_assert(ui_wait(lobby_shown, NULL, 5000));
}

/* ---- the checks --------------------------------------------------------------- */

/* Unticks every rule set of the lobby: the next game is a base game. */
static void
untick_rules(void)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->rules)); c;
       c = gtk_widget_get_next_sibling(c))
    if (gtk_check_button_get_active(GTK_CHECK_BUTTON(c)))
      ui_click_at(c, 10, gtk_widget_get_height(c) / 2.0);
}

static void
set_seats(int n)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  char text[8];
  g_snprintf(text, sizeof text, "%d", n);
  ui_fill(GTK_EDITABLE(l->seats), text);
  ui_key(XK_Tab, FALSE, FALSE);
  ck_assert_int_eq(gtk_spin_button_get_value_as_int(l->seats), n);
}

/* The advanced options: the supply (@tiles, "" for the whole shuffled
 * one) and the seed it is shuffled with. */
static void
fill_tiles(const char *tiles)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  if (!gtk_expander_get_expanded(l->advanced))
    ui_click_at(GTK_WIDGET(l->advanced), 20, 10);
  ck_assert(gtk_expander_get_expanded(l->advanced));
  ui_fill(l->tiles, tiles);
  /* the same shuffle every run */
  ui_fill(l->seed, *tiles ? "" : "7");
}

/* Chooses strategy @kind for the bot of @seat the way a person does:
 * the drop-down opens on a click, arrows move, Enter takes; for search,
 * the think time typed in its spin button. */
static void
choose_strategy(guint seat, MeepleStrategyKind kind, const char *think)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  GtkDropDown *dd = l->strategy[seat];
  ck_assert(gtk_widget_get_sensitive(GTK_WIDGET(dd)));
  ui_click(GTK_WIDGET(dd));
  ui_iterate(200);
  guint at = gtk_drop_down_get_selected(dd);
  for (; at < kind; at++)
    ui_key(XK_Down, FALSE, FALSE);
  for (; at > kind; at--)
    ui_key(XK_Up, FALSE, FALSE);
  ui_key(XK_Return, FALSE, FALSE);
  ui_iterate(200);
  ck_assert_uint_eq(gtk_drop_down_get_selected(dd), kind);
  ck_assert(gtk_widget_get_visible(GTK_WIDGET(l->think[seat])) ==
            (kind == MEEPLE_STRATEGY_SEARCH));
  if (think) {
    ui_fill(GTK_EDITABLE(l->think[seat]), think);
    ui_key(XK_Tab, FALSE, FALSE);
  }
}

/* The bots of the open game play as the lobby said. */
static void
check_strategy(guint seat, MeepleStrategyKind kind, double think)
{
  MgSession *s = mg_game_view_session(parts->view);
  ck_assert(mg_session_bot_plays(s, seat));
  const MeepleStrategy *st = mg_session_bot_strategy(s, seat);
  ck_assert_msg(st->kind == kind, "seat %u plays %s", seat + 1,
                meeple_strategy_kind_name(st->kind));
  ck_assert(fabs(st->think - think) < 1e-6);
}

START_TEST(test_base_game)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  /* the lobby lists the daemon's rule sets, each with its description
   * as the daemon gives it (ListRuleSetDetails) */
  ck_assert_ptr_nonnull(gtk_widget_get_first_child(GTK_WIDGET(l->rules)));
  GError *error = NULL;
  MeepleClient *other = meeple_client_new(fixture_address(), NULL, &error);
  ck_assert_msg(other, "%s", error ? error->message : "");
  GPtrArray *details = meeple_client_list_rule_set_details(other, &error);
  ck_assert_msg(details, "%s", error ? error->message : "");
  guint described = 0;
  for (guint i = 0; i < details->len; i++) {
    const MeepleClientRuleSetDetails *d = g_ptr_array_index(details, i);
    if (strcmp(d->id, "base") == 0 || !*d->description)
      continue;
    gboolean shown = FALSE;
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->rules)); c;
         c = gtk_widget_get_next_sibling(c)) {
      GtkLabel *desc = g_object_get_data(G_OBJECT(c), "description-label");
      shown |= g_strcmp0(g_object_get_data(G_OBJECT(c), "rule-id"),
                         d->id) == 0 && desc &&
               gtk_widget_get_mapped(GTK_WIDGET(desc)) &&
               strcmp(gtk_label_get_text(desc), d->description) == 0;
    }
    ck_assert_msg(shown, "no description shown for %s", d->id);
    described++;
  }
  ck_assert_uint_gt(described, 0);
  g_ptr_array_unref(details);
  meeple_client_free(other);
  shot("lobby");
  ui_fill(l->name, "Ann");
  ui_fill(l->game_name, "first");
  set_seats(2);
  ck_assert(gtk_check_button_get_active(l->bot[1]));
  /* the whole game (a short supply under ASan, see WHOLE_GAMES) */
  fill_tiles(WHOLE_GAMES ? "" : "U V E K A J D L B W");
  /* the bot plays greedy unless told otherwise */
  ck_assert_uint_eq(gtk_drop_down_get_selected(l->strategy[1]),
                    MEEPLE_STRATEGY_GREEDY);
  ui_click(GTK_WIDGET(l->create));
  ck_assert_msg(ui_wait(game_shown, NULL, 10000), "no game page");
  ck_assert_str_eq(gtk_window_get_title(parts->window) + 0,
                   gtk_window_get_title(parts->window));
  check_strategy(1, MEEPLE_STRATEGY_GREEDY, 0);
  Play p = { 0 };
  play(&p);
  if (WHOLE_GAMES) /* the base game's 71 tiles after the start tile */
    ck_assert_uint_eq(mg_board_n_tiles(view()->board), 72);
  ck_assert_msg(p.mouse_turns >= 2 && p.key_turns >= 2,
                "mouse %u, keys %u", p.mouse_turns, p.key_turns);
  ck_assert_msg(figures_placed >= 1, "no follower was placed");
  /* the end: who won, and where the points came from */
  ck_assert(gtk_widget_get_visible(view()->scores_box));
  MeepleRemoteGame *g = mg_session_game(mg_game_view_session(parts->view));
  const MeepleClientState *st = meeple_remote_game_state(g, NULL);
  for (guint s = 0; s < st->seats->len; s++) {
    int sum = 0;
    static const char *const kinds[] = { "road", "city", "monastery",
                                         "field" };
    for (guint k = 0; k < G_N_ELEMENTS(kinds); k++)
      sum += MAX(0, mg_scores_points(view()->scores, s, kinds[k]));
    ck_assert_int_eq(sum, ((MeepleClientSeat *)g_ptr_array_index(
                              st->seats, s))->score);
  }
  base_game = g_strdup(st->id);
  base_tiles = mg_board_n_tiles(view()->board);
  for (guint s = 0; s < 2; s++)
    base_scores[s] = ((MeepleClientSeat *)g_ptr_array_index(st->seats,
                                                            s))->score;
  lap("base game");
  ui_move_to(GTK_WIDGET(view()->status), 2, 2);
  shot("final-scores");
}
END_TEST

/* Ticks every rule set of the lobby by clicking it. */
static void
tick_all_rules(void)
{
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->rules)); c;
       c = gtk_widget_get_next_sibling(c)) {
    /* ticking one may tick what it needs: look again before each; the
     * focus (as Tab would) scrolls the form to it */
    gtk_widget_grab_focus(c);
    ui_iterate(50);
    if (!gtk_check_button_get_active(GTK_CHECK_BUTTON(c)))
      ui_click_at(c, 10, gtk_widget_get_height(c) / 2.0);
    ck_assert_msg(gtk_check_button_get_active(GTK_CHECK_BUTTON(c)),
                  "a click did not tick %s",
                  (char *)g_object_get_data(G_OBJECT(c), "rule-id"));
  }
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->rules)); c;
       c = gtk_widget_get_next_sibling(c))
    ck_assert(gtk_check_button_get_active(GTK_CHECK_BUTTON(c)));
}

START_TEST(test_every_rule_set)
{
  to_lobby();
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  tick_all_rules();
  set_seats(3);
  ui_fill(l->game_name, "everything");
  /* the whole game; under ASan capped: mist, a volcano (the dragon),
   * big-top tiles, a dragon tile, the mage's, spell circles, ordinary
   * ones between */
  fill_tiles(WHOLE_GAMES ? ""
             : "GCX-02 U DG/R.v BT/ffrf.bt V E MW/CRRR.3 K GCX-06 SCX-02 "
               "DG/RFr.d A BT/frfr.bt J D");
  /* the opponents: one plays random moves, one greedy */
  choose_strategy(1, MEEPLE_STRATEGY_RANDOM, NULL);
  ui_click(GTK_WIDGET(l->create));
  ck_assert(ui_wait(game_shown, NULL, 10000));
  check_strategy(1, MEEPLE_STRATEGY_RANDOM, 0);
  check_strategy(2, MEEPLE_STRATEGY_GREEDY, 0);
  /* the fairy moves whenever it can: it is on the board at the end */
  Play p = { .shot_mid = TRUE, .shot_figure = TRUE, .prefer = "fairy-move" };
  play(&p);
  ck_assert(over(NULL));
  /* the rule sets' neutral figures stand on the board, drawn from the
   * catalog (the test knows their names; the client does not) */
  MeepleRemoteGame *g = mg_session_game(mg_game_view_session(parts->view));
  const MeepleClientState *st = meeple_remote_game_state(g, NULL);
  gboolean dragon = FALSE, fairy = FALSE, big_top = FALSE;
  for (guint i = 0; i < st->figures->len; i++) {
    const MeepleClientFigure *f = g_ptr_array_index(st->figures, i);
    dragon |= strcmp(f->type, "dragon") == 0;
    fairy |= strcmp(f->type, "fairy") == 0;
    big_top |= strcmp(f->type, "big-top") == 0;
  }
  ck_assert_msg(dragon && fairy && big_top, "dragon %d fairy %d big top %d",
                dragon, fairy, big_top);
  /* drawn as their rule sets' looks say (GetCatalog figure-looks: the
   * client has no table of them): the dragon a triangle, the fairy a
   * star, the big top a tent, each with its letter; the circus's ring
   * space a ring badge (kind-looks) */
  const MeepleClientCatalog *lc = meeple_remote_game_catalog(g);
  static const struct {
    const char *type;
    MgShape shape;
    const char *letter;
  } looks[] = {
    { "dragon", MG_SHAPE_TRIANGLE, "D" },
    { "fairy", MG_SHAPE_STAR, "F" },
    { "big-top", MG_SHAPE_TENT, "T" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(looks); i++) {
    MgFigureLook fl;
    mg_look_figure(lc, looks[i].type, TRUE, &fl);
    ck_assert_msg(fl.shape == looks[i].shape, "%s drawn as shape %d",
                  looks[i].type, fl.shape);
    ck_assert_str_eq(fl.letter, looks[i].letter);
  }
  gboolean ring = FALSE;
  for (guint k = 0; k < lc->kinds->len; k++) {
    MgKindLook kl;
    mg_look_kind(lc, k, &kl);
    ring |= kl.paint == MG_PAINT_BADGE && kl.badge == MG_SHAPE_OPEN;
  }
  ck_assert_msg(ring, "no kind is drawn as a ring");
  /* and a field under a symbol with a look of its own (the mist) */
  const MeepleClientCatalog *cat = meeple_remote_game_catalog(g);
  gboolean looked = FALSE;
  for (guint i = 0; i < st->board->len; i++) {
    int type = meeple_client_catalog_find_tile(
        cat, ((MeepleClientTile *)g_ptr_array_index(st->board, i))->tile);
    const MeepleTileType *tt = &g_array_index(cat->tiles, MeepleTileType,
                                              type);
    for (guint sg = 0; sg < tt->n_segments; sg++)
      for (guint b = 0; b < cat->looks->len; b++)
        looked |= (tt->segments[sg].symbols & (1u << b)) &&
                  g_ptr_array_index(cat->looks, b) != NULL;
  }
  ck_assert_msg(looked, "no field with a catalog look on the board");
  ck_assert_uint_eq(mg_board_n_figures(view()->board), st->figures->len);
  ck_assert_uint_eq(mg_board_n_tiles(view()->board), st->board->len);
  mg_board_fit(view()->board);
  ui_move_to(GTK_WIDGET(view()->status), 2, 2);
  shot("expansions");
  lap("every rule set");
}
END_TEST

START_TEST(test_reconnect)
{
  to_lobby();
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  untick_rules();
  set_seats(2);
  ui_fill(l->game_name, "restart");
  fill_tiles("U V E K A J D L B W U V E K");
  /* a searching bot, thinking a fifth of a second a move (in a thread
   * of its own: the daemon may go away while it thinks) */
  choose_strategy(1, MEEPLE_STRATEGY_SEARCH, "0.2");
  ui_click(GTK_WIDGET(l->create));
  ck_assert(ui_wait(game_shown, NULL, 10000));
  check_strategy(1, MEEPLE_STRATEGY_SEARCH, 0.2);
  Play p = { .shot_mid = TRUE, .shot_figure = TRUE, .stop_after = 2 };
  play(&p);
  MgSession *s = mg_game_view_session(parts->view);
  ck_assert(mg_session_plays(s, 0));
  int status;
  ck_assert(fixture_stop_daemon(&status));
  ck_assert_msg(ui_wait(banner_up, NULL, 10000), "no banner after the "
                "daemon went away");
  ck_assert_ptr_nonnull(strstr(gtk_label_get_text(parts->banner_label),
                               "lost"));
  shot("reconnect");
  /* the client reconnects by itself (activating the daemon again) and
   * takes its seats back with its tokens */
  ck_assert_msg(ui_wait(banner_down, NULL, 30000), "still disconnected");
  ck_assert(mg_session_connected(s));
  ck_assert(mg_session_plays(s, 0));
  check_strategy(1, MEEPLE_STRATEGY_SEARCH, 0.2);
  /* and kept on disk, for a client that restarts (bot-strategies.h) */
  MeepleStrategy kept;
  ck_assert(mg_bot_strategies_load(parts->conn->store, mg_session_id(s), 1,
                                   &kept));
  ck_assert_int_eq(kept.kind, MEEPLE_STRATEGY_SEARCH);
  ck_assert(fabs(kept.think - 0.2) < 1e-9);
  p.stop_after = 0;
  play(&p);
  ck_assert(over(NULL));
  lap("reconnect");
}
END_TEST

/* Whether a row of the lobby's games list reads @name and @status (or,
 * with @status NULL, shows @name at all). */
static const char *live_name, *live_status;

static gboolean
games_row_shown(gpointer data)
{
  (void)data;
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  for (GtkWidget *row = gtk_widget_get_first_child(GTK_WIDGET(l->games));
       row; row = gtk_widget_get_next_sibling(row)) {
    GtkWidget *box = gtk_list_box_row_get_child(GTK_LIST_BOX_ROW(row));
    GtkWidget *label = box ? gtk_widget_get_first_child(box) : NULL;
    const char *text = label && GTK_IS_LABEL(label)
        ? gtk_label_get_text(GTK_LABEL(label)) : "";
    if (strstr(text, live_name) &&
        (!live_status || strstr(text, live_status)))
      return TRUE;
  }
  return FALSE;
}

static gboolean
games_row_gone(gpointer data)
{
  return !games_row_shown(data);
}

/* The games list follows the daemon's signals: a game another client
 * creates, starts and deletes shows up, changes and goes within a
 * second and a half (the client used to read the list every two
 * seconds; nothing is read again here but by the signals). */
START_TEST(test_lobby_live)
{
  to_lobby();
  ui_iterate(300);
  GError *error = NULL;
  MeepleClient *other = meeple_client_new(fixture_address(), NULL, &error);
  ck_assert_msg(other, "%s", error ? error->message : "");
  MeepleClientGameOptions o = { .seats = 2, .name = "elsewhere" };
  char *id = meeple_client_create_game(other, &o, &error);
  ck_assert_msg(id, "%s", error ? error->message : "");
  live_name = "elsewhere";
  live_status = "waiting";
  ck_assert_msg(ui_wait(games_row_shown, NULL, 1500),
                "a new game is not listed at once");
  MeepleRemoteGame *g = meeple_remote_game_open(other, id, &error);
  ck_assert_msg(g, "%s", error ? error->message : "");
  guint seat;
  ck_assert(meeple_remote_game_join(g, "Cy", 0, NULL, &seat, NULL, &error));
  ck_assert(meeple_remote_game_join(g, "Di", 1, NULL, &seat, NULL, &error));
  ck_assert(meeple_remote_game_start(g, &error));
  live_status = "playing";
  ck_assert_msg(ui_wait(games_row_shown, NULL, 1500),
                "a game that started is not shown playing at once");
  gboolean deleted = FALSE;
  ck_assert_msg(meeple_remote_game_delete(g, &deleted, &error), "%s",
                error ? error->message : "");
  ck_assert(deleted);
  live_status = NULL;
  ck_assert_msg(ui_wait(games_row_gone, NULL, 1500),
                "a deleted game is still listed");
  meeple_remote_game_free(g);
  meeple_client_free(other);
  g_free(id);
  lap("lobby live");
}
END_TEST

static gboolean
prefs_shown(gpointer data)
{
  (void)data;
  return parts->prefs && gtk_widget_get_visible(GTK_WIDGET(parts->prefs));
}

static gboolean
prefs_gone(gpointer data)
{
  (void)data;
  return parts->prefs == NULL;
}

static gboolean
same_colour(const GdkRGBA *a, const char *css)
{
  GdkRGBA b;
  ck_assert(gdk_rgba_parse(&b, css));
  return fabs(a->red - b.red) < .01 && fabs(a->green - b.green) < .01 &&
         fabs(a->blue - b.blue) < .01;
}

/* Preferences: opened with Ctrl+comma, each row writes its GSettings key
 * as it is changed, a colour changed elsewhere shows, Reset brings the
 * default colours back, Escape closes. */
START_TEST(test_preferences)
{
  GSettings *set = parts->settings;
  ck_assert_ptr_nonnull(set);
  gtk_widget_grab_focus(GTK_WIDGET(parts->lobby_button));
  ui_key(XK_comma, FALSE, TRUE);
  ck_assert_msg(ui_wait(prefs_shown, NULL, 5000), "Ctrl+, opens nothing");
  ui_iterate(300);
  ui_use_window(GTK_WINDOW(parts->prefs));
  const MgPrefsParts *pp = mg_prefs_parts(parts->prefs);
  ui_fill(pp->name, "Eve");
  ui_iterate(100);
  g_autofree char *name = g_settings_get_string(set, "player-name");
  ck_assert_str_eq(name, "Eve");
  gboolean farmers = g_settings_get_boolean(set, "farmers");
  ui_click(GTK_WIDGET(pp->farmers));
  ui_iterate(100);
  ck_assert(g_settings_get_boolean(set, "farmers") == !farmers);
  /* the new-game form follows */
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  ck_assert(gtk_switch_get_active(l->farmers) == !farmers);
  GtkWidget *first = gtk_widget_get_first_child(GTK_WIDGET(pp->rules));
  ck_assert(GTK_IS_CHECK_BUTTON(first));
  ui_click_at(first, 10, gtk_widget_get_height(first) / 2.0);
  ui_iterate(100);
  g_auto(GStrv) rules = g_settings_get_strv(set, "default-rules");
  ck_assert(g_strv_contains((const char *const *)rules,
                            g_object_get_data(G_OBJECT(first), "rule-id")));
  /* a colour set elsewhere: the look and the row follow */
  const char *mine[] = { "#ff00ff", "#56b4e9", "#009e73", "#f0e442",
                         "#0072b2", "#d55e00", NULL };
  g_settings_set_strv(set, "seat-colours", mine);
  ui_iterate(100);
  ck_assert(same_colour(mg_look_seat_colour(0), "#ff00ff"));
  GdkRGBA shown;
  gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(pp->colour[0]), &shown);
  ck_assert(same_colour(&shown, "#ff00ff"));
  ui_click(GTK_WIDGET(pp->reset_colours));
  ui_iterate(100);
  ck_assert(same_colour(mg_look_seat_colour(0), "#e69f00"));
  gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(pp->colour[0]), &shown);
  ck_assert(same_colour(&shown, "#e69f00"));
  shot("preferences");
  ui_key(XK_Escape, FALSE, FALSE);
  ck_assert_msg(ui_wait(prefs_gone, NULL, 5000), "Escape does not close");
  ui_use_window(parts->window);
  /* what later checks expect */
  g_settings_reset(set, "farmers");
  g_settings_reset(set, "default-rules");
  lap("preferences");
}
END_TEST

/* The text of seat @seat's row in the players list. */
static const char *
player_text(guint seat)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index(view()->players,
                                                     (int)seat);
  ck_assert_ptr_nonnull(row);
  GtkWidget *box = gtk_list_box_row_get_child(row);
  GtkWidget *label = gtk_widget_get_last_child(box);
  ck_assert(GTK_IS_LABEL(label));
  return gtk_label_get_text(GTK_LABEL(label));
}

/* Opens the base game from the history and steps through it: the board
 * grows and shrinks with the steps, the players' totals are those of the
 * step shown.  @local: the daemon no longer holds the game, so it is
 * replayed here from its record (GetRecord, libmeeple). */
static void
replay_base(gboolean local, const char *shot_name)
{
  ck_assert_ptr_nonnull(base_game);
  to_lobby();
  ui_iterate(100);
  /* the history's Replay button of the base game */
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  GtkWidget *found = NULL;
  for (GtkWidget *row = gtk_widget_get_first_child(GTK_WIDGET(l->history));
       row && !found; row = gtk_widget_get_next_sibling(row)) {
    GtkWidget *box = gtk_list_box_row_get_child(GTK_LIST_BOX_ROW(row));
    for (GtkWidget *c = gtk_widget_get_first_child(box); c;
         c = gtk_widget_get_next_sibling(c))
      if (GTK_IS_BUTTON(c) &&
          g_strcmp0(g_object_get_data(G_OBJECT(c), "game-id"), base_game)
              == 0)
        found = c;
  }
  ck_assert_msg(found, "game %s not in the history", base_game);
  ck_assert(gtk_widget_get_sensitive(found));
  ui_click(found);
  ck_assert_msg(ui_wait(game_shown, NULL, 10000), "no replay: %s",
                gtk_label_get_text(parts->banner_label));
  /* from the daemon's log, or from the record here */
  ck_assert(local == (mg_game_view_game(parts->view) == NULL));
  guint current, steps = mg_game_view_replay_steps(parts->view, &current);
  ck_assert_uint_gt(steps, 3);
  ck_assert_uint_eq(current, 0);
  ck_assert_uint_eq(mg_board_n_tiles(view()->board), 1);
  /* the figures in hand as of the step: all seven before the first move */
  for (guint s = 0; s < 2; s++)
    ck_assert_msg(strstr(player_text(s), "in hand: follower ×7"),
                  "at the start: %s", player_text(s));
  ui_click(GTK_WIDGET(view()->replay_next));
  ui_click(GTK_WIDGET(view()->replay_next));
  mg_game_view_replay_steps(parts->view, &current);
  ck_assert_uint_eq(current, 2);
  ck_assert_uint_eq(mg_board_n_tiles(view()->board), 3);
  ui_click(GTK_WIDGET(view()->replay_prev));
  ck_assert_uint_eq(mg_board_n_tiles(view()->board), 2);
  /* the players' totals are those of the step shown: nobody has scored
   * after one turn; at the end, the final scores */
  ck_assert_msg(strstr(player_text(0), " — 0 points") &&
                strstr(player_text(1), " — 0 points"),
                "after a turn: %s / %s", player_text(0), player_text(1));
  shot(shot_name);
  mg_game_view_replay_step(parts->view, (int)steps - 1);
  ui_iterate(100);
  ck_assert_uint_eq(mg_board_n_tiles(view()->board), base_tiles);
  const MeepleClientState *st = mg_game_view_state(parts->view);
  ck_assert_ptr_nonnull(st);
  for (guint s = 0; s < 2; s++) {
    int score = ((MeepleClientSeat *)g_ptr_array_index(st->seats, s))->score;
    ck_assert_int_eq(score, base_scores[s]);
    char *want = g_strdup_printf(" — %d point", score);
    ck_assert_msg(score > 0 && strstr(player_text(s), want),
                  "at the end: %s (final %d)", player_text(s), score);
    g_free(want);
    /* and what each holds at the end */
    const MeepleClientSeat *seat = g_ptr_array_index(st->seats, s);
    char *hand = g_strdup_printf("in hand: follower ×%u",
                                 GPOINTER_TO_UINT(g_hash_table_lookup(
                                     seat->supply, "follower")));
    ck_assert_msg(strstr(player_text(s), hand), "at the end: %s, not %s",
                  player_text(s), hand);
    g_free(hand);
  }
}

START_TEST(test_replay)
{
  replay_base(FALSE, "replay");
  lap("replay");
}
END_TEST

/* After the daemon's restart it holds no finished game: the base game
 * is only in its history, and replayed from its record. */
START_TEST(test_replay_history)
{
  replay_base(TRUE, "replay-history");
  lap("replay from the record");
}
END_TEST

/* A game deleted while it is open: the banner says it is gone and why,
 * and the client does not try to get it back (it never comes back). */
START_TEST(test_game_removed)
{
  to_lobby();
  const MgLobbyParts *l = mg_lobby_parts(parts->lobby);
  untick_rules();
  set_seats(2);
  ui_fill(l->game_name, "to be deleted");
  fill_tiles("U V E K A J D L B W");
  choose_strategy(1, MEEPLE_STRATEGY_GREEDY, NULL);
  ui_click(GTK_WIDGET(l->create));
  ck_assert(ui_wait(game_shown, NULL, 10000));
  MgSession *s = mg_game_view_session(parts->view);
  g_autofree char *id = g_strdup(mg_session_id(s));
  gboolean deleted = FALSE;
  GError *error = NULL;
  /* this client created it and holds every seat: it goes at once */
  ck_assert_msg(meeple_remote_game_delete(mg_session_game(s), &deleted,
                                          &error),
                "delete: %s", error ? error->message : "?");
  ck_assert(deleted);
  ck_assert_msg(ui_wait(banner_up, NULL, 10000), "no banner after the "
                "game was deleted");
  const char *text = gtk_label_get_text(parts->banner_label);
  g_autofree char *why = g_strdup_printf("game %s was deleted", id);
  ck_assert_msg(strstr(text, "This game is gone") && strstr(text, why),
                "banner: %s", text);
  ck_assert_str_eq(gtk_label_get_text(view()->status),
                   "This game is no longer on the server.");
  /* no reconnecting: it stays so */
  ui_iterate(1500);
  ck_assert(banner_up(NULL));
  ck_assert_str_eq(gtk_label_get_text(view()->status),
                   "This game is no longer on the server.");
  shot("game-removed");
  to_lobby();
  lap("game removed");
}
END_TEST

/* The bot seats' strategies on disk: per game and seat, the last choice
 * wins, the oldest games go first, a broken file is started afresh. */
START_TEST(test_bot_strategies_file)
{
  MeepleStrategy search = { .kind = MEEPLE_STRATEGY_SEARCH, .think = 0.5 };
  MeepleStrategy random = { .kind = MEEPLE_STRATEGY_RANDOM };
  MeepleStrategy greedy = { .kind = MEEPLE_STRATEGY_GREEDY };
  MeepleStrategy got;
  g_autofree char *path = mg_bot_strategies_path();
  g_autofree char *dir = g_path_get_dirname(path);
  g_mkdir_with_parents(dir, 0700);
  ck_assert(g_file_set_contents(path, "\001 not a key file [", -1, NULL));
  ck_assert(!mg_bot_strategies_load("store:t", "g1", 1, &got));
  ck_assert(mg_bot_strategies_save("store:t", "g1", 1, &search, NULL));
  ck_assert(mg_bot_strategies_save("store:t", "g1", 2, &random, NULL));
  ck_assert(mg_bot_strategies_load("store:t", "g1", 1, &got));
  ck_assert(got.kind == MEEPLE_STRATEGY_SEARCH && got.think == 0.5);
  ck_assert(mg_bot_strategies_load("store:t", "g1", 2, &got));
  ck_assert(got.kind == MEEPLE_STRATEGY_RANDOM);
  ck_assert(!mg_bot_strategies_load("store:t", "g1", 3, &got));
  ck_assert(!mg_bot_strategies_load("store:u", "g1", 1, &got));
  ck_assert(mg_bot_strategies_save("store:t", "g1", 1, &greedy, NULL));
  ck_assert(mg_bot_strategies_load("store:t", "g1", 1, &got));
  ck_assert(got.kind == MEEPLE_STRATEGY_GREEDY);
  /* g1 first, then MAX newer games: g1 is the one that goes */
  for (guint i = 0; i < MG_BOT_STRATEGIES_MAX; i++) {
    char game[16];
    g_snprintf(game, sizeof game, "n%u", i);
    ck_assert(mg_bot_strategies_save("store:t", game, 1, &random, NULL));
  }
  ck_assert(!mg_bot_strategies_load("store:t", "g1", 2, &got));
  ck_assert(mg_bot_strategies_load("store:t", "n0", 1, &got));
  /* a value that is no strategy is not one */
  ck_assert(g_file_set_contents(path, "[store:t g2]\nseat1=fast\n", -1,
                                NULL));
  ck_assert(!mg_bot_strategies_load("store:t", "g2", 1, &got));
  g_unlink(path);
}
END_TEST

/* GSK_RENDERER as the test was started, and as meeple-gtk left it. */
static char *renderer_given, *renderer_chosen;

/* Where GL would be software (no GPU render node, or Mesa told so),
 * meeple-gtk asks for the cairo renderer; a choice the user made wins
 * (doc/gtk.md, "Speed"). */
START_TEST(test_renderer)
{
  ck_assert_str_eq(mg_renderer_choice(NULL, NULL, FALSE), "cairo");
  ck_assert_str_eq(mg_renderer_choice("", "1", TRUE), "cairo");
  ck_assert_ptr_null(mg_renderer_choice(NULL, NULL, TRUE));
  ck_assert_ptr_null(mg_renderer_choice(NULL, "0", TRUE));
  ck_assert_ptr_null(mg_renderer_choice("gl", NULL, FALSE));
  ck_assert_ptr_null(mg_renderer_choice("gl", "1", FALSE));
  GskRenderer *r = gtk_native_get_renderer(GTK_NATIVE(parts->window));
  ck_assert(r != NULL);
  const char *type = G_OBJECT_TYPE_NAME(r);
  if (renderer_given) {
    ck_assert_str_eq(g_getenv("GSK_RENDERER"), renderer_given);
  } else if (g_strcmp0(renderer_chosen, "cairo") == 0) {
    ck_assert_msg(strcmp(type, "GskCairoRenderer") == 0,
                  "meeple-gtk asked for cairo and got %s", type);
  }
  g_print("renderer: %s (GSK_RENDERER %s, then %s)\n", type,
          renderer_given ? renderer_given : "unset",
          renderer_chosen ? renderer_chosen : "unset");
}
END_TEST

static Suite *
suite(void)
{
  Suite *s = suite_create("gtk");
  /* one case each, in this order (CK_RUN_CASE=reconnect runs one);
   * the replay comes before the restart: a restarted daemon holds no
   * finished game */
  const struct {
    const char *name;
    const TTest *test;
  } cases[] = {
    { "renderer", test_renderer },
    { "bot-strategies-file", test_bot_strategies_file },
    { "base", test_base_game },
    { "lobby-live", test_lobby_live },
    { "preferences", test_preferences },
    { "replay", test_replay },
    { "every-rule-set", test_every_rule_set },
    { "reconnect", test_reconnect },
    { "replay-history", test_replay_history },
    { "game-removed", test_game_removed },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    TCase *tc = tcase_create(cases[i].name);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, cases[i].test);
    suite_add_tcase(s, tc);
  }
  return s;
}

int
main(void)
{
  GError *error = NULL;
  if (!g_getenv("DISPLAY")) {
    g_print("no X display (run under xvfb-run): skipped\n");
    return 77;
  }
  if (!fixture_available(&error) || !fixture_start(&error)) {
    g_printerr("%s\n", error->message);
    return g_error_matches(error, FX_FIXTURE_ERROR, FX_ERROR_SKIP) ? 77 : 1;
  }
  g_autofree char *state = g_build_filename(fixture_dir(), "client", NULL);
  g_setenv("XDG_STATE_HOME", state, TRUE);
  g_setenv("MEEPLE_BUS_ADDRESS", fixture_address(), TRUE);
  g_setenv("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv("GDK_BACKEND", "x11", TRUE);
  g_setenv("GTK_A11Y", "none", TRUE);
  g_setenv("MEEPLE_GTK_NO_ANIMATION", "1", TRUE);
  if (!g_getenv("MEEPLE_GTK_BOT_DELAY_MS"))
    g_setenv("MEEPLE_GTK_BOT_DELAY_MS", "0", TRUE);
  /* the same games every run */
  g_setenv("MEEPLE_GTK_BOT_SEED", "7", TRUE);
  /* no session bus: the application registers nowhere */
  g_unsetenv("DBUS_SESSION_BUS_ADDRESS");
  const char *dir = g_getenv("MEEPLE_GTK_SHOTS");
  shots = dir && *dir ? g_strdup(dir)
                      : g_build_filename(TEST_BUILDDIR, "tests", "gtk",
                                         "shots", NULL);
  g_mkdir_with_parents(shots, 0755);
  gtk_init();
  renderer_given = g_strdup(g_getenv("GSK_RENDERER"));
  app = mg_app_new(G_APPLICATION_NON_UNIQUE);
  renderer_chosen = g_strdup(g_getenv("GSK_RENDERER"));
  GApplication *ga = mg_app_application(app);
  if (!g_application_register(ga, NULL, &error)) {
    g_printerr("register: %s\n", error->message);
    return 1;
  }
  g_application_activate(ga);
  parts = mg_app_parts(app);
  if (!parts || !ui_init(parts->window)) {
    g_print("no XTest on this display: skipped\n");
    return 77;
  }
  ui_iterate(300);
  started = g_get_monotonic_time();
  SRunner *runner = srunner_create(suite());
  srunner_set_fork_status(runner, CK_NOFORK);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  g_print("screenshots: %s\n", shots);
  lap("all");
  mg_app_free(app);
  fixture_stop();
  return failed ? 1 : 0;
}
