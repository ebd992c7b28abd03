#!/bin/sh
# bench-compare.sh — the engine's speed against an older build, measured
# fairly on a shared machine: both builds run in one session, taking
# turns, pinned to one core, and the figures are medians of the rounds.
#
# Usage: tools/bench-compare.sh [-r ROUNDS] [-c CPU] [-s SECONDS] BASE [NEW_BUILD]
#   BASE: a commit; it is built (plain ./configure, default -O2) from
#     `git archive` in a temporary directory, kept as
#     ${TMPDIR:-/tmp}/meeple-bench-BASE so a second run starts at once
#   NEW_BUILD: the build directory to compare (default: ./_build)
#   -r ROUNDS: rounds of (base, new) runs (default 5)
#   -c CPU: the core to pin to with taskset (default 1)
#   -s SECONDS: seconds of games per run and rule-set choice (default 2)
# Prints, for random 2-player base games (farmers on) and for the same
# games with every rule set, each build's median games/s and the ratio
# new/base.  Numbers, never pass/fail.
# Each round runs both builds with an environment variable of another
# length (MEEPLE_BENCH_PAD): the size of the environment moves the stack,
# and that alone changed one build's speed by up to 5% on this machine,
# so one fixed environment could favour either build.
set -eu
rounds=5 cpu=1 seconds=2
while getopts r:c:s: opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    c) cpu=$OPTARG ;;
    s) seconds=$OPTARG ;;
    *) echo "usage: $0 [-r ROUNDS] [-c CPU] [-s SECONDS] BASE [NEW_BUILD]" >&2
       exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 [-r ROUNDS] [-c CPU] [-s SECONDS] BASE [NEW_BUILD]" >&2
  exit 2
fi
top=$(git rev-parse --show-toplevel)
base=$(git rev-parse --short "$1")
new=$(cd "${2:-$top/_build}" && pwd)
basedir=${TMPDIR:-/tmp}/meeple-bench-$base

if [ ! -x "$basedir/_build/daemon/sim/meeple-sim" ]; then
  echo "building $base in $basedir ..." >&2
  rm -rf "$basedir"
  mkdir -p "$basedir"
  git -C "$top" archive "$base" | tar -x -C "$basedir"
  (cd "$basedir" && ./autogen.sh >build.log 2>&1 &&
   mkdir -p _build && cd _build && ../configure >>../build.log 2>&1 &&
   make -j2 daemon/sim/meeple-sim >>../build.log 2>&1 &&
   plugins=$(sed -n '/^meepleplugins_LTLIBRARIES = /,/[^\\]$/p' Makefile |
             tr -d '\\' | sed 's/^meepleplugins_LTLIBRARIES = //') &&
   make -j2 $plugins >>../build.log 2>&1) ||
    { echo "building $base failed: see $basedir/build.log" >&2; exit 1; }
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
# One run of one build: "BASE_GAMES_PER_S ALL_GAMES_PER_S".
run() {
  MEEPLE_BENCH_PAD=$pad taskset -c "$cpu" "$1/daemon/sim/meeple-sim" bench --runs 1 \
    --seconds "$seconds" 2>/dev/null |
    awk '/^full games per second  / { b = $5 }
         /^full games per second \(base\+/ { sub(/^[^)]*\)/, ""); a = $1 }
         END { print b, a }'
}
i=1
while [ "$i" -le "$rounds" ]; do
  pad=$(printf "%$(( (i * 37) % 128 ))s" "" | tr ' ' x)
  echo "base $(run "$basedir/_build")" >>"$out"
  echo "new $(run "$new")" >>"$out"
  echo "round $i of $rounds: $(tail -2 "$out" | tr '\n' ' ')" >&2
  i=$((i + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END {
  print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
bb=$(awk '$1 == "base" { print $2 }' "$out" | median)
ba=$(awk '$1 == "base" { print $3 }' "$out" | median)
nb=$(awk '$1 == "new" { print $2 }' "$out" | median)
na=$(awk '$1 == "new" { print $3 }' "$out" | median)
echo "medians of $rounds alternating rounds, ${seconds} s each, taskset -c $cpu:"
printf '%-40s %10s %10s %7s\n' "random 2-player games/s" "$base" new ratio
printf '%-40s %10.0f %10.0f %7.2f\n' "base game, farmers on" "$bb" "$nb" \
  "$(echo "$nb $bb" | awk '{ print $1 / $2 }')"
printf '%-40s %10.0f %10.0f %7.2f\n' "every rule set" "$ba" "$na" \
  "$(echo "$na $ba" | awk '{ print $1 / $2 }')"
