#!/bin/sh
# tests/test-cli-completion.sh — the bash completion of meeple
# (clients/cli/completion/meeple), run by bash against the built meeple
# and a private bus: commands, a command's options, game ids, rule sets
# (also after a comma), option values and files.  Skipped (77) without
# bash.
set -eu

: "${TEST_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
HARNESS_NAME=test-cli-completion
CLI_NEEDS=""
# shellcheck source=tests/cli-setup.sh
. "$TEST_SRCDIR/tests/cli-setup.sh"

if ! command -v bash >/dev/null 2>&1; then
  echo "# no bash: skipped"
  exit 77
fi
COMPLETION=$TEST_SRCDIR/clients/cli/completion/meeple

# complete WORDS...: what the completion offers for the command line
# WORDS (the last one is being completed), one per line, in $TMP/out.
complete_line() {
  run bash -c '
    . "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
    _meeple
    printf "%s\n" "${COMPREPLY[@]}"' sh "$COMPLETION" "$M" "$@"
}

start_cli_bus
expect 0 "a game to complete" "$M" new --name completed
G=$(cat "$TMP/out")

complete_line sh
check "a command" has_e "^show$" "$TMP/out"
check "only the commands that fit" test "$(wc -l <"$TMP/out")" -eq 1
complete_line ""
check "every command" test "$(wc -l <"$TMP/out")" -eq 13
complete_line new --ru
check "an option of the command" has_e "^--rules$" "$TMP/out"
complete_line play --
check "play's options, from play --help" has_e "^--new$" "$TMP/out"
check "the global ones too" has_e "^--bus-address$" "$TMP/out"
complete_line show ""
check "game ids" has_e "^$G$" "$TMP/out"
complete_line --bus-address "$MEEPLE_BUS_ADDRESS" watch ""
check "game ids of the bus named on the line" has_e "^$G$" "$TMP/out"
complete_line new --rules ab
check "a rule set" has_e "^abbot$" "$TMP/out"
complete_line new --rules abbot,pri
check "the next rule set of a list" has_e "^abbot,princess-dragon$" "$TMP/out"
complete_line show "$G" --colour ""
check "the values of --colour" sh -c \
  '[ "$(tr "\n" " " <"$1")" = "auto always never " ]' sh "$TMP/out"
complete_line bot "$G" --strategy g
check "a strategy" has_e "^greedy$" "$TMP/out"
complete_line new --bots 1 --bot-strategy s
check "the bots' strategy of new" has_e "^search$" "$TMP/out"
complete_line new --bo
check "new offers --bot-strategy" has_e "^--bot-strategy$" "$TMP/out"
complete_line play --new --th
check "play offers --think" has_e "^--think$" "$TMP/out"
complete_line help wa
check "help completes commands" has_e "^watch$" "$TMP/out"
: >"$TMP/game.rec"
complete_line import "$TMP/ga"
check "import completes files" has "game.rec" "$TMP/out"

finish
