/* search.c — the search strategy: information-set Monte Carlo tree search
 * (single observer: one tree over the searching seat's information, after
 * Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
 * Search", 2012), written for meepled.
 *
 * Each iteration takes one determinization of the unseen (view.h: a tile
 * order and a seed for the rule sets' randomness, consistent with every
 * public fact), copies it and walks down the tree.  A node's edges are
 * keyed by the action's bytes, not by its place in the list, because
 * another determinization draws other tiles and so lists other actions;
 * an edge counts how often it was *available* as well as chosen, and UCB
 * uses that count (ISMCTS's "availability"), so an action that exists in
 * few determinizations is not over-explored.  At the first untried action
 * the tree grows by one edge and a uniform random playout plays the copy
 * to its end; every edge on the path then adds the reward of the seat
 * that chose it.  Decisions with one action are played through without a
 * node.  The move chosen is the root edge visited most.  A node with n
 * visits lets only its first widen(n) edges compete (progressive
 * widening): at the root the best by greedy's opinion, deeper the first
 * ones tried; so a decision of hundreds of actions (with every rule set)
 * does not spread the iterations over all of them.  A single-threaded
 * search stops early once the most visited root edge leads by more than
 * the iterations left (settled()): the move is then the same, sooner.
 *
 * Playouts stop after PLAYOUT_DEPTH decisions (or at the end of the
 * game) and the position is judged by greedy's evaluation (strategy.h):
 * the reward of a seat is a logistic curve of how much its evaluated lead
 * grew since the root, so it stays informative whether the game is close,
 * won or lost.  The root's edges start with a few virtual visits worth
 * greedy's value of the action (progressive bias), so a short search
 * plays no worse than greedy and a long one leaves greedy's choice only
 * when the playouts disagree.
 *
 * Determinizations are built once per decision into a pool (building one
 * replays the public actions; a copy is a few memcpys) and used in turn.
 * Threads search independent trees with their own pools and generators
 * (root parallelism); their root statistics are summed.  With an
 * iteration limit and no time limit the result depends only on the seed:
 * each thread runs a fixed share of the iterations. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "strategy.h"

/* UCB exploration constant for rewards in 0..1. */
#define EXPLORATION 0.7
/* Determinizations per pool: enough that the unseen tiles vary, few
 * enough that rebuilding them (a replay of the whole game, three with a
 * shuffle-back) stays a small share of a short search: one per
 * POOL_EVERY iterations. */
#define POOL_MAX 16
#define POOL_MIN 2
#define POOL_EVERY 100
/* How often the clock is read, in iterations. */
#define CLOCK_EVERY 16
/* Virtual visits of greedy's opinion at the root. */
#define PRIOR_VISITS 6
/* Decisions a playout plays before it stops and the position is judged
 * by meeple_bot_evaluate(): random moves far ahead add more noise than
 * information (and with every rule set, hundreds of decisions). */
#define PLAYOUT_DEPTH 24
/* Gain of evaluated lead (in greedy's 1/100 points) that maps to a
 * reward of 0.73 (logistic): a dozen points gained is a good move. */
#define EVAL_SCALE 1200.0
/* Progressive widening: a node with n visits considers at most
 * WIDEN_MIN + WIDEN_RATE * sqrt(n) of its actions.  At the root these are
 * the best by greedy's opinion; deeper, the first ones tried.  Without
 * it a decision of hundreds of actions (some rule sets offer every
 * segment of the board) spreads the iterations thin: every action a few
 * visits, the most visited chosen by noise. */
#define WIDEN_MIN 3
#define WIDEN_RATE 1.0

typedef struct Node Node;

typedef struct {
  MeepleAction action;
  guint player;
  guint32 visits;
  guint32 avail;
  double reward;
  Node *child;
} Edge;

struct Node {
  Edge *edges;
  guint n_edges, cap_edges;
  guint32 visits;          /* iterations through this node */
  /* Open addressing: slot = edge index + 1, 0 = empty; n_slots is a power
   * of two kept at least twice the edge count. */
  guint32 *slots;
  guint n_slots;
};

typedef struct {
  Node *node;
  guint edge;
} Step;

typedef struct {
  /* Input, shared read-only between threads. */
  const MeepleBotView *view;
  guint seat;
  const MeepleAction *actions;
  gsize n_actions;
  guint64 iterations;     /* this worker's share; 0: until the deadline */
  gint64 deadline;        /* monotonic µs; 0: none */
  gint64 start;           /* monotonic µs when the search began */
  gboolean early_stop;    /* may stop once the choice is settled */
  /* The worker's own. */
  GRand *rand;
  guint64 fast;           /* playout generator state (SplitMix64) */
  GPtrArray *nodes;
  Node *root;
  MeepleGame *pool[POOL_MAX];
  int offsets[POOL_MAX][MEEPLE_MAX_PLAYERS];
  guint pool_size, pool_built;
  guint64 done;
  double root_lead[MEEPLE_MAX_PLAYERS];
  GError *error;
} Worker;

/* ---- the tree ------------------------------------------------------------ */

static Node *
node_new(Worker *w)
{
  Node *n = g_new0(Node, 1);
  g_ptr_array_add(w->nodes, n);
  return n;
}

static void
node_free(gpointer data)
{
  Node *n = data;
  g_free(n->edges);
  g_free(n->slots);
  g_free(n);
}

static guint32
action_hash(const MeepleAction *a)
{
  /* FNV-1a over the action's bytes: unused fields are zero. */
  const guint8 *p = (const guint8 *)a;
  guint32 h = 2166136261u;
  for (gsize i = 0; i < sizeof *a; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

static int
node_find(const Node *n, const MeepleAction *a)
{
  if (!n->n_slots)
    return -1;
  guint mask = n->n_slots - 1;
  for (guint i = action_hash(a) & mask;; i = (i + 1) & mask) {
    guint32 s = n->slots[i];
    if (!s)
      return -1;
    if (memcmp(&n->edges[s - 1].action, a, sizeof *a) == 0)
      return (int)(s - 1);
  }
}

static void
slots_insert(Node *n, guint edge)
{
  guint mask = n->n_slots - 1;
  guint i = action_hash(&n->edges[edge].action) & mask;
  while (n->slots[i])
    i = (i + 1) & mask;
  n->slots[i] = edge + 1;
}

/* How many of its edges a node with @visits visits may choose from. */
static guint
widen(guint32 visits)
{
  return WIDEN_MIN + (guint)(WIDEN_RATE * sqrt((double)visits));
}

static guint
node_add(Node *n, const MeepleAction *a, guint player)
{
  if (n->n_edges == n->cap_edges) {
    n->cap_edges = MAX(8u, n->cap_edges * 2);
    n->edges = g_renew(Edge, n->edges, n->cap_edges);
  }
  guint e = n->n_edges++;
  n->edges[e] = (Edge){ .action = *a, .player = player };
  if (n->n_edges * 2 > n->n_slots) {
    g_free(n->slots);
    n->n_slots = MAX(16u, n->n_slots * 2);
    n->slots = g_new0(guint32, n->n_slots);
    for (guint k = 0; k < n->n_edges; k++)
      slots_insert(n, k);
  } else {
    slots_insert(n, e);
  }
  return e;
}

/* ---- randomness ---------------------------------------------------------- */

/* SplitMix64 for playouts: GRand's Mersenne Twister is portable too but
 * several times slower, and playouts draw one number per decision. */
static guint32
fast_below(guint64 *state, guint32 bound)
{
  guint64 z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  /* Multiply-shift maps 32 random bits onto 0..bound-1. */
  return (guint32)(((z >> 32) * (guint64)bound) >> 32);
}

/* ---- one worker ------------------------------------------------------------ */

static void seed_root(Worker *w, MeepleGame *g, const int *offsets);

/* The pool entry for iteration @i, built when first needed; NULL when no
 * determinization fits (the error is kept). */
static MeepleGame *
pool_get(Worker *w, guint64 i, int **offsets)
{
  guint k = (guint)(i % w->pool_size);
  while (k >= w->pool_built) {
    GError *error = NULL;
    MeepleGame *g = meeple_bot_view_determinize(
      w->view, w->rand, w->offsets[w->pool_built], &error);
    if (g && !meeple_bot_decision_matches(g, w->actions, w->n_actions)) {
      meeple_game_free(g);
      g = NULL;
      g_set_error(&error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                  "the rebuilt game offers other actions than the real one");
    }
    if (!g) {
      if (w->pool_built == 0) {
        g_clear_error(&w->error);
        w->error = error;
        return NULL;
      }
      /* Make do with the ones that fit. */
      g_error_free(error);
      w->pool_size = w->pool_built;
      k = (guint)(i % w->pool_size);
      break;
    }
    if (w->pool_built == 0)
      seed_root(w, g, w->offsets[0]);
    w->pool[w->pool_built++] = g;
  }
  *offsets = w->offsets[k];
  return w->pool[k];
}

/* Evaluated lead of every seat in @g: greedy's evaluation, with each
 * side's score corrected by the public offsets (view.h). */
static void
leads(MeepleGame *g, const int *offsets, double *lead)
{
  guint n = meeple_game_n_players(g);
  for (guint p = 0; p < n; p++) {
    int other_offset = G_MININT;
    for (guint q = 0; q < n; q++)
      if (q != p)
        other_offset = MAX(other_offset, offsets[q]);
    lead[p] = (double)meeple_bot_evaluate(g, p) +
              100.0 * (offsets[p] - other_offset);
  }
}

static double
reward_of(double lead, double root_lead)
{
  return 1.0 / (1.0 + exp(-(lead - root_lead) / EVAL_SCALE));
}

static void
rewards(Worker *w, MeepleGame *g, const int *offsets, double *r)
{
  double lead[MEEPLE_MAX_PLAYERS];
  leads(g, offsets, lead);
  for (guint p = 0; p < meeple_game_n_players(g); p++)
    r[p] = reward_of(lead[p], w->root_lead[p]);
}

typedef struct {
  gsize index;
  gint64 value;
} Prior;

/* Greater value first; equal values in list order (g_qsort_with_data is
 * stable), so the order is the same on every run. */
static gint
compare_priors(gconstpointer a, gconstpointer b, gpointer data)
{
  (void)data;
  gint64 x = ((const Prior *)a)->value, y = ((const Prior *)b)->value;
  return (x < y) - (x > y);
}

/* The root's lead and greedy's opinion of each root action, from the
 * first determinization. */
static void
seed_root(Worker *w, MeepleGame *g, const int *offsets)
{
  leads(g, offsets, w->root_lead);
  const MeepleDecision *d = meeple_game_decision(g);
  guint player = d->player;
  gsize n = d->n_actions;
  /* The list moves when the game changes; the priors need it whole. */
  MeepleAction *actions = g_memdup2(d->actions, n * sizeof *actions);
  Prior *priors = g_new(Prior, n);
  for (gsize i = 0; i < n; i++) {
    priors[i].index = i;
    priors[i].value = meeple_bot_greedy_value(g, i, player);
  }
  /* Best first: edge k is the k-th best, what widening lets in first. */
  g_qsort_with_data(priors, (gint)n, sizeof *priors, compare_priors, NULL);
  for (gsize k = 0; k < n; k++) {
    guint e = node_add(w->root, &actions[priors[k].index], player);
    Edge *edge = &w->root->edges[e];
    edge->visits = PRIOR_VISITS;
    edge->avail = PRIOR_VISITS;
    edge->reward = PRIOR_VISITS *
                   reward_of((double)priors[k].value, w->root_lead[player]);
  }
  g_free(priors);
  g_free(actions);
}

/* One iteration; FALSE when no determinization fits. */
static gboolean
iterate(Worker *w, GArray *path, GArray *untried)
{
  int *offsets;
  MeepleGame *base = pool_get(w, w->done, &offsets);
  if (!base)
    return FALSE;
  MeepleGame *g = meeple_game_clone(base);
  Node *node = w->root;
  const MeepleDecision *d;
  g_array_set_size(path, 0);
  while (node && (d = meeple_game_decision(g)) != NULL) {
    if (d->n_actions == 1) {
      meeple_game_apply_index(g, 0, NULL, NULL, NULL);
      continue;
    }
    /* Every action available here counts; the untried ones wait.  Only
     * the first widen() edges compete (progressive widening). */
    g_array_set_size(untried, 0);
    int best = -1, first_beyond = -1;
    double best_ucb = -1;
    guint player = d->player;
    guint width = widen(node->visits);
    for (gsize i = 0; i < d->n_actions; i++) {
      int e = node_find(node, &d->actions[i]);
      if (e < 0) {
        guint32 index = (guint32)i;
        g_array_append_val(untried, index);
        continue;
      }
      Edge *edge = &node->edges[e];
      edge->avail++;
      if ((guint)e >= width) {
        if (first_beyond < 0 || e < first_beyond)
          first_beyond = e;
        continue;
      }
      double ucb = edge->reward / edge->visits +
                   EXPLORATION * sqrt(log((double)edge->avail) /
                                      edge->visits);
      if (ucb > best_ucb) {
        best_ucb = ucb;
        best = e;
      }
    }
    /* Only edges beyond the width available here, nothing new to try:
     * the earliest of them, as if the node had widened that far. */
    if (best < 0 && !untried->len)
      best = first_beyond;
    Step step = { node, 0 };
    /* A new edge while the node may still widen, or when none of its
     * edges is available in this determinization. */
    if (untried->len && (node->n_edges < width || best < 0)) {
      guint32 pick = g_array_index(untried, guint32,
                                   fast_below(&w->fast, untried->len));
      step.edge = node_add(node, &d->actions[pick], player);
      node->edges[step.edge].avail++;
      node = NULL; /* a new leaf: the playout starts after it */
    } else {
      step.edge = (guint)best;
      Edge *edge = &node->edges[best];
      if (!edge->child)
        edge->child = node_new(w);
      node = edge->child;
    }
    g_array_append_val(path, step);
    MeepleAction a = step.node->edges[step.edge].action;
    meeple_game_apply(g, &a, NULL, NULL, NULL);
  }
  /* The playout: uniform over the legal actions, PLAYOUT_DEPTH deep. */
  for (guint depth = 0;
       depth < PLAYOUT_DEPTH && (d = meeple_game_decision(g)) != NULL;
       depth++)
    meeple_game_apply_index(g, fast_below(&w->fast, (guint32)d->n_actions),
                            NULL, NULL, NULL);
  double r[MEEPLE_MAX_PLAYERS];
  rewards(w, g, offsets, r);
  meeple_game_free(g);
  for (guint i = 0; i < path->len; i++) {
    Step *s = &g_array_index(path, Step, i);
    Edge *edge = &s->node->edges[s->edge];
    s->node->visits++;
    edge->visits++;
    edge->reward += r[edge->player];
  }
  w->done++;
  return TRUE;
}

/* Whether the most visited root edge can no longer be overtaken: its
 * lead over the next is more than the iterations left (the rest of the
 * limit; before a deadline, what the rate so far fits in the time left,
 * with a quarter to spare).  The move chosen is the most visited edge, so
 * stopping then changes nothing but the time spent. */
static gboolean
settled(const Worker *w, gint64 now)
{
  guint32 first = 0, second = 0;
  for (guint e = 0; e < w->root->n_edges; e++) {
    guint32 v = w->root->edges[e].visits;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  double left = G_MAXDOUBLE;
  if (w->iterations)
    left = (double)(w->iterations - w->done);
  if (w->deadline && now > w->start) {
    double rate = (double)w->done / (double)(now - w->start);
    left = MIN(left, 1.25 * rate * (double)(w->deadline - now));
  }
  return (double)(first - second) > left;
}

static gpointer
worker_run(gpointer data)
{
  Worker *w = data;
  GArray *path = g_array_new(FALSE, FALSE, sizeof(Step));
  GArray *untried = g_array_new(FALSE, FALSE, sizeof(guint32));
  for (;;) {
    if (w->iterations && w->done >= w->iterations)
      break;
    if (w->done % CLOCK_EVERY == 0 && w->done > 0 &&
        (w->deadline || w->early_stop)) {
      gint64 now = w->deadline ? g_get_monotonic_time() : 0;
      if (w->deadline && now >= w->deadline)
        break;
      if (w->early_stop && settled(w, now))
        break;
    }
    if (!iterate(w, path, untried))
      break;
  }
  g_array_unref(path);
  g_array_unref(untried);
  return NULL;
}

static void
worker_clear(Worker *w)
{
  for (guint k = 0; k < w->pool_built; k++)
    meeple_game_free(w->pool[k]);
  g_ptr_array_unref(w->nodes);
  g_rand_free(w->rand);
  g_clear_error(&w->error);
}

gssize
meeple_bot_search(const MeepleBotView *view, guint seat,
                  const MeepleAction *actions, gsize n_actions,
                  const MeepleStrategy *strategy, GRand *rand,
                  MeepleSearchStats *stats, GError **error)
{
  gint64 start = g_get_monotonic_time();
  guint n_threads = CLAMP(strategy->threads, 1u, 64u);
  guint64 total = strategy->iterations;
  if (total && total < n_threads)
    n_threads = (guint)total;
  Worker *workers = g_new0(Worker, n_threads);
  for (guint t = 0; t < n_threads; t++) {
    Worker *w = &workers[t];
    w->view = view;
    w->seat = seat;
    w->actions = actions;
    w->n_actions = n_actions;
    w->iterations = total ? total / n_threads + (t < total % n_threads)
                          : 0;
    w->deadline = strategy->think > 0
                    ? start + (gint64)(strategy->think * G_USEC_PER_SEC) : 0;
    w->start = start;
    /* One tree only: with several, the move is the most visited in their
     * sum, which one tree's lead does not settle. */
    w->early_stop = n_threads == 1;
    /* Seeds come from the player's stream, in thread order, so the whole
     * search is fixed by that stream. */
    w->rand = g_rand_new_with_seed(g_rand_int(rand));
    w->fast = ((guint64)g_rand_int(rand) << 32) | g_rand_int(rand);
    w->nodes = g_ptr_array_new_with_free_func(node_free);
    w->root = node_new(w);
    w->pool_size = total ? (guint)CLAMP(w->iterations / POOL_EVERY, POOL_MIN,
                                        POOL_MAX)
                         : POOL_MAX;
  }
  if (n_threads == 1) {
    worker_run(&workers[0]);
  } else {
    GThread **threads = g_new(GThread *, n_threads);
    for (guint t = 0; t < n_threads; t++)
      threads[t] = g_thread_new("meeple-search", worker_run, &workers[t]);
    for (guint t = 0; t < n_threads; t++)
      g_thread_join(threads[t]);
    g_free(threads);
  }

  /* Root statistics summed over the trees, per legal action. */
  guint64 *visits = g_new0(guint64, n_actions);
  double *reward = g_new0(double, n_actions);
  MeepleSearchStats s = { 0 };
  for (guint t = 0; t < n_threads; t++) {
    Worker *w = &workers[t];
    s.iterations += w->done;
    s.nodes += w->nodes->len;
    s.determinizations += w->pool_built;
    for (gsize i = 0; i < n_actions; i++) {
      int e = node_find(w->root, &actions[i]);
      if (e >= 0) {
        visits[i] += w->root->edges[e].visits;
        reward[i] += w->root->edges[e].reward;
      }
    }
  }
  gssize best = -1;
  for (gsize i = 0; i < n_actions; i++)
    if (visits[i] > 0 && (best < 0 || visits[i] > visits[best]))
      best = (gssize)i;
  if (best < 0) {
    /* No iteration ran: every worker failed to rebuild the game. */
    if (workers[0].error) {
      g_propagate_error(error, workers[0].error);
      workers[0].error = NULL;
    } else {
      g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_CONFIG,
                  "the search ran no iteration");
    }
  } else {
    s.best_value = reward[best] / visits[best];
  }
  s.seconds = (g_get_monotonic_time() - start) / (double)G_USEC_PER_SEC;
  if (stats)
    *stats = s;
  g_free(visits);
  g_free(reward);
  for (guint t = 0; t < n_threads; t++)
    worker_clear(&workers[t]);
  g_free(workers);
  return best;
}
