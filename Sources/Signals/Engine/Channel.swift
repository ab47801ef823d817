import Synchronization

/// The delivery engine behind ``EventStream``, ``Property`` and the operators that need an
/// ordering of their own: a ``ChannelState`` behind a lock only this type takes. Internal. Each
/// method runs transitions locked and carries out what they return after unlocking: the one
/// loop (``perform()``), the one place a handler is called (``deliver(_:)``), and the moment a
/// user value that left the lock is let go (``releaseAfterUnlocking(_:)``).
///
/// Reads without the lock, the only two, of atomics written only under it: ``cancellations`` by
/// the performer before each handler call, and ``Subscriber/isActive`` by a replay before each
/// call. Safe because a stale value only lets through the one call that a cancel on another
/// thread may race (``SubscriptionToken``): a cancel made on the reading thread, or before it
/// last took the lock, is always seen; and a moved count only sends the performer to read the
/// cancels noted, under the lock. Whenever the lock is free, ``cancellations`` equals the
/// state's count (invariant 4).
/// Hot paths are `@inlinable`: a client compiles them for its `Value` (docs/performance.md).
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
  @usableFromInline typealias State = ChannelState<Value>

  @usableFromInline let state: Locked<State>
  /// Told about each value sent while no subscriber is active; `nil` for almost every channel.
  @usableFromInline let dropObserver: (@Sendable (Value) -> Void)?
  /// The state's ``ChannelState/cancelCount``, stored by the cancel that moves it (see above).
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

  /// An operator's output channel, with `handler` subscribed: returns both, the handler's token.
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

  /// Writes `value`: stores it (a property) and delivers it to every active subscriber, on this
  /// thread or, if another thread performs, on that one.
  @inlinable
  func publish(_ value: Value) { publish { value } }

  /// Writes `value` as ``publish(_:)`` does, but through `executor` (``submitJob(to:)``) unless
  /// it allows delivery on the calling thread now (asked before the lock is taken).
  @inlinable
  func publish(_ value: Value, through executor: some DeliveryExecutor) {
    if publish(computing: { value }, deliversHere: executor.canDeliverHere) {
      submitJob(to: executor)
    }
  }

  /// Publishes `make`'s value, if any, computed under the lock so that an operator's "is this
  /// still the newest?" check and the enqueue are one step: checked, then enqueued, a producer
  /// preempted in between (a timer on a concurrent scheduler) could enqueue an older value after
  /// a newer one. `make` runs locked: it must be library code that releases no user value.
  /// Returns whether the caller must submit a job (never if `deliversHere`).
  @inlinable @inline(__always) @discardableResult
  func publish(computing make: () -> Value?, deliversHere: Bool = true) -> Bool {
    let answer = state.withLock { state -> State.Published? in
      guard let value = make() else { return nil }
      return state.publish(
        value, canDeliverHere: deliversHere, dropObserved: dropObserver != nil,
        cancellations: cancellations.load(ordering: .relaxed))
    }
    guard let answer else { return false }
    let submitsJob = answer.submitsJob
    carryOut(answer)
    return submitsJob
  }

  /// Registers `handler` and returns its token; a property's replay is delivered here first
  /// (the subscriber's role in ``ChannelState``).
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
    releaseAfterUnlocking(state.withLock { $0.cancel(subscriber) })
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
      var wroteItself = false
      func end(storing value: Value?) -> State.Published? {
        state.withLock {
          $0.endModify(
            value, read: version, watches: watches, wroteItself: &wroteItself,
            dropObserved: dropObserver != nil, cancellations: cancellations.load(ordering: .relaxed)
          )
        }
      }
      let read = changes.map { _ in value }  // kept only to compare
      let result: R
      do { result = try body(&value) } catch {
        _ = end(storing: nil)
        throw error
      }
      // Unchanged: as if run before any write that came in between, so nothing to store.
      let unchanged = read.map { changes?($0, value) == false } ?? false
      if let answer = end(storing: unchanged ? nil : value) {
        carryOut(answer)
      } else if !unchanged {
        if wroteItself { runsThatWroteItself += 1 }
        precondition(
          runsThatWroteItself < 2,
          "MutableProperty.modify: its body writes the property it modifies, so its change can never be stored; change the argument instead"
        )
        continue
      }
      return result
    }
  }

  /// Submits a job that performs what is queued, unless another thread is performing (which then
  /// does it). The first value of a burst submits it; a yielding executor's job does what was
  /// queued when it started, then submits another for the rest.
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

  /// Carries out a write's answer: if it made this thread the performer (only then has it work or
  /// a displaced value), its work, then lets go of the displaced value, then performs the rest.
  @inlinable
  func carryOut(_ answer: consuming State.Published) {
    let performs = answer.work != nil || answer.displaced != nil
    if let work = answer.work.take() { deliver(consume work) }
    releaseAfterUnlocking(answer.displaced.take())
    if performs { perform() }
  }

  /// The performer's loop (its role in ``ChannelState``): works until the state has no more.
  @inlinable
  func perform() {
    while let work = state.withLock({ $0.finish() }) { deliver(consume work) }
  }

  /// Does one piece of work. A round calls its entries' handlers in subscription order, skipping
  /// one cancelled since it was made (even by an earlier handler of the round): it reads the
  /// cancels noted again whenever ``cancellations`` moved (one atomic read a call otherwise).
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
