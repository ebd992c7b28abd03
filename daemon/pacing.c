/* pacing.c — a game's PropertiesChanged at most once per
 * --property-interval (doc/dbus-api.md, "Signals").
 *
 * A game's signal is due one interval after the change that had to wait,
 * and the interval is the same for every game, so the waiting games are
 * due in the order they started waiting: one queue and one timer for
 * its head serve them all.  A timer per game would make every main-loop
 * iteration walk as many sources as there are games in play. */
#include "config.h"

#include "daemon.h"

static gboolean pacing_due(gpointer data);

static void
arm(Daemon *d)
{
  GList *first = d->paced.head;
  if (!first || d->pacing_timer)
    return;
  gint64 wait = ((GameObject *)first->data)->props_due - g_get_monotonic_time();
  /* rounded up: a timer that fires early would find nothing due */
  guint ms = wait > 0 ? (guint)((wait + 999) / 1000) : 0;
  d->pacing_timer = g_timeout_add(ms, pacing_due, d);
}

static gboolean
pacing_due(gpointer data)
{
  Daemon *d = data;
  gint64 now = g_get_monotonic_time();
  d->pacing_timer = 0;
  GList *first;
  while ((first = d->paced.head) &&
         ((GameObject *)first->data)->props_due <= now)
    /* takes the game off the queue (pacing_forget) */
    game_object_send_properties(first->data);
  arm(d);
  return G_SOURCE_REMOVE;
}

gboolean
pacing_may_send(const GameObject *g)
{
  gint64 interval = g->daemon->property_interval;
  return interval <= 0 || !g->props_sent_at ||
         g_get_monotonic_time() - g->props_sent_at >= interval;
}

void
pacing_defer(GameObject *g)
{
  Daemon *d = g->daemon;
  if (g->paced_link.data)
    return;   /* already waiting: its signal will carry this change too */
  g->props_due = g_get_monotonic_time() + d->property_interval;
  g->paced_link.data = g;
  g_queue_push_tail_link(&d->paced, &g->paced_link);
  arm(d);
}

void
pacing_forget(GameObject *g)
{
  if (!g->paced_link.data)
    return;
  g_queue_unlink(&g->daemon->paced, &g->paced_link);
  g->paced_link.data = NULL;
  /* the timer stays: when it fires for nothing it re-arms for the head */
}

void
pacing_clear(Daemon *d)
{
  if (d->pacing_timer)
    g_source_remove(d->pacing_timer);
  d->pacing_timer = 0;
  GList *link;
  while ((link = g_queue_pop_head_link(&d->paced)))
    link->data = NULL;
}
