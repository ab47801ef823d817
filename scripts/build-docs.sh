#!/usr/bin/env bash
# Builds the Signals DocC archive from symbol graphs with the toolchain's own `docc`.
# Fails on any DocC warning, so a broken symbol link (``Name``) fails the build.
#   scripts/build-docs.sh [output-dir]     (default: .build/docs/Signals.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-.build/docs/Signals.doccarchive}"
# A scratch path of its own: the symbol-graph flags would otherwise invalidate the normal build.
# The graphs stay next to it, so an up-to-date build (which emits nothing) still has them.
scratch=.build/docc-build
graphs="$scratch/symbol-graphs"
rm -rf "$out"
mkdir -p "$graphs" "$(dirname "$out")"

swift build --target Signals --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph \
  -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"

docc convert Sources/Signals/Signals.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Signals \
  --fallback-bundle-identifier org.signals.Signals \
  --output-path "$out" \
  --warnings-as-errors

echo "DocC archive: $out"
