import Dispatch

/// The delivery engine behind ``EventStream``, ``Property`` and the operators that need an
/// ordering of their own. Internal.
///
/// It is the storage of a ``ChannelState``: the only code that takes the state's lock. Every
/// method runs one event of the state machine under the lock, then performs the action it
/// returned, after unlocking: ``perform(_:releasing:canDeliver:)`` is the one delivery loop and
/// ``deliver(_:)`` the one place that calls a handler. So no user code runs under a lock, by
/// construction: handlers run after unlocking, and every user value that leaves the state (a
/// handler, a displaced property value, a delivery nobody will receive) travels in the action
/// and is released by the thread that performs it, after unlocking.
///
/// Hot paths are `@inlinable`, so a client module compiles them for its concrete `Value`
/// (unspecialised, each send would look up generic metadata; docs/performance.md).
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
  @usableFromInline typealias State = ChannelState<Value>

  @usableFromInline let state: Locked<State>
  /// Told about each value sent while no subscriber is active; `nil` for almost every channel.
  @usableFromInline let dropObserver: (@Sendable (Value) -> Void)?
  /// Whether deliveries wait for a job of an executor (a `receive(on:)` relay): a thread that
  /// performs only to release (a canceller) then leaves queued deliveries to the job.
  @usableFromInline let deliversThroughJobs: Bool
  /// ``cancel(_:waits:)`` compiled for this channel's `Value`, for ``Subscriber``: a class's
  /// overrides are compiled once, in this module, for any `Value`, so `Subscriber.cancel()`
  /// calls through this closure, formed in `init`, where a client that creates the channel knows
  /// `Value` (unspecialised generic code looks up type metadata at run time, which made a
  /// cancel several microseconds).
  @usableFromInline let cancelSubscriber:
    @Sendable (Channel<Value>, Subscriber<Value>, Bool) -> Void

  /// A channel: a property's when `current` is not `nil`, else an event channel.
  @inlinable
  init(
    current: Value? = nil, dropObserver: (@Sendable (Value) -> Void)? = nil,
    deliversThroughJobs: Bool = false
  ) {
    self.state = Locked(State(current: current))
    self.dropObserver = dropObserver
    self.deliversThroughJobs = deliversThroughJobs
    self.cancelSubscriber = { channel, subscriber, waits in
      channel.cancel(subscriber, waits: waits)
    }
  }

  // MARK: Reading

  /// The stored value of a property channel.
  @inlinable
  var currentValue: Value {
    guard let value = state.withLock({ $0.current }) else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return value
  }

  /// The stored value of a property channel with the number of the write that stored it.
  var currentValueAndSequence: (Value, UInt64) {
    let (value, sequence) = state.withLock { ($0.current, $0.sequence) }
    guard let value else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return (value, sequence)
  }

  /// The number of the last write (or send).
  var currentSequence: UInt64 {
    state.withLock { $0.sequence }
  }

  // MARK: Events

  /// Stores (for a property) and delivers `value` to every active subscriber: on this thread,
  /// or, if another thread is delivering, queued for that thread.
  @inlinable
  func send(_ value: Value) {
    complete(state.withLock { $0.send(value, canDeliverHere: true) }, sent: value)
  }

  /// Sends `value` as ``send(_:)`` does, but delivers through `executor` unless it allows
  /// delivery on the calling thread now (asked before the lock is taken). The first value of a
  /// burst submits one job, which delivers everything queued by the time it runs.
  @inlinable
  func send(_ value: Value, through executor: some DeliveryExecutor) {
    let deliversHere = executor.canDeliverHere
    let action = state.withLock { $0.send(value, canDeliverHere: deliversHere) }
    if action.submitsJob {
      executor.submit { [self] in runJob() }
    }
    complete(action, sent: value)
  }

  /// Sends the value `make` returns, if any, computing it under the lock so that computing and
  /// queueing are one step (an operator's "is this still the newest?" check). `make` must be
  /// the library's own code and must not release a user value: it runs under the lock.
  func send(computing make: () -> Value?) {
    let action = state.withLock { state -> State.SendAction? in
      guard let value = make() else { return nil }
      return state.send(value, canDeliverHere: true)
    }
    switch consume action {
    case .some(let action): complete(action, sent: nil)
    case .none: break
    }
  }

  /// Stores `body`'s change of the current value and delivers it, as one write. `body` is user
  /// code, so it runs with no lock held, on a copy read with its write number; the result is
  /// stored only if no other write came in between, else `body` runs again on the newer value.
  /// Returns what the run whose change was stored returned.
  func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    while true {
      var (value, sequence) = currentValueAndSequence
      let result = try body(&value)
      let action = state.withLock { state -> State.SendAction? in
        guard state.sequence == sequence else { return nil }
        return state.send(value, canDeliverHere: true)
      }
      switch consume action {
      case .some(let action):
        complete(action, sent: value)
        return result
      case .none: continue
      }
    }
  }

  /// Registers `handler`. A property channel delivers its current value first: at once when
  /// nobody is delivering, else in turn behind the deliveries already queued.
  @inlinable
  func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    var (subscriber, round) = state.withLock { $0.subscribe(handler, channel: self) }
    if round != nil {
      perform(round.take(), releasing: nil, canDeliver: true)
    }
    return SubscriptionToken(subscriber)
  }

  /// Cancels `subscriber`: no round that starts from now on calls it, and its handler is
  /// released, here if nobody is delivering, else by the delivering thread when its round ends.
  /// With `waits` (``SubscriptionToken/cancelAndWait()``), and unless this thread is inside a
  /// delivery, it then waits until that round has ended and released it.
  @inlinable
  func cancel(_ subscriber: Subscriber<Value>, waits: Bool) {
    if !waits && !subscriber.isActive { return }  // cancelled before: nothing to do
    let waits = waits && !DeliveryDepth.isInsideDelivery
    var action = state.withLock { $0.cancel(subscriber, waits: waits) }
    if action.releases != nil {
      perform(nil, releasing: action.releases.take(), canDeliver: !deliversThroughJobs)
    }
    action.wait?.wait()
  }

  /// The job `send(_:through:)` submits: delivers what is queued, unless another thread is
  /// performing (which then delivers it, or leaves it for the next job).
  @inlinable
  func runJob() {
    var round = state.withLock { $0.jobStarted() }
    if round != nil {
      perform(round.take(), releasing: nil, canDeliver: true)
    }
  }

  // MARK: Performing

  /// What the thread that sent a value does after unlocking: delivers the round if it became
  /// the performer, then releases the value the send displaced (after the round, outside it,
  /// as code after the send would: its `deinit` may even `cancelAndWait()` on this channel),
  /// then tells the drop observer.
  @inlinable
  func complete(_ action: consuming State.SendAction, sent value: Value?) {
    if action.round != nil {
      perform(action.round.take(), releasing: nil, canDeliver: true)
    }
    action.displaced = nil  // released as the caller's own code would release it
    if action.reachedNobody, let dropObserver, let value {
      dropObserver(value)  // user code: after the work, with no lock held
    }
  }

  /// The delivery loop, run by the performer: delivers `first`, releases `releasing` (both
  /// consumed, so the caller keeps no reference to what they hold), then asks
  /// the state machine what comes next until it says the performer is done. Counted as a
  /// delivery on this thread throughout, so a `cancelAndWait()` made by a handler or a `deinit`
  /// it runs does not wait for this very loop.
  @inlinable
  func perform(
    _ first: consuming State.Round?, releasing: consuming State.Releases?, canDeliver: Bool
  ) {
    var action = State.FinishAction(releases: releasing.take(), next: first.take())
    DeliveryDepth.inside {
      while true {
        // In this order: what left the state is released (its deinits run here, outside the
        // lock), then whoever waits for that release is woken, then the next round goes out.
        action.releases = nil
        for waiter in action.woken.take() ?? [] {
          waiter.signal()
        }
        if let round = action.next.take() {
          deliver(consume round)
        }
        if action.isDone { return }
        action = state.withLock { $0.finish(canDeliver: canDeliver) }
      }
    }
  }

  /// Calls the handlers of `round`'s subscribers, in subscription order, skipping one cancelled
  /// meanwhile (even by an earlier handler of this round). The only place a handler is called.
  @inlinable
  func deliver(_ round: consuming State.Round) {
    switch consume round {
    case .broadcast(let sequence, let value, let entries):
      for case let entry? in entries where entry.subscriber.admits(sequence) {
        entry.handler(value)
      }
    case .direct(let entry, let value):
      if entry.subscriber.isActive {
        entry.handler(value)
      }
    }
  }

  // MARK: For tests

  /// How many threads wait in `cancelAndWait()` on this channel right now (each counted under
  /// the lock right before it blocks).
  var parkedCancellers: Int {
    state.withLock { $0.waiters.count }
  }

  /// The capacity of the delivery queue's buffer.
  var queueCapacity: Int {
    state.withLock { $0.queue.capacity }
  }

  /// Checks the state machine's invariants (``ChannelState/checkInvariants()``).
  func checkInvariants() {
    state.withLock { $0.checkInvariants() }
  }
}

extension Channel {
  /// A channel for one subscriber: `handler` receives, in order and one at a time, whatever is
  /// sent to the returned channel, on the sending thread. Returns the channel and the handler's
  /// token. For operators whose output has several producers (`merge`, `combineLatest`,
  /// `debounce`, `throttle`).
  @inlinable
  static func relay(
    to handler: @escaping @Sendable (Value) -> Void
  ) -> (Channel<Value>, SubscriptionToken) {
    let channel = Channel<Value>()
    return (channel, channel.subscribe(handler))
  }
}
