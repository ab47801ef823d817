/// The search field's text and what each key does to it, like a `UISearchBar`: the screen passes
/// the whole text to the view model on every change.
///
/// It starts with the query on screen. Text is at most ``maximumLength`` characters and
/// ``maximumScalars`` scalars: further typing is ignored. (A combining mark joins the character
/// before it, so characters alone do not bound the text: a pasted letter with 8,000 marks is
/// one character.)
public struct SearchField: Equatable, Sendable {
  /// The longest text the field holds, in characters.
  public static let maximumLength = 64
  /// The most scalars the field holds: 256, four per character on average.
  public static let maximumScalars = 256

  /// What a key asks of the screen that holds the field.
  public enum Outcome: Equatable, Sendable {
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
  public let original: String
  /// The text now.
  private(set) var text: String

  /// A field holding `text` (cut to ``maximumLength`` characters and ``maximumScalars``
  /// scalars).
  public init(text: String) {
    let kept = String(
      String(text.prefix(Self.maximumLength)).unicodeScalars.prefix(Self.maximumScalars))
    original = kept
    self.text = kept
  }

  /// Applies `key` and says what the screen that holds it should do.
  public mutating func apply(_ key: Key) -> Outcome {
    switch key {
    case .text(let scalar):
      var longer = text
      longer.unicodeScalars.append(scalar)
      guard longer.count <= Self.maximumLength,
        longer.unicodeScalars.count <= Self.maximumScalars
      else { return .unchanged }
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
