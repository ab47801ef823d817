import ExerciseChecks
import Testing

/// What exercise 11's drill says to a learner, for an empty, a wrong and a right answer: never
/// the answer, so the drill teaches the flowchart instead of handing out its results.
@Suite struct DrillFeedbackTests {
  @Test(arguments: DrillOutput.allCases)
  func anUnansweredCaseSaysOnlyThatItIsUnanswered(_ output: DrillOutput) {
    #expect(output.feedback(for: nil) == "\(output.rawValue): not answered yet")
  }

  @Test(arguments: DrillOutput.allCases)
  func aRightAnswerSaysNothing(_ output: DrillOutput) {
    #expect(output.feedback(for: MyAnswers.kind(of: output)) == nil)
  }

  /// The first question whose right answer rules the learner's answer out, whatever path the
  /// learner may have taken to it.
  @Test func aWrongAnswerAsksTheFirstQuestionThatRulesItOut() {
    let asked: [(DrillOutput, OutputKind, String)] = [
      (.aConfirmDeleteAlert, .event, "flowchart question 2 again"),
      (.theUnreadBadgeCount, .stateUntilAcknowledged, "flowchart question 1 again"),
      (.theUnreadBadgeCount, .notAScreenOutput, "the rule under the flowchart as a question"),
      (.theUnreadBadgeCount, .event, "the flowchart's last question again"),
      (.anAnalyticsPingForAPurchase, .state, "the rule under the flowchart as a question"),
      (.aDeepLinkAtLaunch, .state, "flowchart question 1 again"),
      (.dismissingTheKeyboardAfterSend, .state, "flowchart question 4 again"),
      (.aSoundForAMessageInTheOpenChat, .state, "the flowchart's last question again"),
      (.theWelcomeAfterSignUp, .event, "flowchart question 1 again"),
    ]
    for (output, given, question) in asked {
      let message = output.feedback(for: given) ?? "(no message)"
      let expected = "\(output.rawValue): not .\(given.rawValue); ask \(question), yes or no: "
      #expect(message.hasPrefix(expected), "\(message)")
    }
    #expect(
      DrillOutput.aConfirmDeleteAlert.feedback(for: .event)
        == "aConfirmDeleteAlert: not .event; ask flowchart question 2 again, yes or no: does it "
        + "persist until the user dismisses it?")
  }

  /// Every wrong answer of every case: a yes/no question that names no kind but the learner's.
  @Test(arguments: DrillOutput.allCases)
  func aWrongAnswerNeverNamesTheAnswer(_ output: DrillOutput) {
    for given in OutputKind.allCases where given != output.answer {
      let message = output.feedback(for: given) ?? ""
      let question = message.components(separatedBy: "; ask ").last ?? ""
      #expect(message.hasPrefix("\(output.rawValue): not .\(given.rawValue); ask "))
      #expect(question.contains("yes or no: ") && question.hasSuffix("?"))
      for word in ["state", "event", "acknowledged", "output"] {
        #expect(!question.lowercased().contains(word), "\(message)")
      }
    }
  }
}
