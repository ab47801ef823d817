// SignalsBenchmarks: what Signals costs, as ratios to the same work done with raw closures.
// Run with `swift run -c release SignalsBenchmarks`; see docs/performance.md for the method.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("SignalsBenchmarks needs a C library: Glibc, Musl or Darwin")
#endif

/// Prints `message` and the usage to standard error and exits with EX_USAGE (64).
func failUsage(_ message: String) -> Never {
  var text = "SignalsBenchmarks: error: \(message)\n\(Options.usage)\n"
  text.withUTF8 { bytes in
    _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
  }
  exit(64)
}

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  failUsage(error.message)
}
if options.help {
  print(Options.usage)
  exit(0)
}
if options.list {
  print(allCases.map(\.name).joined(separator: "\n"))
  exit(0)
}
let cases = options.selected(from: allCases)
if cases.isEmpty {
  failUsage(
    "no case matches --filter \(options.filters.joined(separator: ", ")); cases: "
      + allCases.map(\.name).joined(separator: ", "))
}

#if DEBUG
  print("warning: debug build; figures are meaningless. Use `swift run -c release`.")
#endif

var settings = options.quick ? Settings.quick : Settings.full
settings.batchOperations = options.batchOperations
settings.caseOnly = options.caseOnly
let stopwatch = Stopwatch(settings: settings)
let clock = ContinuousClock()
let started = clock.now
var rows: [Row] = []
for benchmark in cases {
  rows += benchmark.measure(stopwatch)
}
let elapsed = started.duration(to: clock.now)

print(
  "Signals benchmarks (\(options.quick ? "quick" : "full") run, median of \(settings.repeats)"
    + " interleaved batches of about \(format(settings.batchNanoseconds / 1e6, decimals: 1)) ms;"
    + " case and baseline columns in ns/op unless marked)")
print(Report.render(rows, markdown: options.markdown))
print()
print(Report.summary(rows))
if options.caseOnly {
  print("case operations: \(stopwatch.caseOperations)")
}
print("checksum: \(stopwatch.checksum)")
print("elapsed: \(format(elapsed.nanoseconds / 1e9, decimals: 1)) s")
