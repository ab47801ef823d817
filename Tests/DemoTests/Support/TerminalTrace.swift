import Foundation

/// Reads the trace pane out of everything the Demo wrote to a terminal: every frame shows the
/// last entries, and every entry redraws the frame, so each entry is in at least one frame.
/// Times make entries distinct (`+1.204s`, with milliseconds), so the entries are the distinct
/// pane lines, in the order they first appeared.
enum TerminalTrace {
  /// Every trace entry the Demo showed, without the leading space: `+1.204s  list …`.
  static func entries(in output: String) -> [String] {
    let pattern = #/(?m)^ (\+[0-9]+\.[0-9]{3}s  [^\u{1B}\n]*)\u{1B}\[K$/#
    var seen: Set<String> = []
    var entries: [String] = []
    for match in output.matches(of: pattern) {
      let entry = String(match.output.1)
      if seen.insert(entry).inserted {
        entries.append(entry)
      }
    }
    return entries
  }

  /// What the list's view model loaded, in order: the text after `state   loading` of every
  /// `list` entry (`everyone`, `"le"`). One such state starts each first-page request, so this
  /// counts the requests a search made.
  static func listLoads(in output: String) -> [String] {
    entries(in: output).compactMap { entry in
      guard let range = entry.range(of: "  list       state   loading ") else { return nil }
      return String(entry[range.upperBound...])
    }
  }
}
