/// The command line: `[--quick] [--filter NAME]... [--markdown] [--list] [--help]`.
struct Options {
  var quick = false
  var markdown = false
  var list = false
  var help = false
  /// Case-name substrings; a case runs if it matches any (all cases run when empty).
  var filters: [String] = []
  /// Fixed operations per batch instead of calibrated batches (for profilers such as
  /// callgrind, where timing-based calibration picks tiny batches).
  var batchOperations: Int?
  /// Run only the case side of each comparison and report the operations run (for
  /// instruction counts, see scripts/count-instructions.sh).
  var caseOnly = false

  static let usage = """
    usage: swift run -c release SignalsBenchmarks [--quick] [--filter NAME]... [--markdown]
      --quick          fewer iterations and repeats (CI smoke run)
      --filter NAME    run only cases whose name contains NAME (repeatable)
      --markdown       print the table as Markdown (for docs/performance.md)
      --list           print the case names and exit
      --batch-ops N    run N operations per batch instead of calibrating (for profilers)
      --case-only      skip the raw baselines; print the operations each case ran (profilers)
      --help           print this help and exit
    """

  /// A bad command line, with the message to print.
  struct Failure: Error {
    let message: String
  }

  static func parse(_ arguments: [String]) throws(Failure) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--markdown": options.markdown = true
      case "--list": options.list = true
      case "--case-only": options.caseOnly = true
      case "--help", "-h": options.help = true
      case "--filter":
        guard let name = remaining.popFirst(), !name.isEmpty, !name.hasPrefix("--") else {
          throw Failure(message: "--filter needs a case name")
        }
        options.filters.append(name)
      case "--batch-ops":
        guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
          throw Failure(message: "--batch-ops needs a positive number")
        }
        options.batchOperations = count
      default:
        if argument.hasPrefix("--filter=") {
          let name = String(argument.dropFirst("--filter=".count))
          guard !name.isEmpty else { throw Failure(message: "--filter needs a case name") }
          options.filters.append(name)
        } else {
          throw Failure(message: "unknown argument '\(argument)'")
        }
      }
    }
    return options
  }

  /// The cases to run, in suite order. A filter equal to a case name selects just that case
  /// (`send-1` does not also select `send-10`); any other filter selects every case whose name
  /// contains it.
  func selected(from cases: [BenchmarkCase]) -> [BenchmarkCase] {
    guard !filters.isEmpty else { return cases }
    let names = Set(cases.map { $0.name.lowercased() })
    return cases.filter { benchmark in
      let name = benchmark.name.lowercased()
      return filters.contains { filter in
        let filter = filter.lowercased()
        return names.contains(filter) ? name == filter : name.contains(filter)
      }
    }
  }
}
