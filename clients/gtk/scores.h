/* scores.h — where the points came from and how they grew: a table of
 * each seat's points by feature kind or rule set (from the log's
 * points-scored events), and a plot of the scores over the turns. */
#ifndef MG_SCORES_H
#define MG_SCORES_H

#include <gtk/gtk.h>
#include "meeple-client.h"

G_BEGIN_DECLS

typedef struct MgScores MgScores;

MgScores *mg_scores_new(void);
void mg_scores_free(MgScores *scores);
/* The widget (a box with the table and the plot). */
GtkWidget *mg_scores_widget(MgScores *scores);
/* Recomputes from the first @n events of @events. */
void mg_scores_update(MgScores *scores, const MeepleClientState *state,
                      GPtrArray *events, guint n);
/* The points of @seat in @category ("road", "city", a rule set's
 * name ...), for tests; -1 when the category is not shown. */
int mg_scores_points(MgScores *scores, guint seat, const char *category);

G_END_DECLS

#endif
