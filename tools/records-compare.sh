#!/bin/sh
# records-compare.sh — check that two builds of meeple-sim play the same
# games: the records of N seeded random games (base game, and every rule
# set) must be byte-identical.  Speed-ups must not change what a seed
# means (doc/determinism.md).
#
# Usage: tools/records-compare.sh OLD_MEEPLE_SIM NEW_MEEPLE_SIM [N]
#   OLD_MEEPLE_SIM, NEW_MEEPLE_SIM: the meeple-sim of each build (each
#   finds its own plugins, as an uninstalled build does)
#   N: games per rule-set choice (default 1000)
# Exit status: 0 all records equal, 1 a record differs, 2 usage error.
set -eu
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 OLD_MEEPLE_SIM NEW_MEEPLE_SIM [N]" >&2
  exit 2
fi
old=$1 new=$2 n=${3:-1000}
all=abbot,circus,mage-witch,princess-dragon,mist,spell-circles
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
differ=0
for rules in base "$all"; do
  opt=
  [ "$rules" = base ] || opt="--rules=$rules"
  seed=1
  while [ "$seed" -le "$n" ]; do
    # $opt is empty or one word: left unquoted on purpose.
    "$old" play -q --seed "$seed" --strategy random $opt >"$dir/old"
    "$new" play -q --seed "$seed" --strategy random $opt >"$dir/new"
    if ! cmp -s "$dir/old" "$dir/new"; then
      echo "differs: seed $seed, rules $rules" >&2
      differ=$((differ + 1))
    fi
    seed=$((seed + 1))
  done
  echo "rules $rules: $n games compared"
done
if [ "$differ" -gt 0 ]; then
  echo "$differ records differ" >&2
  exit 1
fi
echo "all records byte-identical"
