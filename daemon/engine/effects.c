/* effects.c — what an action does to the board (MeepleActionEffect), and
 * the FILTER hooks that see it on every decision (meeple/plugin.h).
 *
 * A restriction belongs to one rule set (The Princess & the Dragon: no
 * figure of the dragon's menu onto the dragon's tile, PD-12).  It holds
 * against every other rule set's actions only if the owner can see what
 * those actions do without knowing them: so each action kind declares its
 * effect, and the filter runs on the core's decisions and on the ones rule
 * sets request alike. */
#include "internal.h"

#include <string.h>

/* The effect of @a, an action of kind @k (meeple_game_action_effect()),
 * every field written: the FILTER hooks see the effect of every action of
 * every list when rule sets filter. */
static inline void
effect_from(const KindEffect *k, const MeepleAction *a,
            MeepleActionEffect *out)
{
  guint fields = k->fields;
  gboolean cell =
      (fields & (MEEPLE_ACTION_USES_CELL | MEEPLE_ACTION_USES_SEGMENT)) != 0;
  out->what = k->what;
  out->figure = k->figure >= 0                         ? k->figure
                : (fields & MEEPLE_ACTION_USES_FIGURE) ? a->figure
                                                       : -1;
  out->has_cell = cell;
  out->x = cell ? a->x : 0;
  out->y = cell ? a->y : 0;
  out->segment = (fields & MEEPLE_ACTION_USES_SEGMENT) ? a->segment
                                                       : MEEPLE_SEGMENT_NONE;
}

/* The rules' action kinds' effects, read once per list: the hooks called
 * between two actions might change any memory, for all the compiler
 * knows, and the chain to the table would be read again each time. */
typedef struct {
  const KindEffect *effects;
  guint n;
} KindTable;

static inline KindTable
kind_table(const MeepleGame *g)
{
  return (KindTable){ (const KindEffect *)(void *)g->rules->kind_effects->data,
                      g->rules->kind_effects->len };
}

static inline void
effect_of(KindTable kinds, const MeepleAction *a, MeepleActionEffect *out)
{
  if (G_LIKELY(a->kind < kinds.n)) {
    effect_from(&kinds.effects[a->kind], a, out);
    return;
  }
  /* a kind the rules lack: a caller's mistake, warned about */
  *out = (MeepleActionEffect){ .figure = -1, .segment = MEEPLE_SEGMENT_NONE };
  g_return_if_fail(a->kind < kinds.n);
}

void
meeple_game_action_effect(const MeepleGame *g, const MeepleAction *a,
                          MeepleActionEffect *out)
{
  effect_of(kind_table(g), a, out);
}

/* Words of MeepleFilterContext.memo per hook. */
#define MEMO_WORDS 4
/* Hooks whose list state lives on the stack; more get theirs from the
 * heap. */
#define STACK_HOOKS 8

/* What one FILTER hook keeps while one list is filtered. */
typedef struct {
  guint64 memo[MEMO_WORDS];
  MeepleFilterScope scope;
} HookListState;

/* State for @n hooks: @stack when they fit, else a new block. */
static HookListState *
states_new(HookListState stack[STACK_HOOKS], guint n)
{
  return n > STACK_HOOKS ? g_new(HookListState, n) : stack;
}

static void
states_free(HookListState stack[STACK_HOOKS], HookListState *states)
{
  if (states != stack)
    g_free(states);
}

/* Starts a list of decision kind @decision for @player: each hook's memo
 * zeroed and its scope asked.  Returns the effects some hook is asked
 * about in this list. */
static guint32
list_start(MeepleGame *g, guint decision, guint player, const HookDef *hooks,
           guint n, HookListState *states)
{
  guint32 asked = 0;
  for (guint h = 0; h < n; h++) {
    HookListState *st = &states[h];
    memset(st->memo, 0, sizeof st->memo);
    st->scope = (MeepleFilterScope){ .kind = MEEPLE_FILTER_SCOPE_ALL };
    if (hooks[h].scope)
      hooks[h].scope(g, decision, player, &st->scope, hooks[h].user_data);
    if (st->scope.kind != MEEPLE_FILTER_SCOPE_NONE)
      asked |= hooks[h].effects;
  }
  return asked;
}

/* Whether hook state @st's scope takes in action @a, of kind @k.  Reads
 * the action's own fields: most actions of a long list are outside every
 * scope, and their effects are never written out. */
static inline gboolean
in_scope(const HookListState *st, const KindEffect *k, const MeepleAction *a)
{
  switch (st->scope.kind) {
  case MEEPLE_FILTER_SCOPE_ALL:
    return TRUE;
  case MEEPLE_FILTER_SCOPE_CELL:
    /* has_cell of effect_from() */
    return (k->fields &
            (MEEPLE_ACTION_USES_CELL | MEEPLE_ACTION_USES_SEGMENT)) &&
           a->x == st->scope.x && a->y == st->scope.y;
  default:
    return FALSE;
  }
}

/* Whether every hook whose scope is not NONE (@states, @n of them) looks
 * at one and the same cell, which it writes to (@x, @y). */
static gboolean
only_cell(const HookListState *states, guint n, int *x, int *y)
{
  gboolean found = FALSE;
  for (guint h = 0; h < n; h++) {
    const MeepleFilterScope *sc = &states[h].scope;
    if (sc->kind == MEEPLE_FILTER_SCOPE_NONE)
      continue;
    if (sc->kind != MEEPLE_FILTER_SCOPE_CELL ||
        (found && (sc->x != *x || sc->y != *y)))
      return FALSE;
    *x = sc->x;
    *y = sc->y;
    found = TRUE;
  }
  return found;
}

/* Asks hooks from @h on about @a (of kind @k, effect bit @bit), those
 * whose effects and scope take it in; FALSE at the first veto. */
static gboolean
ask_hooks(MeepleGame *g, guint decision, guint player, const MeepleAction *a,
          const KindEffect *k, guint32 bit, const HookDef *hooks, guint h,
          guint n, HookListState *states)
{
  MeepleFilterContext ctx = { .decision = decision, .player = player };
  effect_from(k, a, &ctx.effect);
  for (; h < n; h++) {
    if (!(hooks[h].effects & bit) || !in_scope(&states[h], k, a))
      continue;
    ctx.memo = states[h].memo;
    if (!((MeepleFilterHook)(void (*)(void))hooks[h].func)(
            g, a, &ctx, hooks[h].user_data))
      return FALSE;
  }
  return TRUE;
}

/* The effect of an action of a kind the rules lack (effect_of()): none;
 * a caller's mistake, warned about. */
static const KindEffect *
unknown_kind(guint kind, guint n)
{
  static const KindEffect unknown = { .what = MEEPLE_EFFECT_NONE,
                                      .figure = -1 };
  g_return_val_if_fail(kind < n, &unknown);
  return &unknown;
}

/* Whether every FILTER hook (@hooks, @n of them, asked together about
 * the effects in @asked, with their list state in @states) lets @a
 * through. */
static inline gboolean
allowed(MeepleGame *g, KindTable kinds, guint decision, guint player,
        const MeepleAction *a, const HookDef *hooks, guint n, guint32 asked,
        HookListState *states)
{
  /* "pass" stays, so a decision that offers it always has a choice */
  if (a->kind == MEEPLE_ACTION_PASS)
    return TRUE;
  const KindEffect *k = G_LIKELY(a->kind < kinds.n)
                            ? &kinds.effects[a->kind]
                            : unknown_kind(a->kind, kinds.n);
  guint32 bit = MEEPLE_EFFECT_BIT(k->what);
  if (!(asked & bit))
    return TRUE;
  for (guint h = 0; h < n; h++)
    if ((hooks[h].effects & bit) && in_scope(&states[h], k, a))
      return ask_hooks(g, decision, player, a, k, bit, hooks, h, n, states);
  return TRUE;
}

/* The effects any of @hooks (@n) is asked about. */
static guint32
effects_asked(const HookDef *hooks, guint n)
{
  guint32 asked = 0;
  for (guint h = 0; h < n; h++)
    asked |= hooks[h].effects;
  return asked;
}

gboolean
effects_allowed(MeepleGame *g, guint decision, guint player,
                const MeepleAction *a)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FILTER, &n);
  if (!n)
    return TRUE;
  HookListState stack[STACK_HOOKS];
  HookListState *states = states_new(stack, n);
  guint32 asked = list_start(g, decision, player, hooks, n, states);
  gboolean ok =
      allowed(g, kind_table(g), decision, player, a, hooks, n, asked, states);
  states_free(stack, states);
  return ok;
}

void
effects_filter(MeepleGame *g, guint decision, guint player, ActionList *list)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FILTER, &n);
  if (!n)
    return; /* the base game's hot path: nothing to ask */
  HookListState stack[STACK_HOOKS];
  HookListState *states = states_new(stack, n);
  guint32 asked = list_start(g, decision, player, hooks, n, states);
  if (asked) {
    KindTable kinds = kind_table(g);
    MeepleAction *items = list->items;
    gsize len = list->len, kept = 0;
    int x, y;
    gboolean one_cell = only_cell(states, n, &x, &y);
    for (gsize i = 0; i < len; i++) {
      /* every hook asked looks at one cell: an action elsewhere is asked
       * nothing (in_scope()), whatever its kind — most of a long list */
      if ((!one_cell || (items[i].x == x && items[i].y == y)) &&
          !allowed(g, kinds, decision, player, &items[i], hooks, n, asked,
                   states))
        continue;
      if (kept != i)
        items[kept] = items[i];
      kept++;
    }
    list->len = kept;
  }
  states_free(stack, states);
}

gboolean
meeple_game_action_allowed(MeepleGame *g, guint kind, guint player,
                           const MeepleAction *a)
{
  g_return_val_if_fail(kind < g->rules->decision_kinds->len &&
                       player < g->n_players, FALSE);
  return effects_allowed(g, kind, player, a);
}

void
effects_filter_placements(MeepleGame *g, ActionList *list)
{
  /* The drawn tile's placements, all of one effect, need nobody who is
   * not asked about tiles: the hot path with expansions. */
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FILTER, &n);
  if (n && (effects_asked(hooks, n) &
            MEEPLE_EFFECT_BIT(MEEPLE_EFFECT_PLACE_TILE)))
    effects_filter(g, MEEPLE_DECISION_PLACE_TILE, g->active, list);
}
