/* bench-playouts.h — meeple-sim bench: playouts per second from a
 * mid-game position (a seeded random game stopped at the tile decision
 * when half the supply is drawn), the figure bots are compared by.  Two
 * measures: random playouts to the end of the game on engine clones (what
 * a plain UCT bot does; README names a Java UCT bot as the anchor), and
 * the search strategy's iterations (clients/bot/search.c: truncated
 * playouts judged by the evaluation, tree and rebuilt games included). */
#ifndef MEEPLE_SIM_BENCH_PLAYOUTS_H
#define MEEPLE_SIM_BENCH_PLAYOUTS_H

#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

typedef struct {
  double playouts_per_s;         /* random playouts to the end, one core */
  double decisions_per_playout;
  double search_per_s;           /* search iterations, one thread */
} SimPlayoutFigures;

/* Measures both for @rules, random playouts for @seconds; run @run seeds
 * the playouts.  FALSE with @error on an engine error. */
gboolean sim_bench_playouts(MeepleRules *rules, double seconds, guint run,
                            SimPlayoutFigures *out, GError **error);

G_END_DECLS

#endif
