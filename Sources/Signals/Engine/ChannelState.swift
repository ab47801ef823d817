import Dispatch
import Synchronization

/// The state machine of a ``Channel``: a plain value, changed only under the channel's lock.
/// Internal.
///
/// Each event is one `mutating` method that returns an action: what the caller must do after
/// unlocking (deliver a round, release user values, wake waiters, submit a job). The state never
/// calls user code and never releases a user value: whatever leaves it travels in the action.
///
/// **Performing.** At most one thread at a time works outside the lock for the channel: it
/// delivers rounds and releases what left the state. That thread *performs* (``isPerforming``)
/// from the event that made it the performer (a send, a subscribe, a cancel, a job) until
/// ``finish(canDeliver:)`` says it is done; everything that happens meanwhile is recorded for
/// it (queued deliveries, values to release, waiters). So handlers never overlap, values go
/// out in order, and "the running round has ended" means the performer has released everything
/// that was cancelled during it.
///
/// Invariants (``checkInvariants()``, run by the tests after every event):
/// 1. Not performing and no job pending: the queue, `releases` and `waiters` are empty.
/// 2. Waiters exist only while a thread performs: they are woken by its next `finish`.
/// 3. `subscribers` holds each active subscriber's entry once, at the subscriber's `slot`, in
///    subscription order (`nil` where a cancelled one was); `activeCount` counts them.
/// 4. No queued delivery is for a cancelled subscriber, and none is queued when no subscriber
///    is active (a delivery nobody can receive is released at once).
@usableFromInline
struct ChannelState<Value: Sendable>: Sendable {
  /// A subscriber with its handler: the only place a handler is kept.
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline let subscriber: Subscriber<Value>
    @usableFromInline let handler: @Sendable (Value) -> Void

    @inlinable
    init(subscriber: Subscriber<Value>, handler: @escaping @Sendable (Value) -> Void) {
      self.subscriber = subscriber
      self.handler = handler
    }
  }

  /// One pending delivery.
  @usableFromInline
  enum Delivery: Sendable {
    /// The value sent with number `sequence`, for every subscriber that joined before it.
    case broadcast(sequence: UInt64, value: Value)
    /// A property's current value for one subscriber that joined while a round ran.
    case direct(to: Entry, value: Value)
  }

  /// A delivery with the subscribers it goes to, taken under the lock and walked after
  /// unlocking. The list is the state's own array, shared copy-on-write: a change made while the
  /// round runs copies it, so the round sees one fixed membership.
  @usableFromInline
  enum Round: Sendable {
    case broadcast(sequence: UInt64, value: Value, to: [Entry?])
    case direct(to: Entry, value: Value)
  }

  /// User values that left the state, to be released after unlocking, outside the lock.
  @usableFromInline
  struct Releases: Sendable {
    /// The entry of the one subscriber a cancel removes (no array to allocate for it),
    @usableFromInline var entry: Entry?
    /// and more, gathered for a performer while it works.
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var deliveries: [Delivery] = []

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { entry == nil && entries.isEmpty && deliveries.isEmpty }

    /// Adds everything `other` holds.
    @inlinable
    mutating func add(_ other: consuming Releases) {
      if let entry = other.entry.take() {
        entries.append(entry)
      }
      entries += other.entries
      deliveries += other.deliveries
    }
  }

  // The actions are non-copyable: each leaves the lock by move and is consumed by the one
  // caller that performs it, so no stray copy keeps a user value alive past its release.

  /// What `send` asks of its caller.
  @usableFromInline
  struct SendAction: ~Copyable, Sendable {
    /// The round to deliver: the caller became the performer.
    @usableFromInline var round: Round?
    /// The caller must submit a job to the executor.
    @usableFromInline var submitsJob = false
    /// No subscriber was active: nobody receives the value.
    @usableFromInline var reachedNobody = false
    /// The value a property's new value replaced (released by the caller after its work).
    @usableFromInline var displaced: Value?

    @inlinable
    init() {}
  }

  /// What `finish` asks of the performer.
  @usableFromInline
  struct FinishAction: ~Copyable, Sendable {
    /// Release these first,
    @usableFromInline var releases: Releases?
    /// then wake these,
    @usableFromInline var woken: [DispatchSemaphore]?
    /// then deliver this and finish again; with no round, finish again if `isDone` is false.
    @usableFromInline var next: Round?
    @usableFromInline var isDone = false

    @inlinable
    init(releases: Releases? = nil, next: Round? = nil) {
      self.releases = releases
      self.next = next
    }
  }

  /// What `cancel` asks of its caller.
  @usableFromInline
  struct CancelAction: ~Copyable, Sendable {
    /// The caller became the performer: release these, then finish.
    @usableFromInline var releases: Releases?
    /// Wait on this until the performer's next `finish` has woken it.
    @usableFromInline var wait: DispatchSemaphore?

    @inlinable
    init() {}
  }

  /// A property's stored value; `nil` for an event channel.
  @usableFromInline var current: Value?
  /// The number of the last value sent (for a property: written).
  @usableFromInline var sequence: UInt64 = 0
  /// Entries in subscription order; `nil` where a cancelled subscriber was (compacted now and
  /// then, which renumbers the slots).
  @usableFromInline var subscribers: [Entry?] = []
  /// How many entries of `subscribers` are not `nil`.
  @usableFromInline var activeCount = 0
  @usableFromInline var queue = DeliveryQueue<Delivery>()
  /// Whether a thread performs for the channel (see the type's documentation).
  @usableFromInline var isPerforming = false
  /// Whether a job was submitted to the executor and has not started.
  @usableFromInline var isJobPending = false
  /// What the performer releases at its next `finish`.
  @usableFromInline var releases = Releases()
  /// Threads blocked in `cancelAndWait()` until the performer's next `finish`.
  @usableFromInline var waiters: [DispatchSemaphore] = []

  @inlinable
  init(current: Value?) {
    self.current = current
  }

  /// Event: `value` is sent (for a property: stored, then sent). `canDeliverHere` tells whether
  /// the sending thread may deliver it (false where a relay's executor must).
  @inlinable
  mutating func send(_ value: Value, canDeliverHere: Bool) -> SendAction {
    var action = SendAction()
    sequence += 1
    if current != nil {
      action.displaced = current
      current = value
    }
    guard activeCount > 0 else {
      action.reachedNobody = true
      return action
    }
    let delivery = Delivery.broadcast(sequence: sequence, value: value)
    if isPerforming || isJobPending {
      queue.append(delivery)
    } else if canDeliverHere {
      isPerforming = true
      action.round = round(for: delivery)
    } else {
      queue.append(delivery)
      isJobPending = true
      action.submitsJob = true
    }
    return action
  }

  /// Event: `handler` subscribes. Returns its subscriber and, for a property on an idle
  /// channel, the round that delivers the current value (the caller became the performer).
  /// A property's current value for a subscriber that joins while a round runs is queued.
  @inlinable
  mutating func subscribe(
    _ handler: @escaping @Sendable (Value) -> Void, channel: Channel<Value>
  ) -> (Subscriber<Value>, Round?) {
    let subscriber = Subscriber(channel: channel, joinedAfter: sequence, slot: subscribers.count)
    let entry = Entry(subscriber: subscriber, handler: handler)
    subscribers.append(entry)
    activeCount += 1
    guard let current else { return (subscriber, nil) }
    let delivery = Delivery.direct(to: entry, value: current)
    if isPerforming || isJobPending {
      queue.append(delivery)
      return (subscriber, nil)
    }
    isPerforming = true
    return (subscriber, round(for: delivery))
  }

  /// Event: `subscriber` is cancelled. Its entry, and deliveries queued for it alone (or every
  /// queued delivery, if it was the last), leave the state: released by the caller if it became
  /// the performer, else by the performer. With `waits`, a caller that is not the performer gets
  /// a semaphore that the performer's next `finish` signals.
  @inlinable
  mutating func cancel(_ subscriber: Subscriber<Value>, waits: Bool) -> CancelAction {
    var action = CancelAction()
    guard subscriber.isActive else {
      // Cancelled before: a performer may still be releasing its handler.
      if waits && isPerforming { action.wait = addWaiter() }
      return action
    }
    subscriber.admittedAfter.store(.max, ordering: .relaxed)
    var gone = Releases()
    gone.entry = subscribers[subscriber.slot.load(ordering: .relaxed)].take()
    activeCount -= 1
    compactSubscribersIfSparse()
    gone.deliveries = queue.remove { delivery in
      if case .direct(let entry, _) = delivery { return entry.subscriber === subscriber }
      return activeCount == 0
    }
    if isPerforming {
      releases.add(gone)
      if waits { action.wait = addWaiter() }
    } else {
      isPerforming = true
      action.releases = gone
    }
    return action
  }

  /// Event: the job submitted to the executor starts. Returns the round it delivers, if it
  /// became the performer and something is queued.
  @inlinable
  mutating func jobStarted() -> Round? {
    isJobPending = false
    guard !isPerforming, let first = queue.popFirst() else { return nil }
    isPerforming = true
    return round(for: first)
  }

  /// Event: the performer has delivered its round (or released what it was given). Says what it
  /// does next; it is done when `isDone` is true. `canDeliver` is false for a performer that
  /// must leave queued deliveries to a job (a canceller on a relay).
  @inlinable
  mutating func finish(canDeliver: Bool) -> FinishAction {
    var action = FinishAction()
    if !waiters.isEmpty {
      action.woken = waiters
      waiters = []
    }
    if !releases.isEmpty {
      // Still performing while these are released: a cancelAndWait() for one of them waits.
      action.releases = releases
      releases = Releases()
      return action
    }
    if canDeliver, let next = queue.popFirst() {
      action.next = round(for: next)
      return action
    }
    // A performer that may not deliver is a canceller of a relay's one subscriber, which took
    // every queued delivery with it; anything queued since is for a pending job.
    precondition(
      queue.isEmpty || isJobPending, "Signals internal error: deliveries left with no job")
    isPerforming = false
    action.isDone = true
    return action
  }

  /// The round that delivers `delivery` to the current subscribers.
  @inlinable
  func round(for delivery: Delivery) -> Round {
    switch delivery {
    case .broadcast(let sequence, let value):
      .broadcast(sequence: sequence, value: value, to: subscribers)
    case .direct(let entry, let value):
      .direct(to: entry, value: value)
    }
  }

  @inlinable
  mutating func addWaiter() -> DispatchSemaphore {
    let semaphore = DispatchSemaphore(value: 0)
    waiters.append(semaphore)
    return semaphore
  }

  /// Drops the `nil` left by cancelled subscribers once they are most of the list, and gives
  /// every remaining subscriber its new slot. Runs no user code: a `nil` holds nothing.
  @inlinable
  mutating func compactSubscribersIfSparse() {
    let vacant = subscribers.count - activeCount
    guard vacant >= 16 && vacant * 2 >= subscribers.count || activeCount == 0 else { return }
    subscribers.removeAll { $0 == nil }
    for (slot, entry) in subscribers.enumerated() {
      entry?.subscriber.slot.store(slot, ordering: .relaxed)
    }
  }

  /// Stops with a message if an invariant of the type's documentation does not hold. For tests.
  func checkInvariants() {
    if !isPerforming && !isJobPending {
      precondition(queue.isEmpty, "invariant 1: a queue with nobody to deliver it")
      precondition(releases.isEmpty, "invariant 1: releases with nobody to make them")
    }
    precondition(waiters.isEmpty || isPerforming, "invariant 2: waiters with nobody to wake them")
    var active = 0
    for (slot, entry) in subscribers.enumerated() {
      guard let entry else { continue }
      active += 1
      precondition(entry.subscriber.isActive, "invariant 3: a cancelled subscriber listed")
      precondition(
        entry.subscriber.slot.load(ordering: .relaxed) == slot, "invariant 3: a wrong slot")
    }
    precondition(active == activeCount, "invariant 3: activeCount is \(activeCount), not \(active)")
    precondition(activeCount > 0 || queue.isEmpty, "invariant 4: deliveries for nobody")
    for case .direct(let entry, _)? in queue.items[queue.head...] {
      precondition(entry.subscriber.isActive, "invariant 4: a delivery for a cancelled subscriber")
    }
  }
}
