import Signals

/// The updates of one task of ``TaskOwner``'s update form on their way to the main actor
/// (``UpdateReporter`` states the promises). Internal.
///
/// Updates wait in `pending`, in report order, and one main-actor hop at a time delivers them.
/// ``close()`` (the task cancelled, replaced, or about to apply its outcome) drops them and ends
/// the task's subscriptions; each update is checked on the main actor right before its handler
/// runs, so a hop already queued then delivers nothing. No user value is released and no token
/// is cancelled under the lock; `report` and `close` are safe from any thread.
final class UpdateDelivery<Update: Sendable>: Sendable {
  private struct State {
    var pending: [Update] = []
    var isHopQueued = false
    var isClosed = false
    var tokens: [SubscriptionToken] = []
  }

  private let state = Locked(State())
  /// The throttle's input, when there is a throttle.
  private let throttled: EventSender<Update>?
  private let show: @MainActor @Sendable (Update) -> Void

  /// A delivery to `show` on the main actor, through `throttle` if given.
  init(throttle: UpdateThrottle?, show: @escaping @MainActor @Sendable (Update) -> Void) {
    self.show = show
    throttled = throttle.map { _ in EventSender<Update>() }
    if let throttle, let throttled {
      let output = throttled.stream.throttle(for: throttle.interval, scheduler: throttle.scheduler)
      adopt(output.sink { [weak self] in self?.enqueue($0) })
    }
  }

  /// From the work, on any thread: through the throttle if there is one, then to the main actor.
  func report(_ update: Update) {
    if let throttled { throttled.send(update) } else { enqueue(update) }
  }

  /// Keeps `token` until ``close()``; cancels it at once if the delivery is already closed.
  func adopt(_ token: SubscriptionToken) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state.tokens.append(token) }
      return state.isClosed
    }
    if isClosed { token.cancel() }
  }

  /// Delivers every pending update, in order, each only if the delivery is still open then.
  @MainActor func deliverPending() {
    while let update = takeNext() {
      show(update)
    }
  }

  /// Drops the pending updates and ends the subscriptions; later reports are dropped. Idempotent.
  func close() {
    let (dropped, tokens) = state.withLock { state in
      defer { state = State(isClosed: true) }
      return (state.pending, state.tokens)
    }
    for token in tokens { token.cancel() }
    withExtendedLifetime(dropped) {}  // released outside the lock
  }

  private func enqueue(_ update: Update) {
    let needsHop = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.pending.append(update)
      defer { state.isHopQueued = true }
      return !state.isHopQueued
    }
    guard needsHop else { return }
    Task { @MainActor in self.deliverPending() }
  }

  /// The oldest pending update, or `nil` (and no hop queued any more) if there is none or the
  /// delivery is closed.
  private func takeNext() -> Update? {
    state.withLock { state in
      guard !state.isClosed, !state.pending.isEmpty else {
        state.isHopQueued = false
        return nil
      }
      return state.pending.removeFirst()
    }
  }
}
