/* tournament-log.h — the file of `meeple-sim tournament --resume FILE`:
 * every finished game is appended to it as one line, so a tournament
 * that is stopped (a machine switched off, a session that ends) goes on
 * where it stopped when the same command runs again.
 *
 * The file is text:
 *   meeple-sim tournament log 1
 *   settings strategies search:1s,greedy; rules base/1.0; players 2; ...
 *   game 0 seed 1045... strategies 0,1 scores 129,88 think 27.1,0.3
 *     iterations 812345,0 moves 36,36 fallbacks 0     (one line)
 * A game line lists one value per seat in each group.  A last line
 * without its newline is a game cut off while it was written: it is
 * dropped, and the game is played again. */
#ifndef MEEPLE_SIM_TOURNAMENT_LOG_H
#define MEEPLE_SIM_TOURNAMENT_LOG_H

#include <glib.h>

#include "tournament.h"

G_BEGIN_DECLS

typedef struct SimTournamentLog SimTournamentLog;

/* The seed game @game of a tournament seeded @seed plays (games are in
 * mirrored sets of @n_players, one seed a set). */
guint64 sim_tournament_game_seed(guint64 seed, guint game, guint n_players);

/* Opens (creating it when missing) the log at @path of the tournament
 * described by @settings, of @n_games games of @n_players seats seeded
 * @seed.  Games already in it are copied into @results (n_games
 * entries) and marked TRUE in @done; their number goes to @n_done.
 * NULL with @error when the file is of another tournament, or a line
 * cannot be read ("FILE:LINE: why"), or the file cannot be written. */
SimTournamentLog *sim_tournament_log_open(const char *path,
                                          const char *settings,
                                          guint n_games, guint n_players,
                                          guint64 seed,
                                          SimGameResult *results,
                                          gboolean *done, guint *n_done,
                                          GError **error);

/* Appends game @game's result and flushes it to the disk.  Not thread
 * safe: callers serialise. */
gboolean sim_tournament_log_add(SimTournamentLog *log, guint game,
                                const SimGameResult *result, GError **error);

void sim_tournament_log_close(SimTournamentLog *log);

G_END_DECLS

#endif
