import Dispatch
import Synchronization

/// The state machine of a ``Channel``: a plain value, changed only under the channel's lock.
/// Internal.
///
/// Each transition is one `mutating` method that returns an action: what the caller must do
/// after unlocking (deliver a round, release user values, wake waiters, submit a job). The state
/// never calls user code and never releases a user value: whatever leaves it travels in the
/// action.
///
/// **Roles.** Each thread that works for the channel outside the lock has one job:
/// - The *performer* (a sender, or a scheduler job) delivers rounds: at most one thread at a time,
///   from the send that made it the performer until ``finish()`` says it is done; sends made
///   meanwhile are queued for it, and what is cancelled meanwhile is released by it (a round it
///   is running may still hold the handler). So handlers never overlap and values go out in order.
/// - A *subscriber* delivers its own replay (a property's current value), then whatever was sent
///   meanwhile, to itself only (``Replay``); rounds skip it until it has caught up.
/// - A *canceller* on an idle channel releases what it removed itself, then ends the release
///   (``releaseEnded(_:)``). It never delivers anything, so `cancel()` never runs another
///   subscriber's handler and never waits for one.
///
/// **Order of a performer's step** (``Channel/perform(_:)``, the one place it is written): what
/// left the state is released, then the threads waiting for that release are woken, then the
/// next round goes out.
///
/// Invariants (``checkInvariants()``, run by the tests after every step):
/// 1. Not performing and no job pending: the queue and `releases` are empty.
/// 2. A waiter for the performer's next finish exists only while a thread performs; a waiter
///    for a canceller's release only while a canceller releases.
/// 3. `subscribers` holds each active subscriber's entry once, at the subscriber's `slot`, in
///    subscription order (`nil` where a cancelled one was); `activeCount` counts them.
/// 4. Nothing is queued when no subscriber is active (a delivery nobody can receive is released
///    at once).
/// 5. Each replay in progress belongs to a listed subscriber still catching up, and only a
///    property replays.
@usableFromInline
struct ChannelState<Value: Sendable>: Sendable {
  /// What a channel keeps between sends: an explicit case, since `Value` may itself be optional.
  @usableFromInline
  enum Kind: Sendable {
    /// An event channel: a late subscriber never sees an earlier value.
    case events
    /// A property: its stored value, replayed to every new subscriber.
    case property(current: Value)
  }

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

  /// One pending delivery: the value written with number `version`, for every subscriber that
  /// joined before it.
  @usableFromInline
  struct Delivery: Sendable {
    @usableFromInline let version: UInt64
    @usableFromInline let value: Value

    @inlinable
    init(version: UInt64, value: Value) {
      self.version = version
      self.value = value
    }
  }

  /// A delivery with the subscribers it goes to, taken under the lock and walked after
  /// unlocking. The list is the state's own array, shared copy-on-write: a change made while the
  /// round runs copies it, so the round sees one fixed membership.
  @usableFromInline
  enum Round: Sendable {
    /// A performer's round: `value` (written with number `version`) to every subscriber listed.
    case broadcast(version: UInt64, value: Value, to: [Entry?])
    /// A subscriber's own catch-up: `values`, in order, to it alone.
    case replay(to: Entry, values: [Value])
  }

  /// A subscriber catching up: the values written since its replay was read, in order.
  @usableFromInline
  struct Replay: Sendable {
    @usableFromInline let subscriber: Subscriber<Value>
    @usableFromInline var missed: [Value] = []

    @inlinable
    init(subscriber: Subscriber<Value>) {
      self.subscriber = subscriber
    }
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

  /// A thread blocked in `cancelAndWait()`, and what wakes it: the release of the subscriber
  /// `releaseOf` by a canceller, or (`nil`) the performer's next finish.
  @usableFromInline
  typealias Waiter = (releaseOf: ObjectIdentifier?, semaphore: DispatchSemaphore)

  // The actions are non-copyable: each leaves the lock by move and is consumed by the one
  // caller that performs it, so no stray copy keeps a user value alive past its release.

  /// What `publish` asks of its caller.
  @usableFromInline
  struct PublishAction: ~Copyable, Sendable {
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

  /// What `finish` asks of the performer: one step, run in the order the fields are listed.
  @usableFromInline
  struct Step: ~Copyable, Sendable {
    /// Release these first,
    @usableFromInline var releases: Releases?
    /// then wake these,
    @usableFromInline var woken: [DispatchSemaphore]?
    /// then deliver this and finish again; with no round, finish again if `isDone` is false.
    @usableFromInline var next: Round?
    @usableFromInline var isDone = false

    @inlinable
    init() {}
  }

  /// What `cancel` asks of its caller.
  @usableFromInline
  struct CancelAction: ~Copyable, Sendable {
    /// The caller releases these itself, then ends the release (``releaseEnded(_:)``).
    @usableFromInline var releases: Releases?
    /// Wait on this until the release or round it waits for has ended.
    @usableFromInline var wait: DispatchSemaphore?

    @inlinable
    init() {}
  }

  /// An event channel, or a property with its stored value.
  @usableFromInline var kind: Kind
  /// The number of the last value written (sent, for an event channel).
  @usableFromInline var version: UInt64 = 0
  /// Entries in subscription order; `nil` where a cancelled subscriber was (compacted now and
  /// then, which renumbers the slots).
  @usableFromInline var subscribers: [Entry?] = []
  /// How many entries of `subscribers` are not `nil`.
  @usableFromInline var activeCount = 0
  @usableFromInline var queue = DeliveryQueue<Delivery>()
  /// Subscribers delivering their own replay right now; almost always empty.
  @usableFromInline var replays: [Replay] = []
  /// Whether a thread performs for the channel (see the type's documentation).
  @usableFromInline var isPerforming = false
  /// Whether a job was submitted to the executor and has not started.
  @usableFromInline var isJobPending = false
  /// How many cancellers are releasing what they removed, outside the lock.
  @usableFromInline var releasingCount = 0
  /// What the performer releases at its next `finish`.
  @usableFromInline var releases = Releases()
  /// Threads blocked in `cancelAndWait()`.
  @usableFromInline var waiters: [Waiter] = []

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// `value` is written: stored (a property), then delivered. `canDeliverHere` tells whether the
  /// writing thread may deliver it (false where a relay's executor must).
  @inlinable
  mutating func publish(_ value: Value, canDeliverHere: Bool) -> PublishAction {
    var action = PublishAction()
    version &+= 1
    if case .property(let current) = kind {
      action.displaced = current
      kind = .property(current: value)
    }
    guard activeCount > 0 else {
      action.reachedNobody = true
      return action
    }
    if !replays.isEmpty {
      for index in replays.indices {
        replays[index].missed.append(value)
      }
    }
    let delivery = Delivery(version: version, value: value)
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

  /// `handler` subscribes. Returns its entry and, for a property, the value it replays: the
  /// caller delivers it to this subscriber alone, then asks ``replayed(_:)`` for what was
  /// written meanwhile. Until it has caught up, rounds skip it.
  @inlinable
  mutating func subscribe(
    _ handler: @escaping @Sendable (Value) -> Void, channel: Channel<Value>
  ) -> (Entry, replay: Value?) {
    let replay: Value?
    let subscriber: Subscriber<Value>
    switch kind {
    case .events:
      replay = nil
      subscriber = Subscriber(channel: channel, phase: .joined(after: version))
    case .property(let current):
      replay = current
      subscriber = Subscriber(channel: channel, phase: .replaying)
      replays.append(Replay(subscriber: subscriber))
    }
    subscriber.slot.store(subscribers.count, ordering: .relaxed)
    let entry = Entry(subscriber: subscriber, handler: handler)
    subscribers.append(entry)
    activeCount += 1
    return (entry, replay)
  }

  /// `subscriber` delivered its replay (and what it was given since): returns the values
  /// written meanwhile, or, if there are none, admits it to every later round and returns `[]`.
  @inlinable
  mutating func replayed(_ subscriber: Subscriber<Value>) -> [Value] {
    guard let index = replays.firstIndex(where: { $0.subscriber === subscriber }) else {
      return []  // cancelled meanwhile
    }
    if !replays[index].missed.isEmpty {
      defer { replays[index].missed = [] }
      return replays[index].missed
    }
    replays.remove(at: index)
    subscriber.phase = .joined(after: version)
    return []
  }

  /// `subscriber` is cancelled. Its entry (and every queued delivery, if it was the last) leaves
  /// the state: for the performer to release if a thread performs (its round may hold the
  /// entry), else for the caller, which never performs. With `waits`, the caller gets a
  /// semaphore to wait on if a round or a release it must wait for is running.
  @inlinable
  mutating func cancel(_ subscriber: Subscriber<Value>, waits: Bool) -> CancelAction {
    var action = CancelAction()
    guard subscriber.isActive else {
      // Cancelled before: a canceller or the performer may still be releasing its handler.
      if waits {
        if subscriber.phase == .releasing {
          action.wait = addWaiter(forReleaseOf: subscriber)
        } else if isPerforming {
          action.wait = addWaiter(forReleaseOf: nil)
        }
      }
      return action
    }
    if let index = replays.firstIndex(where: { $0.subscriber === subscriber }) {
      replays.remove(at: index)
    }
    var gone = Releases()
    gone.entry = subscribers[subscriber.slot.load(ordering: .relaxed)].take()
    activeCount -= 1
    compactSubscribersIfSparse()
    if activeCount == 0 {
      gone.deliveries = queue.removeAll()
    }
    if isPerforming {
      subscriber.phase = .ended
      releases.add(gone)
      if waits { action.wait = addWaiter(forReleaseOf: nil) }
    } else {
      subscriber.phase = .releasing
      releasingCount += 1
      action.releases = gone
    }
    return action
  }

  /// A canceller has released what it removed of `subscriber`: returns the threads waiting for
  /// that release.
  @inlinable
  mutating func releaseEnded(_ subscriber: Subscriber<Value>) -> [DispatchSemaphore] {
    subscriber.phase = .ended
    releasingCount -= 1
    guard !waiters.isEmpty else { return [] }
    let id = ObjectIdentifier(subscriber)
    return takeWaiters { $0 == id }
  }

  /// The job submitted to the executor starts. Returns the round it delivers, if it became the
  /// performer and something is queued.
  @inlinable
  mutating func jobStarted() -> Round? {
    isJobPending = false
    guard !isPerforming, !queue.isEmpty, let first = queue.popFirst() else { return nil }
    isPerforming = true
    return round(for: first)
  }

  /// The performer has delivered its round (or released what it was given). Says what it does
  /// next; it is done when `isDone` is true.
  @inlinable
  mutating func finish() -> Step {
    var step = Step()
    if !waiters.isEmpty {
      let woken = takeWaiters { $0 == nil }
      if !woken.isEmpty { step.woken = woken }
    }
    if !releases.isEmpty {
      // Still performing while these are released: a cancelAndWait() for one of them waits.
      step.releases = releases
      releases = Releases()
      return step
    }
    if !queue.isEmpty, let next = queue.popFirst() {
      step.next = round(for: next)
      return step
    }
    isPerforming = false
    step.isDone = true
    return step
  }

  /// The round that delivers `delivery` to the current subscribers.
  @inlinable
  func round(for delivery: Delivery) -> Round {
    .broadcast(version: delivery.version, value: delivery.value, to: subscribers)
  }

  @inlinable
  mutating func addWaiter(forReleaseOf subscriber: Subscriber<Value>?) -> DispatchSemaphore {
    let semaphore = DispatchSemaphore(value: 0)
    waiters.append((subscriber.map(ObjectIdentifier.init), semaphore))
    return semaphore
  }

  /// Takes out the waiters whose `releaseOf` matches.
  @inlinable
  mutating func takeWaiters(
    where matches: (ObjectIdentifier?) -> Bool
  ) -> [DispatchSemaphore] {
    var woken: [DispatchSemaphore] = []
    waiters.removeAll { waiter in
      guard matches(waiter.releaseOf) else { return false }
      woken.append(waiter.semaphore)
      return true
    }
    return woken
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
    for waiter in waiters {
      if waiter.releaseOf == nil {
        precondition(isPerforming, "invariant 2: a waiter for a finish with no performer")
      } else {
        precondition(releasingCount > 0, "invariant 2: a waiter for a release nobody makes")
      }
    }
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
    if case .events = kind {
      precondition(replays.isEmpty, "invariant 5: an event channel replays")
    }
    for replay in replays {
      precondition(replay.subscriber.phase == .replaying, "invariant 5: a replay of a joined one")
      let slot = replay.subscriber.slot.load(ordering: .relaxed)
      precondition(
        subscribers.indices.contains(slot) && subscribers[slot]?.subscriber === replay.subscriber,
        "invariant 5: a replay for a subscriber not listed")
    }
  }
}
