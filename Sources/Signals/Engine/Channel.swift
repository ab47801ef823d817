import Dispatch
import Synchronization

/// The delivery engine behind ``EventStream``, ``Property`` and every operator that needs its
/// own ordering. Internal.
///
/// Rules it implements (the public types document them for users):
/// - **Serial, FIFO delivery.** One thread at a time delivers. A value sent while a delivery is
///   running (from a handler, or from another thread) is queued and delivered after it, so every
///   subscriber sees the same order and each handler runs one call at a time.
/// - **No replay of old values.** A subscriber receives only values sent after it joined; a
///   property subscriber first receives the value stored when it joined.
/// - **No lock held during callouts.** Handlers run outside the lock, reading the subscriber
///   list unretained; the list does not change during a round, because joins and cancellations
///   during a round are parked and applied at its end.
/// - **One lock round trip per send.** The lock is taken to start a round; a round during which
///   nothing was queued or parked ends with one atomic compare-and-swap (``ChannelPhase``).
/// - **Cancellation is final and never waits.** A cancelled subscriber is skipped by every round
///   that starts later and retired (at once, or when the running round ends), which releases its
///   handler. Only `cancelAndWait()` waits: for the running round, or for a release that
///   another thread is making.
/// - **No user deinit under the lock.** A `deinit` may be user code: retired subscribers'
///   handlers, a property's displaced value and dequeued deliveries are all released after
///   unlocking. (A sweep may free a retired subscriber under the lock: its handler is the no-op
///   one by then, so that runs none; see ``SubscriberList/sweep()``.)
///
/// The state machine and its invariants are written down in one place: ``ChannelState``.
///
/// Performance: the hot paths (`send`, `subscribe`, `remove` and what they call) are
/// `@inlinable`, so a client module compiles them for its concrete `Value`. Unspecialised, every
/// send looked up the runtime metadata of `ChannelState<Value>`, `Round<Value>` and friends
/// (about 1 us per send); specialised, none of that happens. See docs/performance.md.
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
  @usableFromInline let state: Locked<ChannelState<Value>>
  /// Who is delivering: changed under `state`'s lock, except that the deliverer ends an
  /// uneventful round with one CAS (see ``ChannelPhase``).
  @usableFromInline let phase = Atomic<ChannelPhase>(.idle)
  @usableFromInline let keepsCurrent: Bool
  /// Whether ``sendFromSoleProducer(_:to:through:)`` and
  /// ``handOffFromSoleProducer(_:to:through:)`` may start rounds and hand values over without
  /// the lock: true only for a relay (one subscriber, one producer). Cancellation then
  /// publishes its work through the phase (see ``ChannelState/phaseForParking(_:claimingIdle:)``).
  @usableFromInline let startsWithoutLock: Bool
  /// A relay's first value of a burst, on its way to the job that delivers it; storage only when
  /// ``startsWithoutLock``.
  @usableFromInline let handoff: HandoffSlot<Value>
  /// ``ThreadRecord/key``, copied here so that a delivery reads it without the global's
  /// lazy-initialisation check.
  @usableFromInline let threadSlot = ThreadRecord.key
  /// Told about each value `send(_:)` sends while no subscriber would receive it (an event
  /// nobody hears); `nil` for almost every channel.
  @usableFromInline let dropObserver: (@Sendable (Value) -> Void)?
  /// `dropObserver != nil`, stored: the send path tests one `Bool`, so an unobserved channel
  /// pays nothing measurable for the feature.
  @usableFromInline let observesDrops: Bool
  /// How many `cancelAndWait()` calls wait for a handler that another thread is releasing
  /// (``ChannelState/releaseWaiters``). Read by every releasing thread after its release, so
  /// that only a release somebody waits for takes the lock again (see ``wakeReleaseWaiters()``).
  @usableFromInline let releaseWaiterCount = Atomic<Int>(0)
  /// `remove(_:)` (or `removeAndWait(_:)` when the flag is true) compiled for this channel's
  /// `Value`, for ``Subscriber/cancel()``.
  @usableFromInline let removeSubscriber:
    @Sendable (Channel<Value>, Subscriber<Value>, _ waits: Bool) -> Void

  /// An event channel (no stored value).
  @inlinable
  convenience init() {
    self.init(current: nil)
  }

  /// - Parameters:
  ///   - current: a property's initial value, or `nil` for an event channel.
  ///   - startsWithoutLock: for a relay fed through ``sendFromSoleProducer(_:to:through:)`` or
  ///     ``handOffFromSoleProducer(_:to:through:)`` only.
  @inlinable
  init(
    current: Value?, dropObserver: (@Sendable (Value) -> Void)? = nil,
    startsWithoutLock: Bool = false
  ) {
    // Formed here, where a client that creates the channel knows `Value`: the closure then
    // captures nothing and calls the specialised `remove`.
    self.removeSubscriber = { channel, subscriber, waits in
      if waits {
        channel.removeAndWait(subscriber)
      } else {
        channel.remove(subscriber)
      }
    }
    self.state = Locked(ChannelState(current: current))
    self.keepsCurrent = current != nil
    self.dropObserver = dropObserver
    self.observesDrops = dropObserver != nil
    self.startsWithoutLock = startsWithoutLock
    self.handoff = HandoffSlot(allocated: startsWithoutLock)
  }

  /// The stored value of a property channel.
  @inlinable
  var currentValue: Value {
    guard let value = state.withLock({ $0.current }) else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return value
  }

  /// The stored value of a property channel together with its sequence number, read in one
  /// step: the number identifies which write stored that value.
  var currentValueAndSequence: (Value, UInt64) {
    let (value, sequence) = state.withLock { ($0.current, $0.lastSequence) }
    guard let value else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return (value, sequence)
  }

  /// Stores `body`'s change of the current value and delivers it, as one write: atomic with
  /// respect to every other write. `body` is user code, so it runs with no lock held, on a copy
  /// of the value read with its sequence number; the result is stored only if no other write
  /// came in between, else `body` runs again on the newer value. One delivery per call.
  func modify(_ body: (inout Value) throws -> Void) rethrows {
    while true {
      var (value, sequence) = currentValueAndSequence
      try body(&value)
      var displaced: Value?
      let stored = state.withLock { state -> StartAction<Value>? in
        guard state.lastSequence == sequence else { return nil }
        return state.broadcast(
          value, keepsCurrent: true, mustHop: false, displaced: &displaced, phase)
      }
      _ = consume displaced
      if case .some(var action) = consume stored {
        perform(&action)
        return
      }
      Platform.yieldThread()  // another write came first; let it finish before retrying
    }
  }

  /// Stores (for a property) and delivers `value` to every current subscriber, on this thread
  /// (or, if a round is running, on the thread running it).
  @inlinable
  func send(_ value: Value) {
    var action = start(value, mustHop: false)
    let dropped = action.dropped
    perform(&action)
    if dropped {
      dropObserver?(value)  // user code: after unlocking and after the (empty) delivery
    }
  }

  /// Sends `value` as ``send(_:)`` does, but delivers it through `executor` unless the executor
  /// can deliver on the calling thread now (asked before the lock is taken, never under it).
  /// For relays: a job is submitted only when the channel was idle, so one job delivers a
  /// whole burst.
  @inlinable
  func send(_ value: Value, through executor: some DrainExecutor) {
    var action = start(value, mustHop: !executor.canDeliverInline())
    let dropped = action.dropped
    if action.submit {
      submitDrain(to: executor)
    } else {
      perform(&action)
    }
    if dropped {
      dropObserver?(value)
    }
  }

  /// The locked part of a send: numbers and stores `value`, and starts or queues its delivery.
  /// Returns what the caller must do after unlocking, including whether the value reached no
  /// subscriber on a channel that observes drops.
  @inlinable
  func start(_ value: Value, mustHop: Bool) -> StartAction<Value> {
    // The value a property replaces is released after unlocking: its deinit may be user code.
    var displaced: Value?
    let action = state.withLock { state in
      var action = state.broadcast(
        value, keepsCurrent: keepsCurrent, mustHop: mustHop, displaced: &displaced, phase)
      if observesDrops {
        action.dropped = state.receiverCount == 0
      }
      return action
    }
    _ = consume displaced
    return action
  }

  /// Sends the value `make` returns, if any, computing it under the channel's lock so that the
  /// computation and the send order are one atomic step. `make` must be the library's own code:
  /// it runs under the lock.
  func send(computing make: () -> Value?) {
    var displaced: Value?
    let started = state.withLock { state -> StartAction<Value>? in
      guard let value = make() else { return nil }
      return state.broadcast(
        value, keepsCurrent: keepsCurrent, mustHop: false, displaced: &displaced, phase)
    }
    _ = consume displaced
    if case .some(var action) = consume started {
      perform(&action)
    }
  }

  /// Delivers `value` to `subscriber` on the calling thread when the executor allows it here
  /// and no round runs or is scheduled; otherwise hands it to the executor
  /// (``handOffFromSoleProducer(_:to:through:)``) when the executor cannot deliver here, or
  /// queues it as ``send(_:through:)`` does. Keeps `send`'s order: a value takes the short way
  /// only when nothing is ahead of it.
  ///
  /// The short way claims the round with one CAS (`idle -> delivering`) and no lock, and
  /// delivers to `subscriber` directly, so it reads nothing the lock guards. That is correct
  /// only for a relay made with `startsWithoutLock: true` whose one subscriber, `subscriber`,
  /// joined when it was made, and whose one producer calls this one value at a time (an
  /// upstream handler: a channel never calls a handler concurrently). Then:
  /// - No other thread starts a round: its only producer is this call, and its scheduled job
  ///   finds the phase `.scheduled` or `.handedOff`, where this CAS fails.
  /// - The one other writer is a cancellation, which reads the phase with an atomic
  ///   read-modify-write (`claimingIdle`). If it came first, this CAS reads from it, so the
  ///   subscriber is seen inactive and not called while the canceller releases its handler. If
  ///   this CAS came first, the canceller sees a running round and parks, as on any channel.
  /// - The round ends as every round does: one CAS (`endUneventfulRound`), or the lock if a
  ///   canceller parked or waits (`finishRoundWithWork`).
  /// - The round counts itself in the thread's delivery depth (``ThreadRecord``), as every round
  ///   does, so `cancelAndWait()` from the handler does not wait for it.
  ///
  /// Generic over the executor (the caller's is ``MainQueueExecutor``), so that its question
  /// is a direct, inlined call: asked through an existential, it cost a dynamic call and a
  /// retain and release of the executor per value. The question and the depth share one
  /// thread-local lookup (the executor caches its answer in the thread's record).
  @inlinable
  func sendFromSoleProducer(
    _ value: Value, to subscriber: Subscriber<Value>, through executor: some DrainExecutor
  ) {
    let thread = ThreadRecord.current(slot: threadSlot)
    guard executor.canDeliverInline(thread: thread) else {
      handOffFromSoleProducer(value, to: subscriber, through: executor)
      return
    }
    if phase.compareExchange(
      expected: .idle, desired: .delivering, ordering: .acquiringAndReleasing
    ).exchanged {
      // The round, delivered in place (a `Round` holding `subscriber` would retain it). It
      // counts itself as a delivery like any round: the producer is usually an upstream handler
      // (already counted), but a stream built with `EventStream(subscribe:)` may call it from
      // outside any delivery, and `cancelAndWait()` from the handler must not wait for this
      // round.
      thread.pointee.deliveryDepth += 1
      defer { ThreadRecord.exitDelivery(thread) }
      if subscriber.isActive {
        subscriber.handler(value)
      }
      // The usual end, inlined: nothing was recorded for the round's end.
      if !endUneventfulRound() {
        var next = finishRoundWithWork()
        if next != nil {
          drain(startingWith: &next)
        }
      }
    } else {
      send(value, through: executor)
    }
  }

  /// Delivers `value` to `subscriber` through `executor`, handing the first value of a burst to
  /// the job it submits with no lock: when the channel is idle, the value goes into the
  /// ``HandoffSlot`` and the phase becomes `.handedOff` with one CAS, and the job
  /// (``runHandedOff(to:)``) starts its round with one more. Otherwise (a job is pending or a
  /// round runs) it is queued under the lock as ``send(_:through:)`` does, behind the values
  /// ahead of it. Each value is one CAS on each side when bursts are one value long, where the
  /// locked way took the lock on both sides and passed the value through the queue.
  ///
  /// The same conditions as ``sendFromSoleProducer(_:to:through:)``: a relay made with
  /// `startsWithoutLock: true` whose one subscriber, `subscriber`, joined when it was made, and
  /// whose one producer calls this one value at a time. Then:
  /// - Nothing but this call moves the phase away from `.idle` (a canceller's read-modify-write
  ///   leaves it `.idle`), so after this thread reads `.idle` (acquiring: the last round's end,
  ///   and the job's read of the slot, happen before it), the slot is this thread's to write
  ///   until its CAS publishes it (releasing).
  /// - A canceller that came before reads the phase with a read-modify-write, which this CAS
  ///   reads from, and the job's CAS reads from this one: the job sees the subscriber inactive.
  ///   A canceller that comes after marks the phase `.handedOffWithWork` (or, if the job started
  ///   first, `.deliveringWithWork`), so the job starts (or ends) its round under the lock.
  @inlinable
  func handOffFromSoleProducer(
    _ value: Value, to subscriber: Subscriber<Value>, through executor: some DrainExecutor
  ) {
    guard phase.load(ordering: .acquiring) == .idle else {
      send(value, through: executor)
      return
    }
    handoff.put(value)
    let published = phase.compareExchange(
      expected: .idle, desired: .handedOff, ordering: .acquiringAndReleasing
    ).exchanged
    precondition(published, "Signals internal error: a relay left idle while its producer sent")
    submitHandedOff(to: executor, for: subscriber)
  }

  /// Submits ``runHandedOff(to:)`` as a job that holds `subscriber` (and through it this
  /// channel) until it has run or the executor drops it; the job captures nothing else, so its
  /// context is the subscriber itself (no allocation). Out of line, like ``submitDrain(to:)``.
  @inlinable
  @inline(never)
  func submitHandedOff(to executor: some DrainExecutor, for subscriber: Subscriber<Value>) {
    executor.submit { [subscriber] in subscriber.channel.runHandedOff(to: subscriber) }
  }

  /// The job ``handOffFromSoleProducer(_:to:through:)`` submits: delivers the handed-off value to
  /// `subscriber`, then whatever was queued behind it. If nothing was recorded since the hand-off
  /// (still `.handedOff`), the round starts with one CAS and the value is taken from the slot
  /// with no lock; otherwise under the lock (``ChannelState/startHandedOffRound(_:_:to:)``).
  /// The round counts itself in the thread's delivery depth, as every round does.
  @inlinable
  func runHandedOff(to subscriber: Subscriber<Value>) {
    guard
      phase.compareExchange(
        expected: .handedOff, desired: .delivering, ordering: .acquiringAndReleasing
      ).exchanged
    else {
      runHandedOffUnderLock(to: subscriber)
      return
    }
    let value = handoff.take()
    let thread = ThreadRecord.enterDelivery(slot: threadSlot)
    defer { ThreadRecord.exitDelivery(thread) }
    if let value, subscriber.isActive {
      subscriber.handler(value)
    }
    // Released before the round ends, as `drain` releases its round: its deinit may be user
    // code, which must run inside this delivery, not beside the next job's round.
    _ = consume value
    if !endUneventfulRound() {
      var next = finishRoundWithWork()
      if next != nil {
        drain(startingWith: &next)
      }
    }
  }

  /// ``runHandedOff(to:)`` when work was recorded since the hand-off: the round starts under the
  /// lock. Out of line: the uncommon start.
  @inlinable
  @inline(never)
  func runHandedOffUnderLock(to subscriber: Subscriber<Value>) {
    var first = state.withLock { $0.startHandedOffRound(phase, handoff, to: subscriber) }
    drain(startingWith: &first)
  }

  /// Registers `handler`. A property channel delivers its current value first: right away when
  /// no delivery is running, otherwise in turn behind the deliveries already queued.
  @inlinable
  func subscribe(_ handler: @escaping @Sendable (Value) -> Void) -> SubscriptionToken {
    var action = StartAction<Value>.none
    let subscriber = state.withLock { state in
      let subscriber = Subscriber(channel: self, since: state.lastSequence, handler: handler)
      state.add(subscriber, phase)
      if let current = state.current {
        action = state.start(.direct(to: subscriber, value: current), mustHop: false, phase)
      }
      return subscriber
    }
    perform(&action)
    return SubscriptionToken(subscriber)
  }

  /// Registers `handler` as the only subscriber of a new relay (an event channel with no
  /// subscriber and no delivery yet), and returns its token and its subscriber record, for
  /// ``sendFromSoleProducer(_:to:through:)``.
  @inlinable
  func subscribeSole(
    _ handler: @escaping @Sendable (Value) -> Void
  ) -> (SubscriptionToken, Subscriber<Value>) {
    let subscriber = state.withLock { state in
      precondition(
        state.subscribers.linkedCount == 0 && state.current == nil && state.lastSequence == 0,
        "Signals internal error: subscribeSole on a channel already in use")
      let subscriber = Subscriber(channel: self, since: 0, handler: handler)
      state.add(subscriber, phase)
      return subscriber
    }
    return (SubscriptionToken(subscriber), subscriber)
  }

  /// Cancels `subscriber`: no delivery round that starts from now on calls it. Never waits.
  ///
  /// No round running (idle, or a job scheduled or handed a value and not started): the
  /// subscriber is retired and its handler released here, before returning. A round running
  /// (on this thread or another): the subscriber is parked in `leaving`; the round may still
  /// make the one call it was about to make, and the delivering thread retires the subscriber
  /// and releases its handler when the round ends. The last subscriber's cancellation also
  /// releases the deliveries still queued and a relay's handed-off value
  /// (``ChannelState/takeUndeliverable(_:_:)``).
  @inlinable
  func remove(_ subscriber: Subscriber<Value>) {
    // Retired (as when a cancelled token is released): no call can be running or start, so
    // there is nothing to do and no lock to take.
    if subscriber.isRetired { return }
    var leftUndeliverable = false
    let retiredNow = state.withLock { state -> Bool in
      guard subscriber.deactivate() else { return false }
      return state.removeCancelled(
        subscriber, phase, claimingIdle: startsWithoutLock,
        leftUndeliverable: &leftUndeliverable)
    }
    if retiredNow {
      releaseOutsideAnyDelivery(subscriber)
    }
    if leftUndeliverable {
      dropUndeliverable()
    }
  }

  /// Releases the handler of `subscriber`, just retired by this thread outside any round, and
  /// wakes whoever waits for that. What the handler captured may run a `deinit` here, which is
  /// user code: the release counts as a delivery on this thread (``ThreadRecord``), so that a
  /// `cancelAndWait()` that `deinit` makes (say, an owner the handler captured cancelling its
  /// own token) does not wait, as from inside a handler, instead of waiting for this very
  /// release. Out of line (yet specialised in the client, like the send path): only cancelling
  /// on an idle channel comes here.
  @inlinable
  @inline(never)
  func releaseOutsideAnyDelivery(_ subscriber: Subscriber<Value>) {
    let thread = ThreadRecord.enterDelivery(slot: threadSlot)
    subscriber.releaseHandler()
    ThreadRecord.exitDelivery(thread)
    wakeReleaseWaiters()
  }

  /// Releases the deliveries queued on a channel that no subscriber is left to receive (see
  /// ``ChannelState/takeUndeliverable(_:_:)``). Rare (a last cancellation with deliveries queued),
  /// so out of line, with a lock trip of its own.
  @usableFromInline
  @inline(never)
  func dropUndeliverable() {
    let undeliverable = state.withLock { $0.takeUndeliverable(phase, handoff) }
    _ = consume undeliverable  // released after unlocking: a value's deinit may be user code
  }

  /// Cancels `subscriber`, then waits until it is retired and its handler released: at once
  /// when that is done, else until the running round ends (behind the handlers of every other
  /// subscriber in that round), or until the thread that retired it (another canceller, or the
  /// deliverer at a round's end) has released the handler. From inside any handler it does not
  /// wait (the round it would wait for may be waiting for this thread); it is then
  /// ``remove(_:)``. A cold path, so not inlinable.
  @usableFromInline
  func removeAndWait(_ subscriber: Subscriber<Value>) {
    remove(subscriber)
    guard ThreadRecord.currentDeliveryDepth == 0 else { return }
    let semaphore = state.withLock { state -> DispatchSemaphore? in
      if subscriber.isReleased { return nil }
      let semaphore = DispatchSemaphore(value: 0)
      if subscriber.isRetired {
        // Retired, and another thread is releasing the handler after its unlock. Raise the
        // count, then read the mark again: the releaser marks, then reads the count (both
        // sequentially consistent), so either this read sees the mark or the releaser sees the
        // count, takes the lock and signals (``wakeReleaseWaiters()``).
        state.releaseWaiters.append((subscriber, semaphore))
        releaseWaiterCount.add(1, ordering: .sequentiallyConsistent)
        if subscriber.isReleased {
          state.releaseWaiters.removeLast()
          releaseWaiterCount.subtract(1, ordering: .sequentiallyConsistent)
          return nil
        }
        return semaphore
      }
      // Cancelled but not retired: parked until the running round ends (invariant 4), which
      // parking marked as having work, so the round ends under the lock and wakes this waiter.
      precondition(
        phase.load(ordering: .acquiring) == .deliveringWithWork,
        "Signals internal error: parked while no round with work runs")
      state.waiters.append(semaphore)
      return semaphore
    }
    semaphore?.wait()
  }

  /// Wakes the `cancelAndWait()` calls whose subscribers' handlers are released by now. Called
  /// by every thread that releases handlers, after releasing them; it takes the lock only when
  /// somebody waits (one atomic load otherwise). Out of line: rare.
  @inlinable
  func wakeReleaseWaiters() {
    guard releaseWaiterCount.load(ordering: .sequentiallyConsistent) > 0 else { return }
    wakeReleaseWaitersUnderLock()
  }

  /// ``wakeReleaseWaiters()``'s slow path.
  @usableFromInline
  @inline(never)
  func wakeReleaseWaitersUnderLock() {
    let woken = state.withLock { state -> [DispatchSemaphore] in
      let woken = state.takeReleaseWaiters()
      releaseWaiterCount.subtract(woken.count, ordering: .sequentiallyConsistent)
      return woken
    }
    for waiter in woken {
      waiter.signal()
    }
  }

  /// How many threads are parked in `removeAndWait(_:)` on this channel right now: each was
  /// counted under the lock right before it blocked, and only the end of the running round, or
  /// the release it waits for, lets it go. Lets a test wait until a canceller is really parked,
  /// with no timing window.
  @usableFromInline
  var parkedCancellers: Int {
    state.withLock { $0.waiters.count + $0.releaseWaiters.count }
  }

  /// The capacity of the delivery queue's buffer now, for tests of what a burst leaves behind.
  @usableFromInline
  var queueCapacity: Int {
    state.withLock { $0.queueCapacity }
  }

  /// Releases retired subscribers and their handlers; called with no lock held, by the
  /// delivering thread at a round's end (so inside a delivery: a `cancelAndWait()` that a
  /// released handler's captures make in their `deinit` does not wait). Each release wakes its
  /// waiters before the next one runs: a waiter does not wait for other subscribers' releases.
  @inlinable
  func release(_ retired: consuming [Subscriber<Value>]?) {
    guard let retired else { return }
    for subscriber in retired {
      subscriber.releaseHandler()
      wakeReleaseWaiters()
    }
  }

  @inlinable
  func perform(_ action: inout StartAction<Value>) {
    if case .some = action.round {
      drain(startingWith: &action.round)
    }
  }

  /// Hands the delivery loop to `executor`, as a job that holds this channel strongly until it
  /// has run (or until the executor drops it unrun). Out of line (yet specialised in the
  /// client): kept inside `send`, it made the send too large to inline into its caller, which
  /// cost every send about 60 instructions (docs/performance.md).
  ///
  /// Strong, with no cycle: a channel does not keep its executor (the producer passes it with
  /// each value), so a scheduler that holds jobs it never runs (an unadvanced `TestScheduler`)
  /// keeps the channel, and the values queued in it, only as long as it is itself alive. A job
  /// that runs after every subscriber left delivers nothing and lets the channel go. The job
  /// captures nothing but the channel, so the closure's context is the channel itself: no
  /// allocation per submission, and no weak reference (whose side-table reference count made
  /// every retain and release of the channel slow; docs/performance.md).
  @inlinable
  @inline(never)
  func submitDrain(to executor: some DrainExecutor) {
    executor.submit { [self] in drainSubmitted() }
  }

  /// The delivery loop, run as a job by the executor: the first delivery is in the queue.
  @inlinable
  func drainSubmitted() {
    var first = state.withLock { $0.startSubmittedRound(phase) }
    drain(startingWith: &first)
  }

  /// The delivery loop: runs rounds until the queue is empty. Only one thread runs it at a time
  /// per channel (guarded by `phase`). Takes the first round out of `first` (`inout` so that it
  /// is moved, not copied).
  @inlinable
  func drain(startingWith first: inout Round<Value>?) {
    let thread = ThreadRecord.enterDelivery(slot: threadSlot)
    defer { ThreadRecord.exitDelivery(thread) }
    var pending = first.take()
    while let round = pending.take() {
      deliver(round)
      // Done with the round before ending it: once it ends (possibly with no lock, see
      // `finishRound`), the next lock holder may change the list the round was reading.
      _ = consume round
      pending = finishRound()
    }
  }

  /// Ends the round that just ran and returns the next one. An uneventful round (still
  /// `.delivering`: nothing was queued, parked or waited for while it ran) ends with one CAS
  /// and no lock: the usual end of a send. Otherwise the round ends under the lock, which
  /// applies what was recorded, wakes the cancellers that waited, and dequeues the next round.
  @inlinable
  func finishRound() -> Round<Value>? {
    endUneventfulRound() ? nil : finishRoundWithWork()
  }

  /// Ends the round that just ran if it was uneventful (still `.delivering`), with one CAS and
  /// no lock; returns whether it did. Otherwise the caller ends it with ``finishRoundWithWork()``.
  @inlinable @inline(__always)
  func endUneventfulRound() -> Bool {
    phase.compareExchange(
      expected: .delivering, desired: .idle, successOrdering: .releasing,
      failureOrdering: .relaxed
    ).exchanged
  }

  /// Ends the round that just ran under the lock: work was recorded for its end (see
  /// ``finishRound()``). Out of line (yet specialised in the client): the uncommon end, kept
  /// out of the delivery loop it would otherwise be inlined into.
  @inlinable
  @inline(never)
  func finishRoundWithWork() -> Round<Value>? {
    var end = state.withLock { $0.finishRound(phase) }
    release(end.retired.take())
    if let woken = end.woken.take() {
      for waiter in woken {
        waiter.signal()
      }
    }
    return end.next.take()
  }

  @inlinable
  func deliver(_ round: borrowing Round<Value>) {
    switch round.delivery {
    case .broadcast(let sequence, let value):
      // The list, walked unretained: the round reads the channel's own list, which stays
      // unchanged, with every subscriber in it alive, until the round ends (see
      // `SubscriberList.first`). No retain or release per subscriber (no strong local either:
      // its lifetime would last to the end of the iteration, around the call). Measured against
      // a plain `for` loop over an array: 53 fewer instructions per call (docs/performance.md,
      // "Undoing the first round's optimisations").
      var next = round.first
      while let unretained = next {
        next = unretained._withUnsafeGuaranteedRef { subscriber in
          if subscriber.admits(sequence) {
            subscriber.handler(value)
          }
          return subscriber.next
        }
      }
    case .direct(let subscriber, let value):
      if subscriber.isActive {
        subscriber.handler(value)
      }
    }
  }
}
