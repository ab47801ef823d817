#!/usr/bin/env bash
# Type-checks, on Linux, the guide's Apple-only code: every test target whose sources have a
# `#if canImport(Combine)`, `canImport(UIKit)` or `canImport(SwiftUI)` branch (the Combine, UIKit
# and SwiftUI forms the guide quotes beside their Signals twins), against the stand-in interfaces
# in StandIns/ (modules named Combine, UIKit and SwiftUI that are not Apple's: see
# StandIns/README.md). With those modules on the import path every such branch is on, so a wrong
# member name, a wrong argument label or a Swift 6 isolation error in it fails here as it would
# fail Xcode. Warnings are errors, as in the rest of CI.
#   scripts/typecheck-apple-forms.sh              check the repository (CI runs this)
#   scripts/typecheck-apple-forms.sh --self-test  check that the check can fail: a correct form
#                                                 passes and the same form with one wrong member
#                                                 name (Combine, UIKit, SwiftUI, a #Preview body)
#                                                 fails
# Each target is checked as one module (all its files, tests included), against the modules
# `swift build --build-tests` made for its dependencies. The SwiftUI targets under Sources are
# checked by scripts/typecheck-swiftui.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/typecheck-common.sh
source scripts/typecheck-common.sh

out=.build/apple-stand-ins
rm -rf "$out"
build_stand_ins "$out"

# Type-checks FILES... as one module named $1 against the stand-ins and the package's modules
# (as a member of the package, `$package`, so its `package` declarations are visible).
package=signals_self_test
typecheck() {
  local module=$1
  shift
  local files
  # `#Preview` bodies become plain view-builder functions (typecheck-common.sh), so they are
  # checked too; errors name the copies under $out/previews, at the original line numbers.
  mapfile -t files < <(previews_as_functions "$out/previews" "$@")
  swiftc -typecheck -module-name "$module" -package-name "$package" -parse-as-library \
    -swift-version 6 -warnings-as-errors -continue-building-after-errors \
    -I "$out" -I "$modules" "${files[@]}"
}

if [ "${1:-}" = --self-test ]; then
  modules=$out  # the self-test imports only the stand-ins
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  cat >"$dir/Forms.swift" <<'SWIFT'
import Combine
import SwiftUI
import UIKit

@MainActor final class Model: ObservableObject {
  @Published private(set) var title = ""
  let toasts = PassthroughSubject<String, Never>()
}

final class Screen: UIViewController {
  private let model = Model()
  private let label = UILabel()
  private var cancellables = Set<AnyCancellable>()

  override func viewDidLoad() {
    super.viewDidLoad()
    model.$title
      .receive(on: DispatchQueue.main)
      .sink { [weak self] title in self?.label.text = title }
      .store(in: &cancellables)
  }
}

struct Row: View {
  @ObservedObject var model: Model
  var body: some View { Text(model.title) }
}

#Preview("Row") { Row(model: Model()) }
SWIFT
  typecheck SelfTest "$dir/Forms.swift" || {
    echo "typecheck-apple-forms self-test: FAILED: a correct form did not type-check" >&2
    exit 1
  }
  for wrong in 's/\.store(in:/.stored(in:/' 's/viewDidLoad()/viewDidLoaded()/' \
    's/Text(model\.title)/Text(model.titel)/' 's/Row(model: Model())/Row(modle: Model())/'; do
    sed "$wrong" "$dir/Forms.swift" >"$dir/Wrong.swift"
    if typecheck SelfTest "$dir/Wrong.swift" 2>/dev/null; then
      echo "typecheck-apple-forms self-test: FAILED: a wrong member name ($wrong) type-checked" >&2
      exit 1
    fi
    echo "typecheck-apple-forms self-test: a wrong member name fails ($wrong)"
  done
  echo "typecheck-apple-forms self-test: OK"
  exit 0
fi

# The test targets with an Apple-only branch: Tests/<Target>/..., one name per line.
targets=$(grep -rlE --include='*.swift' 'canImport\((Combine|UIKit|SwiftUI)\)' Tests |
  cut -d/ -f2 | sort -u)
if [ -z "$targets" ]; then
  echo "typecheck-apple-forms: no file under Tests has a Combine, UIKit or SwiftUI branch" >&2
  exit 1
fi
swift build --build-tests
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
# The package name SwiftPM gave the modules (the checkout's directory name, made an identifier).
package=$(python3 -c 'import json, sys
for command in json.load(open(sys.argv[1]))["swiftCommands"].values():
    arguments = command.get("otherArguments", [])
    if "-package-name" in arguments:
        print(arguments[arguments.index("-package-name") + 1])
        break' "$bin/description.json")
if [ -z "$package" ]; then
  echo "typecheck-apple-forms: no -package-name in $bin/description.json" >&2
  exit 1
fi

status=0
for target in $targets; do
  mapfile -t files < <(find "Tests/$target" -name '*.swift' | sort)
  echo "typecheck-apple-forms: $target (${#files[@]} files) against StandIns/{Combine,UIKit,SwiftUI}"
  if ! typecheck "$target" "${files[@]}"; then
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "typecheck-apple-forms: FAILED: the Apple-only forms would not compile in Xcode either" >&2
  echo "  (or a stand-in lacks a declaration they use: add it, with its documentation page)" >&2
  exit 1
fi
echo "typecheck-apple-forms: OK ($(echo "$targets" | wc -l) target(s))"
