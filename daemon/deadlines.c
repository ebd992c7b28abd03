/* deadlines.c — see deadlines.h. */
#include "config.h"

#include "deadlines.h"

static gboolean deadlines_fire(gpointer data);

/* Arms the timer for the first item, unless it is armed. */
static void
arm(Deadlines *q)
{
  GList *first = q->items.head;
  if (!first || q->timer)
    return;
  gint64 wait = q->due(first->data) - g_get_monotonic_time();
  /* rounded up: a timer that fires early finds nothing due */
  guint ms = wait > 0 ? (guint)MIN((wait + 999) / 1000, (gint64)G_MAXUINT)
                      : 0;
  q->timer = g_timeout_add(ms, deadlines_fire, q);
}

static gboolean
deadlines_fire(gpointer data)
{
  Deadlines *q = data;
  gint64 now = g_get_monotonic_time();
  q->timer = 0;
  GList *first;
  /* each fire() takes its item off the queue */
  while ((first = q->items.head) && q->due(first->data) <= now)
    q->fire(first->data);
  arm(q);
  return G_SOURCE_REMOVE;
}

void
deadlines_init(Deadlines *q, gint64 (*due)(gpointer item),
               void (*fire)(gpointer item))
{
  g_queue_init(&q->items);
  q->timer = 0;
  q->due = due;
  q->fire = fire;
}

void
deadlines_push(Deadlines *q, GList *link, gpointer item)
{
  g_return_if_fail(!deadlines_queued(link) && item);
  link->data = item;
  link->prev = link->next = NULL;
  gint64 due = q->due(item);
  /* Nearly always the last: walk back only past items due later (the
   * waiting games read back at start-up come in id order). */
  GList *before = q->items.tail;
  while (before && q->due(before->data) > due)
    before = before->prev;
  if (before) {
    g_queue_insert_after_link(&q->items, before, link);
  } else {
    g_queue_push_head_link(&q->items, link);
    /* the new first item is due before the timer fires */
    g_clear_handle_id(&q->timer, g_source_remove);
  }
  arm(q);
}

void
deadlines_unlink(Deadlines *q, GList *link)
{
  if (!deadlines_queued(link))
    return;
  g_queue_unlink(&q->items, link);
  link->data = NULL;
  /* The timer stays: firing for nothing, it re-arms for the new first. */
}

guint
deadlines_length(const Deadlines *q)
{
  return q->items.length;
}

void
deadlines_clear(Deadlines *q)
{
  if (q->timer)
    g_source_remove(q->timer);
  q->timer = 0;
  GList *link;
  while ((link = g_queue_pop_head_link(&q->items)))
    link->data = NULL;
}
