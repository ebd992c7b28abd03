#!/bin/sh
# run-fuzz.sh TARGET SECONDS CORPUS [LIBFUZZER-OPTION...]
#
# Runs one libFuzzer target of `make fuzz` (tests/fuzz/local.mk) for
# SECONDS on CORPUS (new inputs are added to it), then prints the number
# of inputs it ran.  Exits 1 on any finding, which libFuzzer writes as
# findings/TARGET-crash-<hash> (or -leak-, -timeout-, -oom-) next to the
# target; the whole log is TARGET.log.
set -u
target=$1
seconds=$2
corpus=$3
shift 3
name=$(basename "$target")
dir=$(dirname "$target")
log=$dir/$name.log
mkdir -p "$dir/findings" "$corpus"

# -timeout: an input that takes this long is a finding (a loop that never
# ends); ASan and UBSan stop at the first report (-fno-sanitize-recover).
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export UBSAN_OPTIONS
status=0
"$target" -max_total_time="$seconds" -timeout=30 -print_final_stats=1 \
  -artifact_prefix="$dir/findings/$name-" "$@" "$corpus" >"$log" 2>&1 ||
  status=$?

# libFuzzer names it number_of_executed_units (clang 14) or _runs.
runs=$(sed -n 's/^stat::number_of_executed_\(units\|runs\): *//p' "$log" |
  tail -n 1)
if [ "$status" -ne 0 ]; then
  echo "$name: FINDING after ${runs:-?} inputs (exit status $status);" \
    "log: $log, inputs: $dir/findings/"
  tail -n 60 "$log"
  exit 1
fi
if [ -z "$runs" ]; then
  echo "$name: ran no inputs? (no final stats; log: $log)"
  tail -n 30 "$log"
  exit 1
fi
echo "$name: $runs inputs run in $seconds s, no finding" \
  "(corpus: $(ls "$corpus" | wc -l) inputs)"
