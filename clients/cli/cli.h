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
  gboolean full;     /* --full: the whole board, however wide */
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
  char *bot_strategy; /* --bot-strategy S: the bots' (meeple bot --strategy) */
  char *think;        /* --think T: a search bot's time a move */
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

/* Starts `meeple bot GAME --seats all-bot --quiet` for the bot seats of
 * game @id, with @o's --bot-strategy and --think and the bots' @seed
 * (NULL: random).  With @detach the bots outlive this process (meeple
 * new), their output goes to /dev/null and *@pid is not set; else *@pid
 * is the child to reap (play --new).  FALSE with a message printed when
 * it cannot start. */
gboolean cli_spawn_bots(const char *id, const CliNewOptions *o,
                        const char *seed, gboolean detach, GPid *pid);

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

/* ---- the terminal (term.c) ---- */

/* Columns of the terminal on standard output (TIOCGWINSZ), else
 * $COLUMNS, else CLI_TEXT_WIDTH (80). */
guint cli_term_columns(void);

/* Lines of that terminal, else $LINES, else 0 (unknown). */
guint cli_term_lines(void);

/* ---- the board of a remote game (board.c, board-window.c) ---- */

/* A BoardView of a game's mirror: its catalog's kinds and tile types, the
 * state's tiles, figures (neutral ones too) and
 * tiles set aside, and optionally the cells where the pending decision
 * can place a tile. */
typedef struct CliBoard CliBoard;

/* The board of @state, drawn with @catalog; both must outlive it. */
CliBoard *cli_board_new(const MeepleClientCatalog *catalog,
                        const MeepleClientState *state);
void cli_board_free(CliBoard *board);

/* ---- a long list chosen in steps (choice.c) ---- */

/* More actions than this are chosen in steps. */
#define CLI_CHOICE_LIMIT 12

/* What the current step of a choice asks. */
typedef enum {
  CLI_STEP_LIST, /* one action of a short list */
  CLI_STEP_WHAT, /* a group of actions of one kind and figure */
  CLI_STEP_CELL, /* a group of actions on one cell (lettered) */
} CliStep;

typedef struct CliChoice CliChoice;

/* A choice among the actions of @d (which must outlive it). */
CliChoice *cli_choice_new(const MeepleClientDecision *d);
void cli_choice_free(CliChoice *c);
/* The actions still in question: indices into d->actions. */
const GArray *cli_choice_actions(const CliChoice *c);
CliStep cli_choice_step(const CliChoice *c);
/* The groups of a WHAT or CELL step, each an array of action indices,
 * in the order their first action has in the decision. */
guint cli_choice_n_groups(const CliChoice *c);
const GArray *cli_choice_group(const CliChoice *c, guint group);
/* Picks @group: the index of its action when it has only one (nothing
 * else changes), else -1 and the next step is about its actions. */
int cli_choice_enter(CliChoice *c, guint group);
/* Narrows the choice to @actions (indices), as a pick that "back"
 * takes back (a cell's options, picked by its letter in a list). */
void cli_choice_narrow(CliChoice *c, const GArray *actions);
/* Takes the last pick back; FALSE at the first step. */
gboolean cli_choice_back(CliChoice *c);
/* Whether the choice goes in steps (a pick was made, or is asked). */
gboolean cli_choice_in_steps(const CliChoice *c);
/* Whether a pick was made that "back" can take back. */
gboolean cli_choice_can_back(const CliChoice *c);

/* Whether @a names a cell: it places a tile, names a segment, or its
 * notation has "@ X,Y" (doc/game-record.md). */
gboolean cli_action_has_cell(const MeepleClientAction *a);

/* Marks every cell where an action of @decision (of @subset, action
 * indices; NULL: all) places a tile (an action with a tile id),
 * labelled a, b, ... in the order of the actions. */
void cli_board_mark_placements(CliBoard *board,
                               const MeepleClientDecision *decision,
                               const GArray *subset);

/* Letters the options of @decision (of @subset; NULL: all) that put
 * something on a segment of a placed tile (a follower, a neutral
 * figure), or on the tile itself (a figure moved to its cell): each
 * distinct segment gets a letter drawn on it, a tile in a corner, so
 * nothing but the board says where "follower C1" goes. */
void cli_board_mark_options(CliBoard *board,
                            const MeepleClientDecision *decision,
                            const GArray *subset);

/* Letters the cell of each group of @choice's CELL step on the board
 * (an empty cell in its middle, a tile in a corner), replacing any
 * other marks. */
void cli_board_mark_groups(CliBoard *board,
                           const MeepleClientDecision *decision,
                           const CliChoice *choice);

/* Puts tile @tile_id at (x, y) turned @rotation on @board, drawn as the
 * last move (a preview: the daemon has not seen it), and letters its
 * segments; returns the letter of each segment in the tile type's order
 * (g_free; ' ' where there was none left). */
char *cli_board_preview_tile(CliBoard *board, const char *tile_id, int x,
                             int y, guint rotation);

/* Draws a figure of @type for seat @owner on @segment of the tile at
 * (x, y), highlighted, and drops the letters (the preview of a choice). */
void cli_board_preview_figure(CliBoard *board, const char *type, int owner,
                              int x, int y, guint segment);

/* The kind name of segment @segment of the tile at (x, y), or NULL. */
const char *cli_board_segment_kind(const CliBoard *board, int x, int y,
                                   guint segment);

/* The label of group @group of cli_board_mark_groups(), or NULL; the
 * group lettered @label, or -1. */
const char *cli_board_group_label(const CliBoard *board, guint group);
int cli_board_label_group(const CliBoard *board, const char *label);

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
 * "…-moved" with a cell (a rule set's neutral figure). */
gboolean cli_event_moves_figure(const MeepleClientEvent *e);

/* Chooses the window of @view that fits @columns (and @lines, 0:
 * unknown) around the options marked on it, else the last move, unless
 * the whole board fits; then appends to @note the line saying which part
 * is shown and which options lie outside it. */
void cli_board_window(BoardView *view, guint columns, guint lines,
                      gboolean tight, GString *note);

/* With @tight, the window holds only the options and one tile around
 * them (a decision in a turn whose board was just shown). */
void cli_board_set_tight(CliBoard *board, gboolean tight);

/* Appends the board (board_render()): with --full all of it, else the
 * window of cli_board_window() for the terminal. */
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

/* What a joiner should know about how the game's supply was made ("The
 * creator chose the seed, …"), or NULL when the daemon shuffled it (or
 * cannot tell). */
const char *cli_supply_note(const char *supply);

/* Appends the status: who is waited for, whose decision it is (@decision,
 * the pending one, may be NULL), or the end of the game with the final
 * scores; for a waiting game, cli_supply_note(). */
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
 * tile U at 2,-2 ([ ] on the axes); follower at 2,-2; a figure moved to
 * 1,0."
 * Nothing before a seat placed a tile. */
void cli_append_last_move(GString *out, const GPtrArray *events,
                          const MeepleClientState *state);

/* Appends "Final scores: A 12, B 9; winner: A" and a newline. */
void cli_append_final_scores(GString *out, const MeepleClientState *state);

/* How cli_append_event() writes an event. */
typedef enum {
  /* the daemon's sentence, from its rule set's template and the fields
   * it declares ("#12 Ann's follower on the road at -1,0 ..."); a line
   * longer than CLI_TEXT_WIDTH is wrapped */
  CLI_EVENT_SENTENCE = 0,
  /* every field by name, the "arg" too, and the rule it cites: for
   * scripts (--raw-events) */
  CLI_EVENT_RAW = 1 << 0,
  /* with a sentence: the rule it cites, "[MIST-08]" (--rules-cited) */
  CLI_EVENT_RULES = 1 << 1,
  /* the type, the seat and the fields by name but no "arg", wrapped: the
   * lines play prints between turns */
  CLI_EVENT_FIELDS = 1 << 2,
} CliEventStyle;

/* Appends one line for @event: its sequence number, then its sentence or
 * (CLI_EVENT_RAW, or an event without a sentence) its type, seat name
 * and fields. */
void cli_append_event(GString *out, const MeepleClientEvent *event,
                      const MeepleClientState *state, CliEventStyle style);

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

/* ---- the actions as lines (describe.c) ---- */

/* The notation of @a as shown: without the trailing number of a rule
 * set's action (its arg), which only the engine understands (g_free). */
char *cli_action_shown(const MeepleClientAction *a);

/* Appends the actions of @d (those of @subset, action indices; NULL:
 * all), one a line: numbered 1, 2, ... in the list, or with
 * @decision_numbers as "#N" (N: the action's place in the decision);
 * each with what the board says of it (cli_board_mark_*() of @board).
 * With @filter only those whose shown notation contains it, and a line
 * counting them. */
void cli_append_actions(GString *out, const MeepleClientDecision *d,
                        const GArray *subset, gboolean decision_numbers,
                        const MeepleClientState *state,
                        const CliBoard *board, const char *filter);

/* The action whose notation, or shown notation, is @line, or -1
 * (*@ambiguous when several are shown so). */
int cli_find_shown(const MeepleClientDecision *d, const char *line,
                   gboolean *ambiguous);

/* ---- an interactive player's decision (prompt.c) ---- */

/* How a prompt ended. */
typedef enum {
  CLI_ANSWER_ACTED,  /* an action was accepted */
  CLI_ANSWER_RETRY,  /* the decision is gone (stale, not ours): fetch again */
  CLI_ANSWER_QUIT,   /* the player typed quit */
  CLI_ANSWER_EOF,    /* the input ended */
  CLI_ANSWER_FAILED, /* output or the daemon failed (message printed) */
  CLI_ANSWER_AGAIN,  /* (internal: ask again) */
  CLI_ANSWER_BACK,   /* (internal: back from a preview to the step) */
} CliAnswer;

/* What a player's prompts keep from one decision to the next. */
typedef struct {
  gboolean preview;   /* a placement is previewed and confirmed first */
  GString *shown;     /* the board printed last (not printed again) */
  GString *context;   /* the last move and the seats printed last */
  guint64 placed;     /* the last tile placement when a decision was
                       * shown (sequence): the same turn draws less */
  /* A figure choice confirmed with the placement, for the decision that
   * follows it (preview.c): a figure of @figure on segment @segment of
   * the tile placed at (x, y), or with @none no figure. */
  gboolean held, none;
  int x, y;
  char *figure, *segment, *what;
} CliTurn;

void cli_turn_init(CliTurn *turn, gboolean preview);
void cli_turn_clear(CliTurn *turn);
/* Forgets the held figure choice. */
void cli_turn_drop_held(CliTurn *turn);

/* Shows decision @d (which is for a seat this client holds) and reads
 * answers from @input until one is accepted or the player leaves.  A
 * decision in the same turn as the one shown before (a neutral
 * figure's next step) gets a board window around its options only, and the last move
 * and the seats only when they changed. */
CliAnswer cli_prompt_decision(MeepleRemoteGame *game,
                              const MeepleClientDecision *d,
                              BoardRenderFlags flags, FILE *input,
                              CliTurn *turn);

/* Writes @text (then empties it) and reads one answer from @input into
 * *@line (g_free), blanks collapsed, echoed when @input is not a
 * terminal.  CLI_ANSWER_AGAIN when a line was read, else EOF or
 * FAILED. */
CliAnswer cli_prompt_read(GString *text, FILE *input, char **line);

/* ---- previewing a placement (preview.c) ---- */

/* Shows the tile of action @index of @d placed (not sent yet) and asks
 * for the figure to put on it, then for a confirmation; sends the
 * placement only then, holding the figure choice in @turn for the
 * decision that follows.  CLI_ANSWER_BACK when the player went back. */
CliAnswer cli_preview_placement(MeepleRemoteGame *game,
                                const MeepleClientDecision *d, guint index,
                                BoardRenderFlags flags, FILE *input,
                                CliTurn *turn);

/* When @turn holds a figure choice that decision @d offers, takes it
 * (CLI_ANSWER_ACTED, or RETRY/FAILED); when @d is where the figure
 * would go but it is not offered, says so and forgets it.  Else
 * CLI_ANSWER_AGAIN: ask the player. */
CliAnswer cli_turn_resolve(MeepleRemoteGame *game,
                           const MeepleClientDecision *d, CliTurn *turn);

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
