import Foundation
import Testing

/// What every exercise shares: how its test runs its checks, and what it says.
///
/// An exercise's test runs its checks through `run(_:mode:sourceLocation:_:)`
/// (or its `async` twin), in one of two modes (`Mode`):
/// - **Solving** (`SIGNALS_EXERCISE=1 swift test --filter Exercise1/`): the checks are plain
///   expectations. The test fails, with what was expected, while the model is wrong, and passes
///   once it is right.
/// - **Expecting unsolved** (the default: a plain `swift test`, and CI): each failing check is
///   a known issue, so the suite stays green with every exercise unsolved; a check that passes
///   is reported as "Known issue was not recorded", so an exercise committed solved fails CI.
public enum Exercise {
  /// How an exercise's checks run.
  public enum Mode: Sendable, Equatable {
    /// The learner is solving the exercise: a wrong model fails, a right one passes.
    case solving
    /// Every check is expected to fail (the exercise as committed): a wrong model passes as
    /// known issues, a right one fails with "Known issue was not recorded".
    case expectingUnsolved

    /// The environment variable that selects `solving`: an exercise's number, several
    /// separated by commas (`1,6`), or `all`.
    public static let variable = "SIGNALS_EXERCISE"

    /// `solving` if `environment[variable]` names exercise `number` (or `all`), otherwise
    /// `expectingUnsolved`.
    public static func current(
      for number: Int, in environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Mode {
      let selected = (environment[variable] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return selected.contains("all") || selected.contains(String(number))
        ? .solving : .expectingUnsolved
    }
  }

  /// Runs exercise `number`'s `checks` in `mode` (by default the one the environment selects,
  /// `Mode.current(for:in:)`). An error the checks throw fails the test in either mode, as a
  /// failed expectation does.
  public static func run(
    _ number: Int, mode: Mode? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ checks: () async throws -> Void
  ) async {
    switch mode ?? Mode.current(for: number) {
    case .solving:
      do {
        try await checks()
      } catch {
        Issue.record(error, solving(number), sourceLocation: sourceLocation)
      }
    case .expectingUnsolved:
      await withKnownIssue(notSolvedYet(number), sourceLocation: sourceLocation) {
        try await checks()
      }
    }
  }

  /// The synchronous form of `async` `run(_:mode:sourceLocation:_:)`, for
  /// checks that do not wait (exercise 11's drill).
  public static func run(
    _ number: Int, mode: Mode? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ checks: () throws -> Void
  ) {
    switch mode ?? Mode.current(for: number) {
    case .solving:
      do {
        try checks()
      } catch {
        Issue.record(error, solving(number), sourceLocation: sourceLocation)
      }
    case .expectingUnsolved:
      withKnownIssue(notSolvedYet(number), sourceLocation: sourceLocation) {
        try checks()
      }
    }
  }

  /// The comment on an unsolved exercise's known issues. Swift Testing prints it under each
  /// known issue while the model is wrong, and under "Known issue was not recorded" once it is
  /// right, so it reads right in both cases and says how to see the fix pass.
  public static func notSolvedYet(_ number: Int) -> Comment {
    Comment(
      rawValue: """
        Exercise \(number) is unsolved, as committed: this run expects its checks to fail. To \
        see your fix pass, run `\(Mode.variable)=\(number) swift test --filter Exercise\(number)/`. \
        ("Known issue was not recorded" above means this check already passes.)
        """)
  }

  /// The comment on an error a check throws while the learner is solving exercise `number`.
  static func solving(_ number: Int) -> Comment {
    Comment(
      rawValue: """
        Exercise \(number): a check stopped with this error; the model is not right yet (compare \
        it with Solution \(number) in Exercises/Solutions once you have tried).
        """)
  }
}
