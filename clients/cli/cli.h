/* cli.h — meeple, the command-line client of meepled: what the commands
 * share (global options, option parsing, exit statuses, connecting,
 * output helpers).  Every command lives in its own cmd-*.c; the man page
 * is doc/meeple.1.
 *
 * Seats are shown and given on the command line numbered from 1, as the
 * board draws them ("1" is the first seat's follower); the D-Bus API and
 * libmeeple-client number them from 0.  Conversions happen only where
 * options are read and text is written. */
#ifndef MEEPLE_CLI_H
#define MEEPLE_CLI_H

#include <stdio.h>
#include <glib.h>

#include "meeple-client.h"
#include "board-render.h"

G_BEGIN_DECLS

/* Exit statuses, as documented in the man page. */
enum {
  CLI_EXIT_OK = 0,
  CLI_EXIT_FAILURE = 1, /* the daemon refused, or it or the bus failed */
  CLI_EXIT_USAGE = 2,   /* bad command line */
};

/* Name used in front of every message, whatever argv[0] was. */
#define CLI_NAME "meeple"

/* Options every command takes (before or after the command name). */
typedef struct {
  char *bus_address; /* --bus-address, else $MEEPLE_BUS_ADDRESS, or NULL */
  char *colour;      /* --colour: "auto", "always" or "never" (or NULL) */
  char *glyphs;      /* --glyphs: "auto", "unicode" or "ascii" (or NULL) */
} CliGlobals;

/* The one instance, filled by the option parsers. */
extern CliGlobals cli_globals;

/* Path of this program, for spawning `meeple bot` (set by main()). */
extern const char *cli_program_path;

/* ---- commands: @argv[0] is the command name, options follow ---- */
int cli_cmd_rules(int argc, char **argv);
int cli_cmd_new(int argc, char **argv);
int cli_cmd_list(int argc, char **argv);
int cli_cmd_join(int argc, char **argv);
int cli_cmd_show(int argc, char **argv);
int cli_cmd_watch(int argc, char **argv);
int cli_cmd_play(int argc, char **argv);
int cli_cmd_bot(int argc, char **argv);
int cli_cmd_export(int argc, char **argv);
int cli_cmd_delete(int argc, char **argv);
int cli_cmd_history(int argc, char **argv);
int cli_cmd_import(int argc, char **argv);

/* ---- options (options.c) ---- */

/* Parses the options of @command with @context (which it frees), adding
 * the global options, and the board options (--colour, --glyphs) when
 * @board.  Returns CLI_EXIT_OK, or CLI_EXIT_USAGE after printing the
 * problem. */
int cli_parse_options(GOptionContext *context, const char *command,
                      gboolean board, int *argc, char ***argv);

/* The global options as GOptionEntry (for main's own parser). */
const GOptionEntry *cli_global_entries(void);

/* Prints "meeple COMMAND: message" and a hint to --help; returns
 * CLI_EXIT_USAGE. */
int cli_usage_error(const char *command, const char *format, ...)
  G_GNUC_PRINTF(2, 3);

/* The single GAME argument of @command after parsing; prints a usage
 * error (and returns NULL) when there is none or more than one. */
const char *cli_game_argument(const char *command, int argc, char **argv);

/* The value of an integer seat option that was not given. */
#define CLI_SEAT_UNSET G_MININT

/* A seat number given as an option (1..6) as a 0-based seat, or -1 with
 * a usage error printed. */
int cli_seat_option(const char *command, const char *option, int value);

/* Splits a list given as "a,b c" (commas and/or blanks) into items; NULL
 * when there are none.  g_strfreev() it. */
char **cli_split_list(const char *value);

/* ---- options of a new game (new-options.c) ---- */

/* What `meeple new` and `meeple play --new` take to create a game. */
typedef struct {
  char *rules;        /* --rules a,b */
  int seats;          /* --seats N (0: unset) */
  char *seed;         /* --seed N */
  char *tiles;        /* --tiles "A B C" */
  int bots;           /* --bots N (-1: unset) */
  char *seat_kinds;   /* --seat-kinds human,bot,... */
  gboolean no_farmers;
  char *name;         /* the game's name */
} CliNewOptions;

/* Zero-initialises @o and adds its options to @context; the game's name
 * is option --@name_option ("name" for new, "game-name" for play). */
void cli_new_options_add(GOptionContext *context, CliNewOptions *o,
                         const char *name_option);

/* Creates the game @o describes; for `play --new` (@play) every seat but
 * the first is a bot seat unless --bots or --seat-kinds says otherwise.
 * Returns the new game's id (g_free), or NULL with *@status set
 * (CLI_EXIT_USAGE or CLI_EXIT_FAILURE, message printed). */
char *cli_new_game(MeepleClient *client, const CliNewOptions *o,
                   const char *command, gboolean play, int *status);

/* Checks @o without the daemon: CLI_EXIT_OK or a usage error printed.
 * With @play (play --new) the player's own seat comes on top of the
 * bots. */
int cli_new_options_check(const CliNewOptions *o, const char *command,
                          gboolean play);

void cli_new_options_clear(CliNewOptions *o);

/* ---- connecting and failing (session.c) ---- */

/* Prints "meeple: message" for @error; returns CLI_EXIT_FAILURE. */
int cli_fail(const GError *error);

/* A client on the bus of the global options, or NULL with the failure
 * printed. */
MeepleClient *cli_connect(void);

/* Opens game @id on @client, or NULL with the failure printed. */
MeepleRemoteGame *cli_open_game(MeepleClient *client, const char *id);

/* Connects (cli_connect()) and opens game @id; returns the game and the
 * client in *@client, or NULL with the failure printed and nothing left
 * open.  Free the game, then the client. */
MeepleRemoteGame *cli_connect_game(const char *id, MeepleClient **client);

/* The command that takes a seat of game @id back, for hints: "meeple
 * play ID", or "$MEEPLE_RESUME_COMMAND ID" when that is set (quickstart
 * sets it to "./quickstart play --human").  g_free it. */
char *cli_resume_hint(const char *id);

/* Iterates the default main context for about @ms milliseconds. */
void cli_iterate_for(guint ms);

/* Writes @text to stdout and flushes; FALSE (message printed) when the
 * write failed. */
gboolean cli_write(const GString *text);

/* Rendering flags for the board written to @stream: colour per --colour
 * (auto: a terminal and no $NO_COLOR), Unicode per --glyphs (auto: a
 * UTF-8 locale). */
BoardRenderFlags cli_board_flags(FILE *stream);

/* Name of seat @seat (0-based) for messages: its player's name, else
 * "seat N" (1-based) into @buffer. */
const char *cli_seat_name(const MeepleClientState *state, int seat,
                          char *buffer, gsize size);

/* ---- the board of a remote game (board.c) ---- */

/* A BoardView of a game's mirror: its catalog's kinds and tile types, the
 * state's tiles, figures (neutral ones too: the dragon, the fairy) and
 * tiles set aside, and optionally the cells where the pending decision
 * can place a tile. */
typedef struct CliBoard CliBoard;

/* The board of @state, drawn with @catalog; both must outlive it. */
CliBoard *cli_board_new(const MeepleClientCatalog *catalog,
                        const MeepleClientState *state);
void cli_board_free(CliBoard *board);

/* Marks every cell where an action of @decision places a tile (an action
 * with a tile id), labelled a, b, ... in the order of the actions. */
void cli_board_mark_placements(CliBoard *board,
                               const MeepleClientDecision *decision);

/* Letters the options of @decision that put something on a segment of
 * a placed tile (a follower, a fairy, a ghost): each distinct segment
 * gets a letter drawn on it (a, b, ...), so nothing but the board says
 * where "follower C1" goes. */
void cli_board_mark_options(CliBoard *board,
                            const MeepleClientDecision *decision);

/* What action @index of the decision marked by cli_board_mark_options()
 * points at, in words: "city [b] at 0,-1", or NULL. */
const char *cli_board_action_where(const CliBoard *board, guint index);

/* The one action whose option is lettered @label, or -1 (none, or
 * several on that segment). */
int cli_board_label_action(const CliBoard *board, char label);

/* Label of the cell action @index of the marked decision places on, or
 * NULL when it places nothing. */
const char *cli_board_action_cell(const CliBoard *board, guint index);

/* Marks the last move of @events (a game's log, oldest first): the
 * tile placed last, and the figures placed or moved since, which the
 * board then highlights (board-render.h). */
void cli_board_mark_last_move(CliBoard *board, const GPtrArray *events);

/* Whether event @e puts a figure somewhere: "figure-placed", or any
 * "…-moved" with a cell (a rule set's dragon or fairy). */
gboolean cli_event_moves_figure(const MeepleClientEvent *e);

/* Appends the board (board_render()). */
void cli_board_render(GString *out, const CliBoard *board,
                      BoardRenderFlags flags);

/* Appends the legend line (board_render_legend_with()), with the glyph
 * of every neutral figure type of @catalog. */
void cli_append_legend(GString *out, const MeepleClientCatalog *catalog,
                       BoardRenderFlags flags);

/* Appends tile type @tile_id of @catalog turned 0, 90, 180 and 270
 * degrees under a line naming the rotations as actions write them. */
void cli_append_tile(GString *out, const MeepleClientCatalog *catalog,
                     const char *tile_id, const char *prefix,
                     BoardRenderFlags flags);

/* ---- the game as text (text.c) ---- */

/* Appends what `meeple show` prints: a header line, the board, the
 * legend, the seats table and the status.  FALSE with @error set when
 * the state cannot be read. */
gboolean cli_append_game(GString *out, MeepleRemoteGame *game,
                         BoardRenderFlags flags, GError **error);

/* Appends one line per seat: name, kind, score and what is left of each
 * figure type in its supply, under a header line. */
void cli_append_seats(GString *out, const MeepleClientCatalog *catalog,
                      const MeepleClientState *state);

/* Appends the status: who is waited for, whose decision it is (@decision,
 * the pending one, may be NULL), or the end of the game with the final
 * scores. */
void cli_append_status(GString *out, const MeepleClientState *state,
                       const MeepleClientDecision *decision);

/* The width text is wrapped to: a terminal's usual 80 columns. */
#define CLI_TEXT_WIDTH 80

/* Appends @text wrapped at blanks to lines of at most @width characters
 * (a longer word stays whole), continuation lines starting with
 * @indent, and a newline. */
void cli_append_wrapped(GString *out, const char *text, guint width,
                        const char *indent);

/* Appends what the last move was, in words (the ASCII fallback of the
 * board's highlight), wrapped to CLI_TEXT_WIDTH: "Last move: Bob placed
 * tile U at 2,-2 ([ ] on the axes); follower at 2,-2; dragon moved to
 * 1,0."
 * Nothing before a seat placed a tile. */
void cli_append_last_move(GString *out, const GPtrArray *events,
                          const MeepleClientState *state);

/* Appends "Final scores: A 12, B 9; winner: A" and a newline. */
void cli_append_final_scores(GString *out, const MeepleClientState *state);

/* Appends one line for @event: sequence, type, seat name, its fields and
 * the rule it cites. */
void cli_append_event(GString *out, const MeepleClientEvent *event,
                      const MeepleClientState *state);

/* ---- --json of list, show and history (json-out.c) ---- */

/* Write one JSON document each (keys: meeple(1), JSON OUTPUT); FALSE
 * when writing failed (message printed) or, for show, the state cannot
 * be read (@error set). */
gboolean cli_json_list(const GPtrArray *games);
gboolean cli_json_history(const GPtrArray *games);
gboolean cli_json_show(MeepleRemoteGame *game, GError **error);

/* ---- the tiles in the bag (bag.c) ---- */

/* One kind of tile in the bag. */
typedef struct {
  const char *id; /* the tile type's id, owned by the catalog */
  guint count;
} CliBagEntry;

/* The tiles still in the bag of the game whose catalog, state and event
 * log are given, by kind in the catalog's order (CliBagEntry; kinds with
 * none left are left out), or NULL when the count by kind does not add
 * up to the tiles left (an explicit --tiles supply). */
GArray *cli_bag_count(const MeepleClientCatalog *catalog,
                      const MeepleClientState *state,
                      const GPtrArray *events);

/* Appends "In the bag (68 tiles, kind x copies): Ax2 Bx4 ...", wrapped
 * to CLI_TEXT_WIDTH; nothing when cli_bag_count() says NULL. */
void cli_append_bag(GString *out, const MeepleClientCatalog *catalog,
                    const MeepleClientState *state, const GPtrArray *events);

/* ---- an interactive player's decision (prompt.c) ---- */

/* How a prompt ended. */
typedef enum {
  CLI_ANSWER_ACTED,  /* an action was accepted */
  CLI_ANSWER_RETRY,  /* the decision is gone (stale, not ours): fetch again */
  CLI_ANSWER_QUIT,   /* the player typed quit */
  CLI_ANSWER_EOF,    /* the input ended */
  CLI_ANSWER_FAILED, /* output or the daemon failed (message printed) */
  CLI_ANSWER_AGAIN,  /* (internal: ask again) */
} CliAnswer;

/* Shows decision @d (which is for a seat this client holds) and reads
 * answers from @input until one is accepted or the player leaves. */
CliAnswer cli_prompt_decision(MeepleRemoteGame *game,
                              const MeepleClientDecision *d,
                              BoardRenderFlags flags, FILE *input);

/* ---- seat tokens (tokens.c) ---- */

/* A seat token saved by join, play or bot, so that a later run can
 * reclaim the seat: libmeeple-client keeps the file
 * (meeple_client_tokens_find(), meeple-client.h). */
typedef MeepleClientToken CliToken;

/* Who took a seat: a person (join, play) or `meeple bot`; each reclaims
 * only its own seats. */
#define CLI_HOLDER_PLAYER MEEPLE_CLIENT_HOLDER_PLAYER
#define CLI_HOLDER_BOT MEEPLE_CLIENT_HOLDER_BOT

/* The key tokens of @client's daemon are kept under: "store:ID" with
 * the daemon's StoreId, or for an older daemon without one "bus:ADDRESS"
 * (the bus it is on), else "daemon:NAME" (its unique name):
 * meeple_client_store_key(). */
const char *cli_store_key(MeepleClient *client);

/* cli_store_key() of the client @game was opened on. */
const char *cli_game_store(MeepleRemoteGame *game);

/* The tokens saved for game @game of store @store by @holder, oldest
 * first, then those of lines without a store, then, when @store is a
 * stand-in ("bus:", "daemon:"), those under other stand-ins (CliToken*,
 * freed with the array; the daemon refuses the ones it did not
 * issue). */
GPtrArray *cli_tokens_find(const char *store, const char *game,
                           const char *holder);

/* Saves (or replaces) the token of @seat in @game of @store for
 * @holder; tokens of other stores are kept whatever their game ids.
 * Prints a warning and returns FALSE when the file cannot be written. */
gboolean cli_tokens_save(const char *store, const char *game, guint seat,
                         const char *token, const char *holder);

/* ---- taking seats and starting (lobby.c) ---- */

/* Takes a seat of @game for @holder: when @reclaim, first with each token
 * saved for it (only @seat's when @seat >= 0); else, or if none works,
 * joins @seat (-1: the lowest free seat of @kind, or any when @kind is
 * NULL) as @name and saves the token.  FALSE with the failure printed. */
gboolean cli_take_seat(MeepleRemoteGame *game, const char *holder,
                       gboolean reclaim, int seat, const char *kind,
                       const char *name, guint *seat_out);

/* Returns once @game has started: while seats are free it keeps asking
 * the daemon to start it (any seated client may), printing who is waited
 * for when @progress.  FALSE with the failure printed. */
gboolean cli_wait_start(MeepleRemoteGame *game, gboolean progress);

G_END_DECLS

#endif
