# shellcheck shell=bash
# Sourced by scripts/typecheck-swiftui.sh and scripts/typecheck-apple-forms.sh: builds the
# stand-in interfaces in StandIns/ (modules named Combine, UIKit and SwiftUI that are NOT Apple's
# frameworks: see StandIns/README.md) into one directory, warnings as errors.
#   build_stand_ins DIR    writes DIR/Combine.swiftmodule, DIR/UIKit.swiftmodule and
#                          DIR/SwiftUI.swiftmodule (SwiftUI re-exports Combine, as Apple's does)
#   previews_as_functions DIR FILE...
#                          copies each FILE under DIR (same relative path) with every
#                          `#Preview(...) {` opening rewritten as
#                          `@MainActor @ViewBuilder private func preview_L<line>() -> some View {`,
#                          and prints the copies' paths, one a line. `#Preview` is a macro whose
#                          implementation ships with Xcode only, so the stand-in cannot declare
#                          it; its body, the view builder the macro wraps, is type-checked this
#                          way (a misspelt name in a preview fails).

build_stand_ins() {
  local out=$1 module
  mkdir -p "$out"
  for module in Combine UIKit SwiftUI; do
    swiftc -emit-module -module-name "$module" -parse-as-library -swift-version 6 \
      -warnings-as-errors -I "$out" "StandIns/$module"/*.swift \
      -emit-module-path "$out/$module.swiftmodule"
  done
}

previews_as_functions() {
  local out=$1
  shift
  python3 - "$out" "$@" <<'PYTHON'
import re, sys
from pathlib import Path
out = Path(sys.argv[1])
preview = re.compile(r"^(\s*)#Preview(\([^)]*\))?\s*\{")
for name in sys.argv[2:]:
    lines = Path(name).read_text(encoding="utf-8").splitlines(keepends=True)
    for number, line in enumerate(lines, start=1):
        lines[number - 1] = preview.sub(
            lambda m: f"{m.group(1)}@MainActor @ViewBuilder private func preview_L{number}() -> some View {{",
            line)
    copy = out / name
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text("".join(lines), encoding="utf-8")
    print(copy)
PYTHON
}
