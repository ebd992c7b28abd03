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
/* Hooks whose memos live on the stack; more get theirs from the heap. */
#define STACK_MEMOS 8

/* Whether every FILTER hook (@hooks, @n of them, asked together about
 * the effects in @asked) lets @a through; hook h keeps its memo at @memo +
 * h * MEMO_WORDS. */
static inline gboolean
allowed(MeepleGame *g, KindTable kinds, guint decision, guint player,
        const MeepleAction *a, const HookDef *hooks, guint n, guint32 asked,
        guint64 *memo)
{
  /* "pass" stays, so a decision that offers it always has a choice */
  if (a->kind == MEEPLE_ACTION_PASS)
    return TRUE;
  MeepleFilterContext ctx = { .decision = decision, .player = player };
  effect_of(kinds, a, &ctx.effect);
  guint32 bit = MEEPLE_EFFECT_BIT(ctx.effect.what);
  if (!(asked & bit))
    return TRUE;
  for (guint h = 0; h < n; h++) {
    ctx.memo = memo + h * MEMO_WORDS;
    if ((hooks[h].effects & bit) &&
        !((MeepleFilterHook)(void (*)(void))hooks[h].func)(
            g, a, &ctx, hooks[h].user_data))
      return FALSE;
  }
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

/* Zeroed memos for @n hooks: @stack when they fit, else a new block. */
static guint64 *
memos_new(guint64 stack[STACK_MEMOS * MEMO_WORDS], guint n)
{
  if (n > STACK_MEMOS)
    return g_new0(guint64, (gsize)n * MEMO_WORDS);
  memset(stack, 0, (gsize)n * MEMO_WORDS * sizeof(guint64));
  return stack;
}

static void
memos_free(guint64 stack[STACK_MEMOS * MEMO_WORDS], guint64 *memo)
{
  if (memo != stack)
    g_free(memo);
}

gboolean
effects_allowed(MeepleGame *g, guint decision, guint player,
                const MeepleAction *a)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FILTER, &n);
  if (!n)
    return TRUE;
  guint64 stack[STACK_MEMOS * MEMO_WORDS];
  guint64 *memo = memos_new(stack, n);
  gboolean ok = allowed(g, kind_table(g), decision, player, a, hooks, n,
                        effects_asked(hooks, n), memo);
  memos_free(stack, memo);
  return ok;
}

void
effects_filter(MeepleGame *g, guint decision, guint player, ActionList *list)
{
  guint n;
  const HookDef *hooks = rules_hooks(g->rules, MEEPLE_HOOK_FILTER, &n);
  if (!n)
    return; /* the base game's hot path: nothing to ask */
  guint64 stack[STACK_MEMOS * MEMO_WORDS];
  guint64 *memo = memos_new(stack, n);
  guint32 asked = effects_asked(hooks, n);
  KindTable kinds = kind_table(g);
  MeepleAction *items = list->items;
  gsize len = list->len, kept = 0;
  for (gsize i = 0; i < len; i++)
    if (allowed(g, kinds, decision, player, &items[i], hooks, n, asked, memo))
      items[kept++] = items[i];
  list->len = kept;
  memos_free(stack, memo);
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
