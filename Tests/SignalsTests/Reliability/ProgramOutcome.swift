/// One line of an emission log.
enum LogEntry: Equatable, Sendable, CustomStringConvertible {
  /// A value the subscriber received.
  case value(Int)
  /// A `recordValue` action: the property's stored value read at that moment.
  case read(Source, Int)

  var description: String {
    switch self {
    case .value(let value): "\(value)"
    case .read(let source, let value): "\(source).value==\(value)"
    }
  }
}

/// What a program produced: per subscriber (and `topLevel`), everything it received and read,
/// in order, plus the properties' final stored values.
struct ProgramOutcome: Equatable, Sendable {
  static let topLevel = -1

  var logs: [Int: [LogEntry]] = [:]
  var finalValues: [Int] = []

  /// A readable list of the differences from `expected`, empty when equal.
  func differences(from expected: ProgramOutcome) -> [String] {
    var lines: [String] = []
    for id in Set(logs.keys).union(expected.logs.keys).sorted() {
      let actual = logs[id] ?? []
      let wanted = expected.logs[id] ?? []
      if actual != wanted {
        let name = id == Self.topLevel ? "top level" : "s\(id)"
        lines.append("\(name): model expects \(wanted), Signals delivered \(actual)")
      }
    }
    if finalValues != expected.finalValues {
      lines.append(
        "final property values: model expects \(expected.finalValues), Signals has \(finalValues)")
    }
    return lines
  }
}
