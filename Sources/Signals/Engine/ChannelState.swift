import Synchronization

/// The state machine of a ``Channel``: a plain value, changed only under the channel's lock.
/// Internal.
///
/// Each transition is one `mutating` method that returns what the caller must do after
/// unlocking. The state never calls user code and never releases a user value: a handler, a
/// displaced property value or an undelivered value that leaves it travels in what the
/// transition returns, and is released by the caller after unlocking.
///
/// **Roles.** Each thread that works for the channel outside the lock has one job:
/// - The *performer* (a sender, or a scheduler job) works through ``Work`` items: rounds, drops
///   and displaced values to release. At most one thread performs at a time, from the send that
///   made it the performer until ``finish()`` returns `nil`; whatever is sent
///   meanwhile (even from inside a handler, a drop observer or a `deinit` the performer runs)
///   is queued for it. So handlers never overlap, values go out in order, and nothing recurses.
/// - A *subscriber* to a property delivers its replay (the current value) to its own handler,
///   outside the performer's rounds, which leave it out and note what it missed. Then
///   ``replayed(_:cancellations:)`` hands what it missed to the performer if one is at work, and admits
///   it to later rounds; only if none is at work does the subscriber deliver what it missed
///   itself, and look again.
/// - A *canceller* takes the subscriber's entry out and releases the handler itself. It never
///   delivers anything and never waits.
///
/// **Membership.** A round goes to the entries listed when its value was written (a copy-on-write
/// share of the list), so a subscriber that joins while values are queued never receives one
/// written before it joined. Each entry is named by its *stamp*, the number of its join: a cancel
/// made while a round or a queued catch-up may still hold the entry is noted in
/// `cancelledStamps`, which the performer consults whenever the channel's cancellation count has
/// moved since its work was made (``Channel/deliver(_:)``). The subscriber's token never needs to
/// outlive its cancel: rounds hold entries, not tokens.
///
/// Invariants (``checkInvariants()``, run by the tests after every step):
/// 1. Not performing and no job pending: nothing is queued and no cancel is noted.
/// 2. `entries` is in strictly increasing stamp order; `activeCount` counts the entries that
///    still hold a handler.
/// 3. Each replay in progress is a property's, and nothing is queued for a channel whose
///    entries are all cancelled but drops and releases.
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

  /// A subscriber's handler with its stamp; a cancelled entry keeps its stamp (so the list stays
  /// searchable by stamp) and loses its handler. While a property's new subscriber delivers its
  /// replay, its entry is marked, and rounds leave it out.
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var handler: (@Sendable (Value) -> Void)?
    /// The stamp, with ``replayingMark`` added while the replay runs.
    @usableFromInline var word: UInt64

    @inlinable
    init(handler: @escaping @Sendable (Value) -> Void, word: UInt64) {
      self.handler = handler
      self.word = word
    }

    /// The top bit of ``word``, which no stamp reaches.
    @inlinable static var replayingMark: UInt64 { 1 << 63 }
    @inlinable var stamp: UInt64 { word & ~Self.replayingMark }
    @inlinable var isReplaying: Bool { word & Self.replayingMark != 0 }
  }

  /// One thing the performer does outside the lock.
  @usableFromInline
  enum Work: Sendable {
    /// Deliver `value` to the entries listed when it was written. The list is the state's own
    /// array, shared copy-on-write, so the round sees one fixed membership; a cancel made since
    /// is noted (see *Membership*), and `cancellations` is the count the round started from.
    case round(value: Value, entries: [Entry], cancellations: UInt64)
    /// Deliver what a new subscriber missed during its replay, in order, to it alone.
    case catchUp(Entry, values: [Value], cancellations: UInt64)
    /// Tell the drop observer that `value` reached nobody.
    case drop(Value)
    /// Let go of a property's displaced value (its `deinit` may write the property again).
    case release(Value)
  }

  /// A subscriber delivering its replay (by stamp), and what was written since.
  @usableFromInline
  struct Replay: Sendable {
    @usableFromInline let stamp: UInt64
    @usableFromInline var missed: [Value] = []

    @inlinable
    init(stamp: UInt64) {
      self.stamp = stamp
    }
  }

  /// What a cancel leaves for its caller to release after unlocking.
  @usableFromInline
  struct Released: ~Copyable, Sendable {
    @usableFromInline var handler: (@Sendable (Value) -> Void)?
    @usableFromInline var values: [Value] = []
    @usableFromInline var work: [Work] = []
    /// Whether the cancel was noted for the performer (the cancellation count must move).
    @usableFromInline var isNoted = false

    @inlinable
    init() {}
  }

  @usableFromInline var kind: Kind
  /// The number of the last value written: what ``ReadSnapshot`` compares.
  @usableFromInline var version: UInt64 = 0
  /// The stamp of the last join.
  @usableFromInline var stamp: UInt64 = 0
  /// The subscribers' entries, in subscription (stamp) order.
  @usableFromInline var entries: [Entry] = []
  /// How many entries hold a handler.
  @usableFromInline var activeCount = 0
  /// Property subscribers delivering their replay; almost always empty.
  @usableFromInline var replays: [Replay] = []
  @usableFromInline var queue = DeliveryQueue<Work>()
  @usableFromInline var isPerforming = false
  /// Whether a job was submitted to the executor and has not started.
  @usableFromInline var isJobPending = false
  /// The stamps of entries cancelled while a round or a queued catch-up may still hold them.
  @usableFromInline var cancelledStamps: Set<UInt64> = []
  /// The thread running a `modify` body (0: none), and whether that thread wrote meanwhile:
  /// then the body wrote the property it modifies, and would never see its change stored.
  @usableFromInline var modifyingThread: UInt = 0
  @usableFromInline var modifyingThreadWrote = false

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// Whether a thread performs or a job will: then work is queued, not performed here.
  @inlinable
  var isBusy: Bool { isPerforming || isJobPending }

  // MARK: Transitions

  /// What a write asks of its caller, after unlocking.
  @usableFromInline
  struct Published: ~Copyable, Sendable {
    /// The caller became the performer: do this first (it may be `nil` if only `displaced` is
    /// to be let go), then finish.
    @usableFromInline var performs = false
    @usableFromInline var work: Work?
    /// The value the write displaced: let go after `work`, as the performer.
    @usableFromInline var displaced: Value?
    /// The caller must submit a job to the executor, which will perform.
    @usableFromInline var submitsJob = false

    @inlinable
    init() {}
  }

  /// Writes `value`: stores it (a property) and says what the caller must do. If a thread is
  /// performing (or a job will), the work is queued for it. Otherwise the caller performs, unless
  /// `canDeliverHere` is false: then a job is submitted for the work, and the caller lets go of the
  /// displaced value itself. A write that makes no work and displaces nothing to let go returns
  /// an empty answer.
  @inlinable
  mutating func publish(
    _ value: Value, canDeliverHere: Bool, dropObserved: Bool, cancellations: UInt64
  ) -> Published {
    version &+= 1
    if modifyingThread != 0 && modifyingThread == currentThreadNumber() {
      modifyingThreadWrote = true
    }
    var answer = Published()
    if case .property(let current) = kind {
      if !_isPOD(Value.self) { answer.displaced = current }
      kind = .property(current: value)
      for index in replays.indices {
        replays[index].missed.append(value)
      }
    }
    if activeCount > 0 {
      answer.work = .round(value: value, entries: entries, cancellations: cancellations)
    } else if dropObserved {
      answer.work = .drop(value)
    }
    if isBusy {
      if let work = answer.work.take() { queue.append(work) }
      if let displaced = answer.displaced.take() { queue.append(.release(displaced)) }
    } else if !canDeliverHere, let work = answer.work.take() {
      queue.append(work)
      isJobPending = true
      answer.submitsJob = true
    } else if answer.work != nil || answer.displaced != nil {
      isPerforming = true
      answer.performs = true
    }
    return answer
  }

  /// Lists `handler` as a subscriber, last, with the next stamp. An event subscriber receives
  /// every later round; a property subscriber gets the current value to replay, and rounds leave
  /// it out until ``replayed(_:cancellations:)``.
  @inlinable
  mutating func subscribe(
    _ subscriber: Subscriber<Value>, _ handler: @escaping @Sendable (Value) -> Void
  ) -> Value? {
    stamp &+= 1
    subscriber.stamp.store(stamp, ordering: .relaxed)
    activeCount += 1
    guard case .property(let current) = kind else {
      entries.append(Entry(handler: handler, word: stamp))
      return nil
    }
    entries.append(Entry(handler: handler, word: stamp | Entry.replayingMark))
    replays.append(Replay(stamp: stamp))
    return current
  }

  /// `subscriber` delivered its replay (and what it was given since). If nothing was written
  /// meanwhile, or a performer is at work to deliver what was, rounds include it from now on
  /// (`nil`); otherwise it gets what it missed to deliver itself, then comes back.
  @inlinable
  mutating func replayed(_ subscriber: Subscriber<Value>, cancellations: UInt64) -> [Value]? {
    let stamp = subscriber.stamp.load(ordering: .relaxed)
    guard let index = replays.firstIndex(where: { $0.stamp == stamp }) else {
      return nil  // cancelled meanwhile
    }
    if !replays[index].missed.isEmpty && !isBusy {
      defer { replays[index].missed = [] }
      return replays[index].missed
    }
    let missed = replays.remove(at: index).missed
    let entryIndex = entryIndex(of: stamp)
    entries[entryIndex].word = stamp
    if !missed.isEmpty {
      queue.append(.catchUp(entries[entryIndex], values: missed, cancellations: cancellations))
    }
    return nil
  }

  /// Cancels `subscriber`: takes its handler out (and, if it was the last, whatever was queued
  /// for subscribers), and notes the cancel if a round or a queued catch-up may still hold it.
  @inlinable
  mutating func cancel(_ subscriber: Subscriber<Value>) -> Released {
    var released = Released()
    let stamp = subscriber.stamp.load(ordering: .relaxed)
    guard stamp != Subscriber<Value>.cancelled else { return released }
    subscriber.stamp.store(Subscriber<Value>.cancelled, ordering: .relaxed)
    if !replays.isEmpty, let index = replays.firstIndex(where: { $0.stamp == stamp }) {
      released.values = replays.remove(at: index).missed
    }
    let index = entryIndex(of: stamp)
    released.handler = entries[index].handler.take()
    activeCount -= 1
    if isBusy {
      cancelledStamps.insert(stamp)
      released.isNoted = true
    }
    if activeCount == 0 {
      released.work = queue.removeAll { work in
        switch work {
        case .round, .catchUp: true
        case .drop, .release: false
        }
      }
    }
    compactIfSparse()
    return released
  }

  /// The job submitted to the executor starts and performs, as any performer does: returns the
  /// first work, or `nil` (and clears the cancels noted) if a cancel took it all out meanwhile.
  @inlinable
  mutating func jobStarted() -> Work? {
    isJobPending = false
    guard !isPerforming else { return nil }
    isPerforming = true
    return finish()
  }

  /// The performer has done one piece of work: returns the next, or `nil` when it is done.
  @inlinable
  mutating func finish() -> Work? {
    if let work = queue.popFirst() { return work }
    isPerforming = false
    cancelledStamps.removeAll()
    return nil
  }

  /// The index of the entry with `stamp` (binary search: stamps increase along the list).
  @inlinable
  func entryIndex(of stamp: UInt64) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].stamp < stamp { low = middle + 1 } else { high = middle }
    }
    precondition(low < entries.count && entries[low].stamp == stamp, "Signals: entry not found")
    return low
  }

  /// Drops cancelled entries once they are most of the list. Runs no user code: a cancelled
  /// entry holds no handler.
  @inlinable
  mutating func compactIfSparse() {
    let vacant = entries.count - activeCount
    guard vacant >= 16 && vacant * 2 >= entries.count || activeCount == 0 else { return }
    entries.removeAll { $0.handler == nil }
  }

  /// Stops with a message if an invariant of the type's documentation does not hold. For tests.
  func checkInvariants() {
    if !isBusy {
      precondition(queue.isEmpty, "invariant 1: work queued with nobody to do it")
      precondition(cancelledStamps.isEmpty, "invariant 1: cancels noted with no round to skip")
    }
    var active = 0
    var previous: UInt64 = 0
    for entry in entries {
      precondition(entry.stamp > previous, "invariant 2: entries out of stamp order")
      precondition(
        !entry.isReplaying || replays.contains { $0.stamp == entry.stamp },
        "invariant 3: an entry marked as replaying with no replay")
      previous = entry.stamp
      if entry.handler != nil { active += 1 }
    }
    precondition(active == activeCount, "invariant 2: activeCount is \(activeCount), not \(active)")
    if case .events = kind {
      precondition(replays.isEmpty, "invariant 3: an event channel replays")
    }
    if activeCount == 0 {
      for work in queue.queued {
        if case .round = work { preconditionFailure("invariant 3: a round for nobody") }
      }
    }
  }
}
