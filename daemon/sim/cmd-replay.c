/* cmd-replay.c — meeple-sim replay: a game record's final board, scores,
 * winners and event log, as text or as one JSON document. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "render.h"
#include "sim.h"

static const char *
tile_id(MeepleRules *rules, guint type)
{
  const MeepleTileType *t = meeple_rules_tile_type(rules, type);
  return t ? t->id : "?";
}

static const char *
kind_name(MeepleRules *rules, guint kind)
{
  const MeepleKind *k = kind < meeple_rules_n_kinds(rules)
                          ? meeple_rules_kind(rules, kind) : NULL;
  return k ? k->name : "?";
}

static const char *
figure_name(MeepleRules *rules, guint figure)
{
  const MeepleFigureType *f = figure < meeple_rules_n_figure_types(rules)
                                ? meeple_rules_figure_type(rules, figure)
                                : NULL;
  return f ? f->name : "?";
}

/* What the event log is turned into while the game is replayed. */
typedef struct {
  gboolean json;
  GString *text;          /* text output, or NULL */
  JsonBuilder *events;    /* inside the "events" array, or NULL */
  JsonBuilder *actions;   /* inside the "actions" array, or NULL */
  gboolean rules_cited;   /* text: the rule each event cites */
  const char *const *names; /* seat names from the record's header */
  guint n_names;
} EventSink;

#define HAS(field) (has & MEEPLE_EVENT_FIELD_##field)

/* One line of the fields the event's type declares and the event has
 * (meeple_event_fields()), then its sentence on a line of its own.  Rule
 * IDs are for readers who check the rules: only with --rules-cited. */
static void
text_event(GString *out, MeepleGame *game, const MeepleEvent *e,
           const EventSink *sink)
{
  MeepleRules *rules = meeple_game_rules(game);
  const MeepleEventSpec *spec = meeple_rules_event_spec(rules, e->type);
  guint32 has = meeple_event_fields(rules, e);
  g_string_append_printf(out, "    %s",
                         meeple_rules_event_type_name(rules, e->type));
  if (HAS(SEAT))
    g_string_append_printf(out, " seat=%d", e->player + 1);
  if (HAS(TILE))
    g_string_append_printf(out, " tile=%s", tile_id(rules, e->tile));
  if (HAS(FIGURE))
    g_string_append_printf(out, " figure=%s", figure_name(rules, e->figure));
  if (HAS(KIND))
    g_string_append_printf(out, " kind=%s", kind_name(rules, e->kind));
  if (HAS(CELL))
    g_string_append_printf(out, " at=%d,%d", e->x, e->y);
  if (HAS(SEGMENT))
    g_string_append_printf(out, " segment=%s",
                           sim_segment_name(game, e->x, e->y, e->segment));
  if (HAS(POINTS))
    g_string_append_printf(out, " points=%d", e->points);
  if (HAS(COUNT) && e->type == MEEPLE_EVENT_TILE_PLACED)
    g_string_append_printf(out, " rotation=%d", (e->arg % 4) * 90);
  else if (HAS(COUNT))
    g_string_append_printf(out, " %s=%d", spec->count_name, e->arg);
  if (HAS(RULE) && sink->rules_cited)
    g_string_append_printf(out, " rule=%s", e->rule);
  g_autofree char *text = meeple_event_text(rules, game, e, sink->names,
                                            sink->n_names);
  g_string_append_printf(out, "\n      %s\n", text);
}

/* The same fields as members, the count under its type's name, and the
 * sentence as "text".  "rule" is always there (null when none): a JSON
 * reader takes what it wants. */
static void
json_event(JsonBuilder *b, MeepleGame *game, const MeepleEvent *e,
           gint64 action, const EventSink *sink)
{
  MeepleRules *rules = meeple_game_rules(game);
  const MeepleEventSpec *spec = meeple_rules_event_spec(rules, e->type);
  guint32 declared = spec->fields, has = meeple_event_fields(rules, e);
  json_builder_begin_object(b);
  json_builder_set_member_name(b, "type");
  json_builder_add_string_value(b, meeple_rules_event_type_name(rules,
                                                                e->type));
  json_builder_set_member_name(b, "action");
  if (action >= 0)
    json_builder_add_int_value(b, action);
  else
    json_builder_add_null_value(b);
  if (declared & MEEPLE_EVENT_FIELD_SEAT) {
    json_builder_set_member_name(b, "player");
    if (HAS(SEAT))
      json_builder_add_int_value(b, e->player + 1); /* seats from 1 */
    else
      json_builder_add_null_value(b);
  }
  if (HAS(TILE)) {
    json_builder_set_member_name(b, "tile");
    json_builder_add_string_value(b, tile_id(rules, e->tile));
  }
  if (HAS(FIGURE)) {
    json_builder_set_member_name(b, "figure");
    json_builder_add_string_value(b, figure_name(rules, e->figure));
  }
  if (HAS(KIND)) {
    json_builder_set_member_name(b, "kind");
    json_builder_add_string_value(b, kind_name(rules, e->kind));
  }
  if (HAS(CELL)) {
    json_builder_set_member_name(b, "x");
    json_builder_add_int_value(b, e->x);
    json_builder_set_member_name(b, "y");
    json_builder_add_int_value(b, e->y);
  }
  if (HAS(SEGMENT)) {
    json_builder_set_member_name(b, "segment");
    json_builder_add_string_value(b, sim_segment_name(game, e->x, e->y,
                                                      e->segment));
  }
  if (HAS(POINTS)) {
    json_builder_set_member_name(b, "points");
    json_builder_add_int_value(b, e->points);
  }
  if (HAS(COUNT)) {
    json_builder_set_member_name(b, spec->count_name);
    json_builder_add_int_value(b, e->arg);
  }
  json_builder_set_member_name(b, "rule");
  if (e->rule)
    json_builder_add_string_value(b, e->rule);
  else
    json_builder_add_null_value(b);
  g_autofree char *text = meeple_event_text(rules, game, e, sink->names,
                                            sink->n_names);
  json_builder_set_member_name(b, "text");
  json_builder_add_string_value(b, text);
  json_builder_end_object(b);
}

#undef HAS

static void
sink_events(EventSink *sink, MeepleGame *game, const MeepleEvent *events,
            gsize n, gint64 action)
{
  for (gsize i = 0; i < n; i++) {
    if (sink->text)
      text_event(sink->text, game, &events[i], sink);
    if (sink->events)
      json_event(sink->events, game, &events[i], action, sink);
  }
}

static void
event_sink_clear(EventSink *sink)
{
  g_clear_object(&sink->events);
  g_clear_object(&sink->actions);
  if (sink->text)
    g_string_free(sink->text, TRUE);
  sink->text = NULL;
}

/* Receives the events of each replayed action (meeple_record_replay_events). */
static void
on_replayed(const MeepleRecord *record, MeepleGame *game, int action,
            int player, const MeepleEvent *events, gsize n, gpointer data)
{
  EventSink *sink = data;
  if (action < 0) {
    if (sink->text && n)
      g_string_append(sink->text, "  setup\n");
    sink_events(sink, game, events, n, -1);
    return;
  }
  const MeepleRecordAction *a = g_ptr_array_index(record->actions, action);
  if (sink->text)
    g_string_append_printf(sink->text, "  %d. line %d, seat %d: %s\n",
                           action + 1, a->line, player + 1, a->text);
  if (sink->actions) {
    JsonBuilder *b = sink->actions;
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "index");
    json_builder_add_int_value(b, action);
    json_builder_set_member_name(b, "line");
    json_builder_add_int_value(b, a->line);
    json_builder_set_member_name(b, "player");
    json_builder_add_int_value(b, player + 1); /* seats from 1 */
    json_builder_set_member_name(b, "text");
    json_builder_add_string_value(b, a->text);
    /* The action just applied is the last one in the history. */
    gsize n_history = 0;
    const MeepleHistoryEntry *history = meeple_game_history(game, &n_history);
    const MeepleActionKindInfo *kind =
      n_history ? meeple_rules_action_kind(meeple_game_rules(game),
                                           history[n_history - 1].action.kind)
                : NULL;
    json_builder_set_member_name(b, "kind");
    if (kind)
      json_builder_add_string_value(b, kind->name);
    else
      json_builder_add_null_value(b);
    json_builder_end_object(b);
  }
  sink_events(sink, game, events, n, action);
}

/* Reads standard input for the file name "-". */
static char *
read_stdin(gsize *length, GError **error)
{
  GString *text = g_string_new(NULL);
  char buffer[65536];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, stdin)) > 0)
    g_string_append_len(text, buffer, (gssize)n);
  if (ferror(stdin)) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                "cannot read standard input: %s", g_strerror(errno));
    g_string_free(text, TRUE);
    return NULL;
  }
  *length = text->len;
  return g_string_free(text, FALSE);
}

static void
json_players(JsonBuilder *b, MeepleGame *game, char **names)
{
  json_builder_set_member_name(b, "players");
  json_builder_begin_array(b);
  for (guint p = 0; p < meeple_game_n_players(game); p++) {
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "seat");
    json_builder_add_int_value(b, p + 1); /* seats from 1, as meeple's */
    json_builder_set_member_name(b, "name");
    json_builder_add_string_value(b, names[p]);
    json_builder_set_member_name(b, "score");
    json_builder_add_int_value(b, meeple_game_score(game, p));
    json_builder_set_member_name(b, "followers");
    json_builder_add_int_value(b, meeple_game_supply(game, p,
                                                     MEEPLE_FIGURE_FOLLOWER));
    /* Every figure type a player owns, by name (follower, abbot, ...). */
    json_builder_set_member_name(b, "supply");
    json_builder_begin_object(b);
    MeepleRules *rules = meeple_game_rules(game);
    for (guint t = 0; t < meeple_rules_n_figure_types(rules); t++) {
      const MeepleFigureType *type = meeple_rules_figure_type(rules, t);
      if (type->per_player == 0)
        continue;
      json_builder_set_member_name(b, type->name);
      json_builder_add_int_value(b, meeple_game_supply(game, p, t));
    }
    json_builder_end_object(b);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
}

static void
json_board(JsonBuilder *b, MeepleGame *game)
{
  MeepleRules *rules = meeple_game_rules(game);
  json_builder_set_member_name(b, "tiles");
  json_builder_begin_array(b);
  for (guint i = 0; i < meeple_game_n_placed(game); i++) {
    MeeplePlacedTile t = meeple_game_placed(game, i);
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "id");
    json_builder_add_string_value(b, tile_id(rules, t.type));
    json_builder_set_member_name(b, "x");
    json_builder_add_int_value(b, t.x);
    json_builder_set_member_name(b, "y");
    json_builder_add_int_value(b, t.y);
    json_builder_set_member_name(b, "rotation");
    json_builder_add_int_value(b, t.rotation);
    json_builder_end_object(b);
  }
  json_builder_end_array(b);

  json_builder_set_member_name(b, "figures");
  json_builder_begin_array(b);
  for (guint i = 0; i < meeple_game_n_figures(game); i++) {
    MeepleFigureInfo f = meeple_game_figure(game, i);
    if (!f.on_board)
      continue;
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "type");
    json_builder_add_string_value(b, figure_name(rules, f.type));
    json_builder_set_member_name(b, "owner");
    if (f.owner >= 0)
      json_builder_add_int_value(b, f.owner + 1); /* seats from 1 */
    else
      json_builder_add_null_value(b);
    json_builder_set_member_name(b, "x");
    json_builder_add_int_value(b, f.x);
    json_builder_set_member_name(b, "y");
    json_builder_add_int_value(b, f.y);
    json_builder_set_member_name(b, "segment");
    json_builder_add_string_value(b, sim_segment_name(game, f.x, f.y,
                                                      f.segment));
    MeepleFeatureInfo info;
    if (meeple_game_feature(game, f.x, f.y, f.segment, &info)) {
      json_builder_set_member_name(b, "kind");
      json_builder_add_string_value(b, kind_name(rules, info.kind));
    }
    json_builder_end_object(b);
  }
  json_builder_end_array(b);
}

static void
json_strings(JsonBuilder *b, const char *member, GPtrArray *strings)
{
  json_builder_set_member_name(b, member);
  if (!strings) {
    json_builder_add_null_value(b);
    return;
  }
  json_builder_begin_array(b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value(b, g_ptr_array_index(strings, i));
  json_builder_end_array(b);
}

/* The JSON document: header, players, board, actions, events, result. */
static int
print_json(const MeepleRecord *record, MeepleGame *game, char **names,
           EventSink *sink)
{
  JsonBuilder *header = json_builder_new();
  JsonBuilder *actions = sink->actions, *events = sink->events;
  json_builder_end_array(actions);
  json_builder_end_array(events);

  JsonBuilder *b = header;
  json_builder_begin_object(b);
  json_builder_set_member_name(b, "file");
  json_builder_add_string_value(b, record->filename);
  json_builder_set_member_name(b, "format");
  json_builder_add_int_value(b, record->format);
  json_strings(b, "rulesets", record->rulesets);
  /* A string: JSON readers lose precision on integers above 2^53. */
  json_builder_set_member_name(b, "seed");
  if (record->has_seed) {
    char seed[32];
    g_snprintf(seed, sizeof seed, "%" G_GUINT64_FORMAT, record->seed);
    json_builder_add_string_value(b, seed);
  } else {
    json_builder_add_null_value(b);
  }
  json_strings(b, "tile_order", record->tile_order);
  json_builder_set_member_name(b, "farmers");
  json_builder_add_boolean_value(b, !record->no_farmers);
  json_players(b, game, names);
  json_builder_set_member_name(b, "turn");
  json_builder_add_int_value(b, meeple_game_turn(game));
  json_builder_set_member_name(b, "tiles_left");
  json_builder_add_int_value(b, meeple_game_tiles_left(game));
  json_builder_set_member_name(b, "discarded");
  json_builder_add_int_value(b, meeple_game_n_discarded(game));
  json_board(b, game);
  json_builder_set_member_name(b, "actions");
  json_builder_add_value(b, json_builder_get_root(actions));
  json_builder_set_member_name(b, "events");
  json_builder_add_value(b, json_builder_get_root(events));
  gboolean over = meeple_game_is_over(game);
  json_builder_set_member_name(b, "game_over");
  json_builder_add_boolean_value(b, over);
  json_builder_set_member_name(b, "winners");
  json_builder_begin_array(b);
  guint seats[MEEPLE_MAX_PLAYERS];
  guint n_winners = over ? sim_winners(game, seats) : 0;
  for (guint i = 0; i < n_winners; i++)
    json_builder_add_int_value(b, seats[i] + 1); /* seats from 1 */
  json_builder_end_array(b);
  json_builder_end_object(b);

  JsonGenerator *generator = json_generator_new();
  JsonNode *root = json_builder_get_root(b);
  json_generator_set_root(generator, root);
  json_generator_set_pretty(generator, TRUE);
  json_generator_set_indent(generator, 2);
  gsize length = 0;
  char *text = json_generator_to_data(generator, &length);
  gboolean ok = sim_write(stdout, text, length) && sim_write(stdout, "\n", 1);
  g_free(text);
  json_node_unref(root);
  g_object_unref(generator);
  g_object_unref(header);
  return ok ? SIM_EXIT_OK : SIM_EXIT_FAILURE;
}

static int
print_text(const MeepleRecord *record, MeepleGame *game, char **names,
           const GString *events)
{
  GString *text = g_string_new(NULL);
  g_string_append_printf(text, "Record %s: format %u, rule sets",
                         record->filename, record->format);
  for (guint i = 0; record->rulesets && i < record->rulesets->len; i++)
    g_string_append_printf(text, "%s %s", i ? "," : "",
                           (const char *)g_ptr_array_index(record->rulesets,
                                                           i));
  if (record->has_seed)
    g_string_append_printf(text, ", seed %" G_GUINT64_FORMAT, record->seed);
  else
    g_string_append(text, ", explicit tile order");
  g_string_append_printf(text, ", farmers %s, %u actions\n",
                         record->no_farmers ? "off" : "on",
                         record->actions->len);
  if (events) {
    g_string_append(text, "Events:\n");
    g_string_append_len(text, events->str, (gssize)events->len);
  }
  sim_render_board(text, game, sim_board_flags(stdout));
  sim_render_legend(text, meeple_game_rules(game), sim_board_flags(stdout));
  sim_render_scores(text, game, (const char *const *)names);
  gboolean ok = sim_write(stdout, text->str, text->len);
  g_string_free(text, TRUE);
  return ok ? SIM_EXIT_OK : SIM_EXIT_FAILURE;
}

/* Line and column (1-based, in characters) of rule set @id on the
 * record's 'rules' line, for messages in the record's own FILE:LINE:COLUMN
 * form.  FALSE when it cannot be found. */
static gboolean
ruleset_position(const char *text, gsize length, const char *id, int *line,
                 int *column)
{
  const char *end = text + length;
  int number = 1;
  for (const char *s = text; s < end; number++) {
    const char *e = memchr(s, '\n', (gsize)(end - s));
    if (!e)
      e = end;
    const char *p = s;
    int col = 1;
    gboolean first = TRUE, on_rules_line = FALSE;
    while (p < e && *p != '#') {
      if (*p == ' ' || *p == '\t' || *p == '\r') {
        p++;
        col++;
        continue;
      }
      const char *word = p;
      int word_col = col;
      while (p < e && *p != ' ' && *p != '\t' && *p != '\r' && *p != '#') {
        p = g_utf8_find_next_char(p, e);
        if (!p)
          p = e;
        col++;
      }
      gsize n = (gsize)(p - word);
      if (first) {
        on_rules_line = n == 5 && strncmp(word, "rules", 5) == 0;
        first = FALSE;
        if (!on_rules_line)
          break;
        continue;
      }
      gsize id_n = 0;
      while (id_n < n && word[id_n] != '/')
        id_n++;
      if (id_n == strlen(id) && strncmp(word, id, id_n) == 0) {
        *line = number;
        *column = word_col;
        return TRUE;
      }
    }
    s = e < end ? e + 1 : end;
  }
  return FALSE;
}

/* The ids of the record's rule sets, versions stripped, base left out. */
static char **
record_ruleset_ids(const MeepleRecord *record)
{
  GPtrArray *ids = g_ptr_array_new();
  for (guint i = 0; record->rulesets && i < record->rulesets->len; i++) {
    const char *s = g_ptr_array_index(record->rulesets, i);
    char *id = g_strndup(s, strcspn(s, "/"));
    if (strcmp(id, "base") == 0)
      g_free(id);
    else
      g_ptr_array_add(ids, id);
  }
  g_ptr_array_add(ids, NULL);
  return (char **)g_ptr_array_free(ids, FALSE);
}

/* Whether @rules (built from --rules, so with everything it requires)
 * hold exactly the record's rule sets @have (base aside either way). */
static gboolean
rulesets_agree(const MeepleRules *rules, char **have)
{
  guint n_have = g_strv_length(have);
  guint n_rules = 0;
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const char *id = meeple_rules_ruleset(rules, i)->id;
    if (strcmp(id, "base") == 0)
      continue;
    n_rules++;
    if (!g_strv_contains((const char *const *)have, id))
      return FALSE;
  }
  return n_rules == n_have;
}

/* Checks that @loader can build every rule set the record names; prints
 * "FILE:LINE:COLUMN: ..." naming the first one it cannot.  @text is the
 * record's text when it was read here (standard input), else NULL and the
 * file is read again for the position. */
static gboolean
record_rulesets_available(const MeepleRecord *record, const char *path,
                          const char *text, gsize length,
                          MeepleLoader *loader, char **ids)
{
  for (guint i = 0; ids[i]; i++) {
    if (meeple_loader_find(loader, ids[i]))
      continue;
    char *where;
    int line = 0, column = 0;
    char *contents = NULL;
    gsize n = 0;
    if (!text && g_file_get_contents(path, &contents, &n, NULL)) {
      text = contents;
      length = n;
    }
    if (text && ruleset_position(text, length, ids[i], &line, &column))
      where = g_strdup_printf("%s:%d:%d", record->filename, line, column);
    else
      where = g_strdup(record->filename);
    g_free(contents);
    char *shown = sim_shown_id(ids[i]);
    const char *one[] = { ids[i], NULL };
    GError *error = NULL;
    meeple_loader_check_rulesets(loader, one, &error);
    g_printerr(SIM_NAME ": %s: the record needs rule set '%s', which is "
               "not available: %s; see '" SIM_NAME " rules'\n", where, shown,
               error ? error->message : "?");
    g_clear_error(&error);
    g_free(shown);
    g_free(where);
    return FALSE;
  }
  return TRUE;
}

int
sim_cmd_replay(int argc, char **argv)
{
  gboolean json = FALSE, with_events = FALSE, rewrite = FALSE;
  gboolean rules_cited = FALSE;
  g_autofree char *tiles_dir = NULL;
  g_autofree char *rules_text = NULL;
  g_auto(GStrv) plugin_dirs = NULL;
  GOptionEntry entries[] = {
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json,
      "Print one JSON document (always includes the events)", NULL },
    { "events", 'e', 0, G_OPTION_ARG_NONE, &with_events,
      "Print every action and the events it caused", NULL },
    { "rules-cited", 0, 0, G_OPTION_ARG_NONE, &rules_cited,
      "With --events: the rule each event cites (rule=BASE-17)", NULL },
    { "record", 'r', 0, G_OPTION_ARG_NONE, &rewrite,
      "Print the replayed game as a record, as 'play' writes it", NULL },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_text,
      "Rule sets the record must have been played with, besides the base "
      "game (default: whatever its 'rules' line names)", "ID[,ID...]" },
    { "tiles-dir", 0, 0, G_OPTION_ARG_FILENAME, &tiles_dir,
      "Directory holding base.tiles", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &plugin_dirs,
      SIM_PLUGIN_DIR_HELP, "DIR" },
    { NULL },
  };
  GOptionContext *context = g_option_context_new("FILE - replay a game "
                                                 "record");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Replays the game record FILE (\"-\": standard input) and prints the\n"
    "final board, the scores and the winner(s).  Errors in the record are\n"
    "reported as FILE:LINE:COLUMN: message.\n"
    "\n"
    "The game is played with the rule sets the record's 'rules' line\n"
    "names (\"rules base/1.0 abbot/1.0\"), each loaded from its plugin;\n"
    "a version given there must be the loaded one's.  A rule set that is\n"
    "not available is reported as FILE:LINE:COLUMN naming it (exit\n"
    "status 1).  --rules does not change the rule sets: it only checks\n"
    "that the record names exactly those (and the ones they require) and\n"
    "fails with exit status 1 otherwise; an unknown id in it is a usage\n"
    "error (exit status 2).  Plugins that could not be loaded are\n"
    "reported on standard error as warnings.\n");
  int status = sim_parse_options(context, "replay", &argc, &argv);
  if (status != SIM_EXIT_OK)
    return status;
  if (argc != 2)
    return sim_usage_error("replay", argc < 2 ? "missing record FILE"
                                              : "only one FILE is allowed");
  if (json + rewrite > 1 || (rewrite && with_events))
    return sim_usage_error("replay", "--json, --record and --events "
                           "cannot be combined that way");
  g_auto(GStrv) asked_ids = NULL;
  if (rules_text) {
    status = sim_parse_ruleset_list("replay", rules_text, &asked_ids);
    if (status != SIM_EXIT_OK)
      return status;
  }

  const char *path = argv[1];
  GError *error = NULL;
  MeepleRecord *record;
  g_autofree char *stdin_text = NULL;
  gsize stdin_length = 0;
  if (strcmp(path, "-") == 0) {
    stdin_text = read_stdin(&stdin_length, &error);
    record = stdin_text ? meeple_record_parse(stdin_text,
                                              (gssize)stdin_length,
                                              "<stdin>", &error)
                        : NULL;
  } else {
    record = meeple_record_load(path, &error);
  }
  if (!record) {
    status = sim_fail(error);
    g_error_free(error);
    return status;
  }

  MeepleLoader *loader = sim_loader_new(plugin_dirs, tiles_dir, TRUE, TRUE,
                                        &error);
  if (!loader) {
    status = sim_fail(error);
    g_error_free(error);
    meeple_record_free(record);
    return status;
  }
  char **ids = record_ruleset_ids(record);
  MeepleRules *rules = NULL;
  if (asked_ids) {
    /* Unknown ids in --rules are a usage error, as in 'play'. */
    MeepleRules *asked_rules = NULL;
    status = sim_build_rules(loader, "replay",
                             (const char *const *)asked_ids, &asked_rules);
    gboolean agree = asked_rules && rulesets_agree(asked_rules, ids);
    g_clear_pointer(&asked_rules, meeple_rules_unref);
    if (status == SIM_EXIT_OK && !agree) {
      char *asked = g_strjoinv(",", asked_ids);
      GString *named = g_string_new(NULL);
      for (guint i = 0; record->rulesets && i < record->rulesets->len; i++)
        g_string_append_printf(named, "%s%s", i ? " " : "",
                               (char *)g_ptr_array_index(record->rulesets,
                                                         i));
      g_printerr(SIM_NAME ": %s: --rules %s does not match the record's "
                 "rule sets (rules %s); leave --rules out to replay with "
                 "the record's own\n", record->filename, asked,
                 named->len ? named->str : "base");
      g_string_free(named, TRUE);
      g_free(asked);
      status = SIM_EXIT_FAILURE;
    }
  }
  if (status == SIM_EXIT_OK &&
      !record_rulesets_available(record, path, stdin_text, stdin_length,
                                 loader, ids))
    status = SIM_EXIT_FAILURE;
  if (status == SIM_EXIT_OK) {
    /* Conflicts and failing setups are the engine's to report here: the
     * record, not the command line, asked for them. */
    rules = meeple_loader_build_rules(loader, (const char *const *)ids,
                                      &error);
    if (!rules) {
      status = sim_fail(error);
      g_error_free(error);
    }
  }
  g_strfreev(ids);
  meeple_loader_unref(loader);
  if (!rules) {
    meeple_record_free(record);
    return status;
  }

  /* One name per seat even if the header named fewer; the events'
   * sentences use them. */
  guint n_seats = record->players ? record->players->len : 0;
  n_seats = MAX(n_seats, MEEPLE_MAX_PLAYERS);
  char **names = g_new0(char *, n_seats + 1);
  for (guint p = 0; p < n_seats; p++)
    names[p] = record->players && p < record->players->len
                 ? g_strdup(g_ptr_array_index(record->players, p))
                 : g_strdup_printf("Player %u", p + 1);

  /* One replay gives the final game and, when asked for, every event. */
  EventSink sink = { json, NULL, NULL, NULL, rules_cited,
                     (const char *const *)names, n_seats };
  if (json) {
    sink.events = json_builder_new();
    sink.actions = json_builder_new();
    json_builder_begin_array(sink.events);
    json_builder_begin_array(sink.actions);
  } else if (with_events && !rewrite) {
    sink.text = g_string_new(NULL);
  }
  gboolean wanted = sink.events || sink.text;
  MeepleGame *game = meeple_record_replay_events(
      record, rules, wanted ? on_replayed : NULL, &sink, &error);
  if (!game) {
    status = sim_fail(error);
    g_error_free(error);
    event_sink_clear(&sink);
    g_strfreev(names);
    meeple_rules_unref(rules);
    meeple_record_free(record);
    return status;
  }


  if (rewrite) {
    char *text = meeple_record_write(game, (const char *const *)names);
    status = sim_write(stdout, text, strlen(text)) ? SIM_EXIT_OK
                                                   : SIM_EXIT_FAILURE;
    g_free(text);
  } else if (json) {
    status = print_json(record, game, names, &sink);
  } else {
    status = print_text(record, game, names, sink.text);
  }
  event_sink_clear(&sink);

  g_strfreev(names);
  meeple_game_free(game);
  meeple_rules_unref(rules);
  meeple_record_free(record);
  return status;
}
