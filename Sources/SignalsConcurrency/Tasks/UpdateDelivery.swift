import Signals

/// The updates of one owned task on their way to the main actor. Internal to
/// ``TaskOwner``'s update form.
///
/// - Order: updates wait in `pending`, in report order; at most one main-actor hop is
///   outstanding, and it delivers them one at a time, so they arrive in order.
/// - Closing: once the task is cancelled, replaced, or about to apply its outcome, ``close()``
///   drops the pending updates and ends every subscription the task made (the throttle, a
///   stream given to `report(from:)`). A hop already queued for the main actor then finds the
///   delivery closed and delivers nothing: each update is checked on the main actor right before
///   its handler runs.
/// - Threading: `report` and `close` are safe from any thread; no user value is released and no
///   token is cancelled under the lock.
final class UpdateDelivery<Update: Sendable>: Sendable {
  private struct State {
    var pending: [Update] = []
    var isHopQueued = false
    var tokens: [SubscriptionToken] = []
  }

  private let state = Locked(State())
  /// Read inside `state`'s lock (that order only); ``close()`` sets it, then takes what is held.
  private let closed = StopFlag()
  /// The throttle's input, when there is a throttle.
  private let throttled: EventSender<Update>?
  private let show: @MainActor @Sendable (Update) -> Void

  /// A delivery to `show` on the main actor, through `throttle` if given.
  init(throttle: UpdateThrottle?, show: @escaping @MainActor @Sendable (Update) -> Void) {
    self.show = show
    guard let throttle else {
      throttled = nil
      return
    }
    let input = EventSender<Update>()
    throttled = input
    let output = input.stream.throttle(for: throttle.interval, scheduler: throttle.scheduler)
    adopt(output.sink { [weak self] in self?.enqueue($0) })
  }

  /// From the work, on any thread: through the throttle if there is one, then to the main actor.
  func report(_ update: Update) {
    if let throttled {
      throttled.send(update)
    } else {
      enqueue(update)
    }
  }

  /// Keeps `token` until ``close()``; cancels it at once if the delivery is already closed.
  func adopt(_ token: SubscriptionToken) {
    let isClosed = state.withLock { state in
      let isClosed = closed.isStopped
      if !isClosed { state.tokens.append(token) }
      return isClosed
    }
    if isClosed { token.cancel() }
  }

  /// Delivers every pending update, in order, each only if the delivery is still open then.
  @MainActor func deliverPending() {
    while let update = takeNext() {
      show(update)
    }
  }

  /// Drops the pending updates and ends the delivery's subscriptions; later reports are dropped.
  /// Idempotent.
  func close() {
    closed.stop()
    let (dropped, tokens) = state.withLock { state in
      defer {
        state.pending = []
        state.tokens = []
      }
      return (state.pending, state.tokens)
    }
    for token in tokens { token.cancel() }
    withExtendedLifetime(dropped) {}  // released outside the lock
  }

  private func enqueue(_ update: Update) {
    let needsHop = state.withLock { state -> Bool in
      guard !closed.isStopped else { return false }
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
      guard !closed.isStopped, !state.pending.isEmpty else {
        state.isHopQueued = false
        return nil
      }
      return state.pending.removeFirst()
    }
  }
}
