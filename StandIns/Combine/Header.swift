// NOT Combine. A stand-in interface named `Combine` that declares exactly what the guide's
// Combine forms use, with the shapes Apple documents (each declaration cites its page), so that
// Linux CI can type-check them (scripts/typecheck-apple-forms.sh). Every body is `fatalError()`:
// nothing here runs. It can drift from Apple's SDK; see StandIns/README.md for what it does not
// check. Like Combine in the Xcode 16 SDK, it carries no `Sendable` annotations: its closures
// are plain (non-`@Sendable`) closures, so one written on the main actor stays on it.
