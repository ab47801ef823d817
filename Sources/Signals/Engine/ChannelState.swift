import Synchronization

/// The state machine of a ``Channel``: a plain value, changed only under the channel's lock and
/// only by its `mutating` transitions. Internal. A transition never calls user code and never
/// releases a user value: a handler, displaced property value or undelivered value that leaves
/// the state travels in what the transition returns, for the caller to act on after unlocking.
///
/// **Roles.** Each thread that works for the channel outside the lock has one job:
/// - The *performer* (a sender, or a scheduler job) works through ``Work`` items, one thread at
///   a time, until ``finish()`` returns `nil` (a yielding executor's job: or until it has done
///   what was queued when it started, ``yielded()``); whatever is sent meanwhile (even by a
///   handler, a drop observer or a `deinit` it runs) is queued for it. So handlers never overlap,
///   values go out in order, and nothing recurses.
/// - A *subscriber* to a property delivers its replay (the current value) to its own handler,
///   outside rounds; what is written meanwhile is kept for it, and ``replayed(_:)`` admits it to
///   rounds and hands what it missed to the performer, if one is at work, or else back to it.
/// - A *canceller* takes the subscriber's handler out (``Channel/cancel(_:)``); a *modifier*
///   runs its body (``Channel/modify(_:storesIf:)``). Neither delivers anything nor waits.
///
/// **Membership.** A round goes to the entries listed when its value was written (a copy-on-write
/// share of the list), so a subscriber that joins while values are queued never receives one
/// written before it joined. Each entry is named by its *stamp*, the number of its join: a cancel
/// made while a round may still hold the entry is noted in `cancelledStamps` and counted in
/// `cancelCount`, which the performer compares with its round's count (``Channel/deliver(_:)``).
/// Rounds hold entries, not tokens, so a token never needs to outlive its cancel.
///
/// Invariants (``checkInvariants(cancellations:)``, run by the tests after every step):
/// 1. Not performing and no job pending: nothing is queued and no cancel is noted.
/// 2. `entries` is in strictly increasing stamp order; `activeCount` counts the entries that
///    still hold a handler and the replays in progress.
/// 3. A replay in progress is a property's, and its subscriber is not in `entries`; nothing is
///    queued for a channel with no active subscriber but drops and releases.
/// 4. `cancelCount` is the channel's ``Channel/cancellations`` (the count the performer reads).
@usableFromInline
struct ChannelState<Value: Sendable>: Sendable {
  /// What a channel keeps between sends: an explicit case, since `Value` may itself be optional.
  @usableFromInline
  enum Kind: Sendable {
    case events  // a late subscriber never sees an earlier value
    case property(current: Value)  // its stored value, replayed to every new subscriber
  }

  /// A subscriber's handler with its stamp; a cancelled entry keeps its stamp (so the list stays
  /// searchable by stamp) and loses its handler.
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var handler: (@Sendable (Value) -> Void)?
    @usableFromInline let stamp: UInt64

    @inlinable
    init(_ handler: @escaping @Sendable (Value) -> Void, stamp: UInt64) {
      (self.handler, self.stamp) = (handler, stamp)
    }
  }

  /// One thing the performer does outside the lock.
  @usableFromInline
  enum Work: Sendable {
    /// Deliver `value` to `entries`: the state's list when it was written (or, for what a new
    /// subscriber missed during its replay, that subscriber alone); `cancellations` is the
    /// `cancelCount` it was made at (see *Membership*).
    case round(value: Value, entries: [Entry], cancellations: UInt64)
    case drop(Value)  // tell the drop observer that the value reached nobody
    case release(Value)  // let go of a displaced value (its `deinit` may write the property)
  }

  @usableFromInline typealias Replay = (entry: Entry, missed: [Value])  // see *Roles*
  /// What a cancel leaves for its caller to release after unlocking (a struct: as a tuple, the
  /// handler would be reabstracted, one allocation a cancel, to leave the generic `withLock`).
  @usableFromInline
  struct Released: ~Copyable, Sendable {
    @usableFromInline var handler: (@Sendable (Value) -> Void)?
    @usableFromInline var work: [Work] = []

    @inlinable
    init() {}
  }

  @usableFromInline var kind: Kind
  @usableFromInline var version: UInt64 = 0  // the number of the last write (``ReadSnapshot``)
  @usableFromInline var stamp: UInt64 = 0  // the last join's
  @usableFromInline var entries: [Entry] = []  // see invariant 2
  @usableFromInline var activeCount = 0
  @usableFromInline var replays: [Replay] = []  // almost always empty
  @usableFromInline var queue = DeliveryQueue<Work>()
  @usableFromInline var isPerforming = false
  @usableFromInline var isJobPending = false  // a job was submitted and has not started
  @usableFromInline var cancelledStamps: Set<UInt64> = []  // see *Membership*
  @usableFromInline var cancelCount: UInt64 = 0
  /// The thread running a `modify` body (0: none), and whether that thread wrote meanwhile:
  /// then the body wrote the property it modifies, and would never see its change stored.
  @usableFromInline var modifyingThread: UInt = 0
  @usableFromInline var modifyingThreadWrote = false

  @inlinable
  init(kind: Kind) {
    self.kind = kind
  }

  /// The stored value of a property.
  @inlinable
  var current: Value {
    guard case .property(let value) = kind else {
      preconditionFailure("Signals internal error: an event channel has no current value")
    }
    return value
  }

  /// Whether a thread performs or a job will: then work is queued, not performed here.
  @inlinable
  var isBusy: Bool { isPerforming || isJobPending }

  /// What a write asks of its caller after unlocking (``Channel/carryOut(_:)``): to perform,
  /// starting with its work and displaced value (if it has either), or to submit a job.
  @usableFromInline
  struct Published: ~Copyable, Sendable {
    @usableFromInline var work: Work?
    @usableFromInline var displaced: Value?
    @usableFromInline var submitsJob = false

    @inlinable
    init() {}
  }

  /// Writes `value`: stores it (a property) and queues its work for the performer, if one is at
  /// work (or a job will be, or, if not `canDeliverHere` and there is work, the job the caller
  /// then submits); else the caller performs. `cancellations` is ``Channel/cancellations``:
  /// passed in (as `dropObserved` is), the write compiles small enough to be inlined (-24 a send).
  @inlinable
  mutating func publish(
    _ value: Value, canDeliverHere: Bool = true, dropObserved: Bool, cancellations: UInt64
  ) -> Published {
    version &+= 1
    if modifyingThread != 0 && modifyingThread == currentThreadNumber() {
      modifyingThreadWrote = true
    }
    var answer = Published()
    if case .property(let current) = kind {
      if !_isPOD(Value.self) { answer.displaced = current }
      kind = .property(current: value)
      if !replays.isEmpty { noteMissed(value) }
    }
    if activeCount > 0 {
      answer.work = .round(value: value, entries: entries, cancellations: cancellations)
    } else if dropObserved {
      answer.work = .drop(value)
    }
    if isBusy || !canDeliverHere && answer.work != nil {
      if !isBusy { (isJobPending, answer.submitsJob) = (true, true) }
      if let work = answer.work.take() { queue.append(work) }
      if let displaced = answer.displaced.take() { queue.append(.release(displaced)) }
    } else if answer.work != nil || answer.displaced != nil {
      isPerforming = true
    }
    return answer
  }

  /// Keeps `value` for each replaying subscriber. Out of line, so that the locked step of a
  /// common write compiles small enough to be inlined into the sender (32 a send).
  @inlinable @inline(never)
  mutating func noteMissed(_ value: Value) {
    for index in replays.indices { replays[index].missed.append(value) }
  }

  /// Lists `handler` as a subscriber with the next stamp: an event subscriber in `entries`, a
  /// property subscriber in `replays`, with the current value returned for it to replay.
  @inlinable
  mutating func subscribe(
    _ subscriber: Subscriber<Value>, _ handler: @escaping @Sendable (Value) -> Void
  ) -> Value? {
    stamp &+= 1
    subscriber.stamp.store(stamp, ordering: .relaxed)
    activeCount += 1
    guard case .property(let current) = kind else {
      entries.append(Entry(handler, stamp: stamp))
      return nil
    }
    replays.append((Entry(handler, stamp: stamp), []))
    return current
  }

  /// `subscriber` delivered its replay (and what it was given since): returns what it missed
  /// for it to deliver and come back, or `nil` once it is in `entries`, its missed values queued
  /// for the performer (or it was cancelled).
  @inlinable
  mutating func replayed(_ subscriber: Subscriber<Value>) -> [Value]? {
    let stamp = subscriber.stamp.load(ordering: .relaxed)
    guard let index = replays.firstIndex(where: { $0.entry.stamp == stamp }) else {
      return nil  // cancelled meanwhile
    }
    if !replays[index].missed.isEmpty && !isBusy {
      defer { replays[index].missed = [] }
      return replays[index].missed
    }
    let replay = replays.remove(at: index)
    entries.insert(replay.entry, at: insertionIndex(of: stamp))
    for value in replay.missed {
      queue.append(.round(value: value, entries: [replay.entry], cancellations: cancelCount))
    }
    return nil
  }

  /// Cancels `subscriber`: takes its handler out (and, if it was the last, whatever was queued
  /// for subscribers), and notes the cancel if a round may still hold it.
  @inlinable
  mutating func cancel(_ subscriber: Subscriber<Value>) -> Released {
    var released = Released()
    let stamp = subscriber.stamp.load(ordering: .relaxed)
    guard stamp != Subscriber<Value>.cancelled else { return released }
    subscriber.stamp.store(Subscriber<Value>.cancelled, ordering: .relaxed)
    activeCount -= 1
    if !replays.isEmpty, let index = replays.firstIndex(where: { $0.entry.stamp == stamp }) {
      let replay = replays.remove(at: index)
      released.handler = replay.entry.handler
      released.work = replay.missed.map { .release($0) }
    } else {
      let index = insertionIndex(of: stamp)
      precondition(index < entries.count && entries[index].stamp == stamp, "Signals: no entry")
      released.handler = entries[index].handler.take()
      if isBusy {
        cancelledStamps.insert(stamp)
        cancelCount &+= 1
        subscriber.channel.cancellations.store(cancelCount, ordering: .relaxed)
      }
    }
    if activeCount == 0 {
      released.work += queue.removeAll { if case .round = $0 { true } else { false } }
    }
    // Drops cancelled entries (no handler: no user code runs) once they are most of the list.
    let vacant = entries.count - (activeCount - replays.count)
    if vacant >= 16 && vacant * 2 >= entries.count || activeCount == 0 {
      entries.removeAll { $0.handler == nil }
    }
    return released
  }

  /// A `modify` run reads the value and its write number, and watches its thread's writes unless
  /// another run does.
  mutating func beginModify(on thread: UInt) -> (value: Value, version: UInt64, watches: Bool) {
    let watches = modifyingThread == 0
    if watches { (modifyingThread, modifyingThreadWrote) = (thread, false) }
    return (current, version, watches)
  }

  /// A `modify` run ends: stops watching, if it `watches` (`wroteItself`: whether its thread
  /// wrote meanwhile, so its body wrote the property), and writes `value`, if any, unless a write
  /// came in since the run read `version` (`nil`).
  mutating func endModify(
    _ value: Value?, read version: UInt64, watches: Bool, wroteItself: inout Bool,
    dropObserved: Bool, cancellations: UInt64
  ) -> Published? {
    if watches { (modifyingThread, wroteItself) = (0, modifyingThreadWrote) }
    guard let value, self.version == version else { return nil }
    return publish(value, dropObserved: dropObserved, cancellations: cancellations)
  }

  /// A job starts performing: returns the first work and how many more are queued, or `nil` if
  /// another thread performs or a cancel took the work out (``finish()``) meanwhile.
  @inlinable
  mutating func jobStarted() -> (work: Work, queued: Int)? {
    isJobPending = false
    guard !isPerforming else { return nil }
    isPerforming = true
    return finish().map { ($0, queue.items.count - queue.head) }
  }

  /// The performer has done one piece of work: returns the next, or `nil` when it is done.
  @inlinable
  mutating func finish() -> Work? {
    if let work = queue.popFirst() { return work }
    isPerforming = false
    cancelledStamps.removeAll()
    return nil
  }

  /// A yielding job stops performing: returns whether work is left for the job it then submits.
  @inlinable
  mutating func yielded() -> Bool {
    (isPerforming, isJobPending) = (false, !queue.isEmpty)
    if !isJobPending { cancelledStamps.removeAll() }
    return isJobPending
  }

  /// Where `stamp` is, or goes, in `entries` (binary search: stamps increase along the list).
  @inlinable
  func insertionIndex(of stamp: UInt64) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].stamp < stamp { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Stops with a message if an invariant of the type's documentation does not hold. For tests.
  func checkInvariants(cancellations: UInt64) {
    precondition(cancellations == cancelCount, "invariant 4: cancellations \(cancellations)")
    if !isBusy {
      precondition(queue.isEmpty, "invariant 1: work queued with nobody to do it")
      precondition(cancelledStamps.isEmpty, "invariant 1: cancels noted with no round to skip")
    }
    precondition(
      zip(entries, entries.dropFirst()).allSatisfy { $0.stamp < $1.stamp },
      "invariant 2: entries out of stamp order")
    let active = entries.count(where: { $0.handler != nil }) + replays.count
    precondition(active == activeCount, "invariant 2: activeCount is \(activeCount), not \(active)")
    precondition(
      replays.allSatisfy { replay in !entries.contains { $0.stamp == replay.entry.stamp } },
      "invariant 3: a replaying subscriber is in the rounds' list")
    if case .events = kind, !replays.isEmpty { preconditionFailure("invariant 3: events replay") }
    for case .round? in queue.items[queue.head...] where activeCount == 0 {
      preconditionFailure("invariant 3: a round for nobody")
    }
  }
}
