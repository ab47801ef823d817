/// The reference model of Signals' delivery rules, written for obviousness, not speed.
/// Single-threaded; no locks; nothing is ever removed from a list.
///
/// The rules, straight from the documentation of `Property`, `EventStream` and `SubscriptionToken`:
/// 1. One delivery at a time per stream. A value sent while a delivery is running is put at the
///    end of one FIFO queue and delivered after everything queued before it.
/// 2. A value reaches every subscriber that subscribed before the value was sent and has not
///    been cancelled by the time its turn comes, in subscription order.
/// 3. A property subscriber first receives the value stored when it subscribed, as one more
///    entry in the same FIFO queue: at once if the stream is idle, otherwise after what is
///    queued.
/// 4. A cancelled subscriber receives nothing more, not even the value being delivered.
/// 5. `receive(on: scheduler)` gives each subscriber its own stream, whose delivery loop runs
///    only when the scheduler runs the job it was handed.

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
  /// How many values had been sent on the channel when it subscribed.
  let sentBeforeJoining: Int
  let handler: (Int) -> Void
  var isCancelled = false

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
    /// A property's stored value, for one new subscriber.
    case currentValue(to: ModelSubscriber, value: Int)
  }

  private(set) var current: Int?
  private var sentCount = 0
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
    enqueue(.sent(number: sentCount, value: value))
  }

  func subscribe(_ handler: @escaping (Int) -> Void) -> ModelSubscriber {
    let subscriber = ModelSubscriber(sentBeforeJoining: sentCount, handler: handler)
    subscribers.append(subscriber)
    if let current {
      enqueue(.currentValue(to: subscriber, value: current))
    }
    return subscriber
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
        where subscriber.sentBeforeJoining < number && !subscriber.isCancelled {
          subscriber.handler(value)
        }
      case .currentValue(let subscriber, let value):
        if !subscriber.isCancelled {
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

/// A model stream face: a subscribe function, as in Signals.
struct ModelStream {
  let subscribe: (@escaping (Int) -> Void) -> ModelToken

  static func of(_ channel: ModelChannel) -> ModelStream {
    ModelStream { handler in ModelToken(channel.subscribe(handler)) }
  }

  func map() -> ModelStream {
    ModelStream { handler in self.subscribe { handler(Transform.map($0)) } }
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
    ModelStream { handler in
      var last: Int?
      return self.subscribe { value in
        if value == last { return }
        last = value
        handler(value)
      }
    }
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

  /// Per subscriber: remembers the latest value of each side and, once both are known, sends
  /// the combination through its own stream (so pairs, too, go out one at a time, in order).
  func combineLatest(_ other: ModelStream) -> ModelStream {
    ModelStream { handler in
      let pairs = ModelChannel(current: nil)
      let pairsToken = ModelToken(pairs.subscribe(handler))
      var latestFirst: Int?
      var latestSecond: Int?
      let firstToken = self.subscribe { value in
        latestFirst = value
        if let second = latestSecond { pairs.send(Transform.combine(value, second)) }
      }
      let secondToken = other.subscribe { value in
        latestSecond = value
        if let first = latestFirst { pairs.send(Transform.combine(first, value)) }
      }
      return ModelToken(combining: firstToken, secondToken, pairsToken)
    }
  }

  /// Per subscriber: a stream of its own whose delivery loop runs on `scheduler`.
  func receive(on scheduler: ModelScheduler) -> ModelStream {
    ModelStream { handler in
      let relay = ModelChannel(current: nil, scheduler: scheduler)
      let relayToken = ModelToken(relay.subscribe(handler))
      let upstreamToken = self.subscribe { relay.send($0) }
      return ModelToken(combining: upstreamToken, relayToken)
    }
  }
}
