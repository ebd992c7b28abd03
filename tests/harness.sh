# tests/harness.sh — what the shell suites share: a scratch directory
# ($TMP, removed on exit), pass/fail counting, running a command with its
# output captured, checks on exit statuses and output, and the closing
# "N passed, N failed" line that
# tools/test-summary reads.  Source it after `set -eu` with HARNESS_NAME
# set to the suite's name.
# shellcheck shell=sh
# ($status is read by the scripts that source this file.)
# shellcheck disable=SC2034

TMP=$(mktemp -d "${TMPDIR:-/tmp}/${HARNESS_NAME:-test}.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

passed=0
failed=0

pass() {
  passed=$((passed + 1))
  echo "ok - $1"
}

# fail DESCRIPTION: counts a failure and shows what the last run said, so
# a failure can be debugged from the log alone.
fail() {
  failed=$((failed + 1))
  echo "FAIL - $*"
  if [ -s "$TMP/out" ]; then sed -n '1,15s/^/    stdout: /p' "$TMP/out"; fi
  if [ -s "$TMP/err" ]; then sed -n '1,15s/^/    stderr: /p' "$TMP/err"; fi
}

# run CMD...: stdout to $TMP/out, stderr to $TMP/err, exit status in
# $status (set -e must not stop the suite on failures made on purpose).
run() {
  set +e
  "$@" >"$TMP/out" 2>"$TMP/err"
  status=$?
  set -e
}

# expect STATUS DESCRIPTION CMD...: the command exits with STATUS.
expect() {
  want=$1
  what=$2
  shift 2
  run "$@"
  if [ "$status" -eq "$want" ]; then
    pass "$what (exit $want)"
  else
    fail "$what: exit $status, expected $want"
  fi
}

# check DESCRIPTION CMD...: CMD (a test, not the program under test)
# succeeds.
check() {
  what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# has PATTERN FILE, has_e ERE FILE, lacks PATTERN FILE: grep as a test.
has() { grep -q -- "$1" "$2"; }
has_e() { grep -Eq -- "$1" "$2"; }
lacks() { ! grep -q -- "$1" "$2"; }
lacks_e() { ! grep -Eq -- "$1" "$2"; }

# finish: the summary line; exits non-zero when a check failed.
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
