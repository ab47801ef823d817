import Testing

@testable import ConsoleKit

/// What each key does to the search field's text, and what it asks of the session.
@Suite struct SearchFieldTests {
  /// Applies `keys` to a field that started with `text`; returns the outcomes and the text.
  private func type(_ keys: [Key], into text: String) -> ([SearchField.Outcome], String) {
    var field = SearchField(text: text)
    let outcomes = keys.map { field.apply($0) }
    return (outcomes, field.text)
  }

  @Test(arguments: [
    ("typing appends", "le", [Key.text("a")], [SearchField.Outcome.changed("lea")], "lea"),
    ("Backspace removes one character", "le", [.backspace], [.changed("l")], "l"),
    ("Backspace on nothing does nothing", "", [.backspace], [.unchanged], ""),
    ("Ctrl-U clears", "le", [.clear], [.changed("")], ""),
    ("Ctrl-U on nothing does nothing", "", [.clear], [.unchanged], ""),
    ("Enter is done", "le", [.text("x"), .enter], [.changed("lex"), .done], "lex"),
    (
      "Esc goes back to the starting text", "le", [.backspace, .escape],
      [.changed("l"), .cancelled(original: "le")], "l"
    ),
    ("Ctrl-C interrupts", "le", [.interrupt], [.interrupted], "le"),
    ("a combining mark joins its letter", "cafe", [.text("\u{301}")], [.changed("café")], "café"),
    ("Backspace removes a whole cluster", "ok👍🏽", [.backspace], [.changed("ok")], "ok"),
  ])
  func keysEditTheText(
    _ name: String, _ start: String, _ keys: [Key], _ outcomes: [SearchField.Outcome],
    _ text: String
  ) {
    let (actualOutcomes, actualText) = type(keys, into: start)
    #expect(actualOutcomes == outcomes, "\(name)")
    #expect(actualText == text, "\(name)")
  }

  @Test func theTextStaysWithinItsLimit() {
    let full = String(repeating: "x", count: SearchField.maximumLength)
    #expect(type([.text("y")], into: full) == ([.unchanged], full))
    #expect(SearchField(text: full + "more").text == full)
  }

  /// A letter followed by 8,000 combining marks is one character: the character limit never
  /// stopped it (the field grew to 8,000 scalars and each key redrew all of them). The scalar
  /// limit does.
  @Test func combiningMarksStopAtTheScalarLimit() {
    let marks = [Key](repeating: .text("\u{301}"), count: 8_000)
    let (outcomes, text) = type([.text("a")] + marks, into: "")
    #expect(text.unicodeScalars.count == SearchField.maximumScalars)
    #expect(outcomes.filter { $0 != .unchanged }.count == SearchField.maximumScalars)
    let long = "a" + String(repeating: "\u{301}", count: 8_000)
    #expect(SearchField(text: long).text.unicodeScalars.count == SearchField.maximumScalars)
  }
}
