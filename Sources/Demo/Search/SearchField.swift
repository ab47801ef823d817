/// The search field's text and what each key does to it, like a `UISearchBar`: the owner passes
/// the whole text to the view model on every change.
///
/// It starts with the query on screen. Text is at most ``maximumLength`` characters: further
/// typing is ignored.
struct SearchField: Equatable, Sendable {
  /// The longest text the field holds, in characters.
  static let maximumLength = 64

  /// What a key asks of the owner.
  enum Outcome: Equatable, Sendable {
    /// The text changed: search for it.
    case changed(String)
    /// Nothing changed.
    case unchanged
    /// Enter: close the field and keep the results.
    case done
    /// Esc: close the field and search for `original` again.
    case cancelled(original: String)
    /// Ctrl-C: interrupt the app.
    case interrupted
  }

  /// The text the field started with.
  let original: String
  /// The text now.
  private(set) var text: String

  /// A field holding `text` (cut to ``maximumLength``).
  init(text: String) {
    let kept = String(text.prefix(Self.maximumLength))
    original = kept
    self.text = kept
  }

  /// Applies `key` and says what the owner should do.
  mutating func apply(_ key: Key) -> Outcome {
    switch key {
    case .text(let scalar):
      var longer = text
      longer.unicodeScalars.append(scalar)
      guard longer.count <= Self.maximumLength else { return .unchanged }
      text = longer
      return .changed(text)
    case .backspace:
      guard !text.isEmpty else { return .unchanged }
      text.removeLast()
      return .changed(text)
    case .clear:
      guard !text.isEmpty else { return .unchanged }
      text = ""
      return .changed(text)
    case .enter:
      return .done
    case .escape:
      return .cancelled(original: original)
    case .interrupt:
      return .interrupted
    }
  }
}
