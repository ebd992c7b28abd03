/* lobby.c — rule sets, new game, games and history (see lobby.h).
 *
 * The lists are read again when the daemon signals a change
 * (games-watch.h) while the lobby is shown.  Only while that cannot work
 * — no bus connection, no daemon, the last read failed — the lobby tries
 * again every two seconds: nobody would signal the daemon's return over
 * a bus connection that is gone. */
#include "config.h"

#include <string.h>

#include "games-watch.h"
#include "lobby.h"

#define RETRY_MS 2000

struct MgLobby {
  GtkWidget *root;
  MgLobbyParts p;
  MgConn *conn;
  GSettings *settings;
  MgLobbyCallbacks cbs;
  gpointer data;
  MgGamesWatch *watch;
  gboolean live;
  guint retry;         /* the fallback while signals cannot be heard */
  char *games_digest;  /* what the games list shows, to redraw on change */
  GtkLabel *status;
};

static void
report(MgLobby *l, const GError *error)
{
  char *text = mg_error_text(error);
  gtk_label_set_text(l->status, text);
  if (l->cbs.error)
    l->cbs.error(l, text, l->data);
  g_free(text);
}

const char *
mg_lobby_player_name(MgLobby *l)
{
  const char *name = gtk_editable_get_text(l->p.name);
  return name && *name ? name : g_get_real_name();
}

/* ---- creating ---------------------------------------------------------- */

static void
update_bot_boxes(MgLobby *l)
{
  int seats = gtk_spin_button_get_value_as_int(l->p.seats);
  for (int s = 1; s < MEEPLE_MAX_PLAYERS; s++) {
    /* the seat's row: bot or not, its strategy, the search's think time */
    gtk_widget_set_visible(gtk_widget_get_parent(GTK_WIDGET(l->p.bot[s])),
                           s < seats);
    gboolean bot = gtk_check_button_get_active(l->p.bot[s]);
    gtk_widget_set_sensitive(GTK_WIDGET(l->p.strategy[s]), bot);
    gtk_widget_set_visible(GTK_WIDGET(l->p.think[s]),
                           bot && gtk_drop_down_get_selected(l->p.strategy[s])
                                  == MEEPLE_STRATEGY_SEARCH);
  }
}

static void
on_bot_changed(GObject *object, GParamSpec *pspec, gpointer data)
{
  (void)object;
  (void)pspec;
  update_bot_boxes(data);
}

/* The Preferences changed what a new game starts with: the form
 * follows (a game being set up in it is the player's to change again). */
static void
on_settings_changed(GSettings *settings, const char *key, gpointer data)
{
  MgLobby *l = data;
  if (strcmp(key, "farmers") == 0) {
    gtk_switch_set_active(l->p.farmers,
                          g_settings_get_boolean(settings, "farmers"));
  } else if (strcmp(key, "default-rules") == 0) {
    g_auto(GStrv) ids = g_settings_get_strv(settings, "default-rules");
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules));
         c; c = gtk_widget_get_next_sibling(c))
      if (GTK_IS_CHECK_BUTTON(c))
        gtk_check_button_set_active(
            GTK_CHECK_BUTTON(c),
            g_strv_contains((const char *const *)ids,
                            g_object_get_data(G_OBJECT(c), "rule-id")));
  }
}

char **
mg_lobby_rule_sets(MgLobby *l)
{
  GPtrArray *out = g_ptr_array_new();
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules)); c;
       c = gtk_widget_get_next_sibling(c)) {
    const char *id = g_object_get_data(G_OBJECT(c), "rule-id");
    if (!id || !GTK_IS_CHECK_BUTTON(c))
      continue;
    g_ptr_array_add(out, g_strdup(id));
    g_ptr_array_add(out, g_strdup(g_object_get_data(G_OBJECT(c),
                                                    "rule-label")));
  }
  g_ptr_array_add(out, NULL);
  return (char **)g_ptr_array_free(out, FALSE);
}

gboolean
mg_lobby_bot_strategy(MgLobby *l, guint seat, MeepleStrategy *out)
{
  if (seat == 0 || seat >= MEEPLE_MAX_PLAYERS ||
      !gtk_check_button_get_active(l->p.bot[seat]))
    return FALSE;
  /* the drop-down's rows are in MeepleStrategyKind's order */
  MeepleStrategy st = {
    .kind = (MeepleStrategyKind)gtk_drop_down_get_selected(
        l->p.strategy[seat]),
  };
  if (st.kind > MEEPLE_STRATEGY_SEARCH)
    st.kind = MEEPLE_STRATEGY_GREEDY;
  if (st.kind == MEEPLE_STRATEGY_SEARCH)
    st.think = gtk_spin_button_get_value(l->p.think[seat]);
  *out = st;
  return TRUE;
}

static void
on_seats(GtkSpinButton *spin, gpointer data)
{
  (void)spin;
  update_bot_boxes(data);
}

static void
on_create(GtkButton *b, gpointer data)
{
  (void)b;
  MgLobby *l = data;
  GError *error = NULL;
  if (!mg_conn_ensure(l->conn, &error)) {
    report(l, error);
    g_error_free(error);
    return;
  }
  int seats = gtk_spin_button_get_value_as_int(l->p.seats);
  GPtrArray *rules = g_ptr_array_new();
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules)); c;
       c = gtk_widget_get_next_sibling(c))
    if (GTK_IS_CHECK_BUTTON(c) &&
        gtk_check_button_get_active(GTK_CHECK_BUTTON(c)))
      g_ptr_array_add(rules, g_object_get_data(G_OBJECT(c), "rule-id"));
  g_ptr_array_add(rules, NULL);
  const char *kinds[MEEPLE_MAX_PLAYERS + 1] = { NULL };
  guint32 bots = 0;
  for (int s = 0; s < seats; s++) {
    gboolean bot = s > 0 && gtk_check_button_get_active(l->p.bot[s]);
    kinds[s] = bot ? "bot" : "human";
    if (bot)
      bots |= 1u << s;
  }
  g_auto(GStrv) tiles = NULL;
  const char *tiles_text = gtk_editable_get_text(l->p.tiles);
  if (tiles_text && *tiles_text) {
    tiles = g_strsplit_set(tiles_text, " ,", -1);
    /* drop the empty words of doubled blanks */
    guint n = 0;
    for (guint i = 0; tiles[i]; i++)
      if (*tiles[i])
        tiles[n++] = tiles[i];
      else
        g_free(tiles[i]);
    tiles[n] = NULL;
  }
  MeepleClientGameOptions o = {
    .rules = (const char *const *)rules->pdata,
    .seats = (guint)seats,
    .seat_kinds = kinds,
    .no_farmers = !gtk_switch_get_active(l->p.farmers),
    .name = gtk_editable_get_text(l->p.game_name),
    .tiles = tiles && tiles[0] ? (const char *const *)tiles : NULL,
  };
  const char *seed = gtk_editable_get_text(l->p.seed);
  if (seed && *seed) {
    o.has_seed = TRUE;
    o.seed = g_ascii_strtoull(seed, NULL, 10);
  }
  char *id = meeple_client_create_game(l->conn->client, &o, &error);
  g_ptr_array_unref(rules);
  if (!id) {
    report(l, error);
    g_error_free(error);
    return;
  }
  if (l->settings)
    g_settings_set_string(l->settings, "player-name",
                          gtk_editable_get_text(l->p.name));
  gtk_label_set_text(l->status, "");
  if (l->cbs.open)
    l->cbs.open(l, id, MG_OPEN_CREATED, bots, l->data);
  g_free(id);
}

/* ---- the lists ------------------------------------------------------------ */

static void
clear(GtkListBox *list)
{
  GtkWidget *c;
  while ((c = gtk_widget_get_first_child(GTK_WIDGET(list))))
    gtk_list_box_remove(list, c);
}

static void
on_open_clicked(GtkButton *b, gpointer data)
{
  MgLobby *l = data;
  const char *id = g_object_get_data(G_OBJECT(b), "game-id");
  MgOpenMode mode = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(b), "mode"));
  if (l->cbs.open)
    l->cbs.open(l, id, mode, 0, l->data);
}

static GtkWidget *
open_button(MgLobby *l, const char *label, const char *id, MgOpenMode mode,
            const char *game_words)
{
  GtkWidget *b = gtk_button_new_with_label(label);
  g_object_set_data_full(G_OBJECT(b), "game-id", g_strdup(id), g_free);
  g_object_set_data(G_OBJECT(b), "mode", GINT_TO_POINTER(mode));
  g_signal_connect(b, "clicked", G_CALLBACK(on_open_clicked), l);
  gtk_widget_set_valign(b, GTK_ALIGN_CENTER);
  char *name = g_strdup_printf("%s: %s", label, game_words);
  gtk_accessible_update_property(GTK_ACCESSIBLE(b),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_free(name);
  return b;
}

static GtkWidget *
row_box(const char *markup)
{
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start(box, 6);
  gtk_widget_set_margin_end(box, 6);
  gtk_widget_set_margin_top(box, 4);
  gtk_widget_set_margin_bottom(box, 4);
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_markup(GTK_LABEL(label), markup);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_widget_set_hexpand(label, TRUE);
  gtk_box_append(GTK_BOX(box), label);
  return box;
}

/* Whether a seat token of @game (the player's or a bot's) is saved. */
static gboolean
holds_seat(const char *store, const char *game)
{
  static const char *const holders[] = {MEEPLE_CLIENT_HOLDER_PLAYER,
                                        MEEPLE_CLIENT_HOLDER_BOT};
  for (guint h = 0; h < G_N_ELEMENTS(holders); h++) {
    GPtrArray *tokens = meeple_client_tokens_find(store, game, holders[h]);
    gboolean any = tokens->len > 0;
    g_ptr_array_unref(tokens);
    if (any)
      return TRUE;
  }
  return FALSE;
}

static void
fill_games(MgLobby *l, GPtrArray *games)
{
  /* redraw only when something shown changed: a row under the pointer
   * must not vanish because another game's seat changed hands */
  GString *digest = g_string_new(NULL);
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    g_string_append_printf(digest, "%s/%s/%u/%s;", g->id, g->status,
                           g->free_seats, g->name);
  }
  if (g_strcmp0(digest->str, l->games_digest) == 0) {
    g_string_free(digest, TRUE);
    return;
  }
  g_free(l->games_digest);
  l->games_digest = g_string_free(digest, FALSE);
  clear(l->p.games);
  for (guint i = 0; i < games->len; i++) {
    const MeepleClientGameSummary *g = g_ptr_array_index(games, i);
    g_autofree char *rules = g_strjoinv(", ", g->rules);
    char *words = g_strdup_printf("game %s%s%s", g->id, *g->name ? " " : "",
                                  g->name);
    char *markup = g_markup_printf_escaped(
        "<b>Game %s</b> %s\n<small>%s · %s · %u seat%s, %u free%s%s</small>",
        g->id, g->name, g->status, rules, g->seats, g->seats == 1 ? "" : "s",
        g->free_seats, *g->reason ? " · " : "", g->reason);
    GtkWidget *box = row_box(markup);
    g_free(markup);
    gboolean mine = l->conn->store && holds_seat(l->conn->store, g->id);
    if (strcmp(g->status, "suspended") != 0) {
      if (mine && strcmp(g->status, "over") != 0)
        gtk_box_append(GTK_BOX(box), open_button(l, "Take seat back", g->id,
                                                 MG_OPEN_RESUME, words));
      if (strcmp(g->status, "waiting") == 0 && g->free_seats)
        gtk_box_append(GTK_BOX(box),
                       open_button(l, "Join", g->id, MG_OPEN_JOIN, words));
      if (strcmp(g->status, "over") == 0)
        gtk_box_append(GTK_BOX(box), open_button(l, "Replay", g->id,
                                                 MG_OPEN_REPLAY, words));
      else
        gtk_box_append(GTK_BOX(box),
                       open_button(l, "Watch", g->id, MG_OPEN_WATCH, words));
    }
    g_free(words);
    gtk_list_box_append(l->p.games, box);
  }
  if (!games->len)
    gtk_list_box_append(l->p.games, row_box("No games yet: create one."));
}

static void
fill_history(MgLobby *l, GPtrArray *held)
{
  guint total = 0;
  GError *error = NULL;
  GPtrArray *history = meeple_client_list_history(l->conn->client, 0, 20,
                                                  &total, &error);
  if (!history) {
    g_clear_error(&error);
    return;
  }
  clear(l->p.history);
  for (guint i = 0; i < history->len; i++) {
    const MeepleClientHistoryEntry *h = g_ptr_array_index(history, i);
    g_autoptr(GDateTime) when = h->finished
        ? g_date_time_new_from_unix_local(h->finished) : NULL;
    g_autofree char *date = when ? g_date_time_format(when, "%x %H:%M")
                                 : g_strdup("");
    char *markup = g_markup_printf_escaped(
        "<b>Game %s</b> %s\n<small>%s · %s · %s</small>", h->id, h->name,
        date, h->rules, h->result);
    GtkWidget *box = row_box(markup);
    g_free(markup);
    /* the moves are replayed from the game's event log while the daemon
     * holds the game (meepled --keep-finished), else here from its
     * record (local-replay.h) */
    (void)held;
    char *words = g_strdup_printf("finished game %s", h->id);
    GtkWidget *b = open_button(l, "Replay", h->id, MG_OPEN_REPLAY, words);
    g_free(words);
    gtk_box_append(GTK_BOX(box), b);
    gtk_list_box_append(l->p.history, box);
  }
  if (!history->len)
    gtk_list_box_append(l->p.history, row_box("No finished games yet."));
  g_ptr_array_unref(history);
}

/* Ticking a rule set ticks what it needs (the daemon would add it
 * anyway; the form shows it). */
static void
on_rule_toggled(GtkCheckButton *check, gpointer data)
{
  MgLobby *l = data;
  if (!gtk_check_button_get_active(check))
    return;
  char **requires = g_object_get_data(G_OBJECT(check), "requires");
  for (guint i = 0; requires && requires[i]; i++)
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules));
         c; c = gtk_widget_get_next_sibling(c))
      if (g_strcmp0(g_object_get_data(G_OBJECT(c), "rule-id"),
                    requires[i]) == 0)
        gtk_check_button_set_active(GTK_CHECK_BUTTON(c), TRUE);
}

/* Rule sets that cannot be played with a ticked one are greyed out, and
 * say why: the daemon would refuse the game. */
static void
update_conflicts(MgLobby *l)
{
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules)); c;
       c = gtk_widget_get_next_sibling(c)) {
    const char *id = g_object_get_data(G_OBJECT(c), "rule-id");
    char **mine = g_object_get_data(G_OBJECT(c), "conflicts");
    const char *blocker = NULL;
    for (GtkWidget *d = gtk_widget_get_first_child(GTK_WIDGET(l->p.rules));
         d && !blocker; d = gtk_widget_get_next_sibling(d)) {
      if (d == c || !gtk_check_button_get_active(GTK_CHECK_BUTTON(d)))
        continue;
      const char *other = g_object_get_data(G_OBJECT(d), "rule-id");
      char **theirs = g_object_get_data(G_OBJECT(d), "conflicts");
      if ((mine && g_strv_contains((const char *const *)mine, other)) ||
          (theirs && g_strv_contains((const char *const *)theirs, id)))
        blocker = other;
    }
    gboolean active = gtk_check_button_get_active(GTK_CHECK_BUTTON(c));
    gtk_widget_set_sensitive(c, active || !blocker);
    g_autofree char *why = blocker
        ? g_strdup_printf("Cannot be played with %s, which is ticked",
                          blocker) : NULL;
    gtk_widget_set_tooltip_text(c, why);
  }
}

static void
on_rule_active(GObject *object, GParamSpec *pspec, gpointer data)
{
  (void)object;
  (void)pspec;
  update_conflicts(data);
}

/* One rule set's row: a check button whose label says its name, id and
 * version, what it needs and what it cannot be played with, and under it
 * the rule set's own description (ListRuleSetDetails). */
static GtkWidget *
rule_row(MgLobby *l, const char *id, const char *name, const char *version,
         char **requires, char **conflicts, const char *description,
         gboolean active)
{
  GString *label = g_string_new(NULL);
  g_string_append_printf(label, "%s (%s %s)", name, id, version);
  if (requires && requires[0]) {
    g_autofree char *req = g_strjoinv(", ", requires);
    g_string_append_printf(label, " — needs %s (ticked with it)", req);
  }
  if (conflicts && conflicts[0]) {
    g_autofree char *con = g_strjoinv(", ", conflicts);
    g_string_append_printf(label, " — not with %s", con);
  }
  GtkWidget *c = gtk_check_button_new();
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = gtk_label_new(label->str);
  gtk_label_set_xalign(GTK_LABEL(title), 0);
  gtk_label_set_wrap(GTK_LABEL(title), TRUE);
  gtk_box_append(GTK_BOX(box), title);
  if (description && *description) {
    GtkWidget *desc = gtk_label_new(description);
    gtk_label_set_xalign(GTK_LABEL(desc), 0);
    gtk_label_set_wrap(GTK_LABEL(desc), TRUE);
    gtk_widget_add_css_class(desc, "dim-label");
    gtk_widget_add_css_class(desc, "caption");
    gtk_box_append(GTK_BOX(box), desc);
    g_object_set_data(G_OBJECT(c), "description-label", desc);
    gtk_accessible_update_property(GTK_ACCESSIBLE(c),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   description, -1);
  }
  gtk_check_button_set_child(GTK_CHECK_BUTTON(c), box);
  gtk_accessible_update_property(GTK_ACCESSIBLE(c),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, label->str,
                                 -1);
  g_object_set_data_full(G_OBJECT(c), "rule-label",
                         g_string_free(label, FALSE), g_free);
  g_object_set_data_full(G_OBJECT(c), "rule-id", g_strdup(id), g_free);
  g_object_set_data_full(G_OBJECT(c), "requires", g_strdupv(requires),
                         (GDestroyNotify)g_strfreev);
  g_object_set_data_full(G_OBJECT(c), "conflicts", g_strdupv(conflicts),
                         (GDestroyNotify)g_strfreev);
  g_signal_connect(c, "toggled", G_CALLBACK(on_rule_toggled), l);
  g_signal_connect(c, "notify::active", G_CALLBACK(on_rule_active), l);
  gtk_check_button_set_active(GTK_CHECK_BUTTON(c), active);
  return c;
}

static void
fill_rules(MgLobby *l)
{
  if (gtk_widget_get_first_child(GTK_WIDGET(l->p.rules)))
    return; /* read once: the daemon's rule sets do not change */
  GError *error = NULL;
  g_auto(GStrv) defaults = l->settings
      ? g_settings_get_strv(l->settings, "default-rules") : NULL;
  GPtrArray *details = meeple_client_list_rule_set_details(l->conn->client,
                                                           &error);
  if (details) {
    for (guint i = 0; i < details->len; i++) {
      const MeepleClientRuleSetDetails *r = g_ptr_array_index(details, i);
      if (strcmp(r->id, "base") == 0)
        continue; /* always played */
      gtk_box_append(l->p.rules,
                     rule_row(l, r->id, r->name, r->version, r->requires,
                              r->conflicts, r->description,
                              defaults && g_strv_contains(
                                  (const char *const *)defaults, r->id)));
    }
    g_ptr_array_unref(details);
    update_conflicts(l);
    return;
  }
  /* a daemon older than ListRuleSetDetails: names and requirements */
  g_clear_error(&error);
  GPtrArray *sets = meeple_client_list_rulesets(l->conn->client, &error);
  if (!sets) {
    report(l, error);
    g_error_free(error);
    return;
  }
  for (guint i = 0; i < sets->len; i++) {
    const MeepleClientRuleSet *r = g_ptr_array_index(sets, i);
    if (strcmp(r->id, "base") == 0)
      continue;
    gtk_box_append(l->p.rules,
                   rule_row(l, r->id, r->name, r->version, r->requires, NULL,
                            NULL,
                            defaults && g_strv_contains(
                                (const char *const *)defaults, r->id)));
  }
  g_ptr_array_unref(sets);
  update_conflicts(l);
}

/* Reads everything again; FALSE when the daemon could not be asked. */
static gboolean
refresh(MgLobby *l)
{
  GError *error = NULL;
  if (!mg_conn_ensure(l->conn, &error)) {
    report(l, error);
    g_error_free(error);
    return FALSE;
  }
  fill_rules(l);
  GPtrArray *games = meeple_client_list_games(l->conn->client, &error);
  if (!games) {
    report(l, error);
    g_error_free(error);
    return FALSE;
  }
  fill_games(l, games);
  fill_history(l, games);
  g_ptr_array_unref(games);
  return TRUE;
}

static gboolean retry(gpointer data);

/* Reads the lists and makes sure the next change will be heard: by the
 * daemon's signals, else by trying again a little later. */
static void
refresh_live(MgLobby *l)
{
  gboolean heard = refresh(l) && mg_games_watch_attach(l->watch);
  if (heard && l->retry) {
    g_source_remove(l->retry);
    l->retry = 0;
  } else if (!heard && !l->retry) {
    l->retry = g_timeout_add(RETRY_MS, retry, l);
  }
}

static gboolean
retry(gpointer data)
{
  MgLobby *l = data;
  l->retry = 0;
  refresh_live(l);
  return G_SOURCE_REMOVE;
}

static void
on_games_changed(gpointer data)
{
  MgLobby *l = data;
  if (l->live)
    refresh_live(l);
}

void
mg_lobby_refresh(MgLobby *l)
{
  refresh(l);
}

void
mg_lobby_set_live(MgLobby *l, gboolean live)
{
  l->live = live;
  if (live) {
    refresh_live(l);
  } else if (l->retry) {
    g_source_remove(l->retry);
    l->retry = 0;
  }
}

/* ---- building ----------------------------------------------------------- */

static GtkWidget *
field(GtkWidget *grid, int row, const char *label, GtkWidget *widget)
{
  GtkWidget *l = gtk_label_new_with_mnemonic(label);
  gtk_label_set_xalign(GTK_LABEL(l), 1);
  gtk_label_set_mnemonic_widget(GTK_LABEL(l), widget);
  gtk_grid_attach(GTK_GRID(grid), l, 0, row, 1, 1);
  gtk_grid_attach(GTK_GRID(grid), widget, 1, row, 1, 1);
  gtk_widget_set_hexpand(widget, TRUE);
  /* the label names the control for screen readers */
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget),
                                 GTK_ACCESSIBLE_RELATION_LABELLED_BY, l,
                                 NULL, -1);
  return widget;
}

static GtkWidget *
title(const char *text)
{
  GtkWidget *l = gtk_label_new(text);
  gtk_widget_add_css_class(l, "title-3");
  gtk_label_set_xalign(GTK_LABEL(l), 0);
  return l;
}

static GtkListBox *
new_list(const char *name)
{
  GtkWidget *list = gtk_list_box_new();
  gtk_list_box_set_selection_mode(GTK_LIST_BOX(list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class(list, "boxed-list");
  gtk_accessible_update_property(GTK_ACCESSIBLE(list),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return GTK_LIST_BOX(list);
}

MgLobby *
mg_lobby_new(MgConn *conn, GSettings *settings, const MgLobbyCallbacks *cbs,
             gpointer data)
{
  MgLobby *l = g_new0(MgLobby, 1);
  l->conn = conn;
  l->watch = mg_games_watch_new(conn, on_games_changed, l);
  l->settings = settings ? g_object_ref(settings) : NULL;
  l->cbs = *cbs;
  l->data = data;
  GtkWidget *columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24);
  gtk_widget_set_margin_start(columns, 18);
  gtk_widget_set_margin_end(columns, 18);
  gtk_widget_set_margin_top(columns, 12);
  gtk_widget_set_margin_bottom(columns, 12);

  /* the form */
  GtkWidget *form = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_size_request(form, 380, -1);
  gtk_box_append(GTK_BOX(form), title("New game"));
  GtkWidget *grid = gtk_grid_new();
  gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
  gtk_grid_set_column_spacing(GTK_GRID(grid), 8);
  l->p.name = GTK_EDITABLE(field(grid, 0, "Your _name", gtk_entry_new()));
  g_autofree char *name = settings
      ? g_settings_get_string(settings, "player-name") : NULL;
  gtk_editable_set_text(l->p.name, name && *name ? name : g_get_real_name());
  l->p.game_name = GTK_EDITABLE(field(grid, 1, "_Game name",
                                      gtk_entry_new()));
  l->p.seats = GTK_SPIN_BUTTON(field(grid, 2, "_Seats",
                                     gtk_spin_button_new_with_range(2, 6, 1)));
  gtk_spin_button_set_value(l->p.seats, 2);
  g_signal_connect(l->p.seats, "value-changed", G_CALLBACK(on_seats), l);
  GtkWidget *bots = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
  static const char *const strategies[] = {
    "Random moves", "Greedy (quick)", "Search (thinks)", NULL,
  };
  for (int s = 0; s < MEEPLE_MAX_PLAYERS; s++) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    char *text = g_strdup_printf("Seat %d is a bot", s + 1);
    l->p.bot[s] = GTK_CHECK_BUTTON(gtk_check_button_new_with_label(text));
    g_free(text);
    gtk_check_button_set_active(l->p.bot[s], TRUE);
    g_signal_connect(l->p.bot[s], "notify::active",
                     G_CALLBACK(on_bot_changed), l);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(l->p.bot[s]));
    /* how the bot plays: the strategy library's names, greedy first
     * chosen (quick, and a fair opponent for a beginner) */
    l->p.strategy[s] = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(
        (const char *const *)strategies));
    gtk_drop_down_set_selected(l->p.strategy[s], MEEPLE_STRATEGY_GREEDY);
    text = g_strdup_printf("How the bot of seat %d plays", s + 1);
    gtk_accessible_update_property(GTK_ACCESSIBLE(l->p.strategy[s]),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    gtk_widget_set_tooltip_text(GTK_WIDGET(l->p.strategy[s]), text);
    g_free(text);
    g_signal_connect(l->p.strategy[s], "notify::selected",
                     G_CALLBACK(on_bot_changed), l);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(l->p.strategy[s]));
    l->p.think[s] = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(.1, 30,
                                                                   .1));
    gtk_spin_button_set_digits(l->p.think[s], 1);
    gtk_spin_button_set_value(l->p.think[s], 1);
    text = g_strdup_printf("Seconds the bot of seat %d thinks a move",
                           s + 1);
    gtk_accessible_update_property(GTK_ACCESSIBLE(l->p.think[s]),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    gtk_widget_set_tooltip_text(GTK_WIDGET(l->p.think[s]), text);
    g_free(text);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(l->p.think[s]));
    if (s > 0)
      gtk_box_append(GTK_BOX(bots), row);
    else
      g_object_ref_sink(row); /* seat 1 is always the player's */
  }
  field(grid, 3, "_Bots", bots);
  l->p.farmers = GTK_SWITCH(gtk_switch_new());
  gtk_switch_set_active(l->p.farmers,
                        settings ? g_settings_get_boolean(settings, "farmers")
                                 : TRUE);
  gtk_widget_set_halign(GTK_WIDGET(l->p.farmers), GTK_ALIGN_START);
  field(grid, 4, "_Farmers", GTK_WIDGET(l->p.farmers));
  gtk_box_append(GTK_BOX(form), grid);
  gtk_box_append(GTK_BOX(form), title("Rule sets"));
  l->p.rules = GTK_BOX(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2));
  gtk_accessible_update_property(GTK_ACCESSIBLE(l->p.rules),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "Rule sets to play besides the base game",
                                 -1);
  gtk_box_append(GTK_BOX(form), GTK_WIDGET(l->p.rules));
  GtkWidget *more = gtk_expander_new_with_mnemonic("_Advanced: seed and "
                                                   "tile order");
  GtkWidget *grid2 = gtk_grid_new();
  gtk_grid_set_row_spacing(GTK_GRID(grid2), 6);
  gtk_grid_set_column_spacing(GTK_GRID(grid2), 8);
  l->p.seed = GTK_EDITABLE(field(grid2, 0, "S_eed", gtk_entry_new()));
  l->p.tiles = GTK_EDITABLE(field(grid2, 1, "_Tile order", gtk_entry_new()));
  gtk_widget_set_tooltip_text(GTK_WIDGET(l->p.tiles),
                              "Tile ids in drawing order, instead of a "
                              "shuffled supply (everyone can know the draws)");
  gtk_expander_set_child(GTK_EXPANDER(more), grid2);
  l->p.advanced = GTK_EXPANDER(more);
  gtk_box_append(GTK_BOX(form), more);
  l->p.create = GTK_BUTTON(gtk_button_new_with_mnemonic("_Create and play"));
  gtk_widget_add_css_class(GTK_WIDGET(l->p.create), "suggested-action");
  g_signal_connect(l->p.create, "clicked", G_CALLBACK(on_create), l);
  gtk_box_append(GTK_BOX(form), GTK_WIDGET(l->p.create));
  l->status = GTK_LABEL(gtk_label_new(""));
  gtk_label_set_wrap(l->status, TRUE);
  gtk_widget_add_css_class(GTK_WIDGET(l->status), "error");
  gtk_box_append(GTK_BOX(form), GTK_WIDGET(l->status));
  GtkWidget *form_scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(form_scroll), form);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(form_scroll),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width(
      GTK_SCROLLED_WINDOW(form_scroll), TRUE);
  gtk_box_append(GTK_BOX(columns), form_scroll);

  /* the lists */
  GtkWidget *lists = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_hexpand(lists, TRUE);
  gtk_box_append(GTK_BOX(lists), title("Games"));
  l->p.games = new_list("Games");
  gtk_box_append(GTK_BOX(lists), GTK_WIDGET(l->p.games));
  gtk_box_append(GTK_BOX(lists), title("Finished games"));
  l->p.history = new_list("Finished games");
  gtk_box_append(GTK_BOX(lists), GTK_WIDGET(l->p.history));
  GtkWidget *list_scroll = gtk_scrolled_window_new();
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(list_scroll), lists);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(list_scroll),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_hexpand(list_scroll, TRUE);
  gtk_box_append(GTK_BOX(columns), list_scroll);
  update_bot_boxes(l);
  if (settings)
    g_signal_connect(settings, "changed", G_CALLBACK(on_settings_changed), l);
  l->root = g_object_ref_sink(columns);
  return l;
}

void
mg_lobby_free(MgLobby *l)
{
  if (!l)
    return;
  mg_lobby_set_live(l, FALSE);
  mg_games_watch_free(l->watch);
  g_object_unref(gtk_widget_get_parent(GTK_WIDGET(l->p.bot[0])));
  if (l->settings)
    g_signal_handlers_disconnect_by_data(l->settings, l);
  g_clear_object(&l->settings);
  g_free(l->games_digest);
  g_object_unref(l->root);
  g_free(l);
}

GtkWidget *
mg_lobby_widget(MgLobby *l)
{
  return l->root;
}

const MgLobbyParts *
mg_lobby_parts(MgLobby *l)
{
  return &l->p;
}
