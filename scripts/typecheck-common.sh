# shellcheck shell=bash
# Sourced by scripts/typecheck-swiftui.sh and scripts/typecheck-apple-forms.sh: builds the
# stand-in interfaces in StandIns/ (modules named Combine, UIKit and SwiftUI that are NOT Apple's
# frameworks: see StandIns/README.md) into one directory, warnings as errors.
#   build_stand_ins DIR    writes DIR/Combine.swiftmodule, DIR/UIKit.swiftmodule and
#                          DIR/SwiftUI.swiftmodule (SwiftUI re-exports Combine, as Apple's does)

build_stand_ins() {
  local out=$1 module
  mkdir -p "$out"
  for module in Combine UIKit SwiftUI; do
    swiftc -emit-module -module-name "$module" -parse-as-library -swift-version 6 \
      -warnings-as-errors -I "$out" "StandIns/$module"/*.swift \
      -emit-module-path "$out/$module.swiftmodule"
  done
}
