/* tournament-log.c — the log a resumable tournament keeps
 * (tournament-log.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "tournament-log.h"

#define MAGIC "meeple-sim tournament log 1"

struct SimTournamentLog {
  char *path;
  FILE *file;
};

guint64
sim_tournament_game_seed(guint64 seed, guint game, guint n_players)
{
  /* SplitMix64 of the tournament seed and the set, so neighbouring sets
   * share nothing. */
  guint set = game / n_players;
  guint64 z = seed + (guint64)(set + 1) * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* ---- reading ---------------------------------------------------------- */

typedef enum { VALUE_UINT, VALUE_INT, VALUE_DOUBLE } ValueType;

/* Reads @n comma-separated values of @type from @text into @out (an
 * array of guint64, gint64 or double). */
static gboolean
parse_values(const char *text, guint n, ValueType type, void *out)
{
  g_auto(GStrv) items = g_strsplit(text, ",", -1);
  if (g_strv_length(items) != n)
    return FALSE;
  for (guint i = 0; i < n; i++) {
    const char *s = items[i];
    char *end = NULL;
    if (!*s)
      return FALSE;
    switch (type) {
    case VALUE_UINT:
      if (!g_ascii_string_to_unsigned(s, 10, 0, G_MAXUINT64,
                                      &((guint64 *)out)[i], NULL))
        return FALSE;
      break;
    case VALUE_INT:
      if (!g_ascii_string_to_signed(s, 10, -1000000, 1000000,
                                    &((gint64 *)out)[i], NULL))
        return FALSE;
      break;
    case VALUE_DOUBLE:
      ((double *)out)[i] = g_ascii_strtod(s, &end);
      if (*end || !(((double *)out)[i] >= 0) ||
          ((double *)out)[i] > 1e12)
        return FALSE;
      break;
    }
  }
  return TRUE;
}

/* One game line into @r and its index into @game; FALSE with @why (a
 * static text) when it is not one of this tournament's games. */
static gboolean
parse_game(const char *line, guint n_games, guint n_players, guint64 seed,
           guint *game, SimGameResult *r, const char **why)
{
  g_auto(GStrv) tokens = g_strsplit(line, " ", -1);
  guint n_tokens = g_strv_length(tokens);
  static const char *const keys[] = {
    "game", "seed", "strategies", "scores", "think", "iterations",
    "moves", "fallbacks",
  };
  *why = "expected 'game N seed S strategies ... scores ... think ... "
         "iterations ... moves ... fallbacks N'";
  if (n_tokens != 2 * G_N_ELEMENTS(keys))
    return FALSE;
  for (guint k = 0; k < G_N_ELEMENTS(keys); k++)
    if (strcmp(tokens[2 * k], keys[k]) != 0)
      return FALSE;
  guint64 index, game_seed, fallbacks;
  guint64 strategy[MEEPLE_MAX_PLAYERS], iterations[MEEPLE_MAX_PLAYERS];
  guint64 moves[MEEPLE_MAX_PLAYERS];
  gint64 score[MEEPLE_MAX_PLAYERS];
  double think[MEEPLE_MAX_PLAYERS];
  if (!parse_values(tokens[1], 1, VALUE_UINT, &index) ||
      !parse_values(tokens[3], 1, VALUE_UINT, &game_seed) ||
      !parse_values(tokens[5], n_players, VALUE_UINT, strategy) ||
      !parse_values(tokens[7], n_players, VALUE_INT, score) ||
      !parse_values(tokens[9], n_players, VALUE_DOUBLE, think) ||
      !parse_values(tokens[11], n_players, VALUE_UINT, iterations) ||
      !parse_values(tokens[13], n_players, VALUE_UINT, moves) ||
      !parse_values(tokens[15], 1, VALUE_UINT, &fallbacks)) {
    *why = "a value is missing or not a number, or a group does not have "
           "one value per seat";
    return FALSE;
  }
  if (index >= n_games) {
    *why = "no such game in this tournament";
    return FALSE;
  }
  if (game_seed != sim_tournament_game_seed(seed, (guint)index, n_players)) {
    *why = "the game's seed is not the one this tournament gives it";
    return FALSE;
  }
  memset(r, 0, sizeof *r);
  r->seed = game_seed;
  r->n_players = n_players;
  for (guint p = 0; p < n_players; p++) {
    /* Strategy s sits at seat (s + game) % n (cmd-tournament.c). */
    if (strategy[p] != (p + n_players - index % n_players) % n_players) {
      *why = "the seats are not where this tournament puts them";
      return FALSE;
    }
    if (moves[p] > G_MAXUINT) {
      *why = "too many moves";
      return FALSE;
    }
    r->strategy[p] = (guint)strategy[p];
    r->score[p] = (int)score[p];
    r->think[p] = think[p];
    r->iterations[p] = iterations[p];
    r->moves[p] = (guint)moves[p];
  }
  r->fallbacks = fallbacks;
  *game = (guint)index;
  *why = NULL;
  return TRUE;
}

/* Reads an existing log; the length of its complete lines goes to
 * @keep (a cut-off last line is dropped). */
static gboolean
read_log(const char *path, const char *contents, gsize length,
         const char *settings, guint n_games, guint n_players, guint64 seed,
         SimGameResult *results, gboolean *done, guint *n_done, gsize *keep,
         GError **error)
{
  /* Lines are C strings from here on: a NUL would hide what follows. */
  if (memchr(contents, '\0', length)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                "%s: not a meeple-sim tournament log (it holds a NUL byte)",
                path);
    return FALSE;
  }
  gsize complete = length;
  while (complete > 0 && contents[complete - 1] != '\n')
    complete--;
  /* Never overwrite a file that is not ours: a log cut off inside its
   * first line is still the start of it. */
  if (complete == 0 && length > 0 &&
      (length > strlen(MAGIC) || strncmp(contents, MAGIC, length) != 0)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                "%s:1: not a meeple-sim tournament log (its first line is "
                "not '" MAGIC "')", path);
    return FALSE;
  }
  *keep = complete;
  char *text = g_strndup(contents, complete);
  char **lines = g_strsplit(text, "\n", -1);
  g_free(text);
  guint n_lines = g_strv_length(lines);
  if (n_lines > 0 && lines[n_lines - 1][0] == '\0')
    n_lines--; /* after the last newline */
  gboolean ok = TRUE;
  g_autofree char *expected = g_strconcat("settings ", settings, NULL);
  for (guint i = 0; i < n_lines && ok; i++) {
    const char *line = lines[i];
    const char *why = NULL;
    if (i == 0) {
      if (strcmp(line, MAGIC) != 0)
        why = "not a meeple-sim tournament log (its first line is not '"
              MAGIC "')";
    } else if (i == 1) {
      if (strcmp(line, expected) != 0) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "%s:2: the log is of another tournament: '%s', not "
                    "'%s'; give another file, or the options it was "
                    "written with", path, line, expected);
        ok = FALSE;
      }
    } else {
      guint game;
      SimGameResult r;
      if (!parse_game(line, n_games, n_players, seed, &game, &r, &why)) {
        /* why is set */
      } else if (done[game]) {
        why = "the game is in the log twice";
      } else {
        results[game] = r;
        done[game] = TRUE;
        (*n_done)++;
      }
    }
    if (why) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: %s",
                  path, i + 1, why);
      ok = FALSE;
    }
  }
  if (ok && n_lines == 1) {
    /* Cut off after the first line: write the settings again. */
    *keep = strlen(MAGIC) + 1;
  } else if (ok && n_lines == 0) {
    *keep = 0;
  }
  g_strfreev(lines);
  return ok;
}

SimTournamentLog *
sim_tournament_log_open(const char *path, const char *settings,
                        guint n_games, guint n_players, guint64 seed,
                        SimGameResult *results, gboolean *done,
                        guint *n_done, GError **error)
{
  *n_done = 0;
  char *contents = NULL;
  gsize length = 0, keep = 0;
  GError *read_error = NULL;
  if (g_file_get_contents(path, &contents, &length, &read_error)) {
    gboolean ok = read_log(path, contents, length, settings, n_games,
                           n_players, seed, results, done, n_done, &keep,
                           error);
    g_free(contents);
    if (!ok)
      return NULL;
  } else if (g_error_matches(read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
    g_clear_error(&read_error);
  } else {
    g_propagate_error(error, read_error);
    return NULL;
  }
  /* Append after the complete lines: "r+" keeps them, a new file gets
   * the header. */
  FILE *file = keep ? g_fopen(path, "r+") : g_fopen(path, "w");
  if (!file || (keep && (fseek(file, (long)keep, SEEK_SET) != 0 ||
                         ftruncate(fileno(file), (off_t)keep) != 0))) {
    int saved = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "%s: cannot write: %s", path, g_strerror(saved));
    if (file)
      fclose(file);
    return NULL;
  }
  if (keep == 0)
    fprintf(file, MAGIC "\n");
  if (keep <= strlen(MAGIC) + 1)
    fprintf(file, "settings %s\n", settings);
  SimTournamentLog *log = g_new0(SimTournamentLog, 1);
  log->path = g_strdup(path);
  log->file = file;
  if (fflush(file) != 0) {
    int saved = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "%s: cannot write: %s", path, g_strerror(saved));
    sim_tournament_log_close(log);
    return NULL;
  }
  return log;
}

/* ---- writing ---------------------------------------------------------- */

static void
append_group(GString *line, const char *key, guint n, const void *values,
             ValueType type)
{
  g_string_append_printf(line, " %s ", key);
  for (guint i = 0; i < n; i++) {
    if (i)
      g_string_append_c(line, ',');
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    switch (type) {
    case VALUE_UINT:
      g_string_append_printf(line, "%" G_GUINT64_FORMAT,
                             ((const guint64 *)values)[i]);
      break;
    case VALUE_INT:
      g_string_append_printf(line, "%d", ((const int *)values)[i]);
      break;
    case VALUE_DOUBLE:
      g_string_append(line, g_ascii_formatd(buf, sizeof buf, "%.6f",
                                            ((const double *)values)[i]));
      break;
    }
  }
}

gboolean
sim_tournament_log_add(SimTournamentLog *log, guint game,
                       const SimGameResult *r, GError **error)
{
  guint n = r->n_players;
  guint64 strategy[MEEPLE_MAX_PLAYERS], moves[MEEPLE_MAX_PLAYERS];
  for (guint p = 0; p < n; p++) {
    strategy[p] = r->strategy[p];
    moves[p] = r->moves[p];
  }
  GString *line = g_string_new(NULL);
  g_string_append_printf(line, "game %u seed %" G_GUINT64_FORMAT, game,
                         r->seed);
  append_group(line, "strategies", n, strategy, VALUE_UINT);
  append_group(line, "scores", n, r->score, VALUE_INT);
  append_group(line, "think", n, r->think, VALUE_DOUBLE);
  append_group(line, "iterations", n, r->iterations, VALUE_UINT);
  append_group(line, "moves", n, moves, VALUE_UINT);
  g_string_append_printf(line, " fallbacks %" G_GUINT64_FORMAT "\n",
                         r->fallbacks);
  /* On the disk before the next game starts: a game costs seconds, a
   * sync milliseconds. */
  gboolean ok = fwrite(line->str, 1, line->len, log->file) == line->len &&
                fflush(log->file) == 0 && fsync(fileno(log->file)) == 0;
  g_string_free(line, TRUE);
  if (!ok) {
    int saved = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved),
                "%s: cannot write: %s", log->path, g_strerror(saved));
  }
  return ok;
}

void
sim_tournament_log_close(SimTournamentLog *log)
{
  if (!log)
    return;
  fclose(log->file);
  g_free(log->path);
  g_free(log);
}
