/* tournament.c — statistics and output of meeple-sim tournament
 * (tournament.h). */
#include "config.h"

#include <math.h>

#include "tournament.h"

/* The normal quantile of a two-sided 95% interval. */
#define Z95 1.959963984540054

void
sim_wilson(double wins, guint n, double *low, double *high)
{
  if (n == 0) {
    *low = 0;
    *high = 1;
    return;
  }
  /* Wilson's interval stays inside 0..1 and is sound for small samples
   * and rates near 0 or 1, unlike the normal approximation. */
  double p = wins / n, z2 = Z95 * Z95;
  double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
  double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) /
                (1 + z2 / n);
  *low = MAX(0.0, centre - half);
  *high = MIN(1.0, centre + half);
}

double
sim_elo(double p, guint n)
{
  double eps = n ? 0.5 / n : 0.01;
  p = CLAMP(p, eps, 1 - eps);
  return -400.0 * log10(1.0 / p - 1.0);
}

void
sim_tournament_summarise(const SimGameResult *results, guint n_results,
                         guint n_strategies, SimStrategySummary *sum)
{
  double *score = g_new0(double, n_strategies);
  double *margin = g_new0(double, n_strategies);
  double *think = g_new0(double, n_strategies);
  double *playouts = g_new0(double, n_strategies);
  guint *moves = g_new0(guint, n_strategies);
  double *h2h = g_new0(double, n_strategies);   /* score vs strategy 0 */
  guint *h2h_n = g_new0(guint, n_strategies);
  for (guint s = 0; s < n_strategies; s++)
    sum[s] = (SimStrategySummary){ 0 };
  for (guint g = 0; g < n_results; g++) {
    const SimGameResult *r = &results[g];
    int best = G_MININT;
    guint n_best = 0;
    for (guint p = 0; p < r->n_players; p++) {
      if (r->score[p] > best) {
        best = r->score[p];
        n_best = 1;
      } else if (r->score[p] == best) {
        n_best++;
      }
    }
    for (guint p = 0; p < r->n_players; p++) {
      guint s = r->strategy[p];
      int other = G_MININT;
      for (guint q = 0; q < r->n_players; q++)
        if (q != p)
          other = MAX(other, r->score[q]);
      sum[s].games++;
      if (r->score[p] == best)
        sum[s].wins += 1.0 / n_best;
      score[s] += r->score[p];
      margin[s] += r->score[p] - other;
      think[s] += r->think[p];
      playouts[s] += (double)r->iterations[p];
      moves[s] += r->moves[p];
      /* Head to head against strategy 0 sitting in the same game. */
      for (guint q = 0; q < r->n_players; q++)
        if (q != p && r->strategy[q] == 0 && s != 0) {
          h2h[s] += r->score[p] > r->score[q] ? 1.0
                  : r->score[p] == r->score[q] ? 0.5 : 0.0;
          h2h_n[s]++;
        }
    }
  }
  for (guint s = 0; s < n_strategies; s++) {
    guint n = sum[s].games;
    sum[s].win_rate = n ? sum[s].wins / n : 0;
    sim_wilson(sum[s].wins, n, &sum[s].win_low, &sum[s].win_high);
    sum[s].mean_score = n ? score[s] / n : 0;
    sum[s].mean_margin = n ? margin[s] / n : 0;
    sum[s].think_per_move = moves[s] ? think[s] / moves[s] : 0;
    sum[s].playouts_per_move = moves[s] ? playouts[s] / moves[s] : 0;
    if (s > 0 && h2h_n[s]) {
      double lo, hi;
      sim_wilson(h2h[s], h2h_n[s], &lo, &hi);
      sum[s].elo = sim_elo(h2h[s] / h2h_n[s], h2h_n[s]);
      sum[s].elo_low = sim_elo(lo, h2h_n[s]);
      sum[s].elo_high = sim_elo(hi, h2h_n[s]);
    }
  }
  g_free(score);
  g_free(margin);
  g_free(think);
  g_free(playouts);
  g_free(moves);
  g_free(h2h);
  g_free(h2h_n);
}

void
sim_tournament_table(GString *out, const char *header,
                     const char *const *names, guint n_strategies,
                     const SimStrategySummary *sum)
{
  int width = 8;
  for (guint s = 0; s < n_strategies; s++)
    width = MAX(width, (int)g_utf8_strlen(names[s], -1));
  g_string_append_printf(out, "%s\n", header);
  g_string_append_printf(out,
                         "%-*s  games    wins  win rate  95%% CI           "
                         "mean score  margin      Elo  Elo 95%% CI     "
                         "s/move  playouts/move\n", width, "strategy");
  for (guint s = 0; s < n_strategies; s++) {
    const SimStrategySummary *m = &sum[s];
    char elo[64];
    if (s == 0)
      g_snprintf(elo, sizeof elo, "%8s  %-14s", "0", "(reference)");
    else
      g_snprintf(elo, sizeof elo, "%+8.0f  [%+.0f, %+.0f]%*s", m->elo,
                 m->elo_low, m->elo_high, 0, "");
    g_string_append_printf(out,
                           "%-*s  %5u  %6.1f  %7.1f%%  [%5.1f%%, %5.1f%%]  "
                           "%10.1f  %+6.1f  %-26s %6.3f  %13.0f\n",
                           width, names[s], m->games, m->wins,
                           100 * m->win_rate, 100 * m->win_low,
                           100 * m->win_high, m->mean_score, m->mean_margin,
                           elo, m->think_per_move, m->playouts_per_move);
  }
}

static void
json_string(GString *out, const char *text)
{
  g_string_append_c(out, '"');
  for (const char *c = text; *c; c++) {
    if (*c == '"' || *c == '\\')
      g_string_append_printf(out, "\\%c", *c);
    else if ((unsigned char)*c < 0x20)
      g_string_append_printf(out, "\\u%04x", *c);
    else
      g_string_append_c(out, *c);
  }
  g_string_append_c(out, '"');
}

/* Numbers as JSON writes them, whatever the locale's decimal mark. */
static void
json_number(GString *out, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.6g", value));
}

void
sim_tournament_json(GString *out, const char *rules, guint n_players,
                    guint n_games, guint64 seed, const char *const *names,
                    guint n_strategies, const SimStrategySummary *sum,
                    const SimGameResult *results, guint n_results)
{
  g_string_append(out, "{\"rules\":");
  json_string(out, rules);
  g_string_append_printf(out, ",\"players\":%u,\"games\":%u,\"seed\":%"
                         G_GUINT64_FORMAT ",\"strategies\":[",
                         n_players, n_games, seed);
  for (guint s = 0; s < n_strategies; s++) {
    const SimStrategySummary *m = &sum[s];
    g_string_append(out, s ? ",{\"name\":" : "{\"name\":");
    json_string(out, names[s]);
    g_string_append_printf(out, ",\"games\":%u,\"wins\":", m->games);
    json_number(out, m->wins);
    const struct { const char *key; double value; } fields[] = {
      { "win_rate", m->win_rate }, { "win_rate_low", m->win_low },
      { "win_rate_high", m->win_high }, { "mean_score", m->mean_score },
      { "mean_margin", m->mean_margin }, { "elo", m->elo },
      { "elo_low", m->elo_low }, { "elo_high", m->elo_high },
      { "seconds_per_move", m->think_per_move },
      { "playouts_per_move", m->playouts_per_move },
    };
    for (gsize f = 0; f < G_N_ELEMENTS(fields); f++) {
      g_string_append_printf(out, ",\"%s\":", fields[f].key);
      json_number(out, fields[f].value);
    }
    g_string_append_c(out, '}');
  }
  g_string_append(out, "],\"results\":[");
  for (guint g = 0; g < n_results; g++) {
    const SimGameResult *r = &results[g];
    g_string_append_printf(out, "%s{\"seed\":%" G_GUINT64_FORMAT
                           ",\"seats\":[", g ? "," : "", r->seed);
    for (guint p = 0; p < r->n_players; p++)
      g_string_append_printf(out, "%s{\"strategy\":%u,\"score\":%d}",
                             p ? "," : "", r->strategy[p], r->score[p]);
    g_string_append(out, "]}");
  }
  g_string_append(out, "]}\n");
}
