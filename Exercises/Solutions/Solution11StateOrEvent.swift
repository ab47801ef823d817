import ExerciseChecks
import Testing

// Solution to exercise 11 (state or event?). Each answer follows the flowchart; the key, with the
// question that decides each output and why, is `DrillOutput.key`
// (Exercises/Checks/Exercise11Key.swift).

/// The answers.
enum MyAnswers: OutputClassification {
  static func kind(of output: DrillOutput) -> OutputKind? {
    switch output {
    case .theUnreadBadgeCount, .aConfirmDeleteAlert, .anOfflineBannerThatSurvivesRotation,
      .theProgressOfAnUpload, .aPasswordTooShortMessage:
      .state
    case .dismissingTheKeyboardAfterSend, .aSoundForAMessageInTheOpenChat:
      .event
    case .aDeepLinkAtLaunch, .theWelcomeAfterSignUp:
      .stateUntilAcknowledged
    case .anAnalyticsPingForAPurchase:
      .notAScreenOutput
    }
  }
}

@Suite struct Solution11 {
  @Test(arguments: DrillOutput.allCases)
  func check(_ output: DrillOutput) {
    output.check(MyAnswers.self)
  }
}
