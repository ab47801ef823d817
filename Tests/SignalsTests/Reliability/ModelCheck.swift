/// Runs one program against Signals and against the model and says what went wrong, if
/// anything: a differing emission log, a differing final value, or a leak.
enum ModelCheck {
  static func problems(_ program: Program) -> [String] {
    check(program).problems
  }

  /// The problems, and how many log entries (values received, values read) the model expected:
  /// a measure of how much a run exercised.
  static func check(_ program: Program) -> (problems: [String], entries: Int) {
    let expected = ModelInterpreter.run(program)
    let actual = RealInterpreter.run(program)
    let entries = expected.logs.values.reduce(0) { $0 + $1.count }
    return (actual.outcome.differences(from: expected) + actual.leaks, entries)
  }

  /// The text recorded when `program` fails: the shrunk program, its problems, and how to
  /// replay the original.
  static func report(original: Program, problems: [String]) -> String {
    var shrinker = ProgramShrinker { !ModelCheck.problems($0).isEmpty }
    let minimal = shrinker.shrink(original)
    let minimalProblems = ModelCheck.problems(minimal)
    return """
      Signals disagrees with the reference model (program seed \(hex(original.seed)), \
      \(original.actions.count) actions, shrunk to \(minimal.actions.count)).
      Replay: SIGNALS_MBT_SEED=\(hex(original.seed)) SIGNALS_MBT_PROGRAMS=1 \
      swift test --filter ModelBasedReliabilityTests
      Minimal program:
      \(minimal)
      Problems of the minimal program:
      \(minimalProblems.map { "  - " + $0 }.joined(separator: "\n"))
      Problems of the original program:
      \(problems.map { "  - " + $0 }.joined(separator: "\n"))
      """
  }
}
