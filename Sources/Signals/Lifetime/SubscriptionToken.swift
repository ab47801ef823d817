import Dispatch

/// Something that can end a subscription: the object behind a ``SubscriptionToken``.
/// Internal building block; an abstract base class.
///
/// A class rather than a protocol: the token holds it as one reference. An `any` protocol
/// existential is two words, which made every token a 48-byte heap block instead of 32 (16
/// bytes of each subscription's memory; docs/performance.md).
///
/// Subclasses are `final`, override all three members, and make both calls idempotent and safe
/// from any thread.
@usableFromInline
class CancelTarget: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: this class has no stored properties, and a non-final
  // class cannot be checked `Sendable`. The compiler does not check subclasses' storage either,
  // so each subclass keeps only `let`s of `Sendable` types (`Locked` or an atomic for what
  // changes) and says so.
  @usableFromInline
  init() {}

  /// Ends delivery without waiting for anything (see ``SubscriptionToken/cancel()``).
  @usableFromInline
  func cancel() {
    preconditionFailure("Signals internal error: CancelTarget.cancel() not overridden")
  }

  /// Ends delivery, then waits as ``SubscriptionToken/cancelAndWait()`` documents.
  @usableFromInline
  func cancelAndWait() {
    preconditionFailure("Signals internal error: CancelTarget.cancelAndWait() not overridden")
  }

  /// How many threads are parked in `cancelAndWait()` on the streams behind this target.
  @usableFromInline
  var parkedCancellers: Int {
    preconditionFailure("Signals internal error: CancelTarget.parkedCancellers not overridden")
  }
}

/// A cancellation token: the handle every subscription returns.
///
/// Keep the token for as long as you want values. Delivery ends when you call ``cancel()`` or
/// when the last reference to the token goes away, whichever comes first. (Named
/// `SubscriptionToken`, not `Subscription`, so that a file importing SwiftUI, which re-exports
/// Combine's `Subscription`, and Signals needs no module qualification.)
///
/// - Cancellation never waits. ``cancel()`` (and releasing the token) never blocks, whatever
///   other subscribers' handlers are doing, so a screen can release its bag on the main thread
///   while a handler on another thread waits for the main thread, and nothing deadlocks.
/// - What may still run. Once ``cancel()`` returns, no delivery round that starts later calls
///   the handler. A round already running on *another* thread may still make the one call it
///   was about to make, and a call already in progress there runs to its end. A cancel made on
///   the thread that delivers (inside any handler of the same delivery, or on the main actor
///   for a `receive(on: .mainActor)` subscription, whose deliveries all run there) ends
///   delivery at once: no call follows.
/// - Waiting on purpose. ``cancelAndWait()`` also waits until the handler can no longer be
///   running: see its documentation for the cost and the one deadlock it can cause.
/// - Memory: cancelling releases the handler, and with it everything the handler captured: at
///   once when no delivery round is running, otherwise on the delivering thread when its round
///   ends.
/// - Storage: tokens are `Hashable` by identity, so they can be kept in a `Set`
///   (``store(in:)-(Set<SubscriptionToken>)``) or in a ``SubscriptionBag``.
public final class SubscriptionToken: Hashable, Sendable {
  let target: CancelTarget

  @usableFromInline
  init(_ target: CancelTarget) {
    self.target = target
  }

  /// Creates a token that runs `onCancel` exactly once: on the first call to ``cancel()`` or
  /// when the token is released, whichever comes first.
  ///
  /// Use it to wrap your own resources (a timer, a task) so they can sit in the same bag as
  /// stream subscriptions. `onCancel` runs on the thread that cancels, with no lock held.
  public convenience init(onCancel: @escaping @Sendable () -> Void) {
    self.init(ClosureCancel(onCancel))
  }

  deinit {
    target.cancel()
  }

  /// Ends the subscription without waiting. Idempotent and safe from any thread, any handler
  /// and any `deinit`; see the type's documentation for exactly when a handler may still run.
  public func cancel() {
    target.cancel()
  }

  /// Ends the subscription, then waits until its handler is not running, will never run again
  /// and has been released.
  ///
  /// It returns at once when no delivery round is running. Otherwise it waits for the running
  /// round to end, and that round calls *every* subscriber of the stream: the wait includes
  /// other subscribers' handlers. If another thread is still releasing the handler (a
  /// ``cancel()`` there, or the end of a round, running the `deinit` of something the handler
  /// captured), it waits for that release too. So never call it on a thread that one of those
  /// handlers (or that `deinit`) may wait for (for example the main thread, when any handler of
  /// the stream calls `DispatchQueue.main.sync`): that is a deadlock. From inside any handler,
  /// or a `deinit` that releasing a handler runs, it does not wait (the round or release it
  /// would wait for may be waiting for this thread) and behaves as ``cancel()``.
  /// Operators' tokens wait for each stage in turn, the stage that calls your handler first.
  ///
  /// Use it only when code after it must be sure the handler is finished (for example before
  /// freeing something the handler uses); ``cancel()`` is the right call for screens.
  public func cancelAndWait() {
    target.cancelAndWait()
  }

  /// Keeps this token in `set`; the subscription lives as long as the set holds it.
  public func store(in set: inout Set<SubscriptionToken>) {
    set.insert(self)
  }

  /// Keeps this token in `bag`; the subscription lives until the bag is emptied or released.
  public func store(in bag: SubscriptionBag) {
    bag.insert(self)
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: SubscriptionToken, rhs: SubscriptionToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// Runs a closure once, on first cancellation.
///
/// A small state machine under one lock: armed (the closure), running (on some thread, with
/// the threads that wait for it to finish), finished. The closure runs after unlocking,
/// counted as a delivery on its thread (so a `cancelAndWait()` it makes does not wait for
/// itself), and is released there, before the waiters are woken.
private final class ClosureCancel: CancelTarget, @unchecked Sendable {
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
    DeliveryDepth.inside {
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
    guard !DeliveryDepth.isInsideDelivery else { return }
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

/// Cancels several subscriptions in order, as one. Used by operators that hold more than one
/// subscription (for example `combineLatest`); they list the stage that calls the user's
/// handler first, so that it stops before its sources do.
final class CompositeCancel: CancelTarget, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound (restated from `CancelTarget`): the one stored property
  // is a `let` of a `Sendable` type.
  private let parts: [SubscriptionToken]

  init(_ parts: [SubscriptionToken]) {
    self.parts = parts
  }

  override func cancel() {
    for part in parts {
      part.cancel()
    }
  }

  override func cancelAndWait() {
    for part in parts {
      part.cancelAndWait()
    }
  }

  override var parkedCancellers: Int {
    parts.reduce(0) { $0 + $1.parkedCancellerCount }
  }
}

extension SubscriptionToken {
  /// One token that cancels `parts` in order. Each part is itself idempotent, so the whole is.
  @usableFromInline
  static func combining(_ parts: SubscriptionToken...) -> SubscriptionToken {
    SubscriptionToken(CompositeCancel(parts))
  }
}
