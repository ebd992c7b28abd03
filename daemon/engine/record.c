/* record.c — game records: parse, resolve, replay and write
 * (meeple/record.h; the format is specified in doc/game-record.md).
 *
 * Only the public API of libmeeple is used here: a record is text about a
 * game, and everything it says must be checkable through the same calls a
 * client makes.  Every failure is a GError whose message starts with
 * "file:line:column: " (DESIGN invariant 5); no input may crash us.
 */
#include "meeple.h"

#include <glib/gstdio.h>
#include <stdarg.h>
#include <string.h>

/* Limits, so that hostile input cannot make us allocate without bound or
 * overflow the int line/column numbers.  A full base game is ~5 KiB and
 * ~150 actions; each parsed action costs ~70 bytes. */
#define RECORD_MAX_SIZE ((gsize)16 << 20)
#define RECORD_MAX_LINE 65536
#define RECORD_MAX_ACTIONS 1000000
/* Longest piece of user text quoted back in a message. */
#define SNIPPET_CHARS 60
/* Legal actions listed in an "illegal action" message. */
#define LEGAL_SHOWN 8

static const char *const header_keys[] = {
  "meepled-record", "rules", "players", "seed", "tiles", "farmers", NULL,
};
#define HEADER_KEY_LIST "meepled-record, rules, players, seed, tiles, farmers"

/* ---- the record and where its header items were ------------------------- */

typedef struct {
  int line;   /* 1-based; 0 = absent */
  int column; /* 1-based, in characters */
} Pos;

/* The public record plus positions of header items, which
 * meeple_record_config() needs for its messages but record.h has no field
 * for.  @pub must stay first: a MeepleRecord* from meeple_record_parse()
 * is a RecordPriv*. */
typedef struct {
  MeepleRecord pub;
  Pos format_pos, rules_pos, players_pos, seed_pos, tiles_pos, farmers_pos;
  GArray *ruleset_pos; /* Pos per pub.rulesets entry */
  GArray *tile_pos;    /* Pos per pub.tile_order entry */
  Pos end;             /* just after the last character of the text */
} RecordPriv;

static void
action_free(gpointer p)
{
  MeepleRecordAction *a = p;
  g_free(a->text);
  g_free(a);
}

static RecordPriv *
record_new(const char *filename)
{
  RecordPriv *rec = g_new0(RecordPriv, 1);
  rec->pub.filename = g_strdup(filename);
  rec->pub.format = MEEPLE_RECORD_FORMAT;
  rec->pub.rulesets = g_ptr_array_new_with_free_func(g_free);
  rec->pub.players = g_ptr_array_new_with_free_func(g_free);
  rec->pub.actions = g_ptr_array_new_with_free_func(action_free);
  rec->ruleset_pos = g_array_new(FALSE, TRUE, sizeof(Pos));
  rec->tile_pos = g_array_new(FALSE, TRUE, sizeof(Pos));
  return rec;
}

void
meeple_record_free(MeepleRecord *record)
{
  if (!record)
    return;
  RecordPriv *rec = (RecordPriv *)record;
  g_free(record->filename);
  g_clear_pointer(&record->rulesets, g_ptr_array_unref);
  g_clear_pointer(&record->players, g_ptr_array_unref);
  g_clear_pointer(&record->tile_order, g_ptr_array_unref);
  g_clear_pointer(&record->actions, g_ptr_array_unref);
  g_clear_pointer(&rec->ruleset_pos, g_array_unref);
  g_clear_pointer(&rec->tile_pos, g_array_unref);
  g_free(rec);
}

/* ---- messages ----------------------------------------------------------- */

G_GNUC_PRINTF(6, 7) static void
record_error(GError **error, int code, const char *file, int line,
             int column, const char *format, ...)
{
  va_list ap;
  va_start(ap, format);
  char *msg = g_strdup_vprintf(format, ap);
  va_end(ap);
  char *full = g_strdup_printf("%s:%d:%d: %s", file, line > 0 ? line : 1,
                               column > 0 ? column : 1, msg);
  /* Keep messages valid UTF-8 whatever the file name's bytes or the
   * engine text they quote (a "%.10s" may cut through a character). */
  char *valid = g_utf8_make_valid(full, -1);
  g_set_error_literal(error, MEEPLE_ERROR, code, valid);
  g_free(valid);
  g_free(full);
  g_free(msg);
}

/* @s shortened for quoting in a message (a 60 KiB token would drown it).
 * @s is valid UTF-8 here: every line is validated before it is split. */
static char *
snip(const char *s)
{
  if (g_utf8_strlen(s, -1) <= SNIPPET_CHARS)
    return g_strdup(s);
  char *head = g_utf8_substring(s, 0, SNIPPET_CHARS - 3);
  char *out = g_strconcat(head, "...", NULL);
  g_free(head);
  return out;
}

static const char *
record_file(const MeepleRecord *record)
{
  return record->filename ? record->filename : "record";
}

/* ---- lines and tokens --------------------------------------------------- */

typedef struct {
  char *value;         /* unescaped text */
  const char *raw;     /* first byte in the line (the quote, if quoted) */
  const char *raw_end; /* one past its last byte */
  int column;
  gboolean quoted;
} Token;

static void
token_clear(gpointer p)
{
  Token *t = p;
  g_free(t->value);
}

static int
char_column(const char *line, const char *p)
{
  return (int)g_utf8_strlen(line, p - line) + 1;
}

/* Checks that [s, e) is UTF-8 without control characters (tab excepted)
 * and not absurdly long.  Sets *@n_chars to its length in characters. */
static gboolean
check_line(const char *file, int line, const char *s, const char *e,
           int *n_chars, GError **error)
{
  if (e - s > RECORD_MAX_LINE) {
    record_error(error, MEEPLE_ERROR_RECORD, file, line, 1,
                 "line is longer than %d bytes; this is not a game record",
                 RECORD_MAX_LINE);
    return FALSE;
  }
  const char *valid_end = s;
  g_utf8_validate_len(s, (gsize)(e - s), &valid_end);
  /* Control characters are valid UTF-8, so look for them in the valid
   * prefix first: whichever problem comes first is the one reported. */
  for (const char *p = s; p < valid_end; p++) {
    unsigned char c = (unsigned char)*p;
    if ((c < 0x20 && c != '\t') || c == 0x7f) {
      record_error(error, MEEPLE_ERROR_RECORD, file, line,
                   char_column(s, p),
                   "control character U+%04X; a game record is plain text "
                   "(tabs and newlines only)", c);
      return FALSE;
    }
  }
  if (valid_end < e) {
    if (*valid_end == '\0')
      record_error(error, MEEPLE_ERROR_RECORD, file, line,
                   char_column(s, valid_end),
                   "NUL byte; a game record is plain text");
    else
      record_error(error, MEEPLE_ERROR_RECORD, file, line,
                   char_column(s, valid_end),
                   "invalid UTF-8 (byte 0x%02X); save the record as UTF-8",
                   (unsigned char)*valid_end);
    return FALSE;
  }
  *n_chars = (int)g_utf8_strlen(s, e - s);
  return TRUE;
}

static gboolean
is_blank(char c)
{
  return c == ' ' || c == '\t';
}

/* Reads one quoted string starting at *@pp (on the quote), whose column
 * is *@col; both are advanced past it. */
static gboolean
read_quoted(const char *file, int line, const char *e, const char **pp,
            int *col, Token *t, GError **error)
{
  GString *v = g_string_new(NULL);
  const char *p = *pp + 1;
  int c = *col + 1;
  for (;;) {
    if (p >= e) {
      record_error(error, MEEPLE_ERROR_RECORD, file, line, t->column,
                   "unterminated quoted string: the closing '\"' is "
                   "missing");
      goto fail;
    }
    if (*p == '"') {
      p++;
      c++;
      break;
    }
    if (*p == '\\') {
      if (p + 1 < e && (p[1] == '"' || p[1] == '\\')) {
        g_string_append_c(v, p[1]);
        p += 2;
        c += 2;
        continue;
      }
      if (p + 1 >= e)
        record_error(error, MEEPLE_ERROR_RECORD, file, line, c,
                     "backslash at the end of the line; only \\\" and \\\\ "
                     "are escapes");
      else
        record_error(error, MEEPLE_ERROR_RECORD, file, line, c,
                     "unknown escape '\\%.*s' in a quoted string; only \\\" "
                     "and \\\\ are escapes",
                     (int)(g_utf8_next_char(p + 1) - (p + 1)), p + 1);
      goto fail;
    }
    /* Lines are validated UTF-8, so whole characters never pass @e. */
    const char *next = g_utf8_next_char(p);
    g_string_append_len(v, p, next - p);
    p = next;
    c++;
  }
  if (p < e && !is_blank(*p) && *p != '#') {
    record_error(error, MEEPLE_ERROR_RECORD, file, line, c,
                 "expected a space after the closing quote");
    goto fail;
  }
  t->quoted = TRUE;
  t->value = g_string_free(v, FALSE);
  *pp = p;
  *col = c;
  return TRUE;
fail:
  g_string_free(v, TRUE);
  return FALSE;
}

/* Splits a validated line into blank-separated tokens up to its comment.
 * A '#' outside quotes starts the comment, so names may contain '#' only
 * when quoted. */
static gboolean
tokenize(const char *file, int line, const char *s, const char *e,
         GArray *tokens, GError **error)
{
  const char *p = s;
  int col = 1; /* kept in step with @p: lines may hold 30000 tokens */
  while (p < e) {
    if (is_blank(*p)) {
      p++;
      col++;
      continue;
    }
    if (*p == '#')
      break;
    Token t = { .raw = p, .column = col };
    if (*p == '"') {
      if (!read_quoted(file, line, e, &p, &col, &t, error))
        return FALSE;
    } else {
      while (p < e && !is_blank(*p) && *p != '#') {
        if (*p == '"') {
          record_error(error, MEEPLE_ERROR_RECORD, file, line, col,
                       "a quote inside a word; put quotes around the whole "
                       "name, e.g. \"Anna Maria\"");
          return FALSE;
        }
        p = g_utf8_next_char(p);
        col++;
      }
      t.value = g_strndup(t.raw, (gsize)(p - t.raw));
    }
    t.raw_end = p;
    g_array_append_val(tokens, t);
  }
  return TRUE;
}

/* ---- header ------------------------------------------------------------- */

typedef struct {
  const char *file;
  RecordPriv *rec;
  gboolean seen_format;
  gboolean in_actions;
  int first_action_line;
  int line;
} Parser;

static gboolean
is_header_key(const char *word)
{
  for (guint i = 0; header_keys[i]; i++)
    if (strcmp(word, header_keys[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
header_complete(const RecordPriv *rec)
{
  return rec->players_pos.line && (rec->seed_pos.line || rec->tiles_pos.line);
}

static const char *
header_missing(const RecordPriv *rec)
{
  if (!rec->players_pos.line)
    return "'players'";
  return "'seed' or 'tiles'";
}

/* Parses a decimal unsigned 64-bit number: digits only (no sign, no
 * blanks, no hex), so that every record has one spelling per seed. */
static gboolean
parse_u64(const char *s, guint64 *out, gboolean *overflow)
{
  guint64 v = 0;
  *overflow = FALSE;
  if (!*s)
    return FALSE;
  for (; *s; s++) {
    if (!g_ascii_isdigit(*s))
      return FALSE;
    guint d = (guint)(*s - '0');
    if (v > (G_MAXUINT64 - d) / 10)
      *overflow = TRUE;
    else
      v = v * 10 + d;
  }
  *out = v;
  return !*overflow;
}

/* Rejects quoted values and checks the value count of a header line. */
static gboolean
check_values(Parser *ps, const Token *tok, guint n, guint min, guint max,
             const char *usage, GError **error)
{
  if (n - 1 < min) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[n - 1].column, "'%s' needs a value: %s", tok[0].value,
                 usage);
    return FALSE;
  }
  if (n - 1 > max) {
    char *extra = snip(tok[max + 1].value);
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[max + 1].column, "unexpected '%s' after the value of "
                 "'%s' (usage: %s)", extra, tok[0].value, usage);
    g_free(extra);
    return FALSE;
  }
  /* Only player names may be quoted: ids and numbers have one spelling. */
  if (strcmp(tok[0].value, "players") != 0)
    for (guint i = 1; i < n; i++)
      if (tok[i].quoted) {
        record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                     tok[i].column,
                     "quotes are only for player names; write the value of "
                     "'%s' without them", tok[0].value);
        return FALSE;
      }
  return TRUE;
}

static gboolean
parse_format(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  if (!check_values(ps, tok, n, 1, 1, "meepled-record 1", error))
    return FALSE;
  guint64 v;
  gboolean overflow;
  if (!parse_u64(tok[1].value, &v, &overflow) && !overflow) {
    char *bad = snip(tok[1].value);
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[1].column, "expected a format version number, found "
                 "'%s' (this meepled writes 'meepled-record %d')", bad,
                 MEEPLE_RECORD_FORMAT);
    g_free(bad);
    return FALSE;
  }
  if (overflow || v > MEEPLE_RECORD_FORMAT) {
    char *bad = snip(tok[1].value);
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[1].column, "record format version %s is newer than "
                 "this meepled understands (%d); upgrade meepled to read it",
                 bad, MEEPLE_RECORD_FORMAT);
    g_free(bad);
    return FALSE;
  }
  if (v == 0) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[1].column, "record format versions start at 1");
    return FALSE;
  }
  rec->pub.format = (guint)v;
  rec->format_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

/* A rule set id, optionally "/version": both parts non-empty, one slash. */
static gboolean
check_ruleset(const char *s, const char **why)
{
  const char *slash = strchr(s, '/');
  if (slash == s) {
    *why = "a rule set needs an id before the '/'";
    return FALSE;
  }
  if (slash && !slash[1]) {
    *why = "a version is missing after the '/'";
    return FALSE;
  }
  if (slash && strchr(slash + 1, '/')) {
    *why = "a rule set is written id or id/version, with one '/'";
    return FALSE;
  }
  return TRUE;
}

static gboolean
parse_rules(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  if (!check_values(ps, tok, n, 1, G_MAXUINT - 1,
                    "rules base [id[/version] ...]", error))
    return FALSE;
  /* A set, not a pairwise check: a hostile line may hold 30000 ids. */
  GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                           NULL);
  for (guint i = 1; i < n; i++) {
    const char *why;
    if (!check_ruleset(tok[i].value, &why)) {
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   tok[i].column, "%s", why);
      g_hash_table_unref(seen);
      return FALSE;
    }
    char *id = g_strndup(tok[i].value, strcspn(tok[i].value, "/"));
    if (!g_hash_table_add(seen, id)) {
      char *shown = snip(id);
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   tok[i].column, "rule set '%s' is named twice", shown);
      g_free(shown);
      g_hash_table_unref(seen);
      return FALSE;
    }
  }
  g_hash_table_unref(seen);
  for (guint i = 1; i < n; i++) {
    g_ptr_array_add(rec->pub.rulesets, g_strdup(tok[i].value));
    Pos p = { ps->line, tok[i].column };
    g_array_append_val(rec->ruleset_pos, p);
  }
  rec->rules_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

static gboolean
parse_players(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  guint count = n - 1;
  if (count < 2) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[0].column,
                 "a game needs 2 to %d players, this line names %u "
                 "(quote names with spaces: \"Anna Maria\")",
                 MEEPLE_MAX_PLAYERS, count);
    return FALSE;
  }
  if (count > MEEPLE_MAX_PLAYERS) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[MEEPLE_MAX_PLAYERS + 1].column,
                 "a game needs 2 to %d players, this line names %u "
                 "(quote names with spaces: \"Anna Maria\")",
                 MEEPLE_MAX_PLAYERS, count);
    return FALSE;
  }
  for (guint i = 1; i < n; i++)
    if (!tok[i].value[0]) {
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   tok[i].column, "a player name cannot be empty");
      return FALSE;
    }
  for (guint i = 1; i < n; i++)
    g_ptr_array_add(rec->pub.players, g_strdup(tok[i].value));
  rec->players_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

static gboolean
parse_seed(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  if (!check_values(ps, tok, n, 1, 1, "seed <0 to 18446744073709551615>",
                    error))
    return FALSE;
  gboolean overflow;
  if (!parse_u64(tok[1].value, &rec->pub.seed, &overflow)) {
    char *bad = snip(tok[1].value);
    if (overflow)
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   tok[1].column, "seed %s is too large; seeds go from 0 "
                   "to 18446744073709551615", bad);
    else
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   tok[1].column, "seed '%s' is not a decimal number from "
                   "0 to 18446744073709551615", bad);
    g_free(bad);
    return FALSE;
  }
  rec->pub.has_seed = TRUE;
  rec->seed_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

static gboolean
parse_tiles(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  /* No ids is allowed: an empty supply, a game that is over at once. */
  if (!check_values(ps, tok, n, 0, G_MAXUINT - 1, "tiles <id> <id> ...",
                    error))
    return FALSE;
  rec->pub.tile_order = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 1; i < n; i++) {
    g_ptr_array_add(rec->pub.tile_order, g_strdup(tok[i].value));
    Pos p = { ps->line, tok[i].column };
    g_array_append_val(rec->tile_pos, p);
  }
  rec->tiles_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

static gboolean
parse_farmers(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  if (!check_values(ps, tok, n, 1, 1, "farmers on|off", error))
    return FALSE;
  if (strcmp(tok[1].value, "on") == 0) {
    rec->pub.no_farmers = FALSE;
  } else if (strcmp(tok[1].value, "off") == 0) {
    rec->pub.no_farmers = TRUE;
  } else {
    char *bad = snip(tok[1].value);
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[1].column, "expected 'on' or 'off' after 'farmers', "
                 "found '%s'", bad);
    g_free(bad);
    return FALSE;
  }
  rec->farmers_pos = (Pos){ ps->line, tok[0].column };
  return TRUE;
}

static Pos *
key_pos(RecordPriv *rec, const char *key)
{
  if (strcmp(key, "meepled-record") == 0)
    return &rec->format_pos;
  if (strcmp(key, "rules") == 0)
    return &rec->rules_pos;
  if (strcmp(key, "players") == 0)
    return &rec->players_pos;
  if (strcmp(key, "seed") == 0)
    return &rec->seed_pos;
  if (strcmp(key, "tiles") == 0)
    return &rec->tiles_pos;
  return &rec->farmers_pos;
}

static gboolean
parse_header_line(Parser *ps, const Token *tok, guint n, GError **error)
{
  const char *key = tok[0].value;
  const Pos *first = key_pos(ps->rec, key);
  if (first->line) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 tok[0].column, "duplicate '%s' line (the first is on line "
                 "%d)", key, first->line);
    return FALSE;
  }
  if (strcmp(key, "meepled-record") == 0)
    return parse_format(ps, tok, n, error);
  if (strcmp(key, "rules") == 0)
    return parse_rules(ps, tok, n, error);
  if (strcmp(key, "players") == 0)
    return parse_players(ps, tok, n, error);
  if (strcmp(key, "seed") == 0)
    return parse_seed(ps, tok, n, error);
  if (strcmp(key, "tiles") == 0)
    return parse_tiles(ps, tok, n, error);
  return parse_farmers(ps, tok, n, error);
}

/* Words that can only begin an action, for a better message when the
 * header is cut short. */
static gboolean
is_core_action_word(const char *word)
{
  return strcmp(word, "place") == 0 || strcmp(word, "pass") == 0 ||
         strcmp(word, "follower") == 0;
}

/* One non-empty line (its tokens). */
static gboolean
parse_line(Parser *ps, const Token *tok, guint n, GError **error)
{
  RecordPriv *rec = ps->rec;
  const Token *first = &tok[0];
  if (!ps->seen_format) {
    if (first->quoted || strcmp(first->value, "meepled-record") != 0) {
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   first->column, "not a game record: it must start with "
                   "'meepled-record %d' (comments and blank lines may come "
                   "before)", MEEPLE_RECORD_FORMAT);
      return FALSE;
    }
    ps->seen_format = TRUE;
    return parse_format(ps, tok, n, error);
  }
  gboolean header_word = !first->quoted && is_header_key(first->value);
  if (!ps->in_actions) {
    if (header_word)
      return parse_header_line(ps, tok, n, error);
    if (first->quoted) {
      record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                   first->column, "a quoted string cannot start a line");
      return FALSE;
    }
    /* The header ends where its first non-key line is; by then it must
     * say who plays and how the tiles are drawn. */
    if (!header_complete(rec)) {
      char *word = snip(first->value);
      if (is_core_action_word(first->value))
        record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                     first->column, "the header has no %s line; it must "
                     "come before the first action",
                     header_missing(rec));
      else
        record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                     first->column, "unknown header key '%s' (the keys "
                     "are " HEADER_KEY_LIST ")", word);
      g_free(word);
      return FALSE;
    }
    ps->in_actions = TRUE;
    ps->first_action_line = ps->line;
  }
  if (header_word) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 first->column, "header line '%s' after the first action "
                 "(line %d); move it up into the header", first->value,
                 ps->first_action_line);
    return FALSE;
  }
  if (rec->pub.actions->len >= RECORD_MAX_ACTIONS) {
    record_error(error, MEEPLE_ERROR_RECORD, ps->file, ps->line,
                 first->column, "more than %d actions; no game is that long",
                 RECORD_MAX_ACTIONS);
    return FALSE;
  }
  MeepleRecordAction *a = g_new0(MeepleRecordAction, 1);
  a->text = g_strndup(first->raw, (gsize)(tok[n - 1].raw_end - first->raw));
  a->line = ps->line;
  a->column = first->column;
  g_ptr_array_add(rec->pub.actions, a);
  return TRUE;
}

MeepleRecord *
meeple_record_parse(const char *text, gssize length, const char *filename,
                    GError **error)
{
  const char *file = filename ? filename : "record";
  if (!text)
    text = "";
  gsize len = length < 0 ? strlen(text) : (gsize)length;
  if (len > RECORD_MAX_SIZE) {
    record_error(error, MEEPLE_ERROR_RECORD, file, 1, 1,
                 "%" G_GSIZE_FORMAT " bytes is larger than a game record "
                 "may be (%" G_GSIZE_FORMAT " MiB)", len,
                 RECORD_MAX_SIZE >> 20);
    return NULL;
  }
  const char *p = text, *end = text + len;
  /* Editors on some systems put a byte order mark first; it is not text. */
  if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;

  RecordPriv *rec = record_new(file);
  Parser ps = { .file = rec->pub.filename, .rec = rec };
  GArray *tokens = g_array_new(FALSE, TRUE, sizeof(Token));
  g_array_set_clear_func(tokens, token_clear);
  int last_chars = 0;
  gboolean ok = TRUE;
  while (ok && p < end) {
    const char *nl = memchr(p, '\n', (gsize)(end - p));
    const char *s = p, *e = nl ? nl : end;
    p = nl ? nl + 1 : end;
    if (e > s && e[-1] == '\r') /* CRLF line ends */
      e--;
    ps.line++;
    if (!check_line(file, ps.line, s, e, &last_chars, error) ||
        !tokenize(file, ps.line, s, e, tokens, error)) {
      ok = FALSE;
      break;
    }
    if (tokens->len)
      ok = parse_line(&ps, (const Token *)(void *)tokens->data, tokens->len,
                      error);
    g_array_remove_range(tokens, 0, tokens->len);
  }
  g_array_unref(tokens);
  /* End of text: after the last character of the last line. */
  rec->end = (Pos){ ps.line ? ps.line : 1, last_chars + 1 };
  if (ok && !ps.seen_format) {
    record_error(error, MEEPLE_ERROR_RECORD, file, rec->end.line,
                 rec->end.column, "not a game record: the text is empty or "
                 "only comments; a record starts with 'meepled-record %d'",
                 MEEPLE_RECORD_FORMAT);
    ok = FALSE;
  }
  if (ok && !header_complete(rec)) {
    record_error(error, MEEPLE_ERROR_RECORD, file, rec->end.line,
                 rec->end.column, "the record ends before its header has a "
                 "%s line", header_missing(rec));
    ok = FALSE;
  }
  if (!ok) {
    meeple_record_free(&rec->pub);
    return NULL;
  }
  return &rec->pub;
}

MeepleRecord *
meeple_record_load(const char *path, GError **error)
{
  /* Refuse huge files before reading them: g_file_get_contents() would
   * abort the process when it cannot allocate. */
  GStatBuf st;
  if (g_stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
      (guint64)st.st_size > RECORD_MAX_SIZE) {
    record_error(error, MEEPLE_ERROR_RECORD, path, 1, 1,
                 "%" G_GUINT64_FORMAT " bytes is larger than a game record "
                 "may be (%" G_GSIZE_FORMAT " MiB)", (guint64)st.st_size,
                 RECORD_MAX_SIZE >> 20);
    return NULL;
  }
  char *data = NULL;
  gsize len = 0;
  GError *ferr = NULL;
  if (!g_file_get_contents(path, &data, &len, &ferr)) {
    char *shown = g_utf8_make_valid(path, -1);
    g_set_error(error, MEEPLE_ERROR, MEEPLE_ERROR_RECORD,
                "%s: cannot read the game record: %s", shown, ferr->message);
    g_free(shown);
    g_error_free(ferr);
    return NULL;
  }
  MeepleRecord *record = meeple_record_parse(data, (gssize)len, path, error);
  g_free(data);
  return record;
}

/* ---- resolving against the rules ---------------------------------------- */

static Pos
pos_or(Pos p, Pos fallback)
{
  return p.line ? p : fallback;
}

static const MeepleRuleSetInfo *
find_ruleset(const MeepleRules *rules, const char *id, gsize id_len)
{
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const MeepleRuleSetInfo *rs = meeple_rules_ruleset(rules, i);
    if (strlen(rs->id) == id_len && strncmp(rs->id, id, id_len) == 0)
      return rs;
  }
  return NULL;
}

static char *
loaded_rulesets(const MeepleRules *rules)
{
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const MeepleRuleSetInfo *rs = meeple_rules_ruleset(rules, i);
    g_string_append_printf(s, "%s%s/%s", i ? ", " : "", rs->id,
                           rs->version ? rs->version : "?");
  }
  if (!s->len)
    g_string_append(s, "none");
  return g_string_free(s, FALSE);
}

/* The record's rule sets and the rules' must agree both ways: a rule set
 * the record does not name would change the supply or the rules, and one
 * it names but the rules lack cannot be played. */
static gboolean
check_rulesets(const RecordPriv *rec, const MeepleRules *rules,
               GError **error)
{
  const MeepleRecord *r = &rec->pub;
  const char *file = record_file(r);
  for (guint i = 0; i < r->rulesets->len; i++) {
    const char *s = g_ptr_array_index(r->rulesets, i);
    Pos p = i < rec->ruleset_pos->len
                ? g_array_index(rec->ruleset_pos, Pos, i)
                : pos_or(rec->rules_pos, rec->format_pos);
    gsize id_len = strcspn(s, "/");
    const char *version = s[id_len] == '/' ? s + id_len + 1 : NULL;
    const MeepleRuleSetInfo *ts = find_ruleset(rules, s, id_len);
    gboolean is_base = id_len == 4 && strncmp(s, "base", 4) == 0;
    if (!ts && is_base && !version)
      continue; /* base is implied; meeple_game_new() reports it missing */
    if (!ts) {
      char *loaded = loaded_rulesets(rules);
      char *id = g_strndup(s, id_len);
      char *shown = snip(id);
      record_error(error, MEEPLE_ERROR_REPLAY, file, p.line, p.column,
                   "the record needs rule set '%s', which is not loaded "
                   "(loaded: %s)", shown, loaded);
      g_free(shown);
      g_free(id);
      g_free(loaded);
      return FALSE;
    }
    if (version && g_strcmp0(version, ts->version) != 0) {
      char *shown = snip(s);
      record_error(error, MEEPLE_ERROR_REPLAY, file, p.line, p.column,
                   "the record was played with %s, but version %s of '%s' "
                   "is loaded; the game may differ", shown,
                   ts->version ? ts->version : "(none)", ts->id);
      g_free(shown);
      return FALSE;
    }
  }
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const MeepleRuleSetInfo *ts = meeple_rules_ruleset(rules, i);
    if (strcmp(ts->id, "base") == 0)
      continue;
    gboolean named = FALSE;
    for (guint j = 0; j < r->rulesets->len && !named; j++) {
      const char *s = g_ptr_array_index(r->rulesets, j);
      named = strcspn(s, "/") == strlen(ts->id) &&
              strncmp(s, ts->id, strlen(ts->id)) == 0;
    }
    if (!named) {
      Pos p = pos_or(rec->rules_pos, rec->format_pos);
      record_error(error, MEEPLE_ERROR_REPLAY, file, p.line, p.column,
                   "rule set '%s' is loaded but the record's 'rules' line "
                   "does not name it; replaying would play another game",
                   ts->id);
      return FALSE;
    }
  }
  return TRUE;
}

static char *
known_tile_ids(const MeepleRules *rules)
{
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < meeple_rules_n_tile_types(rules); i++)
    g_string_append_printf(s, "%s%s", i ? " " : "",
                           meeple_rules_tile_type(rules, i)->id);
  if (!s->len)
    g_string_append(s, "none: no tile set is loaded");
  return g_string_free(s, FALSE);
}

gboolean
meeple_record_config(const MeepleRecord *record, MeepleRules *rules,
                     MeepleGameConfig *config, GArray **config_storage,
                     GError **error)
{
  g_return_val_if_fail(record && rules && config && config_storage, FALSE);
  const RecordPriv *rec = (const RecordPriv *)record;
  const char *file = record_file(record);
  memset(config, 0, sizeof *config);
  *config_storage = NULL;

  guint n_players = record->players ? record->players->len : 0;
  if (n_players < 2 || n_players > MEEPLE_MAX_PLAYERS) {
    Pos p = pos_or(rec->players_pos, rec->end);
    record_error(error, MEEPLE_ERROR_RECORD, file, p.line, p.column,
                 "a game needs 2 to %d players, the record names %u",
                 MEEPLE_MAX_PLAYERS, n_players);
    return FALSE;
  }
  if (!check_rulesets(rec, rules, error))
    return FALSE;
  config->n_players = n_players;
  config->seed = record->has_seed ? record->seed : 0;
  config->no_farmers = record->no_farmers;
  if (record->tile_order) {
    guint n = record->tile_order->len;
    /* Reserve one more slot so data is never NULL: an empty 'tiles' line
     * is an empty supply, not "shuffle everything". */
    GArray *order = g_array_sized_new(FALSE, FALSE, sizeof(guint16), n + 1);
    for (guint i = 0; i < n; i++) {
      const char *id = g_ptr_array_index(record->tile_order, i);
      int t = meeple_rules_find_tile_type(rules, id);
      if (t < 0 || t > G_MAXUINT16) {
        Pos p = i < rec->tile_pos->len ? g_array_index(rec->tile_pos, Pos, i)
                                       : pos_or(rec->tiles_pos, rec->end);
        char *known = known_tile_ids(rules);
        char *shown = snip(id);
        record_error(error, MEEPLE_ERROR_REPLAY, file, p.line, p.column,
                     "unknown tile id '%s' (the loaded tile sets have %s)",
                     shown, known);
        g_free(shown);
        g_free(known);
        g_array_unref(order);
        return FALSE;
      }
      guint16 v = (guint16)t;
      g_array_append_val(order, v);
    }
    config->tile_order = (const guint16 *)(void *)order->data;
    config->n_tile_order = n;
    *config_storage = order;
  }
  return TRUE;
}

/* ---- replay ------------------------------------------------------------- */

/* Column in the record of byte column @byte_column (1-based) of @text, an
 * action that starts at @column. */
static int
action_column(const MeepleRecordAction *a, guint byte_column)
{
  if (byte_column == 0)
    return a->column;
  gsize len = strlen(a->text);
  gsize b = byte_column - 1;
  if (b > len)
    b = len;
  return a->column + (int)g_utf8_pointer_to_offset(a->text, a->text + b);
}

static const char *
player_name(const MeepleRecord *record, guint seat, char *buf, gsize size)
{
  if (record->players && seat < record->players->len)
    return g_ptr_array_index(record->players, seat);
  g_snprintf(buf, size, "seat %u", seat + 1);
  return buf;
}

/* "pass, follower C1, ... (23 in all)": what the record could have said. */
static char *
legal_list(MeepleGame *game, const MeepleDecision *d)
{
  GString *s = g_string_new(NULL);
  for (gsize i = 0; i < d->n_actions && i < LEGAL_SHOWN; i++) {
    char *t = meeple_action_to_string(game, &d->actions[i]);
    g_string_append_printf(s, "%s%s", i ? ", " : "", t);
    g_free(t);
  }
  if (d->n_actions > LEGAL_SHOWN)
    g_string_append_printf(s, ", ... (%" G_GSIZE_FORMAT " in all)",
                           d->n_actions);
  return g_string_free(s, FALSE);
}

/* Whether @word could begin an action in @game (else a misplaced header
 * line is the likelier mistake). */
static gboolean
is_action_word(MeepleGame *game, const char *text)
{
  gsize n = strcspn(text, " \t");
  char *word = g_strndup(text, n);
  gboolean yes = strcmp(word, "place") == 0 || strcmp(word, "pass") == 0 ||
                 meeple_rules_find_figure_type(meeple_game_rules(game),
                                               word) >= 0;
  g_free(word);
  return yes;
}

static gboolean
replay_action(const MeepleRecord *record, MeepleGame *game, guint index,
              MeepleReplayFunc func, gpointer user_data, GError **error)
{
  const char *file = record_file(record);
  const MeepleRecordAction *a = g_ptr_array_index(record->actions, index);
  char *shown = snip(a->text);
  char buf[32];
  GError *err = NULL;
  gboolean ok = FALSE;

  const MeepleDecision *d = meeple_game_decision(game);
  if (!d) {
    if (index > 0) {
      const MeepleRecordAction *last =
          g_ptr_array_index(record->actions, index - 1);
      record_error(error, MEEPLE_ERROR_REPLAY, file, a->line, a->column,
                   "action '%s' comes after the end of the game (its last "
                   "action is on line %d)", shown, last->line);
    } else {
      record_error(error, MEEPLE_ERROR_REPLAY, file, a->line, a->column,
                   "action '%s', but the game is over before it starts "
                   "(no tiles to draw)", shown);
    }
    goto out;
  }
  MeepleAction action;
  guint column = 0;
  if (!meeple_action_parse(game, a->text, &action, &column, &err)) {
    gboolean hint = index == 0 && !is_action_word(game, a->text);
    record_error(error, MEEPLE_ERROR_REPLAY, file, a->line,
                 action_column(a, column), "cannot read action '%s': %s%s",
                 shown, err ? err->message : "invalid action",
                 hint ? " (if this line belongs to the header, its key is "
                        "unknown; the keys are " HEADER_KEY_LIST ")"
                      : "");
    goto out;
  }
  /* Said before applying: a failed apply leaves the game unchanged, but
   * the decision pointer must be re-read after any call. */
  guint turn = meeple_game_turn(game);
  guint seat = d->player;
  const MeepleEvent *events = NULL;
  gsize n_events = 0;
  if (!meeple_game_apply(game, &action, &events, &n_events, &err)) {
    d = meeple_game_decision(game);
    char *legal = d ? legal_list(game, d) : g_strdup("none");
    record_error(error, MEEPLE_ERROR_REPLAY, file, a->line, a->column,
                 "illegal action '%s' (turn %u, %s): %s; legal here: %s",
                 shown, turn, player_name(record, seat, buf, sizeof buf),
                 err ? err->message : "not allowed", legal);
    g_free(legal);
    goto out;
  }
  if (func)
    func(record, game, (int)index, (int)seat, events, n_events, user_data);
  ok = TRUE;
out:
  g_clear_error(&err);
  g_free(shown);
  return ok;
}

MeepleGame *
meeple_record_replay(const MeepleRecord *record, MeepleRules *rules,
                     GError **error)
{
  return meeple_record_replay_events(record, rules, NULL, NULL, error);
}

MeepleGame *
meeple_record_replay_events(const MeepleRecord *record, MeepleRules *rules,
                            MeepleReplayFunc func, gpointer user_data,
                            GError **error)
{
  g_return_val_if_fail(record && rules, NULL);
  const RecordPriv *rec = (const RecordPriv *)record;
  MeepleGameConfig config;
  GArray *storage = NULL;
  if (!meeple_record_config(record, rules, &config, &storage, error))
    return NULL;
  GError *err = NULL;
  MeepleGame *game = meeple_game_new(rules, &config, &err);
  /* The game copies the tile order (game.h: config is only read). */
  if (storage)
    g_array_unref(storage);
  if (!game) {
    Pos p = pos_or(rec->tiles_pos, pos_or(rec->seed_pos, rec->format_pos));
    record_error(error, MEEPLE_ERROR_REPLAY, record_file(record), p.line,
                 p.column, "cannot set up the game: %s",
                 err ? err->message : "invalid configuration");
    g_clear_error(&err);
    return NULL;
  }
  if (func) {
    gsize n = 0;
    const MeepleEvent *events = meeple_game_initial_events(game, &n);
    func(record, game, -1, -1, events, n, user_data);
  }
  for (guint i = 0; record->actions && i < record->actions->len; i++)
    if (!replay_action(record, game, i, func, user_data, error)) {
      meeple_game_free(game);
      return NULL;
    }
  return game;
}

/* ---- writer ------------------------------------------------------------- */

/* A name as the writer stores it: valid UTF-8 without control characters
 * (the parser refuses both), never empty. */
static char *
clean_name(const char *name, guint seat)
{
  if (!name || !*name)
    return g_strdup_printf("Player %u", seat + 1);
  char *v = g_utf8_make_valid(name, -1);
  for (char *p = v; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f)
      *p = ' ';
  return v;
}

/* Appends @name, quoted when it would not read back as one bare word. */
static void
append_name(GString *out, const char *name)
{
  gboolean quote = !*name;
  for (const char *p = name; *p && !quote; p++)
    quote = is_blank(*p) || *p == '"' || *p == '\\' || *p == '#';
  if (!quote) {
    g_string_append(out, name);
    return;
  }
  g_string_append_c(out, '"');
  for (const char *p = name; *p; p++) {
    if (*p == '"' || *p == '\\')
      g_string_append_c(out, '\\');
    g_string_append_c(out, *p);
  }
  g_string_append_c(out, '"');
}

static const char *
tile_id(const MeepleRules *rules, int type)
{
  if (type < 0 || (guint)type >= meeple_rules_n_tile_types(rules))
    return "?";
  return meeple_rules_tile_type(rules, (guint)type)->id;
}

/* Comments for events a reader should not have to work out: tiles that
 * left the game (BASE-06) and who won. */
static void
note_events(GString *out, const MeepleRules *rules, const MeepleEvent *ev,
            gsize n, GArray *winners)
{
  for (gsize i = 0; i < n; i++) {
    if (ev[i].type == MEEPLE_EVENT_TILE_DISCARDED)
      g_string_append_printf(out, "# %s fits nowhere and leaves the game "
                             "(%s)\n", tile_id(rules, ev[i].tile),
                             ev[i].rule ? ev[i].rule : "BASE-06");
    else if (ev[i].type == MEEPLE_EVENT_WINNER && ev[i].player >= 0) {
      guint seat = (guint)ev[i].player;
      g_array_append_val(winners, seat);
    }
  }
}

static void
write_header(GString *out, const MeepleRules *rules,
             const MeepleGameConfig *cfg, GPtrArray *names)
{
  g_string_append_printf(out, "meepled-record %d\n", MEEPLE_RECORD_FORMAT);
  /* every rule set with the version it was played with */
  g_string_append(out, "rules");
  if (!meeple_rules_find_ruleset(rules, "base"))
    g_string_append(out, " base");
  for (guint i = 0; i < meeple_rules_n_rulesets(rules); i++) {
    const MeepleRuleSetInfo *rs = meeple_rules_ruleset(rules, i);
    g_string_append_printf(out, " %s", rs->id);
    if (rs->version && *rs->version)
      g_string_append_printf(out, "/%s", rs->version);
  }
  g_string_append(out, "\nplayers");
  for (guint i = 0; i < names->len; i++) {
    g_string_append_c(out, ' ');
    append_name(out, g_ptr_array_index(names, i));
  }
  g_string_append_c(out, '\n');
  if (cfg->tile_order) {
    g_string_append(out, "tiles");
    for (guint i = 0; i < cfg->n_tile_order; i++)
      g_string_append_printf(out, " %s",
                             tile_id(rules, (int)cfg->tile_order[i]));
    g_string_append_c(out, '\n');
    /* The seed still drives what rule sets shuffle during the game (the
     * set-aside tiles of RULES PD-08); 0, the default, is left out. */
    if (cfg->seed != 0)
      g_string_append_printf(out, "seed %" G_GUINT64_FORMAT "\n", cfg->seed);
  } else {
    g_string_append_printf(out, "seed %" G_GUINT64_FORMAT "\n", cfg->seed);
  }
  g_string_append_printf(out, "farmers %s\n", cfg->no_farmers ? "off" : "on");
}

static void
write_result(GString *out, MeepleGame *game, GPtrArray *names,
             GArray *winners)
{
  g_string_append(out, "# game over:");
  for (guint i = 0; i < names->len; i++) {
    g_string_append(out, i ? ", " : " ");
    append_name(out, g_ptr_array_index(names, i));
    g_string_append_printf(out, " %d", meeple_game_score(game, i));
  }
  g_string_append_c(out, '\n');
  /* The engine names the winners (BASE-24); should it not, the highest
   * scores win, ties shared. */
  if (!winners->len) {
    int best = G_MININT;
    for (guint i = 0; i < names->len; i++)
      best = MAX(best, meeple_game_score(game, i));
    for (guint i = 0; i < names->len; i++)
      if (meeple_game_score(game, i) == best)
        g_array_append_val(winners, i);
  }
  g_string_append(out, winners->len > 1 ? "# winners:" : "# winner:");
  for (guint i = 0; i < winners->len; i++) {
    guint seat = g_array_index(winners, guint, i);
    g_string_append(out, i ? ", " : " ");
    if (seat < names->len)
      append_name(out, g_ptr_array_index(names, seat));
  }
  g_string_append_c(out, '\n');
}

char *
meeple_record_write(const MeepleGame *game, const char *const *players)
{
  g_return_val_if_fail(game != NULL, NULL);
  MeepleRules *rules = meeple_game_rules(game);
  const MeepleGameConfig *cfg = meeple_game_config(game);
  GString *out = g_string_new(NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
  /* Stop reading @players at its first NULL: callers may pass a
   * NULL-terminated list shorter than the table of seats. */
  gboolean more = players != NULL;
  for (guint i = 0; i < cfg->n_players; i++) {
    const char *given = more ? players[i] : NULL;
    more = more && given;
    g_ptr_array_add(names, clean_name(given, i));
  }
  write_header(out, rules, cfg, names);

  /* Notation depends on the state it is read in ("@ x,y" only for another
   * tile than this turn's), so replay the history on a fresh game and
   * format each action just before applying it, exactly as a reader
   * will parse it. */
  GError *err = NULL;
  MeepleGame *fresh = meeple_game_new(rules, cfg, &err);
  if (!fresh) {
    g_string_append_printf(out, "# cannot replay this game: %s\n",
                           err ? err->message : "invalid configuration");
    g_clear_error(&err);
    goto done;
  }
  GArray *winners = g_array_new(FALSE, FALSE, sizeof(guint));
  gsize n_ev = 0;
  const MeepleEvent *ev = meeple_game_initial_events(fresh, &n_ev);
  note_events(out, rules, ev, n_ev, winners);
  gsize n_hist = 0;
  const MeepleHistoryEntry *hist = meeple_game_history(game, &n_hist);
  guint last_turn = 0;
  gboolean replayed = TRUE;
  for (gsize i = 0; i < n_hist; i++) {
    guint turn = meeple_game_turn(fresh);
    if (turn != last_turn) {
      guint seat = meeple_game_active_player(fresh);
      g_string_append_printf(out, "# turn %u: ", turn);
      append_name(out, seat < names->len
                           ? (const char *)g_ptr_array_index(names, seat)
                           : "?");
      g_string_append_printf(out, " draws %s\n",
                             tile_id(rules, meeple_game_drawn_tile(fresh)));
      last_turn = turn;
    }
    char *text = meeple_action_to_string(fresh, &hist[i].action);
    g_string_append_printf(out, "%s\n", text);
    g_free(text);
    g_array_set_size(winners, 0);
    if (!meeple_game_apply(fresh, &hist[i].action, &ev, &n_ev, &err)) {
      /* Only an engine that is not deterministic gets here. */
      g_string_append_printf(out, "# the history does not replay from "
                             "here: %s\n", err ? err->message : "?");
      g_clear_error(&err);
      replayed = FALSE;
      break;
    }
    note_events(out, rules, ev, n_ev, winners);
  }
  if (replayed && meeple_game_is_over(fresh))
    write_result(out, fresh, names, winners);
  g_array_unref(winners);
  meeple_game_free(fresh);
done:
  g_ptr_array_unref(names);
  return g_string_free(out, FALSE);
}
