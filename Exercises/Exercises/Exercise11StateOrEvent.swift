import ExerciseChecks
import Testing

// Exercise 11: state or event? A drill on the guide's question and flowchart (docs/guide.md,
// chapter 1).
//
// For each output in `DrillOutput` (Exercises/Checks/Exercise11Checks.swift lists them, each
// with its situation), answer `.state`, `.event` or `.stateUntilAcknowledged`: replace the `nil`
// of its case below. Run `SIGNALS_EXERCISE=11 swift test --filter Exercise11`: each right answer
// passes, and the failure message of a wrong one says why.
//
// The flowchart, in short:
// 1. Can it finish while no screen is bound, and must the user see it? State until acknowledged.
// 2. Does it stay until the user dismisses it? State, and dismissing it is a method.
// 3. Is it a destination, a screen presented now? State (the container's, or the view model's).
// 4. Is it feedback for an action the bound screen just took? An event.
// Otherwise: if the screen were rebuilt now, should it show this? Yes: state. No: event.

/// Your answers.
enum MyAnswers: OutputClassification {
  static func kind(of output: DrillOutput) -> OutputKind? {
    switch output {
    case .theListOfUsers: nil
    case .aRefreshFailedToastWhileTheListStays: nil
    case .theSpinnerOfTheFirstLoad: nil
    case .theTapOnARow: nil
    case .theOpenDetailScreen: nil
    case .aPaymentResult: nil
    case .aHapticAfterSave: nil
    case .whetherSaveIsEnabled: nil
    case .sessionExpired: nil
    case .scrollToTopOnTabTap: nil
    case .anErrorScreenWithRetry: nil
    case .theWelcomeAfterSignUp: nil
    }
  }
}

@Suite struct Exercise11 {
  @Test(arguments: DrillOutput.allCases)
  func check(_ output: DrillOutput) {
    Exercise.run(11) {
      output.check(MyAnswers.self)
    }
  }
}
