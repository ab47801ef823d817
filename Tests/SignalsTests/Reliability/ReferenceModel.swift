/// The reference model of Signals' delivery rules, written for obviousness, not speed.
/// Single-threaded; no locks; nothing is ever removed from a list.
///
/// The rules, straight from the documentation of `Property`, `EventStream` and `SubscriptionToken`:
/// 1. One delivery at a time per stream. A value sent while a delivery is running is put at the
///    end of one FIFO queue and delivered after everything queued before it.
/// 2. A value reaches every subscriber that subscribed before the value was sent and has not
///    been cancelled by the time its turn comes, in subscription order.
/// 3. A property subscriber first receives the value stored when it subscribed, at once, before
///    `subscribe` returns, whatever is being delivered; then, in order, every value written
///    while it was receiving it: delivered by `subscribe` itself if no delivery is running
///    (and again for what is written meanwhile), else queued, after everything queued before,
///    for the running delivery loop to deliver to it alone. Until then the FIFO queue's
///    deliveries skip it; after, it receives only values written later.
/// 4. A cancelled subscriber receives nothing more, not even the value being delivered.
/// 5. `receive(on: scheduler)` gives each subscriber its own stream, whose delivery loop runs
///    only when the scheduler runs the job it was handed.
/// 6. `combineLatest` of properties, once both sides are subscribed (their replays are not
///    notifications) and then on each notification from either side, queues a read on a stream
///    of its own; each read, when its turn comes, reads both sides' current values (from the
///    stored values of their owners) and delivers the pair only if some owner has been written
///    since the pair it delivered last (glitch-free, the newest pair, once per owner change).

/// A FIFO list of jobs; ``runAll()`` is `TestScheduler.advance()`.
final class ModelScheduler {
  private var jobs: [() -> Void] = []

  func schedule(_ job: @escaping () -> Void) {
    jobs.append(job)
  }

  /// Forgets the jobs that never ran. A job and its relay refer to each other, so the model
  /// breaks that cycle when a program ends (the model is not what the leak checks are about).
  func discardPending() {
    jobs.removeAll()
  }

  /// Runs jobs, oldest first, until none is left (including jobs added meanwhile).
  func runAll() {
    while !jobs.isEmpty {
      let job = jobs.removeFirst()
      job()
    }
  }
}

/// One subscriber of a ``ModelChannel``.
final class ModelSubscriber {
  /// How many values had been sent on the channel when it subscribed (for a property: when it
  /// had caught up with its replay).
  var sentBeforeJoining: Int
  let handler: (Int) -> Void
  var isCancelled = false
  /// A property subscriber receiving its replay: the values written meanwhile, for it alone.
  var missedWhileCatchingUp: [Int]?

  init(sentBeforeJoining: Int, handler: @escaping (Int) -> Void) {
    self.sentBeforeJoining = sentBeforeJoining
    self.handler = handler
  }
}

/// One stream: a property (it has a ``current`` value) or an event stream.
final class ModelChannel {
  private enum Delivery {
    /// The `number`-th value sent, for everyone who subscribed before it was sent.
    case sent(number: Int, value: Int)
    /// What a property subscriber missed while it received its replay, for it alone.
    case catchUp(ModelSubscriber, values: [Int])
  }

  private(set) var current: Int?
  private var sentCount = 0
  /// How many values were sent (for a property: written); a property's version.
  var writes: Int { sentCount }
  private var subscribers: [ModelSubscriber] = []
  private var queue: [Delivery] = []
  private var isDelivering = false
  private var isWaitingForScheduler = false
  private let scheduler: ModelScheduler?

  /// - Parameters:
  ///   - current: the initial value of a property; `nil` for an event stream.
  ///   - scheduler: where the delivery loop runs; `nil` for "on the sending thread, now".
  init(current: Int?, scheduler: ModelScheduler? = nil) {
    self.current = current
    self.scheduler = scheduler
  }

  func send(_ value: Int) {
    sentCount += 1
    if current != nil {
      current = value
    }
    for subscriber in subscribers where subscriber.missedWhileCatchingUp != nil {
      subscriber.missedWhileCatchingUp?.append(value)
    }
    enqueue(.sent(number: sentCount, value: value))
  }

  func subscribe(_ handler: @escaping (Int) -> Void) -> ModelSubscriber {
    let subscriber = ModelSubscriber(sentBeforeJoining: sentCount, handler: handler)
    subscribers.append(subscriber)
    guard let current else { return subscriber }
    var values = [current]
    subscriber.missedWhileCatchingUp = []
    while true {
      for value in values where !subscriber.isCancelled {
        handler(value)
      }
      let missed = subscriber.missedWhileCatchingUp ?? []
      if missed.isEmpty || isDelivering || isWaitingForScheduler {
        subscriber.missedWhileCatchingUp = nil
        subscriber.sentBeforeJoining = sentCount
        if !missed.isEmpty { queue.append(.catchUp(subscriber, values: missed)) }
        return subscriber
      }
      values = missed
      subscriber.missedWhileCatchingUp = []
    }
  }

  private func enqueue(_ delivery: Delivery) {
    queue.append(delivery)
    if isDelivering || isWaitingForScheduler {
      return  // the running (or scheduled) delivery loop will get to it
    }
    if let scheduler {
      isWaitingForScheduler = true
      scheduler.schedule {
        self.isWaitingForScheduler = false
        self.deliverQueue()
      }
    } else {
      deliverQueue()
    }
  }

  private func deliverQueue() {
    isDelivering = true
    while !queue.isEmpty {
      switch queue.removeFirst() {
      case .sent(let number, let value):
        // `where` is evaluated as each subscriber's turn comes, so a subscriber cancelled by an
        // earlier handler of this same value is skipped.
        for subscriber in subscribers
        where subscriber.sentBeforeJoining < number && !subscriber.isCancelled
          && subscriber.missedWhileCatchingUp == nil
        {
          subscriber.handler(value)
        }
      case .catchUp(let subscriber, let values):
        for value in values where !subscriber.isCancelled {
          subscriber.handler(value)
        }
      }
    }
    isDelivering = false
  }
}

/// A model cancellation token: cancels its parts once.
final class ModelToken {
  private let parts: [() -> Void]
  private(set) var isCancelled = false

  init(_ parts: [() -> Void]) {
    self.parts = parts
  }

  convenience init(_ subscriber: ModelSubscriber) {
    self.init([{ subscriber.isCancelled = true }])
  }

  convenience init(combining tokens: ModelToken...) {
    self.init(tokens.map { token in { token.cancel() } })
  }

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    for part in parts {
      part()
    }
  }
}

/// What reading a property's current value saw: the value, and how many writes each owner
/// (a source channel) had had.
struct ModelReading {
  let value: Int
  let writes: [ObjectIdentifier: Int]
}

/// A model stream face: a subscribe function, as in Signals, and for a property a way to read
/// its current value (`nil` for event streams).
struct ModelStream {
  let subscribe: (@escaping (Int) -> Void) -> ModelToken
  var read: (() -> ModelReading)? = nil

  static func of(_ channel: ModelChannel) -> ModelStream {
    ModelStream(
      subscribe: { handler in ModelToken(channel.subscribe(handler)) },
      // Weak: a combining subscriber's handler reads through this closure, and the channel
      // keeps every subscriber (the model never removes one), so a strong capture would be a
      // cycle that outlives the program. The interpreter holds its channels while it runs.
      read: channel.current == nil
        ? nil
        : { [weak channel] in
          guard let channel, let value = channel.current else {
            preconditionFailure("model: a property read after its program ended")
          }
          return ModelReading(value: value, writes: [ObjectIdentifier(channel): channel.writes])
        })
  }

  func map() -> ModelStream {
    ModelStream(
      subscribe: { handler in self.subscribe { handler(Transform.map($0)) } },
      read: read.map { read in
        {
          let reading = read()
          return ModelReading(value: Transform.map(reading.value), writes: reading.writes)
        }
      })
  }

  func filter() -> ModelStream {
    ModelStream { handler in
      self.subscribe { value in
        if Transform.keep(value) { handler(value) }
      }
    }
  }

  /// Per subscriber: skips a value equal to the last one it passed on.
  func removeDuplicates() -> ModelStream {
    ModelStream(
      subscribe: { handler in
        var last: Int?
        return self.subscribe { value in
          if value == last { return }
          last = value
          handler(value)
        }
      }, read: read)
  }

  /// Per subscriber: skips the first value (a property's current value).
  func changes() -> ModelStream {
    ModelStream { handler in
      var isFirst = true
      return self.subscribe { value in
        if isFirst {
          isFirst = false
          return
        }
        handler(value)
      }
    }
  }

  /// Properties only. Per subscriber: every notification from either side sends a read through
  /// its own stream (so reads run one at a time, in order); a read delivers both sides' pair as
  /// it is then if some owner was written since the pair it delivered last.
  func combineLatest(_ other: ModelStream) -> ModelStream {
    guard let readFirst = read, let readSecond = other.read else {
      preconditionFailure("model: combineLatest of a stream that is not a property")
    }
    let readPair = {
      let first = readFirst()
      let second = readSecond()
      return ModelReading(
        value: Transform.combine(first.value, second.value),
        writes: first.writes.merging(second.writes) { max($0, $1) })
    }
    return ModelStream(
      subscribe: { handler in
        let reads = ModelChannel(current: nil)
        var sent: [ObjectIdentifier: Int]?
        let readsToken = ModelToken(
          reads.subscribe { _ in
            let reading = readPair()
            if let sent, !reading.writes.contains(where: { $0.value > sent[$0.key, default: 0] }) {
              return  // every owner is as it was in the pair delivered last
            }
            sent = reading.writes
            handler(reading.value)
          })
        var isStarted = false
        let changed: (Int) -> Void = { _ in
          if isStarted { reads.send(0) }
        }
        let firstToken = self.subscribe(changed)
        let secondToken = other.subscribe(changed)
        isStarted = true
        changed(0)
        return ModelToken(combining: readsToken, firstToken, secondToken)
      }, read: readPair)
  }

  /// Per subscriber: a stream of its own whose delivery loop runs on `scheduler`.
  func receive(on scheduler: ModelScheduler) -> ModelStream {
    ModelStream(
      subscribe: { handler in
        let relay = ModelChannel(current: nil, scheduler: scheduler)
        let relayToken = ModelToken(relay.subscribe(handler))
        let upstreamToken = self.subscribe { relay.send($0) }
        return ModelToken(combining: relayToken, upstreamToken)
      }, read: read)
  }
}
