#!/usr/bin/env bash
# Runs every test the guides (and docs/api-map.md) link to, and only those: the names come from
# the links themselves (`python3 scripts/check-guide-snippets.py --cited-tests`), so a test the
# guide starts citing runs here without anyone editing this script. Fails if a cited test does
# not exist in the built test products, so nothing the guide cites can be silently skipped.
#
# Usage: scripts/run-guide-tests.sh [extra swift test options]
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t names < <(python3 scripts/check-guide-snippets.py --cited-tests)
pattern="/($(IFS='|'; echo "${names[*]}"))\("

swift build --build-tests "$@"
listed=$(swift test list --skip-build "$@")
missing=()
for name in "${names[@]}"; do
  grep -q "/${name}(" <<<"$listed" || missing+=("$name")
done
if ((${#missing[@]})); then
  printf 'run-guide-tests: the guides cite tests that were not built: %s\n' "${missing[*]}" >&2
  exit 1
fi
printf 'run-guide-tests: running the %d tests the guides cite\n' "${#names[@]}"
swift test --skip-build --filter "$pattern" "$@"
