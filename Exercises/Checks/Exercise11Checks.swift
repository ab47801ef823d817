import Testing

/// The kinds of output, as the guide's flowchart sorts them, and the one answer outside it.
public enum OutputKind: String, Sendable {
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

  /// The answer, and why, as the guide's flowchart reaches it.
  public var answer: (kind: OutputKind, why: String) {
    switch self {
    case .theUnreadBadgeCount:
      (.state, "it says how many are unread now: a rebuilt tab bar must show it")
    case .aConfirmDeleteAlert:
      (.state, "it stays until the user answers, and the answer is a view-model method")
    case .aDeepLinkAtLaunch:
      (
        .stateUntilAcknowledged,
        "it arrives before anyone is bound and must not be lost: a pending destination, kept "
          + "until the container reports that it presented it"
      )
    case .anAnalyticsPingForAPurchase:
      (
        .notAScreenOutput,
        "no screen draws or does it: the view model calls the analytics service; as an event it "
          + "would be lost with no screen bound and sent twice with two"
      )
    case .anOfflineBannerThatSurvivesRotation:
      (.state, "it describes now; whatever rebuilds the view, the banner must be there again")
    case .dismissingTheKeyboardAfterSend:
      (.event, "an action of the bound screen, done once; a screen built later has no keyboard up")
    case .theProgressOfAnUpload:
      (.state, "a screen that binds later must show how far the upload is now")
    case .aPasswordTooShortMessage:
      (.state, "derived from what is typed now: a rebuilt form shows it again")
    case .theWelcomeAfterSignUp:
      (
        .stateUntilAcknowledged,
        "the request can finish with no screen bound, and the user must know"
      )
    case .aSoundForAMessageInTheOpenChat:
      (
        .event,
        "feedback now: playing it for a chat rebuilt later is wrong, and missing it loses nothing "
          + "(the message is in the list)"
      )
    }
  }

  /// The flowchart question (docs/guide.md, chapter 1) whose answer decides this output: what a
  /// wrong answer's message names, so it points at the question without giving the answer.
  public var question: String {
    switch self {
    case .aDeepLinkAtLaunch, .theWelcomeAfterSignUp:
      "question 1: can it finish while no screen is bound, and must the user see it?"
    case .aConfirmDeleteAlert:
      "question 2: does it persist until the user dismisses it?"
    case .dismissingTheKeyboardAfterSend, .aSoundForAMessageInTheOpenChat:
      "question 4: is it feedback for an action the bound screen just took?"
    case .theUnreadBadgeCount, .anOfflineBannerThatSurvivesRotation, .theProgressOfAnUpload,
      .aPasswordTooShortMessage:
      "the last question: if the screen were rebuilt now, should it show this?"
    case .anAnalyticsPingForAPurchase:
      "the question before the flowchart: does any screen draw it or do it?"
    }
  }

  /// Checks `Answers` for this output. A wrong or missing answer fails with the flowchart
  /// question to ask, never with the answer itself: the comparison is not quoted in the message
  /// (Swift Testing would print both sides of `given == answer.kind`).
  public func check<Answers: OutputClassification>(_: Answers.Type) {
    guard let given = Answers.kind(of: self) else {
      Issue.record("\(rawValue): not answered yet; ask \(question)")
      return
    }
    if given != answer.kind {
      Issue.record("\(rawValue): not .\(given.rawValue); ask \(question)")
    }
  }
}
