import Synchronization

/// The delivery engine behind ``EventStream``, ``Property`` and the operators that need an
/// ordering of their own. Internal.
///
/// It is the storage of a ``ChannelState``: the only code that takes the state's lock. Each locked
/// step runs a transition of the state machine (`modify`'s store two: stop watching, store), then
/// the method carries out what it returned, after unlocking: ``perform()`` is the one loop that
/// works for the channel, ``deliver(_:)`` the one place a performer calls a handler, and
/// ``releaseAfterUnlocking(_:)`` names the moment a user value that left the lock is let go: no
/// user code runs under a lock.
///
/// Reads without the lock (its only two, of atomics written under it): ``cancellations`` by the
/// performer before each handler call, and ``Subscriber/isActive`` by a replay. A cancel is seen
/// at the next call on its own thread, from another once it lands (as a racing cancel may be).
/// Whenever the lock is free, ``cancellations`` equals the state's count (invariant 4).
///
/// Hot paths are `@inlinable`, so a client module compiles them for its concrete `Value`
/// (unspecialised, each send would look up generic metadata; docs/performance.md).
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
  @usableFromInline typealias State = ChannelState<Value>

  @usableFromInline let state: Locked<State>
  /// Told about each value sent while no subscriber is active; `nil` for almost every channel.
  @usableFromInline let dropObserver: (@Sendable (Value) -> Void)?
  /// The state's ``ChannelState/cancelCount``, stored under the lock by each cancel (see above).
  @usableFromInline let cancellations = Atomic<UInt64>(0)
  /// ``cancel(_:)`` compiled for this channel's `Value`, formed in `init` (where the client knows
  /// `Value`) for ``Subscriber``, whose methods are compiled once, unspecialised (slow).
  @usableFromInline let cancelSubscriber: @Sendable (Channel<Value>, Subscriber<Value>) -> Void

  /// A channel of `kind`: an event channel, or a property with its initial value.
  @inlinable
  init(_ kind: State.Kind = .events, dropObserver: (@Sendable (Value) -> Void)? = nil) {
    self.state = Locked(State(kind: kind))
    self.dropObserver = dropObserver
    self.cancelSubscriber = { channel, subscriber in channel.cancel(subscriber) }
  }

  @inlinable var currentValue: Value { state.withLock { $0.current } }  // a property's value

  /// A property's value with the number of the write that stored it; that number alone.
  var currentValueAndVersion: (Value, UInt64) { state.withLock { ($0.current, $0.version) } }
  var currentVersion: UInt64 { state.withLock { $0.version } }

  /// An output channel for an operator's one subscriber: `handler` gets what is sent, in order,
  /// one at a time, on the sending thread. Returns the channel and the handler's token.
  @inlinable
  static func output(
    to handler: @escaping @Sendable (Value) -> Void
  ) -> (Channel<Value>, SubscriptionToken) {
    let channel = Channel<Value>()
    return (channel, channel.subscribe(handler))
  }

  /// For tests: the capacity of the delivery queue's buffer, and the state's invariants.
  var queueCapacity: Int { state.withLock { $0.queue.items.capacity } }
  func checkInvariants() {
    state.withLock { $0.checkInvariants(cancellations: cancellations.load(ordering: .relaxed)) }
  }

  // MARK: Transitions

  /// Publishes `value`, one write: stores it (a property) and delivers it to every active
  /// subscriber: on this thread, or, if another thread is performing, queued for that thread.
  @inlinable
  func publish(_ value: Value) {
    carryOut(
      state.withLock {
        $0.publish(
          value, dropObserved: dropObserver != nil,
          cancellations: cancellations.load(ordering: .relaxed))
      })
  }

  /// Publishes `value` as ``publish(_:)`` does, but delivers through `executor` unless it allows
  /// delivery on the calling thread now (asked before the lock is taken). The first value of a
  /// burst submits one job, which delivers everything queued by the time it starts (a yielding
  /// executor's job: then it submits another for the rest, so the executor's other work runs).
  @inlinable
  func publish(_ value: Value, through executor: some DeliveryExecutor) {
    let deliversHere = executor.canDeliverHere
    let answer = state.withLock {
      $0.publish(
        value, canDeliverHere: deliversHere, dropObserved: dropObserver != nil,
        cancellations: cancellations.load(ordering: .relaxed))
    }
    if answer.submitsJob { submitJob(to: executor) }
    carryOut(answer)
  }

  /// Registers `handler` and returns its token. A property channel first delivers its current
  /// value, on this thread and to this subscriber alone; what is written meanwhile goes to the
  /// performer, if one is at work, or else is delivered here too, before `subscribe` returns.
  @inlinable
  func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    let subscriber = Subscriber(channel: self)
    var values = state.withLock { $0.subscribe(subscriber, handler) }.map { [$0] }
    while let batch = values {
      for value in batch where subscriber.isActive { handler(value) }
      values = state.withLock { $0.replayed(subscriber) }
    }
    return subscriber
  }

  /// Cancels `subscriber`: no round that starts from now on calls it. Its handler is released
  /// here if no round holds it, else by the performer when those rounds end.
  @inlinable
  func cancel(_ subscriber: Subscriber<Value>) {
    let released = state.withLock { state in
      defer { cancellations.store(state.cancelCount, ordering: .relaxed) }
      return state.cancel(subscriber)
    }
    releaseAfterUnlocking(released)
  }

  /// Publishes `make`'s value, if any, computed under the lock so that an operator's "is this
  /// still the newest?" check and the enqueue are one step: checked, then enqueued, a producer
  /// preempted in between (a timer on a concurrent scheduler) could enqueue an older value after
  /// a newer one. `make` runs locked: it must be library code that releases no user value.
  func publish(computing make: () -> Value?) {
    let answer = state.withLock { state -> State.Published? in
      guard let value = make() else { return nil }
      return state.publish(
        value, dropObserved: dropObserver != nil,
        cancellations: cancellations.load(ordering: .relaxed))
    }
    if let answer { carryOut(answer) }
  }

  /// The loop behind ``MutableProperty/modify(_:)`` (promises there): `body` runs unlocked, on a
  /// copy read with its write number, and its change is stored only if no write came in between
  /// (and, with `changes`, only if `changes(read, changed)`: else the run stores nothing).
  func modify<R>(
    _ body: (inout Value) throws -> R, storesIf changes: ((Value, Value) -> Bool)? = nil
  ) rethrows -> R {
    let thread = currentThreadNumber()
    var runsThatWroteItself = 0
    while true {
      var (value, version, watches) = state.withLock { $0.beginModify(on: thread) }
      let read = changes.map { _ in value }  // kept only to compare
      let result: R
      do {
        result = try body(&value)
      } catch {
        if watches { _ = state.withLock { $0.stopWatching() } }
        throw error
      }
      if let read, let changes, !changes(read, value) {
        if watches { _ = state.withLock { $0.stopWatching() } }
        return result  // as if run before any write that came in between: nothing to store
      }
      var wroteItself = false
      let answer = state.withLock { state -> State.Published? in
        wroteItself = watches && state.stopWatching()
        return state.storeModified(
          value, read: version, dropObserved: dropObserver != nil,
          cancellations: cancellations.load(ordering: .relaxed))
      }
      if let answer {
        carryOut(answer)
        return result
      }
      if wroteItself { runsThatWroteItself += 1 }
      precondition(
        runsThatWroteItself < 2,
        "MutableProperty.modify: its body writes the property it modifies, so its change can never be stored; change the argument instead"
      )
    }
  }

  /// Submits a job that performs what is queued, unless another thread is performing (which then
  /// does it); a yielding executor's job does what was queued when it started, then submits one.
  @inlinable
  func submitJob(to executor: some DeliveryExecutor) {
    executor.submit { [self, next = executor.yields ? executor : nil] in
      guard let (first, queued) = state.withLock({ $0.jobStarted() }) else { return }
      deliver(consume first)
      guard let next else { return perform() }
      for _ in 0..<queued {
        guard let work = state.withLock({ $0.finish() }) else { return }
        deliver(consume work)
      }
      if state.withLock({ $0.yielded() }) { submitJob(to: next) }
    }
  }

  // MARK: Performing

  /// Carries out a write's answer: its work, if the write made this thread the performer (only
  /// then has it any), then lets go of the displaced value, then performs what is queued.
  @inlinable
  func carryOut(_ answer: consuming State.Published) {
    if let work = answer.work.take() { deliver(consume work) }
    releaseAfterUnlocking(answer.displaced.take())
    if answer.performs { perform() }
  }

  /// The performer's loop: asks the state machine for the next work until there is none. A send,
  /// cancel or write made by what runs here (a handler, a drop observer, a `deinit`) is queued
  /// for this loop, never nested in it.
  @inlinable
  func perform() {
    while let work = state.withLock({ $0.finish() }) { deliver(consume work) }
  }

  /// Does one piece of work. For a round, calls the handlers of its entries in subscription
  /// order, skipping one cancelled since the round was made (even by an earlier handler of the
  /// same round): the only place a performer calls a handler. It reads the cancels noted again
  /// whenever ``cancellations`` moved: one atomic read a call while nothing is cancelled.
  @inlinable
  func deliver(_ work: consuming State.Work) {
    switch consume work {
    case .round(let value, let entries, var seen):
      var cancelled = Set<UInt64>()
      for index in entries.indices {
        if cancellations.load(ordering: .relaxed) != seen {
          (seen, cancelled) = state.withLock { ($0.cancelCount, $0.cancelledStamps) }
        }
        // The entry is read in place: no copy of the handler, no reference count traffic.
        if !cancelled.isEmpty && cancelled.contains(entries[index].stamp) { continue }
        entries[index].handler?(value)
      }
    case .drop(let value):
      dropObserver?(value)
    case .release(let value):
      releaseAfterUnlocking(value)
    }
  }
}
