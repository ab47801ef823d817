import Dispatch

/// Runs a closure once, on first cancellation.
///
/// A small state machine under one lock: armed (the closure), running (on some thread, with
/// the threads that wait for it to finish), finished. The closure runs after unlocking,
/// counted as a delivery on its thread (so a `cancelAndWait()` it makes does not wait for
/// itself), and is released there, before the waiters are woken.
final class ClosureCancel: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound (restated from `CancelTarget`): the one stored property
  // is a `let` of a `Sendable` type.
  private enum State {
    case armed(@Sendable () -> Void)
    case running(waiters: [DispatchSemaphore])
    case finished
  }

  private let state: Locked<State>

  init(_ action: @escaping @Sendable () -> Void) {
    self.state = Locked(.armed(action))
  }

  override func cancel() {
    var action: (@Sendable () -> Void)? = state.withLock { state in
      guard case .armed(let action) = state else { return nil }
      state = .running(waiters: [])
      return action
    }
    guard action != nil else { return }
    DeliveryDepth.shared.inside {
      action?()
      action = nil  // what the closure captured is released here, before the waiters wake
    }
    let waiters = state.withLock { state -> [DispatchSemaphore] in
      guard case .running(let waiters) = state else { return [] }
      state = .finished
      return waiters
    }
    for waiter in waiters {
      waiter.signal()
    }
  }

  /// Runs the closure, or, if another thread is running it, waits until it has finished (not
  /// from inside a delivery, which that thread may be waiting for).
  override func cancelAndWait() {
    cancel()
    guard !DeliveryDepth.shared.isInsideDelivery else { return }
    let semaphore = state.withLock { state -> DispatchSemaphore? in
      guard case .running(var waiters) = state else { return nil }
      let semaphore = DispatchSemaphore(value: 0)
      waiters.append(semaphore)
      state = .running(waiters: waiters)
      return semaphore
    }
    semaphore?.wait()
  }

  override var parkedCancellers: Int {
    state.withLock { state in
      if case .running(let waiters) = state { waiters.count } else { 0 }
    }
  }
}
