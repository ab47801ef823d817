#!/usr/bin/env bash
# Builds the DocC archives of Signals, SignalsConcurrency, SignalsObservation and SignalsTesting from symbol graphs with the toolchain's
# own `docc`. Fails on any DocC warning, so a broken symbol link (``Name``) fails the build, and
# on any public symbol that no Topics section curates (scripts/check-docc-curation.py).
#   scripts/build-docs.sh [output-dir]     (default: .build/docs)
# writes output-dir/Signals.doccarchive, output-dir/SignalsConcurrency.doccarchive,
# output-dir/SignalsObservation.doccarchive and output-dir/SignalsTesting.doccarchive. The archives
# do not link to each other (SignalsConcurrency, SignalsTesting and SignalsObservation name
# Signals' types in code voice), so each can be hosted on its own
# without dead links.
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-.build/docs}"
# A scratch path of its own: the symbol-graph flags would otherwise invalidate the normal build.
# The graphs stay next to it, so an up-to-date build (which emits nothing) still has them.
scratch=.build/docc-build
graphs="$scratch/symbol-graphs"
rm -rf "$out/Signals.doccarchive" "$out/SignalsConcurrency.doccarchive" \
  "$out/SignalsObservation.doccarchive" "$out/SignalsTesting.doccarchive"
mkdir -p "$graphs" "$out"

# Building SignalsTesting builds Signals and SignalsConcurrency first; SignalsObservation, Signals. One build per target:
# `swift build` builds only the last of several `--target`s.
for target in SignalsTesting SignalsObservation; do
  swift build --target "$target" --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-extension-block-symbols \
    -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
done

# One graph directory per module (a module's own graph and its extensions of other modules).
for module in Signals SignalsConcurrency SignalsObservation SignalsTesting; do
  rm -rf "$graphs-$module"
  mkdir -p "$graphs-$module"
  cp "$graphs/$module.symbols.json" "$graphs-$module/"
  for extension in "$graphs/$module"@*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$graphs-$module/"
  done
  python3 scripts/check-docc-curation.py "$graphs-$module" "Sources/$module/$module.docc"
done

for module in Signals SignalsConcurrency SignalsObservation SignalsTesting; do
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs-$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.signals.$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors
  # DocC's web app asks every page's site for theme-settings.json (optional theming), and a
  # reader's browser logs a 404 error when the archive has none (scripts/check-docs-site.py
  # fails on it). No catalog themes anything, so each archive gets the empty settings.
  if [ ! -e "$out/$module.doccarchive/theme-settings.json" ]; then
    echo '{}' >"$out/$module.doccarchive/theme-settings.json"
  fi
done

echo "DocC archives: $out/Signals.doccarchive, $out/SignalsConcurrency.doccarchive," \
  "$out/SignalsObservation.doccarchive, $out/SignalsTesting.doccarchive"
