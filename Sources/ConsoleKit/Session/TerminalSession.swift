/// A session with a person at a terminal: commands are lines (the terminal edits them), handled
/// at once without waiting for what they started, and `/` opens the search field, where every
/// key counts.
///
/// - Search as you type: while the field is open, standard input is in raw mode (``RawMode``)
///   and each key edits the text (``SearchField``); every change goes to the list's
///   `searchTextDidChange`, which passes the whole text to the view model, exactly as a
///   `UISearchBar` would. The view model's debounce and latest-wins decide what is fetched. The
///   field shows when the debounce is waiting.
/// - Raw mode is entered only for the field and always left: on Enter, Esc, at the end of input,
///   and before ``RawMode/interrupt()`` on Ctrl-C. (The process-wide exit and signal handlers
///   of ``TerminalPlatform`` cover the other ways out.)
/// - Coalesced: the keys of one read edit the field, then the screen gets the resulting text
///   once and the field is drawn once (at most one redraw per read), so a paste or a flood
///   costs one search per read and Ctrl-C, Esc or a command after it is acted on at once.
/// - Input arrives in chunks as read; one chunk may hold a command, the keys typed in the field
///   and the next command: each part goes to the mode it was typed in. The rest of a read in
///   which the field closed was typed in raw mode, so its CRs end lines; its complete lines run
///   as commands, and an unfinished last line is dropped, with a notice that shows it: the
///   terminal never echoed it and its line editing (Ctrl-U, DEL) cannot reach it, so it must
///   not wait unseen to be glued to the next line (issue 40: `xyz` then Ctrl-U and `help` ran
///   "xyzhelp").
@MainActor
public final class TerminalSession {
  private let app: any TerminalSessionApp
  private let display: any Display
  private let rawMode: (any RawMode)?
  private var lines = LineSplitter()
  private var keys = KeyDecoder()
  private var field: SearchField?
  /// The screen the open field searches.
  private weak var searchedScreen: (any SearchTarget)?
  private var shownField: SearchFieldView?
  /// The field's text, changed by keys of this read and not yet handed to the screen.
  private var unreportedText: String?

  /// - Parameter rawMode: `nil` when standard input cannot be switched (then `/` says so).
  public init(app: any TerminalSessionApp, display: any Display, rawMode: (any RawMode)?) {
    self.app = app
    self.display = display
    self.rawMode = rawMode
  }

  /// Runs the session until `quit` or the end of input; returns the exit status (0).
  public func run(input: some AsyncSequence<[UInt8], Never>) async -> Int32 {
    start()
    for await chunk in input {
      guard consume(chunk[...]) else {
        end()
        return 0
      }
    }
    endOfInput()
    return 0
  }

  /// Shows the banner and the root screen; its first load runs while input is read.
  public func start() {
    app.onActivity = { [weak self] in self?.updateField() }
    app.show()
    display.ready()
  }

  /// The input ended: a last command typed without a newline is still carried out (as piped
  /// input's last line is), then the session ends.
  public func endOfInput() {
    if field == nil, let last = lines.finish() {
      _ = perform(last)
    }
    end()
  }

  /// Ends the session (`quit`, or the end of input): the field closes, leaving raw mode, and
  /// every screen unbinds.
  public func end() {
    closeField()
    app.finish()
  }

  /// Handles one chunk of input. Returns `false` when the session must end.
  public func consume(_ chunk: ArraySlice<UInt8>) -> Bool {
    var rest = chunk
    while !rest.isEmpty {
      if field != nil {
        let byte = rest.removeFirst()
        for key in keys.feed(byte) {
          guard field != nil else {
            // Esc closed the field, and this key is the byte that followed it (see
            // `KeyDecoder.feed(_:)`): typed after the field closed, it belongs to the command
            // line.
            rest = [byte] + rest
            break
          }
          apply(key)
        }
        if field == nil {
          rest = completeLines(Self.typedAheadInRawMode(rest))
        }
      } else {
        let lineEnd = rest.firstIndex(of: UInt8(ascii: "\n")).map { rest.index(after: $0) }
        let part = rest[..<(lineEnd ?? rest.endIndex)]
        rest = rest[part.endIndex...]
        for line in lines.append(part) {
          guard perform(line) else { return false }
        }
      }
    }
    if field != nil {
      for key in keys.endOfRead() where field != nil {
        apply(key)
      }
    }
    reportTypedText()
    return true
  }

  /// The rest of a read in which the field closed, as line mode reads it: those bytes were
  /// typed while the terminal was raw, where Enter sends CR, so each CR (or CR LF) becomes LF.
  /// (Before, `quit` typed ahead this way never ran and merged with the next line.)
  private static func typedAheadInRawMode(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var lines: [UInt8] = []
    lines.reserveCapacity(bytes.count)
    var previous: UInt8?
    for byte in bytes {
      if byte == UInt8(ascii: "\r") {
        lines.append(UInt8(ascii: "\n"))
      } else if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) {
        lines.append(byte)
      }
      previous = byte
    }
    return lines[...]
  }

  /// The complete lines of `typedAhead` (typed in raw mode as the field closed); an unfinished
  /// last line is dropped, and the display says so, quoting it.
  private func completeLines(_ typedAhead: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let end =
      typedAhead.lastIndex(of: UInt8(ascii: "\n")).map { typedAhead.index(after: $0) }
      ?? typedAhead.startIndex
    let unfinished = typedAhead[end...]
    if !unfinished.isEmpty {
      let text = String(decoding: unfinished, as: UTF8.self)
      display.notice(
        "Not run: '\(.quoting(text))', typed as the search field closed, without Enter.")
    }
    return typedAhead[..<end]
  }

  /// Handles a command line. Returns `false` for `quit`.
  private func perform(_ line: String) -> Bool {
    switch app.perform(line) {
    case .quit:
      return false
    case .openSearchField:
      openField()
    case .blank, .handled:
      break
    }
    display.ready()
    return true
  }

  private func openField() {
    guard let rawMode, let screen = app.searchTarget, let text = screen.searchText else {
      display.notice("The search field needs a terminal that can read single keys.")
      return
    }
    searchedScreen = screen
    field = SearchField(text: text)
    keys.reset()
    rawMode.enter()
    updateField()
  }

  /// Applies a key typed in the field.
  private func apply(_ key: Key) {
    guard var field else { return }
    let outcome = field.apply(key)
    self.field = field
    switch outcome {
    case .changed(let text):
      unreportedText = text
    case .unchanged:
      break
    case .done:
      reportTypedText()
      closeField()
    case .cancelled(let original):
      unreportedText = nil
      searchedScreen?.searchTextDidChange(original)
      closeField()
    case .interrupted:
      unreportedText = nil
      closeField()
      rawMode?.interrupt()  // returns only when the process ignores SIGINT: then go on
    }
  }

  /// Hands the screen the text the keys of this read left in the field, once, and draws the
  /// field once: a paste of thousands of keys costs one search and one redraw, not one each.
  private func reportTypedText() {
    guard let text = unreportedText else { return }
    unreportedText = nil
    searchedScreen?.searchTextDidChange(text)
    updateField()
  }

  private func closeField() {
    guard field != nil else { return }
    field = nil
    searchedScreen = nil
    rawMode?.leave()
    updateField()
    display.ready()
  }

  /// Shows the field as it is now (or hides it); draws only when that changed.
  private func updateField() {
    let pause = app.hasScheduledWork ? app.searchPause : nil
    let view = field.map { SearchFieldView($0, waitingForPause: pause) }
    guard view != shownField else { return }
    shownField = view
    display.showSearchField(view)
  }
}
