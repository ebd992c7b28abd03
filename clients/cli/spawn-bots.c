/* spawn-bots.c — starting `meeple bot` for the bot seats of a new game:
 * by `meeple play --new` (a child it reaps) and `meeple new
 * --bot-strategy` (bots that outlive it). */
#include "config.h"

#include "cli.h"

/* The program to run `meeple bot` with: this very executable when the
 * system says which it is, else argv[0]. */
static char *
own_program(void)
{
  char *path = g_file_read_link("/proc/self/exe", NULL);
  return path ? path : g_strdup(cli_program_path);
}

gboolean
cli_spawn_bots(const char *id, const CliNewOptions *o, const char *seed,
               gboolean detach, GPid *pid)
{
  GPtrArray *args = g_ptr_array_new_with_free_func(g_free);
  g_ptr_array_add(args, own_program());
  if (cli_globals.bus_address) {
    g_ptr_array_add(args, g_strdup("--bus-address"));
    g_ptr_array_add(args, g_strdup(cli_globals.bus_address));
  }
  g_ptr_array_add(args, g_strdup("bot"));
  g_ptr_array_add(args, g_strdup(id));
  g_ptr_array_add(args, g_strdup("--seats=all-bot"));
  g_ptr_array_add(args, g_strdup("--quiet"));
  if (o->bot_strategy)
    g_ptr_array_add(args, g_strdup_printf("--strategy=%s", o->bot_strategy));
  if (o->think)
    g_ptr_array_add(args, g_strdup_printf("--think=%s", o->think));
  if (seed)
    g_ptr_array_add(args, g_strdup_printf("--seed=%s", seed));
  g_ptr_array_add(args, NULL);
  GError *error = NULL;
  /* The bots must not read the player's answers.  Detached, they write
   * nothing to the caller's standard output either: a script that reads
   * the new game's id from it must not wait for the bots to end.  GLib
   * reaps an intermediate child then, so they are nobody's zombie. */
  GSpawnFlags flags = G_SPAWN_STDIN_FROM_DEV_NULL |
                      (detach ? G_SPAWN_STDOUT_TO_DEV_NULL
                              : G_SPAWN_DO_NOT_REAP_CHILD);
  gboolean ok = g_spawn_async(NULL, (char **)args->pdata, NULL, flags, NULL,
                              NULL, detach ? NULL : pid, &error);
  if (!ok) {
    g_printerr(CLI_NAME ": cannot start the bots: %s\n", error->message);
    g_error_free(error);
  }
  g_ptr_array_unref(args);
  return ok;
}
