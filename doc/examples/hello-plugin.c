/* hello-plugin.c — a minimal meepled expansion (doc/plugins.md).
 *
 * The "hello" rule set gives the active player 1 point at the start of
 * each turn (rule HELLO-01) and tells about it with an event of its own.
 * It also keeps every figure off the fields (HELLO-02), whoever offers
 * the placement — the core, or any other rule set it has never heard of
 * — by reading what an action does to the board (plugin ABI 2).
 *
 * Build it outside the meepled tree, against the installed headers:
 *
 *   cc -shared -fPIC $(pkg-config --cflags meeple-1) hello-plugin.c \
 *      -o hello.so $(pkg-config --libs meeple-1)
 *
 * and put hello.so in a plugin directory (meeple-sim rules --plugin-dir
 * DIR lists it; meeple-sim play --plugin-dir DIR --rules hello plays it).
 */
#include <meeple/plugin.h>

/* What the hook needs, once per rules object the rule set is part of. */
typedef struct {
  guint greeted;   /* our event type "hello-greeted" */
} Hello;

/* MEEPLE_HOOK_TURN_START: runs after the turn-started event. */
static MeepleHookResult
greet(MeepleGame *game, gpointer user_data)
{
  const Hello *hello = user_data;
  guint player = meeple_game_active_player(game);

  /* Change the game only through plugin.h: the award emits the
   * points-scored event naming the rule. */
  meeple_game_award(game, player, 1, "HELLO-01");

  /* Our own event: a client that does not know it still shows its name. */
  MeepleEvent *e = meeple_game_emit(game, hello->greeted);
  e->player = (int8_t)player;
  e->arg = (int32_t)meeple_game_turn(game);
  e->rule = "HELLO-01";
  return MEEPLE_HOOK_CONTINUE;
}

/* MEEPLE_HOOK_FILTER: runs on every action of every decision, the core's
 * and those other rule sets ask for.  It knows no action kind: the
 * engine tells what the action does (ctx->effect).  FALSE vetoes it. */
static gboolean
keep_off_fields(MeepleGame *game, const MeepleAction *action,
           const MeepleFilterContext *ctx, gpointer user_data)
{
  (void)action;
  (void)user_data;
  const MeepleActionEffect *e = &ctx->effect;
  MeeplePlacedTile tile;
  if ((e->what != MEEPLE_EFFECT_PLACE_FIGURE &&
       e->what != MEEPLE_EFFECT_MOVE_FIGURE) ||
      e->segment == MEEPLE_SEGMENT_NONE ||
      !meeple_game_tile_at(game, e->x, e->y, &tile))
    return TRUE;
  const MeepleTileType *type =
      meeple_rules_tile_type(meeple_game_rules(game), tile.type);
  /* HELLO-02: nothing lands on a field */
  return type->segments[e->segment].kind != MEEPLE_KIND_FIELD;
}

/* Called for every rules object built with "hello": register what the
 * rule set brings.  Nothing may live in globals; per-rules data is owned
 * by the rules and freed with them. */
static gboolean
hello_setup(MeepleRules *rules, GError **error)
{
  Hello *hello = g_new0(Hello, 1);
  meeple_rules_own(rules, hello, g_free);

  int type = meeple_rules_add_event_type(rules, "hello-greeted", error);
  if (type < 0)
    return FALSE;
  hello->greeted = (guint)type;

  meeple_rules_add_phase_hook(rules, MEEPLE_HOOK_TURN_START,
                              MEEPLE_PRIORITY_DEFAULT, greet, hello);
  meeple_rules_add_filter_hook(rules, MEEPLE_PRIORITY_DEFAULT, keep_off_fields,
                               NULL);
  return TRUE;
}

/* The one symbol the loader looks for.  The ABI version is filled in. */
MEEPLE_PLUGIN_DEFINE(
  .id = "hello",
  .name = "Hello",
  .version = "0.2",
  .setup = hello_setup,
);
