/* cmd-history.c — meeple history: the finished games the daemon keeps in
 * its store (doc/storage.md), most recent first, one line each. */
#include "config.h"

#include <string.h>

#include "cli.h"

/* "base/1.0 xyz/1.0" -> "base,xyz", as `meeple list` writes rules. */
static char *
rule_ids(const char *rules)
{
  g_auto(GStrv) words = g_strsplit_set(rules ? rules : "", " \t", -1);
  GString *ids = g_string_new(NULL);
  for (char **w = words; *w; w++) {
    if (!**w)
      continue;
    char *slash = strchr(*w, '/');
    if (slash)
      *slash = '\0';
    g_string_append_printf(ids, "%s%s", ids->len ? "," : "", *w);
  }
  if (ids->len == 0)
    g_string_assign(ids, "base");
  return g_string_free(ids, FALSE);
}

/* When the game ended, in local time. */
static char *
finished_text(gint64 finished)
{
  if (finished <= 0)
    return g_strdup("-");
  GDateTime *t = g_date_time_new_from_unix_local(finished);
  if (!t)
    return g_strdup("-");
  char *text = g_date_time_format(t, "%Y-%m-%d %H:%M");
  g_date_time_unref(t);
  return text ? text : g_strdup("-");
}

/* Pads @s to @width characters (not bytes: names may be UTF-8). */
static void
append_padded(GString *out, const char *s, int width)
{
  g_string_append(out, s);
  for (int n = (int)g_utf8_strlen(s, -1); n < width; n++)
    g_string_append_c(out, ' ');
}

int
cli_cmd_history(int argc, char **argv)
{
  gboolean json = FALSE;
  int page = 1, per_page = 50;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      "Print one JSON document (keys: meeple(1), JSON OUTPUT)", NULL },
    { "page", 0, 0, G_OPTION_ARG_INT, &page,
      "Show page N of the history (default 1: the most recent)", "N" },
    { "per-page", 0, 0, G_OPTION_ARG_INT, &per_page,
      "Games per page, 1 to 1000 (default 50)", "N" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  GOptionContext *context =
    g_option_context_new("- list the finished games");
  g_option_context_add_main_entries(context, entries, NULL);
  g_option_context_set_description(context,
    "Lists the finished games the daemon keeps in its store, most\n"
    "recent first: id, when the game ended (local time), its rule sets,\n"
    "the final scores and its name.  They stay there across restarts;\n"
    "'meeple export GAME' writes the record of any of them; the daemon\n"
    "keeps the most recent (meepled --history-max).  Shown a page at a\n"
    "time, with a line saying which games when there are more.  Prints\n"
    "\"No finished games.\" when there are none.");
  int status = cli_parse_options(context, "history", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  if (argc > 1)
    return cli_usage_error("history", "unexpected argument \"%s\"", argv[1]);
  if (page < 1)
    return cli_usage_error("history", "--page takes 1 or more, not %d", page);
  if (per_page < 1 || per_page > 1000)
    return cli_usage_error("history", "--per-page takes 1 to 1000, not %d",
                           per_page);

  MeepleClient *client = cli_connect();
  if (!client)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  guint total = 0;
  guint offset = (guint)MIN((gint64)(page - 1) * per_page, (gint64)G_MAXUINT);
  GPtrArray *games = meeple_client_list_history(client, offset,
                                                (guint)per_page, &total,
                                                &error);
  if (!games) {
    status = cli_fail(error);
    g_error_free(error);
    meeple_client_free(client);
    return status;
  }
  if (json) {
    status = cli_json_history(games) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    g_ptr_array_unref(games);
    meeple_client_free(client);
    return status;
  }
  guint n = games->len;
  char **when = g_new0(char *, n + 1);
  char **rules = g_new0(char *, n + 1);
  int widths[4] = { 2, 8, 5, 6 }; /* ID, FINISHED, RULES, RESULT */
  for (guint i = 0; i < n; i++) {
    const MeepleClientHistoryEntry *g = g_ptr_array_index(games, i);
    when[i] = finished_text(g->finished);
    rules[i] = rule_ids(g->rules);
    widths[0] = MAX(widths[0], (int)g_utf8_strlen(g->id, -1));
    widths[1] = MAX(widths[1], (int)g_utf8_strlen(when[i], -1));
    widths[2] = MAX(widths[2], (int)g_utf8_strlen(rules[i], -1));
    widths[3] = MAX(widths[3], (int)g_utf8_strlen(g->result, -1));
  }
  GString *text = g_string_new(NULL);
  if (n == 0 && total > 0) {
    g_string_printf(text, "No page %d: the history holds %u games, %d a "
                          "page.\n", page, total, per_page);
  } else if (n == 0) {
    g_string_assign(text, "No finished games.\n");
  } else {
    const char *const heads[] = { "ID", "FINISHED", "RULES", "RESULT" };
    for (guint c = 0; c < 4; c++) {
      append_padded(text, heads[c], widths[c]);
      g_string_append(text, "  ");
    }
    g_string_append(text, "NAME\n");
  }
  for (guint i = 0; i < n; i++) {
    const MeepleClientHistoryEntry *g = g_ptr_array_index(games, i);
    const char *cells[] = { g->id, when[i], rules[i], g->result };
    for (guint c = 0; c < 4; c++) {
      append_padded(text, cells[c], widths[c]);
      g_string_append(text, "  ");
    }
    g_string_append(text, g->name);
    /* No trailing blanks when the game has no name. */
    while (text->len && text->str[text->len - 1] == ' ')
      g_string_truncate(text, text->len - 1);
    g_string_append_c(text, '\n');
  }
  if (n > 0 && (offset > 0 || offset + n < total))
    g_string_append_printf(text, "(games %u-%u of %u; --page N for more)\n",
                           offset + 1, offset + n, total);
  status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
  g_string_free(text, TRUE);
  g_strfreev(when);
  g_strfreev(rules);
  g_ptr_array_unref(games);
  meeple_client_free(client);
  return status;
}
