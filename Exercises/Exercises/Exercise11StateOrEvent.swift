import ExerciseChecks
import Testing

// Exercise 11: state or event? A drill on the guide's question and flowchart (docs/guide.md,
// chapter 1), with cases its table does not list: apply the question, do not recall the table.
//
// For each output in `DrillOutput` (Exercises/Checks/Exercise11Checks.swift lists them, each
// with its situation), answer `.state`, `.event`, `.stateUntilAcknowledged` or
// `.notAScreenOutput`: replace the `nil` of its case below. Run
// `SIGNALS_EXERCISE=11 swift test --filter Exercise11/`: with every answer right the test passes.
// A case still `nil` says only that it is not answered yet. A wrong answer asks you, as a yes/no
// question, the first flowchart question whose right answer rules your answer out: answer it
// for that case, follow the flowchart on from there, and change your answer. It never tells you
// the answer; once all ten pass, the solution (Exercises/Solutions) says where the reasons are.
//
// The flowchart, in short:
// 1. Can it finish while no screen is bound, and must the user see it? State until acknowledged.
// 2. Does it stay until the user dismisses it? State, and dismissing it is a method.
// 3. Is it a destination, a screen presented now? State (the container's, or the view model's).
// 4. Is it feedback for an action the bound screen just took? An event.
// Otherwise: if the screen were rebuilt now, should it show this? Yes: state. No: event.
// And what no screen draws or does is no screen output: the view model calls a service (the
// drill asks this first: does any screen draw it or do it?).

/// Your answers.
enum MyAnswers: OutputClassification {
  static func kind(of output: DrillOutput) -> OutputKind? {
    switch output {
    case .theUnreadBadgeCount: nil
    case .aConfirmDeleteAlert: nil
    case .aDeepLinkAtLaunch: nil
    case .anAnalyticsPingForAPurchase: nil
    case .anOfflineBannerThatSurvivesRotation: nil
    case .dismissingTheKeyboardAfterSend: nil
    case .theProgressOfAnUpload: nil
    case .aPasswordTooShortMessage: nil
    case .theWelcomeAfterSignUp: nil
    case .aSoundForAMessageInTheOpenChat: nil
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
