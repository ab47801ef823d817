import Testing

/// The kinds of output, as the guide's flowchart sorts them.
public enum OutputKind: String, Sendable {
  /// What the screen shows now: a rebuilt screen shows it again.
  case state
  /// Something that happened once, for the bound screen: a screen that binds later must not
  /// hear it, and losing it while nobody is bound is harmless.
  case event
  /// Happens once, but the user must see it even if no screen is bound when it happens: state
  /// until the screen reports that the user has seen it.
  case stateUntilAcknowledged
}

/// Exercise 11 ("state or event?", a drill): one answer per output of the guide's question.
public protocol OutputClassification {
  /// Your answer for `output`, or `nil` while you have not answered it.
  static func kind(of output: DrillOutput) -> OutputKind?
}

/// The outputs to classify. Each comes with the situation it appears in.
public enum DrillOutput: String, CaseIterable, Sendable {
  /// The users a list shows.
  case theListOfUsers
  /// "Could not refresh" while the list keeps showing its data, and the user can refresh again.
  case aRefreshFailedToastWhileTheListStays
  /// The spinner while the first page loads, with nothing else on screen.
  case theSpinnerOfTheFirstLoad
  /// The user tapped row 7 of a list whose navigation controller owns the stack.
  case theTapOnARow
  /// The detail screen that is open now.
  case theOpenDetailScreen
  /// The result of a payment, which can finish after the user left the payment screen.
  case aPaymentResult
  /// A haptic tap when the user pressed Save.
  case aHapticAfterSave
  /// Whether the Save button is enabled.
  case whetherSaveIsEnabled
  /// "Your session expired", which can happen while any screen, or none, is on top.
  case sessionExpired
  /// Scroll to the top, because the user tapped the tab bar item again.
  case scrollToTopOnTabTap
  /// An error screen with Retry when the first load failed and nothing else can be shown.
  case anErrorScreenWithRetry
  /// The welcome after a sign-up whose request can finish after the user left the form.
  case theWelcomeAfterSignUp

  /// The answer, and why, as the guide's flowchart reaches it.
  public var answer: (kind: OutputKind, why: String) {
    switch self {
    case .theListOfUsers: (.state, "a rebuilt screen must show it")
    case .aRefreshFailedToastWhileTheListStays:
      (.event, "feedback for the bound screen; losing it loses nothing: the list still shows")
    case .theSpinnerOfTheFirstLoad: (.state, "still loading when the screen binds again")
    case .theTapOnARow: (.event, "a request; the container owns what is presented")
    case .theOpenDetailScreen: (.state, "a destination: a rebuilt screen presents it again")
    case .aPaymentResult: (.stateUntilAcknowledged, "can finish unbound, and the user must know")
    case .aHapticAfterSave: (.event, "doing it twice is wrong; a late screen must not buzz")
    case .whetherSaveIsEnabled: (.state, "a rebuilt button must be right")
    case .sessionExpired: (.stateUntilAcknowledged, "the user must see it, wherever they are")
    case .scrollToTopOnTabTap: (.event, "an action of the bound screen, done once")
    case .anErrorScreenWithRetry: (.state, "nothing else to show; it stays until Retry")
    case .theWelcomeAfterSignUp:
      (.stateUntilAcknowledged, "the request can finish with no screen bound")
    }
  }

  /// Checks `Answers` for this output.
  public func check<Answers: OutputClassification>(_: Answers.Type) {
    let given = Answers.kind(of: self)
    #expect(given != nil, "not answered yet")
    #expect(given == answer.kind, "\(rawValue): \(answer.why)")
  }
}
