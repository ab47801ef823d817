import Testing

/// The kinds of output, as the guide's flowchart sorts them, and the one answer outside it.
public enum OutputKind: String, CaseIterable, Sendable {
  /// What the screen shows now: a rebuilt screen shows it again.
  case state
  /// Something that happened once, for the bound screen: a screen that binds later must not
  /// hear it, and losing it while nobody is bound is harmless.
  case event
  /// Happens once, but the user must see it even if no screen is bound when it happens: state
  /// until the screen reports that the user has seen it.
  case stateUntilAcknowledged
  /// Nothing for a screen at all: no screen draws it or does it, so the view model calls a
  /// service itself (analytics, logging) instead of sending anything to the screen.
  case notAScreenOutput
}

/// Exercise 11 ("state or event?", a drill): one answer per output.
public protocol OutputClassification {
  /// Your answer for `output`, or `nil` while you have not answered it.
  static func kind(of output: DrillOutput) -> OutputKind?
}

/// The outputs to classify, each with the situation it appears in. None of them is a row of the
/// guide's table: the drill asks you to apply the question and the flowchart to new cases.
public enum DrillOutput: String, CaseIterable, Sendable {
  /// The number on the Messages tab's badge: how many messages are unread.
  case theUnreadBadgeCount
  /// "Delete this photo?" with Delete and Cancel, shown after the user tapped the trash button,
  /// waiting for an answer.
  case aConfirmDeleteAlert
  /// The user tapped a notification for order 42. The app was not running, so the request to
  /// open the order arrives before any screen is bound.
  case aDeepLinkAtLaunch
  /// "purchase completed", recorded by the analytics service when a purchase succeeds.
  case anAnalyticsPingForAPurchase
  /// A "You are offline" banner, which must still show after the device rotates (and after
  /// SwiftUI or a scene rebuilds the view).
  case anOfflineBannerThatSurvivesRotation
  /// Dismissing the keyboard once the message the user typed has been sent.
  case dismissingTheKeyboardAfterSend
  /// The progress of an upload that continues while the user looks at other screens.
  case theProgressOfAnUpload
  /// "At least 8 characters" under the password field while what is typed is shorter.
  case aPasswordTooShortMessage
  /// The welcome after a sign-up whose request can finish after the user left the form.
  case theWelcomeAfterSignUp
  /// A sound when a message arrives while the chat is open (the message itself joins the list).
  case aSoundForAMessageInTheOpenChat

  /// What the drill says about `given`, this output's answer: `nil` when it is right; "not
  /// answered yet" and nothing more when it is `nil`; otherwise the first question of the
  /// flowchart whose right answer rules `given` out, asked as a yes/no question. The message never
  /// names the right kind nor its reason.
  public func feedback(for given: OutputKind?) -> String? {
    guard let given else { return "\(rawValue): not answered yet" }
    guard let question = firstQuestionRulingOut(given) else { return nil }
    return "\(rawValue): not .\(given.rawValue); ask \(question.asked)"
  }

  /// Checks `Answers` for this output: records `feedback(for:)` as an issue unless the answer is
  /// right. The comparison is not an expectation, because Swift Testing would print both sides.
  public func check<Answers: OutputClassification>(_: Answers.Type) {
    if let message = feedback(for: Answers.kind(of: self)) {
      Issue.record(Comment(rawValue: message))
    }
  }

  /// Walks the right path through the flowchart (the key's answers) and stops at the first
  /// question after whose right answer `given` can no longer be reached; `nil` if `given` is
  /// the kind the path ends at.
  func firstQuestionRulingOut(_ given: OutputKind) -> FlowchartQuestion? {
    let (decider, decidingAnswer, _) = key
    let questions = FlowchartQuestion.allCases
    for (index, question) in questions.enumerated() {
      let answer = question == decider ? decidingAnswer : question.outcome(true) == nil
      let later = questions[(index + 1)...].flatMap { [$0.outcome(true), $0.outcome(false)] }
      let stillReachable = question.outcome(answer).map { [$0] } ?? later.compactMap { $0 }
      if !stillReachable.contains(given) { return question }
      if question == decider { return nil }
    }
    return nil
  }
}

/// The guide's flowchart (docs/guide.md, chapter 1) as yes/no questions in the order they are
/// asked; the first answer that decides gives the output's kind.
public enum FlowchartQuestion: CaseIterable, Sendable {
  /// The rule under the flowchart, asked first: what no screen draws or does is no output.
  case drawnOrDone
  /// Question 1.
  case mustBeSeenWhenNoScreenIsBound
  /// Question 2.
  case staysUntilDismissed
  /// Question 3.
  case isADestination
  /// Question 4.
  case isFeedbackForTheScreensAction
  /// The last question, for what none of the four decides.
  case showsOnARebuiltScreen

  /// The question as the drill asks it: where it is in the guide, then the question.
  public var asked: String {
    switch self {
    case .drawnOrDone:
      "the rule under the flowchart as a question, yes or no: does any screen draw it or do it?"
    case .mustBeSeenWhenNoScreenIsBound:
      "flowchart question 1 again, yes or no: can it finish while no screen is bound, and must "
        + "the user see it?"
    case .staysUntilDismissed:
      "flowchart question 2 again, yes or no: does it persist until the user dismisses it?"
    case .isADestination:
      "flowchart question 3 again, yes or no: is it a destination, a screen presented now?"
    case .isFeedbackForTheScreensAction:
      "flowchart question 4 again, yes or no: is it feedback for an action the bound screen just "
        + "took?"
    case .showsOnARebuiltScreen:
      "the flowchart's last question again, yes or no: if the screen were torn down and built "
        + "again right now, should it show this?"
    }
  }

  /// The kind that answering `yes` (or no) decides, or `nil` when the flowchart goes on.
  func outcome(_ yes: Bool) -> OutputKind? {
    switch self {
    case .drawnOrDone: yes ? nil : .notAScreenOutput
    case .mustBeSeenWhenNoScreenIsBound: yes ? .stateUntilAcknowledged : nil
    case .staysUntilDismissed, .isADestination: yes ? .state : nil
    case .isFeedbackForTheScreensAction: yes ? .event : nil
    case .showsOnARebuiltScreen: yes ? .state : .event
    }
  }
}
