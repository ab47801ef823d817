import Signals

extension EventSender {
  /// A sender for a main-actor view model's events that tells `observer` about each event sent
  /// while nobody would receive it (see `EventSender.init(onDrop:)`); a plain sender, which
  /// checks nothing extra when it sends, when `observer` is `nil`.
  ///
  /// For tracing only (the demo's `--trace` shows such events as dropped): an event that must
  /// not be lost is state, never recovered from here.
  @MainActor
  static func reportingDrops(to observer: (@MainActor @Sendable (Value) -> Void)?) -> EventSender {
    guard let observer else { return EventSender() }
    return EventSender { value in
      // Safe: the view models that own these senders are main-actor classes and send only from
      // their own methods, so every send, and the `onDrop` call that follows it on the sending
      // thread, runs on the main actor.
      MainActor.assumeIsolated { observer(value) }
    }
  }
}
