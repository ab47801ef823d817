#!/usr/bin/env bash
# Type-checks, on Linux, every target whose sources have a `#if canImport(SwiftUI)` branch, against
# the stand-in interface in StandIns/SwiftUI (a module named SwiftUI that is not SwiftUI: see
# StandIns/README.md; it re-exports the Combine stand-in, as SwiftUI re-exports Combine). A name
# clash, a wrong argument shape or a Swift 6 isolation error in the SwiftUI files then fails here
# as it would fail Xcode. Warnings are errors, as in the rest of CI.
#   scripts/typecheck-swiftui.sh
# Each such target is checked as one module (all its files together, the SwiftUI branches on),
# against the modules `swift build` made for its dependencies. `#Preview` is a macro whose
# implementation ships with Xcode, so each file is checked as a copy in which every preview's body
# is a plain view-builder function (previews_as_functions in typecheck-common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/typecheck-common.sh
source scripts/typecheck-common.sh

out=.build/swiftui-stand-in
rm -rf "$out"
mkdir -p "$out"

# The targets with a SwiftUI branch: Sources/<Target>/..., one name per line.
targets=$(grep -rl --include='*.swift' 'canImport(SwiftUI)' Sources | cut -d/ -f2 | sort -u)
if [ -z "$targets" ]; then
  echo "typecheck-swiftui: no file under Sources has a canImport(SwiftUI) branch" >&2
  exit 1
fi

# Their dependencies' modules (and, harmlessly, the targets' own Linux build).
build_args=()
for target in $targets; do build_args+=(--target "$target"); done
swift build "${build_args[@]}"
modules="$(swift build --show-bin-path)/Modules"

build_stand_ins "$out"

status=0
for target in $targets; do
  mapfile -t sources < <(find "Sources/$target" -name '*.swift' | sort)
  mapfile -t files < <(previews_as_functions "$out/previews" "${sources[@]}")
  # An executable target with a main.swift is compiled as a script; the others as a library.
  mode=-parse-as-library
  for file in "${files[@]}"; do [ "$(basename "$file")" = main.swift ] && mode=; done
  echo "typecheck-swiftui: $target (${#files[@]} files) against StandIns/SwiftUI"
  # shellcheck disable=SC2086  # $mode is empty or one flag
  if ! swiftc -typecheck -module-name "$target" $mode -swift-version 6 -warnings-as-errors \
    -I "$out" -I "$modules" "${files[@]}"; then
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "typecheck-swiftui: FAILED: the SwiftUI files would not compile in Xcode either" >&2
  echo "  (or the stand-in lacks a declaration they use: add it, with its documentation page)" >&2
  exit 1
fi
echo "typecheck-swiftui: OK ($(echo "$targets" | wc -l) target(s))"
