// Exercise 11's answer key. Answer the drill before you read it: the exercise sends you to the
// situations (`DrillOutput`, in Exercise11Checks.swift) and the guide's flowchart, not here.

extension DrillOutput {
  /// The answer key: the flowchart question that decides this output, its answer, and why. Every
  /// question before it is answered the way that lets the flowchart go on (a screen draws it or
  /// does it; no to questions 1 to 4).
  var key: (decidedBy: FlowchartQuestion, yes: Bool, why: String) {
    switch self {
    case .theUnreadBadgeCount:
      (.showsOnARebuiltScreen, true, "it says how many are unread now: a rebuilt tab bar shows it")
    case .aConfirmDeleteAlert:
      (.staysUntilDismissed, true, "it stays until the user answers; the answer is a method")
    case .aDeepLinkAtLaunch:
      (
        .mustBeSeenWhenNoScreenIsBound, true,
        "it arrives before anyone is bound and must not be lost: a pending destination, kept "
          + "until the container reports that it presented it"
      )
    case .anAnalyticsPingForAPurchase:
      (
        .drawnOrDone, false,
        "no screen draws or does it: the view model calls the analytics service; as an event it "
          + "would be lost with no screen bound and sent twice with two"
      )
    case .anOfflineBannerThatSurvivesRotation:
      (
        .showsOnARebuiltScreen, true,
        "it describes now (the user does not dismiss it; going online does): whatever rebuilds "
          + "the view, the banner must be there again"
      )
    case .dismissingTheKeyboardAfterSend:
      (
        .isFeedbackForTheScreensAction, true,
        "an action of the bound screen, done once; a screen built later has no keyboard up"
      )
    case .theProgressOfAnUpload:
      (.showsOnARebuiltScreen, true, "a screen that binds later must show how far the upload is")
    case .aPasswordTooShortMessage:
      (.showsOnARebuiltScreen, true, "derived from what is typed now: a rebuilt form shows it")
    case .theWelcomeAfterSignUp:
      (
        .mustBeSeenWhenNoScreenIsBound, true,
        "the request can finish with no screen bound, and the user must know"
      )
    case .aSoundForAMessageInTheOpenChat:
      (
        .showsOnARebuiltScreen, false,
        "not feedback for the screen's own action, but a chat rebuilt later must not play it "
          + "again, and missing it loses nothing (the message is in the list)"
      )
    }
  }

  /// The right answer: the kind the key's deciding answer gives.
  public var answer: OutputKind {
    guard let kind = key.decidedBy.outcome(key.yes) else {
      preconditionFailure("\(rawValue): the key's answer to its deciding question decides nothing")
    }
    return kind
  }
}
