/* session.c — a game's seats, bots and reconnection (see session.h). */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "bot.h"
#include "bot-strategies.h"
#include "remote.h"
#include "session.h"

#define RECONNECT_MS 1000

struct MgSession {
  MgConn *conn;
  char *id;
  MeepleRemoteGame *game;
  guint32 players;  /* seats held for a person, bit per seat */
  guint32 bots;     /* seats held for a bot */
  MgSessionCallbacks cbs;
  gpointer data;
  guint reconnect;  /* source id */
  /* Manager.GameRemoved's reason: the game is gone for good */
  char *removed;
  guint bot_move;   /* source id */
  guint64 bot_decision; /* decision the scheduled bot move answers */
  guint bot_delay;
  /* the mirror the daemon left: kept, so that the board can still be
   * drawn from its catalog, until a new one replaces it */
  MeepleRemoteGame *dead;
  /* The bots: one greedy player per seat, and the public game they
   * rebuild here (strategy library, clients/bot) for the live mirror;
   * seeded from MEEPLE_GTK_BOT_SEED when set, for repeatable tests. */
  guint64 bot_seed;
  MeepleStrategy strategies[MEEPLE_MAX_PLAYERS]; /* greedy unless set */
  MeepleBotPlayer *bot_players[MEEPLE_MAX_PLAYERS];
  MeepleBotRemote *bot_view;
  struct BotJob *job; /* the bot thinking now, or NULL */
};

/* A bot's thinking, done in a worker thread so that a search's think
 * time never freezes the window.  The job owns the seat's player and
 * the public game while it runs (the main thread touches neither), and
 * gives them back when it is done — or frees them when the session went
 * away in between (@s NULL). */
typedef struct BotJob {
  MgSession *s;
  guint seat;
  guint64 decision;
  MeepleBotPlayer *player;
  MeepleBotRemote *view;
  MeepleAction *actions;
  gsize n_actions;
  gsize index;
  gboolean stale; /* @view is of a mirror since replaced */
} BotJob;

/* The public game the bots see, rebuilt for the live mirror (NULL after
 * a reconnection: the next move rebuilds it). */
static void
forget_bot_view(MgSession *s)
{
  g_clear_pointer(&s->bot_view, meeple_bot_remote_free);
  if (s->job)
    s->job->stale = TRUE;
}


static void watch(MgSession *s);

static void
schedule_bot(MgSession *s);

static void
think(GTask *task, gpointer source, gpointer data, GCancellable *cancel)
{
  (void)source;
  (void)cancel;
  BotJob *job = data;
  job->index = meeple_bot_player_choose(job->player,
                                        meeple_bot_remote_view(job->view),
                                        job->actions, job->n_actions, NULL);
  g_task_return_boolean(task, TRUE);
}

static void
job_free(BotJob *job)
{
  if (job->player)
    meeple_bot_player_free(job->player);
  if (job->view)
    meeple_bot_remote_free(job->view);
  g_free(job->actions);
  g_free(job);
}

/* Sends the bot's choice, if the game still waits for it. */
static void
thought(GObject *source, GAsyncResult *result, gpointer data)
{
  (void)source;
  (void)result;
  BotJob *job = data;
  MgSession *s = job->s;
  if (!s) {
    job_free(job);
    return;
  }
  s->job = NULL;
  s->bot_players[job->seat] = g_steal_pointer(&job->player);
  if (!s->bot_view && !job->stale)
    s->bot_view = g_steal_pointer(&job->view);
  gsize index = job->index;
  guint64 decision = job->decision;
  guint seat = job->seat;
  job_free(job);
  GError *error = NULL;
  const MeepleClientDecision *d =
      s->game ? meeple_remote_game_decision(s->game, &error) : NULL;
  g_clear_error(&error);
  if (d && d->id == decision && d->seat == seat &&
      (s->bots & (1u << seat)) &&
      !meeple_remote_game_act(s->game, d->seat, d, (guint)index, &error)) {
    /* a stale decision is only news arriving late: the next one comes */
    if (!g_error_matches(error, MEEPLE_CLIENT_ERROR,
                         MEEPLE_CLIENT_ERROR_STALE_DECISION) &&
        !g_error_matches(error, MEEPLE_CLIENT_ERROR,
                         MEEPLE_CLIENT_ERROR_NO_DAEMON) &&
        s->cbs.error) {
      char *text = mg_error_text(error);
      s->cbs.error(s, text, s->data);
      g_free(text);
    }
    g_clear_error(&error);
  }
  schedule_bot(s);
}

/* Takes action 0 at once (a single choice, or a game that cannot be
 * rebuilt here), else starts the bot's thinking. */
static void
bot_decide(MgSession *s, const MeepleClientDecision *d)
{
  guint n = d->actions->len;
  MeepleAction *actions = NULL;
  GError *error = NULL;
  if (n > 1 && d->seat < MEEPLE_MAX_PLAYERS) {
    if (!s->bot_players[d->seat])
      s->bot_players[d->seat] = meeple_bot_player_new(
          &s->strategies[d->seat], d->seat, s->bot_seed);
    if (!s->bot_view)
      s->bot_view = meeple_bot_remote_new(s->game, &error);
    actions = s->bot_view ? meeple_bot_remote_update(s->bot_view, d, &error)
                          : NULL;
    /* a game that cannot be rebuilt here (a rule set missing on this
     * side) still gets a legal move: the first */
    if (!actions)
      g_warning("the bot cannot rebuild game %s: %s", s->id,
                error ? error->message : "?");
    g_clear_error(&error);
  }
  if (actions) {
    BotJob *job = g_new0(BotJob, 1);
    job->s = s;
    job->seat = d->seat;
    job->decision = d->id;
    job->player = g_steal_pointer(&s->bot_players[d->seat]);
    job->view = g_steal_pointer(&s->bot_view);
    job->actions = actions;
    job->n_actions = n;
    s->job = job;
    GTask *task = g_task_new(NULL, NULL, thought, job);
    g_task_set_task_data(task, job, NULL);
    g_task_run_in_thread(task, think);
    g_object_unref(task);
    return;
  }
  if (!meeple_remote_game_act(s->game, d->seat, d, 0, &error)) {
    if (!g_error_matches(error, MEEPLE_CLIENT_ERROR,
                         MEEPLE_CLIENT_ERROR_STALE_DECISION) &&
        !g_error_matches(error, MEEPLE_CLIENT_ERROR,
                         MEEPLE_CLIENT_ERROR_NO_DAEMON) &&
        s->cbs.error) {
      char *text = mg_error_text(error);
      s->cbs.error(s, text, s->data);
      g_free(text);
    }
    g_clear_error(&error);
  }
  schedule_bot(s);
}

static gboolean
bot_move(gpointer data)
{
  MgSession *s = data;
  s->bot_move = 0;
  if (!s->game || s->job)
    return G_SOURCE_REMOVE;
  GError *error = NULL;
  const MeepleClientDecision *d = meeple_remote_game_decision(s->game, &error);
  if (!d) {
    g_clear_error(&error);
    return G_SOURCE_REMOVE;
  }
  if (!(s->bots & (1u << d->seat)))
    return G_SOURCE_REMOVE;
  bot_decide(s, d);
  return G_SOURCE_REMOVE;
}

/* Plans the bot's move when the pending decision is a bot seat's. */
static void
schedule_bot(MgSession *s)
{
  if (!s->game || !s->bots || s->bot_move || s->job ||
      meeple_remote_game_is_over(s->game))
    return;
  GError *error = NULL;
  const MeepleClientDecision *d = meeple_remote_game_decision(s->game, &error);
  g_clear_error(&error);
  if (!d || !(s->bots & (1u << d->seat)))
    return;
  s->bot_decision = d->id;
  s->bot_move = g_timeout_add(s->bot_delay, bot_move, s);
}

static void
on_events(MeepleRemoteGame *game, GPtrArray *events, gpointer data)
{
  (void)game;
  MgSession *s = data;
  if (s->cbs.events)
    s->cbs.events(s, events, s->data);
}

static void
on_decision(MeepleRemoteGame *game, guint64 id, guint seat, const char *kind,
            gpointer data)
{
  (void)game;
  (void)id;
  (void)seat;
  (void)kind;
  MgSession *s = data;
  schedule_bot(s);
  if (s->cbs.changed)
    s->cbs.changed(s, s->data);
}

static void
on_changed(MeepleRemoteGame *game, gpointer data)
{
  (void)game;
  MgSession *s = data;
  if (s->cbs.changed)
    s->cbs.changed(s, s->data);
}

static void
free_dead(MgSession *s)
{
  if (s->dead) {
    if (s->cbs.release)
      s->cbs.release(s, s->data);
    meeple_remote_game_free(s->dead);
    s->dead = NULL;
  }
}

/* Reopens the game and reclaims the seats; TRUE when done. */
static gboolean
reopen(MgSession *s, GError **error)
{
  /* a closed bus connection is replaced, and its games go first */
  if (!mg_conn_bus_alive(s->conn))
    free_dead(s);
  if (!mg_conn_ensure(s->conn, error))
    return FALSE;
  s->game = meeple_remote_game_open(s->conn->client, s->id, error);
  if (!s->game)
    return FALSE;
  watch(s);
  guint32 wanted = s->players | s->bots;
  s->players = s->bots = 0;
  mg_session_reclaim(s);
  if ((s->players | s->bots) != wanted)
    g_debug("reclaimed seats %#x of %#x", s->players | s->bots, wanted);
  return TRUE;
}

static gboolean
try_reconnect(gpointer data)
{
  MgSession *s = data;
  GError *error = NULL;
  if (!reopen(s, &error)) {
    g_debug("reconnecting to game %s: %s", s->id, error->message);
    g_clear_error(&error);
    return G_SOURCE_CONTINUE; /* the daemon is not back yet */
  }
  s->reconnect = 0;
  /* the view moves to the new mirror, then the old one can go */
  if (s->cbs.connection)
    s->cbs.connection(s, TRUE, NULL, s->data);
  free_dead(s);
  schedule_bot(s);
  if (s->cbs.changed)
    s->cbs.changed(s, s->data);
  return G_SOURCE_REMOVE;
}

static void
on_gone(MeepleRemoteGame *game, const char *why, gpointer data)
{
  MgSession *s = data;
  g_debug("game %s: %s", s->id, why);
  /* It cannot be freed from its own callback, and the board still
   * draws from its catalog: it goes once a new mirror is there. */
  free_dead(s);
  forget_bot_view(s);
  s->dead = game;
  s->game = NULL;
  if (s->bot_move) {
    g_source_remove(s->bot_move);
    s->bot_move = 0;
  }
  /* A deleted or expired game never comes back: nothing to reconnect. */
  if (meeple_remote_game_removed(game) && !s->removed)
    s->removed = g_strdup(meeple_remote_game_removed(game));
  if (s->cbs.connection)
    s->cbs.connection(s, FALSE, why, s->data);
  if (!s->reconnect && !s->removed)
    s->reconnect = g_timeout_add(RECONNECT_MS, try_reconnect, s);
}

static void
watch(MgSession *s)
{
  MeepleRemoteGameCallbacks cbs = {
    .events = on_events,
    .decision = on_decision,
    .changed = on_changed,
    .gone = on_gone,
  };
  meeple_remote_game_set_callbacks(s->game, &cbs, s);
}

MgSession *
mg_session_open(MgConn *conn, const char *id, const MgSessionCallbacks *cbs,
                gpointer data, GError **error)
{
  if (!mg_conn_ensure(conn, error))
    return NULL;
  MeepleRemoteGame *game = meeple_remote_game_open(conn->client, id, error);
  if (!game)
    return NULL;
  MgSession *s = g_new0(MgSession, 1);
  s->conn = conn;
  s->id = g_strdup(id);
  s->game = game;
  s->cbs = *cbs;
  s->data = data;
  for (guint i = 0; i < MEEPLE_MAX_PLAYERS; i++)
    s->strategies[i].kind = MEEPLE_STRATEGY_GREEDY;
  s->bot_delay = 400;
  const char *delay = g_getenv("MEEPLE_GTK_BOT_DELAY_MS");
  if (delay && *delay)
    s->bot_delay = (guint)g_ascii_strtoull(delay, NULL, 10);
  /* a fixed seed makes the bots' choices repeatable (tests) */
  const char *seed = g_getenv("MEEPLE_GTK_BOT_SEED");
  if (seed && *seed)
    s->bot_seed = g_ascii_strtoull(seed, NULL, 10);
  else
    s->bot_seed = (guint64)g_random_int() << 32 | g_random_int();
  watch(s);
  return s;
}

void
mg_session_free(MgSession *s)
{
  if (!s)
    return;
  if (s->reconnect)
    g_source_remove(s->reconnect);
  if (s->bot_move)
    g_source_remove(s->bot_move);
  if (s->dead)
    meeple_remote_game_free(s->dead);
  if (s->game)
    meeple_remote_game_free(s->game);
  if (s->job)
    s->job->s = NULL; /* it frees what it holds when it is done */
  forget_bot_view(s);
  for (guint i = 0; i < MEEPLE_MAX_PLAYERS; i++)
    if (s->bot_players[i])
      meeple_bot_player_free(s->bot_players[i]);
  g_free(s->id);
  g_free(s->removed);
  g_free(s);
}

MeepleRemoteGame *
mg_session_game(MgSession *s)
{
  return s->game;
}

const char *
mg_session_id(MgSession *s)
{
  return s->id;
}

void
mg_session_set_bot_strategy(MgSession *s, guint seat,
                            const MeepleStrategy *strategy)
{
  if (seat >= MEEPLE_MAX_PLAYERS)
    return;
  s->strategies[seat] = *strategy;
  /* kept for a client that takes the seat back after a restart */
  GError *error = NULL;
  if (s->id && !mg_bot_strategies_save(s->conn->store, s->id, seat,
                                       strategy, &error)) {
    g_warning("the bot's strategy is not saved: %s", error->message);
    g_error_free(error);
  }
  /* a new player with the new strategy at its next move (one thinking
   * now keeps its own) */
  g_clear_pointer(&s->bot_players[seat], meeple_bot_player_free);
}

const MeepleStrategy *
mg_session_bot_strategy(MgSession *s, guint seat)
{
  return seat < MEEPLE_MAX_PLAYERS ? &s->strategies[seat] : NULL;
}

void
mg_session_set_bot_delay(MgSession *s, guint ms)
{
  s->bot_delay = ms;
  /* a move already planned keeps to the new delay */
  if (s->bot_move) {
    g_source_remove(s->bot_move);
    s->bot_move = 0;
    schedule_bot(s);
  }
}

gboolean
mg_session_join(MgSession *s, const char *name, int seat, const char *kind,
                const char *holder, guint *seat_out, GError **error)
{
  if (!s->game) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "not connected");
    return FALSE;
  }
  guint taken;
  char *token = NULL;
  if (!meeple_remote_game_join(s->game, name, seat, kind, &taken, &token,
                               error))
    return FALSE;
  GError *save_error = NULL;
  if (!meeple_client_tokens_save(s->conn->store, s->id, taken, token,
                                 holder, &save_error)) {
    g_warning("the seat's token is not saved: %s", save_error->message);
    g_error_free(save_error);
  }
  g_free(token);
  if (strcmp(holder, MEEPLE_CLIENT_HOLDER_BOT) == 0)
    s->bots |= 1u << taken;
  else
    s->players |= 1u << taken;
  if (seat_out)
    *seat_out = taken;
  schedule_bot(s);
  return TRUE;
}

guint
mg_session_reclaim(MgSession *s)
{
  if (!s->game)
    return 0;
  static const char *const holders[] = {MEEPLE_CLIENT_HOLDER_PLAYER,
                                        MEEPLE_CLIENT_HOLDER_BOT};
  guint n = 0;
  for (guint h = 0; h < G_N_ELEMENTS(holders); h++) {
    gboolean bot = h == 1;
    GPtrArray *tokens =
        meeple_client_tokens_find(s->conn->store, s->id, holders[h]);
    for (guint i = 0; i < tokens->len; i++) {
      const MeepleClientToken *t = g_ptr_array_index(tokens, i);
      guint seat;
      GError *error = NULL;
      if (!meeple_remote_game_reclaim(s->game, t->token, &seat, &error)) {
        /* a seat given up, or another daemon's token: not ours */
        g_clear_error(&error);
        continue;
      }
      if (bot) {
        s->bots |= 1u << seat;
        /* as chosen when the seat was taken (greedy when nothing is
         * recorded) */
        MeepleStrategy chosen;
        if (seat < MEEPLE_MAX_PLAYERS &&
            mg_bot_strategies_load(s->conn->store, s->id, seat, &chosen)) {
          s->strategies[seat] = chosen;
          g_clear_pointer(&s->bot_players[seat], meeple_bot_player_free);
        }
      } else {
        s->players |= 1u << seat;
      }
      n++;
    }
    g_ptr_array_unref(tokens);
  }
  schedule_bot(s);
  return n;
}

void
mg_session_try_start(MgSession *s)
{
  if (!s->game || !(s->players | s->bots))
    return;
  const MeepleClientState *state = meeple_remote_game_state(s->game, NULL);
  if (!state || strcmp(state->status, "waiting") != 0)
    return;
  GError *error = NULL;
  if (!meeple_remote_game_start(s->game, &error)) {
    /* not every seat taken yet, or another client started it first */
    g_clear_error(&error);
    return;
  }
  schedule_bot(s);
}

gboolean
mg_session_plays(MgSession *s, guint seat)
{
  return seat < 32 && (s->players & (1u << seat));
}

gboolean
mg_session_bot_plays(MgSession *s, guint seat)
{
  return seat < 32 && (s->bots & (1u << seat));
}

gboolean
mg_session_has_player(MgSession *s)
{
  return s->players != 0;
}

const char *
mg_session_removed(MgSession *session)
{
  return session->removed;
}

gboolean
mg_session_connected(MgSession *s)
{
  return s->game != NULL;
}

gboolean
mg_session_act(MgSession *s, const MeepleClientDecision *decision,
               guint index, GError **error)
{
  if (!s->game) {
    g_set_error(error, MEEPLE_CLIENT_ERROR, MEEPLE_CLIENT_ERROR_NO_DAEMON,
                "not connected");
    return FALSE;
  }
  gboolean ok = meeple_remote_game_act(s->game, decision->seat, decision,
                                       index, error);
  schedule_bot(s);
  return ok;
}
