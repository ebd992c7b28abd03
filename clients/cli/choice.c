/* choice.c — a long list of legal actions chosen in steps.
 *
 * A rule set once offered 162 numbered moves, a tile 21 placements:
 * nobody reads such a list.  When a decision has more actions than
 * CLI_CHOICE_LIMIT, they are grouped by their fields, the way the
 * decision protocol gives them (kind, figure, tile, cell, rotation,
 * segment), and the player picks a group at a time: first what (the
 * action's kind and figure) when the actions differ in it, then where
 * (their cell, lettered on the board), until what is left fits in a
 * short list.  Nothing here knows a rule set: the fields alone say how
 * actions group.  Each pick can be taken back (cli_choice_back()). */
#include "config.h"

#include <string.h>

#include "cli.h"

struct CliChoice {
  const MeepleClientDecision *d;
  GPtrArray *stack;   /* GArray of guint (action indices) per step taken;
                       * the first holds every action */
  CliStep step;       /* of the top of the stack */
  GPtrArray *groups;  /* GArray of guint per group of the current step */
};

gboolean
cli_action_has_cell(const MeepleClientAction *a)
{
  /* The notation writes "@ X,Y" exactly when the action uses a cell
   * (doc/game-record.md); a tile or a segment is always somewhere. */
  return (a->tile && *a->tile) || (a->segment && *a->segment) ||
         (a->notation && strstr(a->notation, " @ "));
}

/* The key actions are grouped by at step @step. */
static char *
group_key(const MeepleClientAction *a, CliStep step)
{
  if (step == CLI_STEP_WHAT)
    return g_strdup_printf("%s %s", a->kind ? a->kind : "",
                           a->figure ? a->figure : "");
  if (!cli_action_has_cell(a))
    return g_strdup("-");
  return g_strdup_printf("%d,%d", a->x, a->y);
}

/* Groups the actions of @subset by @step's key, in the order each key
 * first appears, so that picking the first group each time ends on the
 * first action. */
static GPtrArray *
group_by(const MeepleClientDecision *d, const GArray *subset, CliStep step)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func((GDestroyNotify)
                                                       g_array_unref);
  GPtrArray *keys = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < subset->len; i++) {
    guint index = g_array_index(subset, guint, i);
    char *key = group_key(g_ptr_array_index(d->actions, index), step);
    guint g = 0;
    while (g < keys->len && strcmp(g_ptr_array_index(keys, g), key) != 0)
      g++;
    if (g == keys->len) {
      g_ptr_array_add(keys, key);
      g_ptr_array_add(groups, g_array_new(FALSE, FALSE, sizeof(guint)));
    } else {
      g_free(key);
    }
    g_array_append_val(g_ptr_array_index(groups, g), index);
  }
  g_ptr_array_free(keys, TRUE);
  return groups;
}

/* The step the top of the stack asks for, and its groups. */
static void
settle(CliChoice *c)
{
  const GArray *top = g_ptr_array_index(c->stack, c->stack->len - 1);
  if (c->groups)
    g_ptr_array_free(c->groups, TRUE);
  c->groups = NULL;
  c->step = CLI_STEP_LIST;
  if (top->len <= CLI_CHOICE_LIMIT)
    return;
  const CliStep steps[] = { CLI_STEP_WHAT, CLI_STEP_CELL };
  for (gsize s = 0; s < G_N_ELEMENTS(steps); s++) {
    GPtrArray *groups = group_by(c->d, top, steps[s]);
    if (groups->len > 1) {
      c->step = steps[s];
      c->groups = groups;
      return;
    }
    g_ptr_array_free(groups, TRUE);
  }
}

CliChoice *
cli_choice_new(const MeepleClientDecision *d)
{
  CliChoice *c = g_new0(CliChoice, 1);
  c->d = d;
  c->stack = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
  GArray *all = g_array_sized_new(FALSE, FALSE, sizeof(guint),
                                  d->actions->len);
  for (guint i = 0; i < d->actions->len; i++)
    g_array_append_val(all, i);
  g_ptr_array_add(c->stack, all);
  settle(c);
  return c;
}

void
cli_choice_free(CliChoice *c)
{
  if (!c)
    return;
  if (c->groups)
    g_ptr_array_free(c->groups, TRUE);
  g_ptr_array_free(c->stack, TRUE);
  g_free(c);
}

const GArray *
cli_choice_actions(const CliChoice *c)
{
  return g_ptr_array_index(c->stack, c->stack->len - 1);
}

CliStep
cli_choice_step(const CliChoice *c)
{
  return c->step;
}

guint
cli_choice_n_groups(const CliChoice *c)
{
  return c->groups ? c->groups->len : 0;
}

const GArray *
cli_choice_group(const CliChoice *c, guint group)
{
  return c->groups && group < c->groups->len
           ? g_ptr_array_index(c->groups, group) : NULL;
}

int
cli_choice_enter(CliChoice *c, guint group)
{
  const GArray *g = cli_choice_group(c, group);
  if (!g)
    return -1;
  if (g->len == 1)
    return (int)g_array_index(g, guint, 0);
  g_ptr_array_add(c->stack, g_array_ref((GArray *)g));
  settle(c);
  return -1;
}

gboolean
cli_choice_back(CliChoice *c)
{
  if (c->stack->len < 2)
    return FALSE;
  g_ptr_array_remove_index(c->stack, c->stack->len - 1);
  settle(c);
  return TRUE;
}

gboolean
cli_choice_in_steps(const CliChoice *c)
{
  return c->stack->len > 1 || c->step != CLI_STEP_LIST;
}

gboolean
cli_choice_can_back(const CliChoice *c)
{
  return c->stack->len > 1;
}

void
cli_choice_narrow(CliChoice *c, const GArray *actions)
{
  GArray *copy = g_array_sized_new(FALSE, FALSE, sizeof(guint), actions->len);
  g_array_append_vals(copy, actions->data, actions->len);
  g_ptr_array_add(c->stack, copy);
  settle(c);
}
