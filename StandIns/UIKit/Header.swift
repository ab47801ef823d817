// NOT UIKit. A stand-in interface named `UIKit` that declares exactly what the guide's UIKit
// forms use, with the shapes Apple documents (each declaration cites its page), so that Linux CI
// can type-check them (scripts/typecheck-apple-forms.sh). Every body is `fatalError()`: nothing
// here runs. Like UIKit, every class here is `@MainActor`. See StandIns/README.md for what a
// type-check cannot show.

// UIKit re-exports Foundation: a view controller file needs only `import UIKit`.
@_exported import Foundation
