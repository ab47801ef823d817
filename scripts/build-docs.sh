#!/usr/bin/env bash
# Builds the DocC archives of Signals, SignalsConcurrency, SignalsObservation and SignalsTesting from symbol graphs with the toolchain's
# own `docc`, and the static site a reader opens. Fails on any DocC warning, so a broken symbol
# link (``Name``) fails the build, and on any public symbol that no Topics section curates
# (scripts/check-docc-curation.py).
#   scripts/build-docs.sh [--site site-dir] [output-dir]
#                  (defaults: .build/docs-site, .build/docs; paths from the repository root)
# writes output-dir/Signals.doccarchive, output-dir/SignalsConcurrency.doccarchive,
# output-dir/SignalsObservation.doccarchive and output-dir/SignalsTesting.doccarchive. The archives
# do not link to each other (SignalsConcurrency, SignalsTesting and SignalsObservation name
# Signals' types in code voice), so each can be hosted on its own
# without dead links. The site is the four archives as one static site (docc process-archive
# transform-for-static-hosting, each under its own base path: /Signals/, /SignalsConcurrency/,
# /SignalsObservation/, /SignalsTesting/) with an index at its root; DocC pages are a JavaScript
# app that loads its data from the server, so open it over HTTP, not as files. To read the
# reference (docs-site/ is git-ignored):
#   scripts/build-docs.sh --site docs-site
#   python3 -m http.server -d docs-site -b 127.0.0.1 8000    # then open http://127.0.0.1:8000/
# scripts/check-docs-site.py opens that site in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

site=.build/docs-site
out=.build/docs
while (($# > 0)); do
  case "$1" in
    --site)
      site="${2:?--site needs a directory}"
      shift 2
      ;;
    *)
      out="$1"
      shift
      ;;
  esac
done

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

# The site: only its modules' folders and its index are replaced, so a --site that names a folder
# with other files in it loses none of them.
mkdir -p "$site"
for module in Signals SignalsConcurrency SignalsObservation SignalsTesting; do
  rm -rf "${site:?}/$module"
  docc process-archive transform-for-static-hosting "$out/$module.doccarchive" \
    --output-path "$site/$module" --hosting-base-path "$module" >/dev/null
done
{
  printf '<!doctype html><meta charset=utf-8><title>Signals documentation</title>'
  printf '<main><h1>Signals documentation</h1><ul>'
  for module in Signals SignalsConcurrency SignalsObservation SignalsTesting; do
    lower=$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')
    printf '<li><a href="/%s/documentation/%s/">%s</a></li>' "$module" "$lower" "$module"
  done
  printf '</ul></main>\n'
} >"$site/index.html"

echo "DocC archives: $out/Signals.doccarchive, $out/SignalsConcurrency.doccarchive," \
  "$out/SignalsObservation.doccarchive, $out/SignalsTesting.doccarchive"
echo "DocC site: $site (python3 -m http.server -d $site -b 127.0.0.1 8000, then open" \
  "http://127.0.0.1:8000/)"
