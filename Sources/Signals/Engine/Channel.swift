import Dispatch

/// The delivery engine behind ``EventStream``, ``Property`` and the operators that need an
/// ordering of their own. Internal.
///
/// It is the storage of a ``ChannelState``: the only code that takes the state's lock. Every method
/// runs one transition of the state machine under the lock, then carries out the action it
/// returned, after unlocking: ``perform(_:)`` is the one delivery loop, ``deliver(_:)`` the one
/// place that calls a handler, and ``releaseAfterUnlocking(_:)`` names the moment a user value that
/// left the lock is let go. So no user code runs under a lock, by construction: handlers run after
/// unlocking, and every user value that leaves the state (a handler, a displaced property value, a
/// delivery nobody will receive) travels in the action and is released after unlocking.
///
/// Only a sender or a scheduler job delivers other subscribers' values (the state's *roles*):
/// a subscribe delivers only to its own subscriber, and a cancel delivers nothing.
///
/// Hot paths are `@inlinable`, so a client module compiles them for its concrete `Value`
/// (unspecialised, each send would look up generic metadata; docs/performance.md).
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
  @usableFromInline typealias State = ChannelState<Value>

  @usableFromInline let state: Locked<State>
  /// Told about each value sent while no subscriber is active; `nil` for almost every channel.
  @usableFromInline let dropObserver: (@Sendable (Value) -> Void)?
  /// ``cancel(_:waits:)`` compiled for this channel's `Value`, for ``Subscriber``: a class's
  /// overrides are compiled once, in this module, for any `Value`, so `Subscriber.cancel()`
  /// calls through this closure, formed in `init`, where a client that creates the channel knows
  /// `Value` (unspecialised generic code looks up type metadata at run time, which made a
  /// cancel several microseconds).
  @usableFromInline let cancelSubscriber:
    @Sendable (Channel<Value>, Subscriber<Value>, Bool) -> Void
  /// The thread's delivery depth, copied here so that a send does not read a global.
  @usableFromInline let depth = DeliveryDepth.shared

  /// A channel of `kind`: an event channel, or a property with its initial value.
  @inlinable
  init(_ kind: State.Kind = .events, dropObserver: (@Sendable (Value) -> Void)? = nil) {
    self.state = Locked(State(kind: kind))
    self.dropObserver = dropObserver
    self.cancelSubscriber = { channel, subscriber, waits in
      channel.cancel(subscriber, waits: waits)
    }
  }

  // MARK: Reading

  /// The stored value of a property channel.
  @inlinable
  var currentValue: Value {
    currentValueAndVersion.value
  }

  /// The stored value of a property channel with the number of the write that stored it.
  @inlinable
  var currentValueAndVersion: (value: Value, version: UInt64) {
    let (kind, version) = state.withLock { ($0.kind, $0.version) }
    guard case .property(let value) = kind else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return (value, version)
  }

  /// The number of the last write (or send).
  var currentVersion: UInt64 {
    state.withLock { $0.version }
  }

  // MARK: Transitions

  /// Publishes `value`, one write: stores it (a property) and delivers `value` to every active
  /// subscriber: on this thread, or, if another thread is delivering, queued for that thread.
  @inlinable
  func publish(_ value: Value) {
    complete(state.withLock { $0.publish(value, canDeliverHere: true) }, sent: value)
  }

  /// Publishes `value` as ``publish(_:)`` does, but delivers through `executor` unless it allows
  /// delivery on the calling thread now (asked before the lock is taken). The first value of a
  /// burst submits one job, which delivers everything queued by the time it runs.
  @inlinable
  func publish(_ value: Value, through executor: some DeliveryExecutor) {
    let deliversHere = executor.canDeliverHere
    let action = state.withLock { $0.publish(value, canDeliverHere: deliversHere) }
    if action.submitsJob {
      executor.submit { [self] in runJob() }
    }
    complete(action, sent: value)
  }

  /// Publishes the value `make` returns, if any, computing it under the lock so that computing and
  /// queueing are one step (an operator's "is this still the newest?" check). `make` must be
  /// the library's own code and must not release a user value: it runs under the lock.
  func publish(computing make: () -> Value?) {
    let action = state.withLock { state -> State.PublishAction? in
      guard let value = make() else { return nil }
      return state.publish(value, canDeliverHere: true)
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
      var (value, version) = currentValueAndVersion
      let result = try body(&value)
      let action = state.withLock { state -> State.PublishAction? in
        guard state.version == version else { return nil }
        return state.publish(value, canDeliverHere: true)
      }
      switch consume action {
      case .some(let action):
        complete(action, sent: value)
        return result
      case .none: continue
      }
    }
  }

  /// Registers `handler`. A property channel first delivers its current value, on this
  /// thread and to this subscriber alone, then whatever was written meanwhile, in order; until
  /// then the rounds of other threads skip it.
  @inlinable
  func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    let (entry, replay) = state.withLock { $0.subscribe(handler, channel: self) }
    if let replay {
      depth.inside {
        var values = [replay]
        while !values.isEmpty {
          deliver(.replay(to: entry, values: values))
          values = state.withLock { $0.replayed(entry.subscriber) }
        }
      }
    }
    return SubscriptionToken(entry.subscriber)
  }

  /// Cancels `subscriber`: no round that starts from now on calls it. Its handler is released
  /// here if no round is running, else by the performer when its round ends; this thread never
  /// delivers anything. With `waits` (``SubscriptionToken/cancelAndWait()``), and unless this
  /// thread is inside a delivery, it then waits until the running round has ended and released
  /// the handler (or until another canceller has released it).
  @inlinable
  func cancel(_ subscriber: Subscriber<Value>, waits: Bool) {
    if !waits && !subscriber.isActive { return }  // cancelled before: nothing to do
    let waits = waits && !depth.isInsideDelivery
    var action = state.withLock { $0.cancel(subscriber, waits: waits) }
    if action.releases != nil {
      depth.inside { releaseAfterUnlocking(action.releases.take()) }
      let woken = state.withLock { $0.releaseEnded(subscriber) }
      for waiter in woken {
        waiter.signal()
      }
    }
    action.wait?.wait()
  }

  /// The job `publish(_:through:)` submits: delivers what is queued, unless another thread is
  /// performing (which then delivers it, or leaves it for the next job).
  @inlinable
  func runJob() {
    var round = state.withLock { $0.jobStarted() }
    if round != nil {
      perform(round.take())
    }
  }

  // MARK: Performing

  /// What the thread that sent a value does after unlocking: delivers the round if it became
  /// the performer, then releases the value the send displaced (after the round, outside it,
  /// as code after the send would: its `deinit` may even `cancelAndWait()` on this channel),
  /// then tells the drop observer.
  @inlinable
  func complete(_ action: consuming State.PublishAction, sent value: Value?) {
    if action.round != nil {
      perform(action.round.take())
    }
    releaseAfterUnlocking(action.displaced.take())  // as the caller's own code would release it
    if action.reachedNobody, let dropObserver, let value {
      dropObserver(value)  // user code: after the work, with no lock held
    }
  }

  /// The delivery loop, run by the performer (a sender or a job): delivers `first` (consumed,
  /// so the caller keeps no reference to what it holds), then asks the state machine what comes
  /// next until it says the performer is done. Counted as a delivery on this thread throughout,
  /// so a `cancelAndWait()` made by a handler or a `deinit` it runs does not wait for this very
  /// loop.
  @inlinable
  func perform(_ first: consuming State.Round?) {
    var step = State.Step()
    step.next = first.take()
    depth.inside {
      while true {
        // The one place the order is written: what left the state is released (its deinits
        // run here, outside the lock), then whoever waits for that release is woken, then the
        // next round goes out.
        releaseAfterUnlocking(step.releases.take())
        for waiter in step.woken.take() ?? [] {
          waiter.signal()
        }
        if let round = step.next.take() {
          deliver(consume round)
        }
        if step.isDone { return }
        step = state.withLock { $0.finish() }
      }
    }
  }

  /// Calls the handlers of `round`'s subscribers, in subscription order, skipping one that
  /// joined later or was cancelled meanwhile (even by an earlier handler of this round). The
  /// only place a handler is called.
  @inlinable
  func deliver(_ round: consuming State.Round) {
    switch consume round {
    case .broadcast(let version, let value, let entries):
      for case let entry? in entries where entry.subscriber.admits(version) {
        entry.handler(value)
      }
    case .replay(let entry, let values):
      for value in values where entry.subscriber.isActive {
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
  /// An output channel for one subscriber: `handler` receives, in order and one at a time,
  /// whatever is sent to the returned channel, on the sending thread. Returns the channel and
  /// the handler's token. For operators whose output has several producers (`merge`,
  /// `combineLatest`, `debounce`, `throttle`). (A *relay* is something else: the channel behind
  /// `receive(on:)`, which delivers through an executor.)
  @inlinable
  static func output(
    to handler: @escaping @Sendable (Value) -> Void
  ) -> (Channel<Value>, SubscriptionToken) {
    let channel = Channel<Value>()
    return (channel, channel.subscribe(handler))
  }
}
