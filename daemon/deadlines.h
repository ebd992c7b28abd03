/* deadlines.h — items that fall due in the order they were queued,
 * served by one timer for the first of them.
 *
 * The daemon has three such queues: finished games waiting to expire
 * (--keep-finished), games waiting to signal their merged properties
 * (--property-interval) and games waiting for players
 * (--waiting-timeout).  Each waits a fixed time from when it is
 * queued, so the queue is in the order of the due times, and one timer
 * does for thousands of items: a timer per item would make every
 * main-loop iteration walk thousands of sources. */
#ifndef MEEPLED_DEADLINES_H
#define MEEPLED_DEADLINES_H

#include <glib.h>

typedef struct {
  GQueue items;
  guint timer;
  /* When @item falls due (monotonic µs). */
  gint64 (*due)(gpointer item);
  /* @item has fallen due; it must leave the queue (deadlines_unlink). */
  void (*fire)(gpointer item);
} Deadlines;

void deadlines_init(Deadlines *queue, gint64 (*due)(gpointer item),
                    void (*fire)(gpointer item));
/* Queues @item with @link, a GList the item owns (no allocation), in the
 * order of the due times: O(1) when it is due last, as in the queues
 * whose items all wait the same time. */
void deadlines_push(Deadlines *queue, GList *link, gpointer item);
/* Whether @link is queued. */
static inline gboolean
deadlines_queued(const GList *link)
{
  return link->data != NULL;
}
/* Takes @link off the queue, if it is queued. */
void deadlines_unlink(Deadlines *queue, GList *link);
guint deadlines_length(const Deadlines *queue);
/* Stops the timer and empties the queue (shutdown). */
void deadlines_clear(Deadlines *queue);

#endif
