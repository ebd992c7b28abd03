/* state-text.c — game:state_text(), a game's Lua state as canonical text
 * (doc/lua-rulesets.md, "game:state_text()"), through libmeeple and the
 * real Lua host: the exact text of a known state; a game, its clone and
 * the same game replayed from its record give the same text; a change to
 * the clone leaves the original's text as it was; each value without a
 * canonical text is refused with its path and a named reason, twice the
 * same way, and the game is unchanged.
 *
 * The script publishes its text as a public note (label "state"), so the
 * test reads it with meeple_game_notes(), as any client could. */
#include <meeple/loader.h>
#include <meeple/plugin.h>
#include <meeple/record.h>
#include <meeple/error.h>

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "scratch.h"

/* @init: statements filling the state table s; the turn_end hook changes
 * it every turn, in an order that leaves different hash layouts in the
 * original and in a copy (keys added and removed). */
static char *
script_text(const char *init)
{
  return g_strdup_printf(
    "-- state-text test rule set\n"
    "local CONST = { a = 1, list = { 10, 20 } }\n"
    "return {\n"
    "  id = \"statetext\", name = \"State text\", version = \"1\",\n"
    "  state = function(game)\n"
    "    local s = {}\n"
    "    %s\n"
    "    return s\n"
    "  end,\n"
    "  setup = function(rules)\n"
    "    rules:hook(\"turn_end\", function(game)\n"
    "      local s = game:state()\n"
    "      if type(s.turns) ~= 'number' then return end\n"
    "      s.turns = s.turns + 1\n"
    "      s.seen[#s.seen + 1] = game:active_player()\n"
    "      s['k' .. (s.turns * 7919 %% 13)] = s.turns / 3\n"
    "      s['k' .. (s.turns * 31 %% 13)] = nil\n"
    "    end)\n"
    "    rules:hook(\"notes\", function(game, notes)\n"
    "      local text, why = game:state_text()\n"
    "      notes:add(\"state\", text or ('refused: ' .. why))\n"
    "    end)\n"
    "  end,\n"
    "}\n", init);
}

typedef struct {
  char *dir;
  MeepleLoader *loader;
  MeepleRules *rules;
} Setup;

static gboolean
setup(Setup *s, const char *init)
{
  g_autofree char *text = script_text(init);
  s->dir = scratch_dir("state-text", "statetext.lua", text);
  s->loader = meeple_loader_new();
  meeple_loader_add_plugin_dir(s->loader, s->dir);
  meeple_loader_add_tiles_dir(s->loader, TEST_SRCDIR "/data/tiles");
  GError *error = NULL;
  if (!meeple_loader_load(s->loader, &error))
    g_error("loader: %s", error->message);
  s->rules = meeple_loader_build_rules(
      s->loader, (const char *const[]){ "statetext", NULL }, &error);
  if (!s->rules) {
    FAIL("rules: %s", error->message);
    g_error_free(error);
    return FALSE;
  }
  return TRUE;
}

static void
teardown(Setup *s)
{
  if (s->rules)
    meeple_rules_unref(s->rules);
  meeple_loader_unref(s->loader);
  scratch_remove(s->dir);
}

/* The text of the note "state", newly allocated, or NULL. */
static char *
state_text(const MeepleGame *g)
{
  GPtrArray *notes = meeple_game_notes(g);
  char *text = NULL;
  for (guint i = 0; i < notes->len && !text; i++) {
    const MeepleNote *n = g_ptr_array_index(notes, i);
    if (strcmp(n->label, "state") == 0)
      text = g_strdup(n->text);
  }
  g_ptr_array_unref(notes);
  return text;
}

static MeepleGame *
new_game(MeepleRules *rules, guint64 seed)
{
  MeepleGameConfig config = { .n_players = 3, .seed = seed };
  GError *error = NULL;
  MeepleGame *g = meeple_game_new(rules, &config, &error);
  if (!g)
    g_error("new game: %s", error->message);
  return g;
}

static void
apply_random(MeepleGame *g, GRand *rand)
{
  const MeepleDecision *d = meeple_game_decision(g);
  gsize pick = (gsize)g_rand_int_range(rand, 0, (gint32)d->n_actions);
  GError *error = NULL;
  if (!meeple_game_apply_index(g, pick, NULL, NULL, &error))
    g_error("apply: %s", error->message);
}

#define GOOD_INIT                                                       \
  "s.turns = 0 s.seen = {} s.name = 'a\\n\"b\"\\0\\200' s.f = 0.5 "      \
  "s.whole = 2.0 s.tenth = 0.1 s[2] = 'two' s[-1] = 'neg' s[10] = true " \
  "s.nested = { list = { 1, 2, 3 }, ['two words'] = true, ['end'] = false }"

/* the exact canonical text of GOOD_INIT: integer keys ascending, then
 * string keys bytewise; floats stay floats */
static const char good_text[] =
  "{[-1]=\"neg\",[2]=\"two\",[10]=true,f=0.5,"
  "name=\"a\\n\\\"b\\\"\\000\\200\","
  "nested={[\"end\"]=false,list={[1]=1,[2]=2,[3]=3},[\"two words\"]=true},"
  "seen={},tenth=0.10000000000000001,turns=0,whole=2.0}";

static void
clone_played_on(MeepleGame *g, GRand *rand)
{
  /* a clone played on changes its own state only */
  MeepleGame *c = meeple_game_clone(g);
  g_autofree char *before = state_text(g);
  g_autofree char *changed = NULL;
  for (guint i = 0; i < 40 && !meeple_game_is_over(c); i++) {
    apply_random(c, rand);
    g_free(changed);
    changed = state_text(c);
    if (strcmp(changed, before) != 0)
      break;
  }
  g_autofree char *after = state_text(g);
  if (!changed || strcmp(changed, before) == 0)
    FAIL("the clone's state did not change in 40 actions");
  else if (strcmp(after, before) != 0)
    FAIL("playing the clone changed the original:\n  before %s\n  after  %s",
         before, after);
  else
    printf("ok - playing the clone leaves the original's text as it was\n");
  meeple_game_free(c);
}

static void
test_good(void)
{
  Setup s = { 0 };
  if (!setup(&s, GOOD_INIT)) {
    teardown(&s);
    return;
  }
  /* the exact text of a new game */
  MeepleGame *g = new_game(s.rules, 7);
  g_autofree char *first = state_text(g);
  if (!first || strcmp(first, good_text) != 0)
    FAIL("new game's text:\n  got  %s\n  want %s", first ? first : "none",
         good_text);
  else
    printf("ok - the text of a known state: %s\n", first);

  /* play on; every few actions a clone gives the same text */
  GRand *rand = g_rand_new_with_seed(7);
  guint clones = 0;
  for (guint i = 0; i < 120 && !meeple_game_is_over(g); i++) {
    apply_random(g, rand);
    if (i == 40)
      clone_played_on(g, rand);
    if (i % 10 == 9) {
      MeepleGame *c = meeple_game_clone(g);
      g_autofree char *tg = state_text(g);
      g_autofree char *tc = state_text(c);
      if (!tg || !tc || strcmp(tg, tc) != 0)
        FAIL("clone after %u actions:\n  game  %s\n  clone %s", i + 1,
             tg ? tg : "none", tc ? tc : "none");
      clones++;
      meeple_game_free(c);
    }
  }
  g_autofree char *played = state_text(g);
  if (!played || strstr(played, "turns=0,"))
    FAIL("no turn ended in 120 actions: %s", played ? played : "none");
  else
    printf("ok - %u clones give the game's text: %s\n", clones, played);

  /* the same game replayed from its record */
  g_autofree char *rec = meeple_record_write(g, NULL);
  GError *error = NULL;
  MeepleRecord *record = meeple_record_parse(rec, -1, "game.rec", &error);
  MeepleGame *r = record ? meeple_record_replay(record, s.rules, &error)
                         : NULL;
  if (!r) {
    FAIL("replay: %s", error->message);
    g_clear_error(&error);
  } else {
    g_autofree char *tr = state_text(r);
    if (!tr || strcmp(tr, played) != 0)
      FAIL("replayed game:\n  game     %s\n  replayed %s", played,
           tr ? tr : "none");
    else
      printf("ok - the game replayed from its record gives its text\n");
    meeple_game_free(r);
  }
  if (record)
    meeple_record_free(record);

  g_rand_free(rand);
  meeple_game_free(g);
  teardown(&s);
}

typedef struct {
  const char *name;
  const char *init;   /* statements filling s */
  const char *want;   /* the refusal's message */
} Refusal;

static const Refusal refusals[] = {
  { "function", "s.figures = { [3] = { f = function() end } }",
    "refused: state.figures[3].f: a function cannot be serialised" },
  { "nan", "s.figures = { [3] = { f = 0/0 } }",
    "refused: state.figures[3].f: NaN cannot be serialised" },
  { "inf", "s.x = -1/0",
    "refused: state.x: an infinite number cannot be serialised" },
  { "cycle", "s.figures = { [3] = {} } s.figures[3].f = s",
    "refused: state.figures[3].f: a table reached twice (a cycle or a "
    "shared table) cannot be serialised" },
  { "shared", "s.a = {} s.b = s.a",
    "refused: state.b: a table reached twice (a cycle or a shared table) "
    "cannot be serialised" },
  { "boolean-key", "s.figures = { [3] = { [true] = 1 } }",
    "refused: state.figures[3]: a boolean key cannot be serialised" },
  { "float-key", "s[0.5] = 1",
    "refused: state: a float key cannot be serialised" },
  { "odd-key", "s['x y'] = { coroutine.create(function() end) }",
    "refused: state[\"x y\"][1]: a thread cannot be serialised" },
  { "deep", "local t = s for i = 1, 150 do t.n = {} t = t.n end",
    "tables nested deeper than 100 levels" },
  { "huge", "for i = 1, 200000 do s[i] = string.rep('x', 30) end",
    "the state's text is larger than 4194304 bytes" },
  { "long-string", "s.a = 1 s.b = string.rep('y', 5 << 20)",
    "refused: state.b: the state's text is larger than 4194304 bytes" },
};

static void
test_refusal(const Refusal *r)
{
  Setup s = { 0 };
  if (!setup(&s, r->init)) {
    teardown(&s);
    return;
  }
  MeepleGame *g = new_game(s.rules, 3);
  g_autofree char *rec = meeple_record_write(g, NULL);
  g_autofree char *t1 = state_text(g);
  g_autofree char *t2 = state_text(g);
  g_autofree char *rec2 = meeple_record_write(g, NULL);
  if (!t1 || !strstr(t1, r->want) || !g_str_has_prefix(t1, "refused: "))
    FAIL("%s: got '%s', want '%s'", r->name, t1 ? t1 : "none", r->want);
  else if (strcmp(t1, t2) != 0)
    FAIL("%s: a second try differs: '%s'", r->name, t2);
  else if (strcmp(rec, rec2) != 0)
    FAIL("%s: the game changed", r->name);
  else
    printf("ok - %s: %s\n", r->name, t1);
  meeple_game_free(g);
  teardown(&s);
}

/* A table of the script's chunk in the state is read-only after setup
 * (upvalues.c): shared by the game and its clones, written as its
 * contents. */
static void
test_constant(void)
{
  Setup s = { 0 };
  if (!setup(&s, "s.cfg = CONST s.turns = 0 s.seen = {}")) {
    teardown(&s);
    return;
  }
  static const char want[] =
    "{cfg={a=1,list={[1]=10,[2]=20}},seen={},turns=0}";
  MeepleGame *g = new_game(s.rules, 5);
  MeepleGame *c = meeple_game_clone(g);
  g_autofree char *tg = state_text(g);
  g_autofree char *tc = state_text(c);
  if (!tg || strcmp(tg, want) != 0 || !tc || strcmp(tc, want) != 0)
    FAIL("a constant table in the state:\n  game  %s\n  clone %s\n  want  %s",
         tg ? tg : "none", tc ? tc : "none", want);
  else
    printf("ok - a read-only table of the script in the state: %s\n", tg);
  meeple_game_free(c);
  meeple_game_free(g);
  teardown(&s);
}

int
main(void)
{
  test_good();
  test_constant();
  for (guint i = 0; i < G_N_ELEMENTS(refusals); i++)
    test_refusal(&refusals[i]);
  printf("state text: %u failed\n", failures);
  return failures ? 1 : 0;
}
