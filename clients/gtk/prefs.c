/* prefs.c — the Preferences window (see prefs.h).
 *
 * Rows write their key at once (g_settings_bind, or on toggled / colour
 * set): there is no Apply.  The window also listens to the keys, so a
 * change made elsewhere (the lobby saves the name it creates a game
 * with, `gsettings set`) shows. */
#include "config.h"

#include <string.h>

#include "look.h"
#include "prefs.h"

#define N_SEATS 6
G_STATIC_ASSERT(N_SEATS == MEEPLE_MAX_PLAYERS);

typedef struct {
  MgPrefsParts p;
  GSettings *settings;
  gboolean updating; /* filling rows from the settings: do not write */
} Prefs;

static void
prefs_free(gpointer data)
{
  Prefs *p = data;
  g_signal_handlers_disconnect_by_data(p->settings, p);
  g_object_unref(p->settings);
  g_free(p);
}

/* ---- default rule sets -------------------------------------------------- */

static void
read_rules(Prefs *p)
{
  g_auto(GStrv) ids = g_settings_get_strv(p->settings, "default-rules");
  p->updating = TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(p->p.rules)); c;
       c = gtk_widget_get_next_sibling(c))
    gtk_check_button_set_active(
        GTK_CHECK_BUTTON(c),
        g_strv_contains((const char *const *)ids,
                        g_object_get_data(G_OBJECT(c), "rule-id")));
  p->updating = FALSE;
}

static void
on_rule_toggled(GtkCheckButton *check, gpointer data)
{
  (void)check;
  Prefs *p = data;
  if (p->updating)
    return;
  GPtrArray *ids = g_ptr_array_new();
  for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(p->p.rules)); c;
       c = gtk_widget_get_next_sibling(c))
    if (gtk_check_button_get_active(GTK_CHECK_BUTTON(c)))
      g_ptr_array_add(ids, g_object_get_data(G_OBJECT(c), "rule-id"));
  g_ptr_array_add(ids, NULL);
  g_settings_set_strv(p->settings, "default-rules",
                      (const char *const *)ids->pdata);
  g_ptr_array_unref(ids);
}

/* ---- seat colours -------------------------------------------------------- */

static void
read_colours(Prefs *p)
{
  p->updating = TRUE;
  for (guint i = 0; i < N_SEATS; i++)
    gtk_color_chooser_set_rgba(GTK_COLOR_CHOOSER(p->p.colour[i]),
                               mg_look_seat_colour(i));
  p->updating = FALSE;
}

static void
on_colour_set(GtkColorButton *button, gpointer data)
{
  (void)button;
  Prefs *p = data;
  if (p->updating)
    return;
  char *colours[N_SEATS + 1] = { NULL };
  for (guint i = 0; i < N_SEATS; i++) {
    GdkRGBA c;
    gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(p->p.colour[i]), &c);
    colours[i] = g_strdup_printf("#%02x%02x%02x", (int)(c.red * 255 + .5),
                                 (int)(c.green * 255 + .5),
                                 (int)(c.blue * 255 + .5));
  }
  g_settings_set_strv(p->settings, "seat-colours",
                      (const char *const *)colours);
  for (guint i = 0; i < N_SEATS; i++)
    g_free(colours[i]);
}

static void
on_reset_colours(GtkButton *button, gpointer data)
{
  (void)button;
  Prefs *p = data;
  g_settings_reset(p->settings, "seat-colours");
}

/* The application applies the colours first (it connected earlier). */
static void
on_settings_changed(GSettings *settings, const char *key, gpointer data)
{
  (void)settings;
  Prefs *p = data;
  if (strcmp(key, "seat-colours") == 0)
    read_colours(p);
  else if (strcmp(key, "default-rules") == 0)
    read_rules(p);
}

/* ---- building ----------------------------------------------------------- */

static GtkWidget *
row_with(const char *title, const char *subtitle, GtkWidget *suffix)
{
  GtkWidget *row = adw_action_row_new();
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(row), title);
  if (subtitle)
    adw_action_row_set_subtitle(ADW_ACTION_ROW(row), subtitle);
  gtk_widget_set_valign(suffix, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix(ADW_ACTION_ROW(row), suffix);
  adw_action_row_set_activatable_widget(ADW_ACTION_ROW(row), suffix);
  gtk_accessible_update_property(GTK_ACCESSIBLE(suffix),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  return row;
}

AdwPreferencesWindow *
mg_prefs_new(GtkWindow *parent, GSettings *settings,
             const char *const *rules)
{
  Prefs *p = g_new0(Prefs, 1);
  p->settings = g_object_ref(settings);
  AdwPreferencesWindow *w = ADW_PREFERENCES_WINDOW(
      adw_preferences_window_new());
  p->p.window = w;
  gtk_window_set_title(GTK_WINDOW(w), "Preferences");
  gtk_window_set_transient_for(GTK_WINDOW(w), parent);
  gtk_window_set_modal(GTK_WINDOW(w), TRUE);
  gtk_window_set_default_size(GTK_WINDOW(w), 560, 640);
  adw_preferences_window_set_search_enabled(w, FALSE);
  g_object_set_data_full(G_OBJECT(w), "mg-prefs", p, prefs_free);

  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE(adw_preferences_page_new());

  AdwPreferencesGroup *you = ADW_PREFERENCES_GROUP(
      adw_preferences_group_new());
  adw_preferences_group_set_title(you, "You");
  GtkWidget *name = adw_entry_row_new();
  adw_preferences_row_set_title(ADW_PREFERENCES_ROW(name),
                                "Your name at the table");
  p->p.name = GTK_EDITABLE(name);
  g_settings_bind(settings, "player-name", name, "text",
                  G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add(you, name);
  adw_preferences_page_add(page, you);

  AdwPreferencesGroup *games = ADW_PREFERENCES_GROUP(
      adw_preferences_group_new());
  adw_preferences_group_set_title(games, "New games");
  adw_preferences_group_set_description(
      games, "What the new-game form starts with.");
  p->p.farmers = GTK_SWITCH(gtk_switch_new());
  g_settings_bind(settings, "farmers", p->p.farmers, "active",
                  G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add(
      games, row_with("Farmers", "Followers may lie in fields",
                      GTK_WIDGET(p->p.farmers)));
  p->p.rules = GTK_BOX(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2));
  gtk_widget_set_margin_top(GTK_WIDGET(p->p.rules), 6);
  gtk_accessible_update_property(GTK_ACCESSIBLE(p->p.rules),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 "Rule sets ticked for a new game", -1);
  for (guint i = 0; rules && rules[i] && rules[i + 1]; i += 2) {
    GtkWidget *c = gtk_check_button_new_with_label(rules[i + 1]);
    g_object_set_data_full(G_OBJECT(c), "rule-id", g_strdup(rules[i]),
                           g_free);
    g_signal_connect(c, "toggled", G_CALLBACK(on_rule_toggled), p);
    gtk_box_append(p->p.rules, c);
  }
  if (!gtk_widget_get_first_child(GTK_WIDGET(p->p.rules)))
    gtk_box_append(p->p.rules,
                   gtk_label_new("(the game server lists no rule sets)"));
  adw_preferences_group_add(games, GTK_WIDGET(p->p.rules));
  adw_preferences_page_add(page, games);

  AdwPreferencesGroup *colours = ADW_PREFERENCES_GROUP(
      adw_preferences_group_new());
  adw_preferences_group_set_title(colours, "Seat colours");
  adw_preferences_group_set_description(
      colours, "The default colours stay apart for the common kinds of "
               "colour blindness; every figure also shows its seat's "
               "number.");
  p->p.reset_colours = GTK_BUTTON(gtk_button_new_with_mnemonic("_Reset"));
  gtk_widget_set_valign(GTK_WIDGET(p->p.reset_colours), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text(GTK_WIDGET(p->p.reset_colours),
                              "Back to the default seat colours");
  g_signal_connect(p->p.reset_colours, "clicked",
                   G_CALLBACK(on_reset_colours), p);
  adw_preferences_group_set_header_suffix(colours,
                                          GTK_WIDGET(p->p.reset_colours));
  for (guint i = 0; i < N_SEATS; i++) {
    char *title = g_strdup_printf("Seat %u", i + 1);
    p->p.colour[i] = GTK_COLOR_BUTTON(gtk_color_button_new());
    char *dialog = g_strdup_printf("Colour of seat %u", i + 1);
    gtk_color_button_set_title(p->p.colour[i], dialog);
    g_free(dialog);
    g_signal_connect(p->p.colour[i], "color-set", G_CALLBACK(on_colour_set),
                     p);
    adw_preferences_group_add(colours,
                              row_with(title, NULL,
                                       GTK_WIDGET(p->p.colour[i])));
    g_free(title);
  }
  adw_preferences_page_add(page, colours);
  adw_preferences_window_add(w, page);

  read_rules(p);
  read_colours(p);
  g_signal_connect(settings, "changed", G_CALLBACK(on_settings_changed), p);
  return w;
}

const MgPrefsParts *
mg_prefs_parts(AdwPreferencesWindow *w)
{
  Prefs *p = g_object_get_data(G_OBJECT(w), "mg-prefs");
  return p ? &p->p : NULL;
}
