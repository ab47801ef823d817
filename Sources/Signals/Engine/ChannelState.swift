import Dispatch
import Synchronization

/// One pending delivery of a ``Channel``. Internal.
@usableFromInline
enum Delivery<Value: Sendable>: Sendable {
  /// A value sent to every subscriber that joined before it was sent.
  case broadcast(sequence: UInt64, value: Value)
  /// A value for one subscriber only: a property's current value for a subscriber that joined
  /// while a delivery was running, or a relay's handed-off value (``HandoffSlot``) for the
  /// relay's one subscriber.
  case direct(to: Subscriber<Value>, value: Value)

  /// Whether this is a ``broadcast(sequence:value:)``.
  @inlinable
  var isBroadcast: Bool {
    if case .broadcast = self { true } else { false }
  }
}

/// A delivery together with the subscriber list it goes to: the first subscriber of the
/// channel's own list, read unretained (see ``SubscriberList/first``). While a round runs,
/// membership changes are parked in ``ChannelState/joining`` and ``ChannelState/leaving``, so the
/// list stays as the round found it. `nil` for a direct delivery, and when the list is empty.
@usableFromInline
struct Round<Value: Sendable>: Sendable {
  @usableFromInline let delivery: Delivery<Value>
  @usableFromInline let first: Unmanaged<Subscriber<Value>>?

  @inlinable
  init(delivery: Delivery<Value>, first: Unmanaged<Subscriber<Value>>?) {
    self.delivery = delivery
    self.first = first
  }
}

/// What the caller of a state transition must do once it has released the lock: nothing (a
/// delivery is already running or scheduled and will pick the work up), deliver `round` (it
/// became the delivering thread), or ask the channel's executor to run the delivery loop.
///
/// A struct rather than an enum with a `Round` payload: a `switch` over a copyable enum borrows
/// it and copies the payload (outlined copies on every send), while `round.take()` moves the
/// round out. Non-copyable, so that it leaves the lock as `withLock`'s result by move: a
/// copyable action was copied out of the generic result, and one written into a variable from
/// inside the lock first destroyed the variable's old value (an outlined call per send).
@usableFromInline
struct StartAction<Value: Sendable>: ~Copyable, Sendable {
  /// The round to deliver now, if the caller became the delivering thread.
  @usableFromInline var round: Round<Value>?
  /// Whether the caller must submit the delivery loop to the executor.
  @usableFromInline var submit: Bool
  /// Whether the value reached no subscriber, on a channel that observes drops (set by
  /// `Channel.start(_:mustHop:)`; the drop observer runs after unlocking).
  @usableFromInline var dropped = false

  @inlinable
  init(round: consuming Round<Value>?, submit: Bool) {
    self.round = round
    self.submit = submit
  }

  /// Nothing to do.
  @inlinable
  static var none: StartAction<Value> { StartAction(round: nil, submit: false) }
}

/// Everything a ``Channel`` guards with its lock, and the state machine of its deliveries.
/// Internal. The phase lives beside it in an atomic (``ChannelPhase``); methods that read or
/// change it take it as an argument and are called only with the lock held.
///
/// The whole protocol (phase, the list, parking, retirement, waiting) in one place. Each invariant
/// holds whenever the lock is free; those marked *checked* are `precondition`s, kept in release
/// builds too (each costs a compare on a path that already holds the lock).
///
/// 1. **One deliverer.** The phase (``ChannelPhase``, an atomic beside the lock) is
///    `.delivering` or `.deliveringWithWork` exactly while one thread runs a round
///    (`Channel.drain`'s loop, or a relay's in-place round that may lead into it); nobody else
///    calls a handler of this channel. `.scheduled`: exactly one job is with the executor, not
///    started, and the queue holds its first delivery (or nothing, once every subscriber has
///    left: `takeUndeliverable`; a producer may still queue values behind that). `.handedOff`
///    and `.handedOffWithWork`: exactly one job is with the executor, not started, and the
///    channel's ``HandoffSlot`` holds its first value (or nothing, once every subscriber has
///    left), the queue what was sent after it. `.idle`: none of these.
///    Every phase change is made under the lock, but four: the deliverer ends a round that is
///    still `.delivering` (nothing was recorded for its end) with a CAS to `.idle`; a
///    main-actor relay's one producer may claim an idle round with a CAS
///    (`Channel.sendFromSoleProducer`); a relay's one producer may hand a value over, `.idle ->
///    .handedOff`, and the job it submits start its round, `.handedOff -> .delivering`, each
///    with a CAS (`Channel.handOffFromSoleProducer`). Whoever records work while a round runs,
///    or while a handed-off job waits, marks it `.deliveringWithWork` or `.handedOffWithWork`
///    first (``phaseForParking(_:claimingIdle:)``), so that the round ends, or the job starts,
///    under the lock. (*Checked*: a round ends under the lock only while one runs, and a
///    submitted job starts under the lock only while `.scheduled` or `.handedOffWithWork`.)
/// 2. **Idle means empty.** While `.idle`, the queue is drained, the hand-off slot is empty (but
///    for a relay's producer filling it between its read of `.idle` and its CAS, with no lock:
///    ``HandoffSlot``) and `joining`, `leaving` and `waiters` are empty: a round end applies
///    them before going idle.
///    (*Checked* in `start`, for the queue.) `releaseWaiters` may not be: they wait for a
///    release made after unlocking, by a canceller on an idle channel too (invariant 7).
/// 3. **Frozen list.** A round walks `subscribers` unretained (``SubscriberList/first``); while
///    `.delivering`, membership changes are parked in `joining` and `leaving` instead, so the
///    links stay unchanged and every linked subscriber alive until the round ends, and each
///    round sees one fixed membership.
/// 4. **Linked, parked, retired.** A subscriber is linked in `subscribers` from its join (or,
///    if it joined during a round, from that round's end) until a sweep after its retirement;
///    retired means cancelled and never called again, its handler released or about to be (then
///    released, the final state, once the releasing thread is done). A cancelled subscriber
///    that is not retired is parked in `leaving` or `joining`, which happens only while
///    `.delivering`. (*Checked* in `removeAndWait`.)
/// 5. **Cancel is a flag first.** A subscriber is deactivated once, under the lock (its
///    `admittedAfter` becomes a number no value exceeds). The deliverer reads it before each
///    call; a round that starts after that (every round starts under the lock) never calls the
///    subscriber; the round already running may make one call.
/// 6. **Release after retirement, outside the lock.** A handler is released only after its
///    subscriber is retired, by the thread that retired it, after unlocking: by the canceller
///    when no round ran, else by the deliverer at the round end, and that thread holds the
///    subscriber until then. So no user `deinit` runs under a lock: a sweep that drops the
///    list's last reference to a retired subscriber frees one whose handler is already the
///    no-op one.
/// 7. **Waiters wake after the release.** `waiters` (threads in `cancelAndWait`) are added only
///    while `.delivering` and signalled at the next round end, after that round end's retired
///    handlers were released. `releaseWaiters` (threads in `cancelAndWait` for a subscriber
///    that is retired but whose handler another thread has not finished releasing) are
///    signalled by that thread once it has (`Channel.wakeReleaseWaiters`).
@usableFromInline
struct ChannelState<Value: Sendable>: Sendable {
  /// A property's stored value; `nil` for event channels.
  @usableFromInline var current: Value?
  /// The sequence number of the newest value sent.
  @usableFromInline var lastSequence: UInt64 = 0
  /// Subscribers in subscription order; retired ones stay linked until a sweep.
  @usableFromInline var subscribers = SubscriberList<Value>()
  /// Subscribers that joined during a round; added at the next round boundary.
  @usableFromInline var joining: [Subscriber<Value>] = []
  /// Subscribers cancelled during a round; retired at the next round boundary.
  @usableFromInline var leaving: [Subscriber<Value>] = []
  /// Deliveries waiting for the current one to finish, first in, first out. A delivery is
  /// moved out when dequeued, so the queue never releases a value under the lock.
  @usableFromInline var queue = DeliveryQueue<Value>()
  /// Threads blocked in `cancelAndWait()` until the running round ends.
  @usableFromInline var waiters: [DispatchSemaphore] = []
  /// Threads blocked in `cancelAndWait()` until another thread has released the handler of the
  /// retired subscriber each waits for (invariant 7).
  @usableFromInline var releaseWaiters:
    [(subscriber: Subscriber<Value>, semaphore: DispatchSemaphore)] =
      []

  /// The most queue capacity a drained channel keeps for its next burst.
  @usableFromInline static var retainedQueueCapacity: Int { 64 }

  @inlinable
  init(current: Value?) {
    self.current = current
  }

  /// The queue's allocated capacity, for tests of what a burst leaves behind.
  @usableFromInline
  var queueCapacity: Int { queue.capacity }

  /// Numbers `value`, stores it (for a property channel) and starts or queues its delivery.
  /// Returns what the caller must do after unlocking; a property's replaced value goes into
  /// `displaced`, for the caller to release after unlocking (its deinit may be user code).
  @inlinable
  mutating func broadcast(
    _ value: Value, keepsCurrent: Bool, mustHop: Bool, displaced: inout Value?,
    _ phase: borrowing Atomic<ChannelPhase>
  ) -> StartAction<Value> {
    lastSequence &+= 1
    if keepsCurrent {
      displaced = current
      current = value
    }
    return start(.broadcast(sequence: lastSequence, value: value), mustHop: mustHop, phase)
  }

  /// The phase, read under the lock by a caller that will record work for the running round's
  /// end if a round is running: a `.delivering` round is first marked `.deliveringWithWork`, so
  /// that its deliverer cannot end it without the lock (see ``ChannelPhase``). If the deliverer
  /// ended it first, the phase read is `.idle` and the caller proceeds as on an idle channel.
  ///
  /// A job that was handed a value (`.handedOff`) is marked `.handedOffWithWork` the same way,
  /// so that it starts its round under the lock and sees the work; the caller then owns the
  /// hand-off slot until it unlocks. If the job started first, the phase read is `.delivering`,
  /// handled as above.
  ///
  /// `claimingIdle`: on a channel whose rounds may also start without the lock
  /// (`Channel.sendFromSoleProducer`, `Channel.handOffFromSoleProducer`), `.idle` is read with
  /// a read-modify-write, so that a round claimed later by CAS sees everything this caller did
  /// before (the deactivation).
  @inlinable
  static func phaseForParking(
    _ phase: borrowing Atomic<ChannelPhase>, claimingIdle: Bool = false
  ) -> ChannelPhase {
    var current = phase.load(ordering: .acquiring)
    while true {
      switch current {
      case .delivering, .handedOff:
        let marked = current.withWork
        let (exchanged, original) = phase.compareExchange(
          expected: current, desired: marked, ordering: .acquiring)
        if exchanged { return marked }
        current = original  // the deliverer ended its round, or the job started it, meanwhile
      case .idle where claimingIdle:
        let (exchanged, original) = phase.compareExchange(
          expected: .idle, desired: .idle, ordering: .acquiringAndReleasing)
        if exchanged { return .idle }
        current = original  // a round was claimed meanwhile
      default:
        return current
      }
    }
  }

  /// Starts `delivery` now if nobody is delivering, otherwise queues it behind the running one.
  /// `mustHop` is true when the channel has an executor that cannot deliver on this thread now.
  @inlinable
  mutating func start(
    _ delivery: consuming Delivery<Value>, mustHop: Bool, _ phase: borrowing Atomic<ChannelPhase>
  ) -> StartAction<Value> {
    guard Self.phaseForParking(phase) == .idle else {
      queue.append(delivery)
      return .none
    }
    precondition(queue.count == 0, "Signals internal error: idle with deliveries queued")
    if mustHop {
      queue.append(delivery)
      phase.store(.scheduled, ordering: .releasing)
      return StartAction(round: nil, submit: true)
    }
    phase.store(.delivering, ordering: .releasing)
    return StartAction(round: round(for: delivery), submit: false)
  }

  /// Starts the round of a handed-off job that must start under the lock (the phase is
  /// `.handedOffWithWork`): its first delivery is the slot's value, for `subscriber`, the
  /// relay's one subscriber; if a canceller took that value (nobody was left to receive it),
  /// the first queued delivery, if any, as ``startSubmittedRound(_:)`` does.
  @inlinable
  mutating func startHandedOffRound(
    _ phase: borrowing Atomic<ChannelPhase>, _ handoff: borrowing HandoffSlot<Value>,
    to subscriber: Subscriber<Value>
  ) -> Round<Value>? {
    precondition(
      phase.load(ordering: .relaxed) == .handedOffWithWork,
      "Signals internal error: a handed-off job started under the lock while not marked")
    let handedOff = handoff.take()
    guard let delivery = handedOff.map({ .direct(to: subscriber, value: $0) }) ?? dequeue()
    else {
      phase.store(.idle, ordering: .releasing)
      return nil
    }
    phase.store(queue.count > 0 ? .deliveringWithWork : .delivering, ordering: .releasing)
    return round(for: delivery)
  }

  /// Starts the round of the job the executor is running: the channel is `.scheduled`, and
  /// `start` queued the job's first delivery when it scheduled it (unless every subscriber has
  /// left since: then the queue is empty, and the channel goes idle). Nothing else needs applying:
  /// subscribers park, and cancellers wait, only while a round runs (invariants 4 and 7).
  @inlinable
  mutating func startSubmittedRound(_ phase: borrowing Atomic<ChannelPhase>) -> Round<Value>? {
    precondition(
      phase.load(ordering: .relaxed) == .scheduled,
      "Signals internal error: a submitted job ran while not scheduled")
    guard let delivery = dequeue() else {
      // Every subscriber left after the job was scheduled; their deliveries were dropped
      // (`takeUndeliverable`).
      phase.store(.idle, ordering: .releasing)
      return nil
    }
    // `.delivering` (it may end without the lock) only if nothing else is queued behind it.
    // (The same two lines end `finishRound`; a helper shared by both changed what the optimiser
    // inlined and cost 15 instructions per relayed value, 28 per send to ten.)
    phase.store(queue.count > 0 ? .deliveringWithWork : .delivering, ordering: .releasing)
    return round(for: delivery)
  }

  /// Ends the round that just ran, under the lock: the round had work recorded for its end.
  /// Applies parked membership changes, hands back the threads to wake (`nil` when none), and
  /// returns the next round, or `nil` (and goes idle) when the queue is empty.
  @inlinable
  mutating func finishRound(_ phase: borrowing Atomic<ChannelPhase>) -> RoundEnd<Value> {
    precondition(
      phase.load(ordering: .relaxed).isDelivering,
      "Signals internal error: a round ended while none was running")
    let retired = applyParkedChanges()
    var woken: [DispatchSemaphore]?
    if !waiters.isEmpty {
      woken = waiters
      waiters = []
    }
    guard let delivery = dequeue() else {
      phase.store(.idle, ordering: .releasing)
      return RoundEnd(next: nil, woken: woken, retired: retired)
    }
    // `.delivering` (it may end without the lock) only if nothing else is queued behind it.
    phase.store(queue.count > 0 ? .deliveringWithWork : .delivering, ordering: .releasing)
    return RoundEnd(next: round(for: delivery), woken: woken, retired: retired)
  }

  /// How many subscribers a value sent now would reach: those in the list (retired ones
  /// excluded) and those joining, less those cancelled during the running round. O(1).
  @inlinable
  var receiverCount: Int {
    subscribers.activeCount + joining.count - leaving.count
  }

  /// Adds a subscriber now, or parks it if a round is running (the list the round reads stays
  /// unchanged).
  @inlinable
  mutating func add(_ subscriber: Subscriber<Value>, _ phase: borrowing Atomic<ChannelPhase>) {
    if Self.phaseForParking(phase).isDelivering {
      joining.append(subscriber)
    } else {
      insert(subscriber)
    }
  }

  /// Retires a cancelled subscriber now (returns `true`: the caller releases its handler after
  /// unlocking), or parks it if a round is running (returns `false`: the
  /// round's end retires it). Sets `leftUndeliverable` when it was the last receiver of
  /// deliveries still queued or of a relay's handed-off value (possible only while a round runs
  /// or a job is scheduled or handed a value: an idle channel's queue is empty), which the
  /// caller then drops (``takeUndeliverable(_:_:)``).
  @inlinable
  mutating func removeCancelled(
    _ subscriber: Subscriber<Value>, _ phase: borrowing Atomic<ChannelPhase>, claimingIdle: Bool,
    leftUndeliverable: inout Bool
  ) -> Bool {
    let current = Self.phaseForParking(phase, claimingIdle: claimingIdle)
    if current.isDelivering {
      leaving.append(subscriber)
      leftUndeliverable = hasUndeliverable
      return false
    }
    detach(subscriber)
    switch current {
    case .scheduled:
      leftUndeliverable = hasUndeliverable
    case .handedOffWithWork:
      // The job's value waits in the slot (or was dropped already): nobody left to receive it
      // is reason enough to look, under the lock again (``takeUndeliverable(_:_:)``).
      leftUndeliverable = receiverCount == 0
    default:
      break
    }
    return true
  }

  /// Takes out the release waiters whose subscribers' handlers are released by now.
  @usableFromInline
  mutating func takeReleaseWaiters() -> [DispatchSemaphore] {
    var woken: [DispatchSemaphore] = []
    releaseWaiters.removeAll { waiter in
      guard waiter.subscriber.isReleased else { return false }
      woken.append(waiter.semaphore)
      return true
    }
    return woken
  }

  /// Whether deliveries are queued that no subscriber is left to receive.
  @inlinable
  var hasUndeliverable: Bool {
    queue.count > 0 && receiverCount == 0
  }

  /// Takes every queued delivery, and a handed-off value, out once no subscriber is left to
  /// receive one, for the caller to release after unlocking; `nil` otherwise. A queued
  /// broadcast is older than any subscriber that joins later (which never receives older
  /// values), and a direct delivery or a handed-off value is for one subscriber, so none of
  /// them could ever be delivered: dropping them at the last cancellation frees the values at
  /// once, where a scheduled job that has not run would have held them (with the channel) until
  /// it ran. The slot is touched only once the phase gives it to the lock holder
  /// (`.handedOffWithWork`, see ``HandoffSlot``): while `.idle`, the producer may be writing it.
  @usableFromInline
  mutating func takeUndeliverable(
    _ phase: borrowing Atomic<ChannelPhase>, _ handoff: borrowing HandoffSlot<Value>
  ) -> Undeliverable<Value>? {
    guard receiverCount == 0 else { return nil }
    var taken = Undeliverable<Value>()
    let current = phase.load(ordering: .acquiring)
    if current == .handedOff || current == .handedOffWithWork,
      Self.phaseForParking(phase) == .handedOffWithWork
    {
      taken.handedOff = handoff.take()
    }
    if queue.count > 0 {
      taken.queued = queue
      queue = DeliveryQueue()
    }
    return taken
  }

  /// The round for `delivery`: a broadcast goes to the subscriber list (read unretained), an
  /// initial delivery to its one subscriber. Only the case is read before the delivery moves in.
  @inlinable
  func round(for delivery: consuming Delivery<Value>) -> Round<Value> {
    let isBroadcast = delivery.isBroadcast
    return Round(delivery: delivery, first: isBroadcast ? subscribers.first : nil)
  }

  /// Takes the next delivery out of the queue. A drained queue keeps a short burst's buffer for
  /// the next burst, and gives a long burst's back, so a channel does not hold its peak
  /// capacity for ever (the buffer is empty then: freeing it runs no deinit under the lock).
  @inlinable
  mutating func dequeue() -> Delivery<Value>? {
    let delivery = queue.removeFirst()
    if queue.count == 0 && queue.capacity > Self.retainedQueueCapacity {
      queue.removeBuffer()
    }
    return delivery
  }

  /// Adds the subscribers that joined during the round and retires those cancelled during it.
  /// Returns the retired ones (`nil` when none): the caller releases them, and their handlers,
  /// after unlocking, because what a handler captured may run user code (a `deinit`).
  @inlinable
  mutating func applyParkedChanges() -> [Subscriber<Value>]? {
    var retired: [Subscriber<Value>] = []
    if !joining.isEmpty {
      for subscriber in joining {
        if subscriber.isActive {
          insert(subscriber)
        } else {
          // Cancelled before it ever joined the list.
          subscriber.retire()
          retired.append(subscriber)
        }
      }
      joining.removeAll()
    }
    // Joiners first: one cancelled in the same round is retired above without ever being
    // linked, so `detach` below, which counts a subscriber as a linked one, skips it.
    if !leaving.isEmpty {
      for subscriber in leaving {
        if detach(subscriber) {
          retired.append(subscriber)
        }
      }
      leaving.removeAll()
    }
    return retired.isEmpty ? nil : retired
  }

  @inlinable
  mutating func insert(_ subscriber: Subscriber<Value>) {
    subscribers.append(subscriber)
  }

  /// Retires a cancelled subscriber that is linked; O(1), amortised with the sweeps that unlink
  /// retired subscribers (``SubscriberList/retire(_:)``). A subscriber that was never linked (a
  /// joiner cancelled in its first round) must not come here unretired: the list would count
  /// it as one of its own. ``applyParkedChanges()`` retires those first.
  ///
  /// Returns `true`, or `false` if it was retired already. The caller still holds this
  /// subscriber, so unlinking it drops a reference that is not the last; a sweep may also free
  /// other retired subscribers here, whose handlers are already released (invariant 6).
  @inlinable
  @discardableResult
  mutating func detach(_ subscriber: Subscriber<Value>) -> Bool {
    guard !subscriber.isRetired else { return false }
    subscriber.retire()
    subscribers.retire(subscriber)
    return true
  }
}

/// Deliveries that no subscriber is left to receive, taken out under the lock to be released
/// after unlocking (a value's deinit may be user code).
@usableFromInline
struct Undeliverable<Value: Sendable>: Sendable {
  /// The deliveries that were queued.
  @usableFromInline var queued: DeliveryQueue<Value>?
  /// A relay's handed-off value.
  @usableFromInline var handedOff: Value?

  @inlinable
  init() {}
}

/// What ending a round hands back to the delivering thread, to act on after unlocking.
@usableFromInline
struct RoundEnd<Value: Sendable>: Sendable {
  /// The next round to deliver, or `nil` when the channel went idle.
  @usableFromInline var next: Round<Value>?
  /// Cancellers waiting for the round to end.
  @usableFromInline var woken: [DispatchSemaphore]?
  /// Subscribers retired at this boundary, to release outside the lock.
  @usableFromInline var retired: [Subscriber<Value>]?

  @inlinable
  init(next: Round<Value>?, woken: [DispatchSemaphore]?, retired: [Subscriber<Value>]?) {
    self.next = next
    self.woken = woken
    self.retired = retired
  }
}
