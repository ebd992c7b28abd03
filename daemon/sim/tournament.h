/* tournament.h — meeple-sim tournament: the statistics of a set of games
 * between strategies (win rates with 95% confidence intervals, mean
 * scores, Elo) and their table and JSON forms.  cmd-tournament.c plays
 * the games. */
#ifndef MEEPLE_SIM_TOURNAMENT_H
#define MEEPLE_SIM_TOURNAMENT_H

#include <glib.h>
#include <meeple.h>

G_BEGIN_DECLS

/* One finished game: which strategy sat where, and the final scores. */
typedef struct {
  guint64 seed;
  guint n_players;
  guint strategy[MEEPLE_MAX_PLAYERS]; /* strategy index per seat */
  int score[MEEPLE_MAX_PLAYERS];      /* final score per seat */
  double think[MEEPLE_MAX_PLAYERS];   /* seconds spent choosing per seat */
  guint64 iterations[MEEPLE_MAX_PLAYERS];
  guint moves[MEEPLE_MAX_PLAYERS];    /* moves (runs of actions), per seat */
  guint64 fallbacks;
} SimGameResult;

/* Per strategy, over every game. */
typedef struct {
  guint games;
  double wins;          /* a shared first place counts 1/k */
  double win_rate, win_low, win_high; /* Wilson 95% interval */
  double mean_score, mean_margin;     /* margin: minus the best opponent */
  double elo, elo_low, elo_high;      /* vs the first strategy, 95% */
  double think_per_move;              /* seconds */
  double playouts_per_move;
} SimStrategySummary;

/* Wilson score interval at 95% of @wins successes in @n trials. */
void sim_wilson(double wins, guint n, double *low, double *high);
/* Elo difference for an expected score @p (clamped away from 0 and 1 by
 * half a game of @n). */
double sim_elo(double p, guint n);

/* Summaries of @n_strategies strategies from @n_results games; Elo is
 * each one's head-to-head score against strategy 0 in the same games. */
void sim_tournament_summarise(const SimGameResult *results, guint n_results,
                              guint n_strategies,
                              SimStrategySummary *summaries);

/* The table (for people) and the JSON object (for programs); @names are
 * the strategies as given, @header says what was played. */
void sim_tournament_table(GString *out, const char *header,
                          const char *const *names, guint n_strategies,
                          const SimStrategySummary *summaries);
void sim_tournament_json(GString *out, const char *rules, guint n_players,
                         guint n_games, guint64 seed,
                         const char *const *names, guint n_strategies,
                         const SimStrategySummary *summaries,
                         const SimGameResult *results, guint n_results);

G_END_DECLS

#endif
