// NOT SwiftUI. A stand-in interface named `SwiftUI` that declares exactly what the demo's SwiftUI
// files use, with the shapes Apple documents (each declaration cites its page), so that Linux CI
// can type-check them (scripts/typecheck-swiftui.sh). Every body is `fatalError()`: nothing here
// runs. It can drift from Apple's SDK; see README.md in this directory for what it does not check.

// ...and Combine: `ObservableObject` and `@Published` need only `import SwiftUI` too (the stand-in
// in StandIns/Combine).
@_exported import Combine
// SwiftUI re-exports Observation: an app that writes `@Observable` needs only `import SwiftUI`.
@_exported import Observation
