/* cmd-rules.c — meeple rules: the rule sets the daemon can play. */
#include "config.h"

#include "cli.h"

int
cli_cmd_rules(int argc, char **argv)
{
  GOptionContext *context =
    g_option_context_new("- list the rule sets the daemon can play");
  g_option_context_set_description(context,
    "Lists the rule sets meepled can play: the base game first, then\n"
    "every expansion it loaded (C plugins and rule sets written in Lua),\n"
    "with its version, its name and the rule sets it requires.  Indented\n"
    "lines under a rule set give the rule sets it conflicts with, where it\n"
    "comes from when it is written in Lua, and its description.\n"
    "'meeple new --rules ID,...' plays with them.");
  int status = cli_parse_options(context, "rules", FALSE, &argc, &argv);
  if (status != CLI_EXIT_OK)
    return status;
  if (argc > 1)
    return cli_usage_error("rules", "unexpected argument \"%s\"", argv[1]);

  MeepleClient *client = cli_connect();
  if (!client)
    return CLI_EXIT_FAILURE;
  GError *error = NULL;
  GPtrArray *sets = meeple_client_list_rule_set_details(client, &error);
  if (!sets) {
    status = cli_fail(error);
    g_error_free(error);
    meeple_client_free(client);
    return status;
  }
  int id_width = 2, version_width = 7, name_width = 4;
  for (guint i = 0; i < sets->len; i++) {
    const MeepleClientRuleSetDetails *r = g_ptr_array_index(sets, i);
    id_width = MAX(id_width, (int)g_utf8_strlen(r->id, -1));
    version_width = MAX(version_width, (int)g_utf8_strlen(r->version, -1));
    name_width = MAX(name_width, (int)g_utf8_strlen(r->name, -1));
  }
  GString *text = g_string_new(NULL);
  g_string_append_printf(text, "%-*s  %-*s  %-*s  %s\n", id_width, "ID",
                         version_width, "VERSION", name_width, "NAME",
                         "REQUIRES");
  for (guint i = 0; i < sets->len; i++) {
    const MeepleClientRuleSetDetails *r = g_ptr_array_index(sets, i);
    char *requires = r->requires && r->requires[0]
                       ? g_strjoinv(",", r->requires) : g_strdup("-");
    /* Pad by characters so UTF-8 names line up. */
    g_string_append_printf(text, "%s%*s  %s%*s  %s%*s  %s\n", r->id,
                           id_width - (int)g_utf8_strlen(r->id, -1), "",
                           r->version,
                           version_width - (int)g_utf8_strlen(r->version, -1),
                           "", r->name,
                           name_width - (int)g_utf8_strlen(r->name, -1), "",
                           requires);
    g_free(requires);
    if (r->conflicts[0]) {
      char *conflicts = g_strjoinv(", ", r->conflicts);
      g_string_append_printf(text, "  conflicts: %s\n", conflicts);
      g_free(conflicts);
    }
    if (g_strcmp0(r->source, "lua") == 0)
      g_string_append_printf(text, "  written in Lua: %s\n", r->file);
    if (*r->description)
      g_string_append_printf(text, "  %s\n", r->description);
  }
  status = cli_write(text) ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
  g_string_free(text, TRUE);
  g_ptr_array_unref(sets);
  meeple_client_free(client);
  return status;
}
