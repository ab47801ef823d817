import SignalsTestSupport
import Testing

/// The tests behind docs/guide.md: every rule the guide states and every anti-pattern it shows
/// is proven by a test in this folder. Each anti-pattern file defines a deliberately wrong model
/// (its name ends in `_Wrong`), a test that passes by demonstrating the bug, and a test of the
/// fix.
///
/// Run them with `swift test --filter Guide`. Regions marked `// snippet: NAME` are quoted
/// verbatim by the guide; `scripts/check-guide-snippets.py` fails if the two drift apart.
@Suite struct GuideTests {}

/// The small example feature the guide's rules quote (a counter, and a screen that binds it).
enum GuideExample {}
