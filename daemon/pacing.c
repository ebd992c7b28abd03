/* pacing.c — a game's per-move properties signalled at most once per
 * --property-interval (doc/dbus-api.md, "Pacing").  A change that must
 * wait is due one interval after it came, and the interval is the same
 * for every game, so the waiting games are a Deadlines queue. */
#include "config.h"

#include "daemon.h"

static gint64
pacing_due(gpointer game)
{
  return ((GameObject *)game)->props_due;
}

static void
pacing_fire(gpointer game)
{
  /* takes the game off the queue (pacing_forget) */
  game_object_send_properties(game);
}

void
pacing_init(Daemon *d, guint interval_ms)
{
  d->property_interval = (gint64)interval_ms * 1000;
  deadlines_init(&d->paced, pacing_due, pacing_fire);
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
  if (deadlines_queued(&g->paced_link))
    return;   /* already waiting: its signal will carry this change too */
  g->props_due = g_get_monotonic_time() + g->daemon->property_interval;
  deadlines_push(&g->daemon->paced, &g->paced_link, g);
}

void
pacing_forget(GameObject *g)
{
  deadlines_unlink(&g->daemon->paced, &g->paced_link);
}
