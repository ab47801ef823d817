#!/usr/bin/env bash
# Exact instructions per operation of benchmark cases, counted by callgrind.
#
#   scripts/count-instructions.sh send-1 property-1 receive-on-main-actor
#
# Each case runs twice under callgrind with only its case side (`--case-only`), once with
# 5,000 and once with 10,000 operations per batch. Start-up, set-up and the report cost the
# same in both runs, so the difference in instructions divided by the difference in operations
# is what one operation costs. Instruction counts do not depend on machine load, so two builds
# compared this way need no interleaving. Needs valgrind and a release build
# (`swift build -c release --product SignalsBenchmarks`).
set -euo pipefail

binary=${SIGNALS_BENCHMARK_BINARY:-.build/release/SignalsBenchmarks}
if [[ $# -eq 0 ]]; then
  echo "usage: $0 CASE [CASE...]   (case names: $binary --list)" >&2
  exit 64
fi
[[ -x $binary ]] || { echo "$0: no $binary; build it first" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "<instructions> <operations>" for one run.
measure() {
  local name=$1 ops=$2
  valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$binary" --quick --case-only --batch-ops "$ops" --filter "$name" \
    >"$work/stdout" 2>"$work/stderr"
  local instructions operations
  instructions=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/stderr")
  operations=$(sed -n 's/^case operations: \([0-9]*\)$/\1/p' "$work/stdout")
  [[ -n $instructions && -n $operations ]] || {
    echo "$0: could not read the counts for $name" >&2
    cat "$work/stderr" >&2
    exit 1
  }
  echo "$instructions $operations"
}

printf '%-28s %14s\n' case instructions/op
for name in "$@"; do
  read -r small_i small_ops < <(measure "$name" 5000)
  read -r large_i large_ops < <(measure "$name" 10000)
  if [[ $large_ops -eq $small_ops ]]; then
    echo "$0: $name has a fixed batch size; --batch-ops does not apply to it" >&2
    exit 1
  fi
  python3 -c "print(f'%-28s %14.1f' % ('$name', ($large_i - $small_i) / ($large_ops - $small_ops)))"
done
