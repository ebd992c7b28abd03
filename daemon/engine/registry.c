/* registry.c — what rule sets register into a MeepleRules besides kinds,
 * figures and tiles: rule sets, action kinds, decision kinds, event types,
 * state slots, hooks and data the rules own (meeple/plugin.h). */
#include "internal.h"

#include <string.h>

static void
ruleset_free(gpointer p)
{
  MeepleRuleSetInfo *r = p;
  g_free(r->id);
  g_free(r->name);
  g_free(r->version);
  g_free(r);
}

static void
action_kind_free(gpointer p)
{
  ActionKindDef *k = p;
  g_free(k->info.name);
  g_free(k->info.description);
  g_free(k);
}

static void
decision_kind_free(gpointer p)
{
  MeepleDecisionKindInfo *k = p;
  g_free(k->name);
  g_free(k->description);
  g_free(k);
}

/* Appends @k to the rules' action kinds and its effect to their flat
 * table (KindEffect). */
static void
add_action_kind(MeepleRules *rules, ActionKindDef *k)
{
  KindEffect e = { .what = (uint8_t)k->info.effect.what,
                   .fields = (uint8_t)k->info.fields,
                   .figure = (int16_t)k->info.effect.figure };
  g_ptr_array_add(rules->action_kinds, k);
  g_array_append_val(rules->kind_effects, e);
}

static void
add_core_action_kind(MeepleRules *rules, const char *name,
                     const char *description, guint fields,
                     MeepleEffectKind effect)
{
  ActionKindDef *k = g_new0(ActionKindDef, 1);
  k->info.name = g_strdup(name);
  k->info.description = g_strdup(description);
  k->info.fields = fields;
  k->info.effect = MEEPLE_EFFECT_SPEC(effect, MEEPLE_EFFECT_ACTION_FIGURE);
  add_action_kind(rules, k);
}

static void
add_decision_kind(MeepleRules *rules, const char *name,
                  const char *description)
{
  MeepleDecisionKindInfo *k = g_new0(MeepleDecisionKindInfo, 1);
  k->name = g_strdup(name);
  k->description = g_strdup(description);
  g_ptr_array_add(rules->decision_kinds, k);
}

void
registry_init(MeepleRules *rules)
{
  rules->rulesets = g_ptr_array_new_with_free_func(ruleset_free);
  rules->action_kinds = g_ptr_array_new_with_free_func(action_kind_free);
  rules->kind_effects = g_array_new(FALSE, FALSE, sizeof(KindEffect));
  rules->decision_kinds = g_ptr_array_new_with_free_func(decision_kind_free);
  events_init(rules);
  looks_init(rules);
  rules->slots = g_array_new(FALSE, TRUE, sizeof(SlotDef));
  rules->tile_checks = g_array_new(FALSE, TRUE, sizeof(TileCheckDef));
  for (guint i = 0; i < MEEPLE_HOOK_COUNT; i++)
    rules->hooks[i] = g_array_new(FALSE, TRUE, sizeof(HookDef));
  rules->owned = g_array_new(FALSE, TRUE, sizeof(OwnedData));
  rules->apis = g_ptr_array_new();

  /* Order must match MeepleActionKind and MeepleDecisionKind. */
  add_core_action_kind(rules, "place", "Put the drawn tile on the board "
                       "(BASE-05)", MEEPLE_ACTION_USES_CELL,
                       MEEPLE_EFFECT_PLACE_TILE);
  add_core_action_kind(rules, "figure", "Put a figure from your supply on "
                       "a segment of a tile (BASE-11)",
                       MEEPLE_ACTION_USES_FIGURE | MEEPLE_ACTION_USES_SEGMENT |
                       MEEPLE_ACTION_USES_CELL, MEEPLE_EFFECT_PLACE_FIGURE);
  add_core_action_kind(rules, "pass", "Do nothing in this decision", 0,
                       MEEPLE_EFFECT_NONE);
  add_decision_kind(rules, "place-tile", "Place the tile you drew");
  add_decision_kind(rules, "place-figure", "Take this turn's figure action, "
                    "or pass");
}

void
registry_free(MeepleRules *rules)
{
  /* Owned data last-in first-out: later rule sets may refer to earlier. */
  for (guint i = rules->owned->len; i-- > 0;) {
    OwnedData *o = &g_array_index(rules->owned, OwnedData, i);
    if (o->destroy)
      o->destroy(o->data);
  }
  g_array_unref(rules->owned);
  apis_free(rules);
  for (guint i = 0; i < MEEPLE_HOOK_COUNT; i++)
    g_array_unref(rules->hooks[i]);
  g_array_unref(rules->slots);
  g_array_unref(rules->tile_checks);
  g_ptr_array_unref(rules->event_types);
  looks_free(rules);
  g_ptr_array_unref(rules->decision_kinds);
  g_ptr_array_unref(rules->action_kinds);
  g_array_unref(rules->kind_effects);
  g_ptr_array_unref(rules->rulesets);
}

/* ---- rule sets ------------------------------------------------------------ */

gboolean
registry_begin_ruleset(MeepleRules *rules, const char *id, const char *name,
                       const char *version)
{
  if (meeple_rules_find_ruleset(rules, id))
    return FALSE;
  MeepleRuleSetInfo *r = g_new0(MeepleRuleSetInfo, 1);
  r->id = g_strdup(id);
  r->name = g_strdup(name ? name : id);
  r->version = g_strdup(version ? version : "");
  g_ptr_array_add(rules->rulesets, r);
  rules->ruleset_open = TRUE;
  return TRUE;
}

const char *
registry_current_ruleset(const MeepleRules *rules)
{
  if (!rules->ruleset_open)
    return NULL;
  return meeple_rules_ruleset(rules, rules->rulesets->len - 1)->id;
}

void
registry_end_ruleset(MeepleRules *rules)
{
  rules->ruleset_open = FALSE;
}

guint
meeple_rules_n_rulesets(const MeepleRules *rules)
{
  return rules->rulesets->len;
}

const MeepleRuleSetInfo *
meeple_rules_ruleset(const MeepleRules *rules, guint index)
{
  g_return_val_if_fail(index < rules->rulesets->len, NULL);
  return g_ptr_array_index(rules->rulesets, index);
}

const MeepleRuleSetInfo *
meeple_rules_find_ruleset(const MeepleRules *rules, const char *id)
{
  for (guint i = 0; i < rules->rulesets->len; i++) {
    const MeepleRuleSetInfo *r = g_ptr_array_index(rules->rulesets, i);
    if (strcmp(r->id, id) == 0)
      return r;
  }
  return NULL;
}

/* ---- names ---------------------------------------------------------------- */

/* Words a record line may start with besides action verbs: an action
 * or figure by such a name could not be read back (doc/game-record.md). */
static const char *const reserved_verbs[] = {
  "meepled-record", "rules", "players", "seed", "tiles", "farmers",
};

gboolean
registry_reserved_verb(const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS(reserved_verbs); i++)
    if (strcmp(name, reserved_verbs[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Registry names are notation verbs and event names: [a-z0-9-]+. */
gboolean
registry_check_name(const char *what, const char *name, GError **error)
{
  gboolean ok = name && *name;
  for (const char *c = name; ok && *c; c++)
    ok = g_ascii_islower(*c) || g_ascii_isdigit(*c) || *c == '-';
  if (!ok)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "%s name '%s' must be lower-case letters, digits and '-'",
                what, name ? name : "(null)");
  return ok;
}

gboolean
registry_name_taken(const char *what, const char *name, gboolean taken,
           GError **error)
{
  if (taken)
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "%s '%s' is already registered", what, name);
  return taken;
}

int
meeple_rules_add_action_kind(MeepleRules *rules, const char *name,
                             const char *description,
                             MeepleActionFields fields,
                             MeepleEffectSpec effect, MeepleApplyFunc apply,
                             gpointer user_data, GError **error)
{
  /* Figure names are verbs too ("abbot C1"): an action kind may not hide
   * one, nor "place" or "pass". */
  if (!registry_check_name("action kind", name, error) ||
      registry_name_taken("action kind", name,
                 meeple_rules_find_action_kind(rules, name) >= 0 ||
                     meeple_rules_find_figure_type(rules, name) >= 0,
                 error))
    return -1;
  if (registry_reserved_verb(name)) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "action kind '%s': the name is a word of the game-record "
                "format", name);
    return -1;
  }
  if (!apply || rules->action_kinds->len >= G_MAXUINT16) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "action kind '%s' needs an apply function", name);
    return -1;
  }
  /* The effect must be readable from the action alone (effects.c). */
  if ((guint)effect.what > MEEPLE_EFFECT_SCORE ||
      (effect.figure >= 0 &&
       (guint)effect.figure >= meeple_rules_n_figure_types(rules)) ||
      effect.figure < MEEPLE_EFFECT_ACTION_FIGURE) {
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_REGISTRY,
                "action kind '%s': its effect names no known effect or "
                "figure type", name);
    return -1;
  }
  ActionKindDef *k = g_new0(ActionKindDef, 1);
  k->info.name = g_strdup(name);
  k->info.description = g_strdup(description ? description : name);
  k->info.fields = fields;
  k->info.effect = effect;
  k->apply = apply;
  k->user_data = user_data;
  add_action_kind(rules, k);
  return (int)rules->action_kinds->len - 1;
}

guint
meeple_rules_n_action_kinds(const MeepleRules *rules)
{
  return rules->action_kinds->len;
}

const MeepleActionKindInfo *
meeple_rules_action_kind(const MeepleRules *rules, guint kind)
{
  g_return_val_if_fail(kind < rules->action_kinds->len, NULL);
  return &((ActionKindDef *)g_ptr_array_index(rules->action_kinds, kind))->info;
}

int
meeple_rules_find_action_kind(const MeepleRules *rules, const char *name)
{
  for (guint i = 0; i < rules->action_kinds->len; i++)
    if (strcmp(meeple_rules_action_kind(rules, i)->name, name) == 0)
      return (int)i;
  return -1;
}

int
meeple_rules_add_decision_kind(MeepleRules *rules, const char *name,
                               const char *description, GError **error)
{
  gboolean taken = FALSE;
  for (guint i = 0; i < rules->decision_kinds->len; i++)
    taken |= strcmp(meeple_rules_decision_kind(rules, i)->name, name) == 0;
  if (!registry_check_name("decision kind", name, error) ||
      registry_name_taken("decision kind", name, taken, error))
    return -1;
  add_decision_kind(rules, name, description ? description : name);
  return (int)rules->decision_kinds->len - 1;
}

guint
meeple_rules_n_decision_kinds(const MeepleRules *rules)
{
  return rules->decision_kinds->len;
}

const MeepleDecisionKindInfo *
meeple_rules_decision_kind(const MeepleRules *rules, guint kind)
{
  g_return_val_if_fail(kind < rules->decision_kinds->len, NULL);
  return g_ptr_array_index(rules->decision_kinds, kind);
}

/* ---- slots, hooks, owned data ------------------------------------------- */

guint
meeple_rules_add_slot(MeepleRules *rules, const MeepleSlotClass *klass,
                      gpointer user_data)
{
  SlotDef def = {
    .klass = *klass,
    .user_data = user_data,
    .ruleset = rules->ruleset_open ? (int)rules->rulesets->len - 1 : -1,
  };
  g_array_append_val(rules->slots, def);
  return rules->slots->len - 1;
}

int
meeple_rules_find_slot(const MeepleRules *rules, const char *ruleset)
{
  g_return_val_if_fail(ruleset != NULL, -1);
  for (guint i = 0; i < rules->slots->len; i++) {
    int r = g_array_index(rules->slots, SlotDef, i).ruleset;
    if (r >= 0 &&
        strcmp(meeple_rules_ruleset(rules, (guint)r)->id, ruleset) == 0)
      return (int)i;
  }
  return -1;
}

void
meeple_rules_add_tile_check(MeepleRules *rules, MeepleTileCheckFunc func,
                            gpointer user_data)
{
  g_return_if_fail(func != NULL);
  TileCheckDef def = { .func = func, .user_data = user_data };
  g_array_append_val(rules->tile_checks, def);
}

static void
add_hook(MeepleRules *rules, MeepleHookPoint point, int priority,
         MeepleHookFunc func, gpointer user_data, guint32 effects,
         MeepleFilterScopeFunc scope)
{
  /* Run order: priority (higher first), then load order, then
   * registration order.  Rule sets are set up in load order, so inserting
   * after every hook of equal or higher priority keeps both. */
  GArray *hooks = rules->hooks[point];
  guint at = 0;
  while (at < hooks->len &&
         g_array_index(hooks, HookDef, at).priority >= priority)
    at++;
  HookDef def = { .func = func, .user_data = user_data,
                  .priority = priority, .effects = effects, .scope = scope };
  g_array_insert_val(hooks, at, def);
  if (priority > 0)
    rules->n_before_core[point]++;
}

void
meeple_rules_add_hook(MeepleRules *rules, MeepleHookPoint point,
                      int priority, MeepleHookFunc func, gpointer user_data)
{
  g_return_if_fail((guint)point < MEEPLE_HOOK_COUNT && func);
  add_hook(rules, point, priority, func, user_data, G_MAXUINT32, NULL);
}

void
meeple_rules_add_filter_hook_for(MeepleRules *rules, int priority,
                                 guint32 effects, MeepleFilterHook func,
                                 gpointer user_data)
{
  g_return_if_fail(func != NULL);
  add_hook(rules, MEEPLE_HOOK_FILTER, priority, (MeepleHookFunc)func,
           user_data, effects, NULL);
}

void
meeple_rules_add_filter_hook_scoped(MeepleRules *rules, int priority,
                                    guint32 effects,
                                    MeepleFilterScopeFunc scope,
                                    MeepleFilterHook func, gpointer user_data)
{
  g_return_if_fail(func != NULL && scope != NULL);
  add_hook(rules, MEEPLE_HOOK_FILTER, priority, (MeepleHookFunc)func,
           user_data, effects, scope);
}

void
meeple_rules_own(MeepleRules *rules, gpointer data, GDestroyNotify destroy)
{
  OwnedData o = { .data = data, .destroy = destroy };
  g_array_append_val(rules->owned, o);
}

void
meeple_rules_activate_kind(MeepleRules *rules, guint kind,
                           const char *completion_rule)
{
  g_return_if_fail(kind < rules->kinds->len);
  MeepleKind *k = g_ptr_array_index(rules->kinds, kind);
  k->is_feature = TRUE;
  k->completion_rule = completion_rule;
}
