import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// A scheduler the test drives by hand, to reproduce a race `TestScheduler` cannot: a delayed
/// action that has already *started* (its timer fired) when a newer value arrives, so cancelling
/// its token comes too late to stop it.
private final class ManualScheduler: SignalScheduler {
  var now: Duration { .zero }  // no clock: the test runs each action by hand

  private enum Phase {
    case pending
    case started
    case cancelled
  }

  private let entries = Locked<[(phase: Phase, action: @Sendable () -> Void)]>([])

  func schedule(_ action: @escaping @Sendable () -> Void) {
    _ = schedule(after: .zero, action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    let index = entries.withLock { entries -> Int in
      entries.append((.pending, action))
      return entries.count - 1
    }
    return SubscriptionToken { [entries] in
      entries.withLock { entries in
        if entries[index].phase == .pending { entries[index].phase = .cancelled }
      }
    }
  }

  /// The timer of action `index` fires: from now on its token can no longer stop it.
  func start(_ index: Int) {
    entries.withLock { entries in
      if entries[index].phase == .pending { entries[index].phase = .started }
    }
  }

  /// Runs action `index` unless it was cancelled before it started.
  func run(_ index: Int) {
    let action = entries.withLock { entries -> (@Sendable () -> Void)? in
      entries[index].phase == .cancelled ? nil : entries[index].action
    }
    action?()
  }
}

/// Events sent with pauses between them, and what a 300 ms debounce must deliver, when.
struct DebounceScript: Sendable, CustomTestStringConvertible {
  enum Step: Sendable {
    case send(String)
    /// Moves virtual time forward by this many milliseconds.
    case wait(Int)
  }

  let testDescription: String
  let steps: [Step]
  let deliveries: [(milliseconds: Int, text: String)]

  init(_ description: String, _ steps: [Step], delivers deliveries: [(Int, String)]) {
    self.testDescription = description
    self.steps = steps
    self.deliveries = deliveries.map { (milliseconds: $0.0, text: $0.1) }
  }
}

/// `debounce(for:scheduler:)` under virtual time: exact delivery instants, no wall clock.
@Suite struct DebounceTests {
  private let scheduler = TestScheduler()
  private let sender = EventSender<String>()

  private var debounced: EventStream<String> {
    sender.stream.debounce(for: .milliseconds(300), scheduler: scheduler)
  }

  @Test func burstDeliversOnlyItsLastEventOneIntervalAfterIt() {
    let recorder = Recorder(debounced, scheduler: scheduler)
    sender.send("s")
    scheduler.advance(by: .milliseconds(100))
    sender.send("sw")
    scheduler.advance(by: .milliseconds(100))
    sender.send("swi")
    #expect(scheduler.pendingCount == 1, "each event replaces the pending one")
    scheduler.advance(by: .milliseconds(299))
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.timedValues == [TimedValue(.milliseconds(500), "swi")])
    scheduler.advance(by: .seconds(10))
    #expect(recorder.timedValues == [TimedValue(.milliseconds(500), "swi")])
  }

  @Test func eventIsDeliveredExactlyOneIntervalLaterNotATickBefore() {
    let recorder = Recorder(debounced, scheduler: scheduler)
    sender.send("a")
    scheduler.advance(by: .milliseconds(299))
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.timedValues == [TimedValue(.milliseconds(300), "a")])
  }

  @Test(arguments: [
    DebounceScript(
      "separate bursts are each delivered",
      [.send("a"), .wait(300), .send("b"), .wait(50), .send("bc"), .wait(1000)],
      delivers: [(300, "a"), (650, "bc")]),
    DebounceScript(
      "equal events are still delivered once per burst",
      [.send("x"), .wait(300), .send("x"), .wait(300)],
      delivers: [(300, "x"), (600, "x")]),
  ])
  func everyBurstDeliversItsLastEvent(_ script: DebounceScript) {
    let recorder = Recorder(debounced, scheduler: scheduler)
    for step in script.steps {
      switch step {
      case .send(let text): sender.send(text)
      case .wait(let milliseconds): scheduler.advance(by: .milliseconds(milliseconds))
      }
    }
    #expect(
      recorder.timedValues
        == script.deliveries.map { TimedValue(.milliseconds($0.milliseconds), $0.text) })
  }

  @Test func cancellingDropsThePendingEvent() {
    let recorder = Recorder(debounced, scheduler: scheduler)
    sender.send("a")
    scheduler.advance(by: .milliseconds(100))
    recorder.cancel()
    #expect(scheduler.pendingCount == 0, "the pending delivery is cancelled with the subscription")
    scheduler.advance(by: .seconds(1))
    #expect(recorder.values == [])
  }

  @Test func subscribersAreDebouncedIndependently() {
    let first = Recorder(debounced, scheduler: scheduler)
    sender.send("a")
    scheduler.advance(by: .milliseconds(100))
    let second = Recorder(debounced, scheduler: scheduler)  // never saw "a"
    scheduler.advance(by: .milliseconds(250))
    sender.send("b")  // t = 350
    scheduler.advance(by: .milliseconds(350))
    first.cancel()
    sender.send("c")  // t = 700
    scheduler.advance(by: .seconds(1))
    #expect(
      first.timedValues == [
        TimedValue(.milliseconds(300), "a"), TimedValue(.milliseconds(650), "b"),
      ])
    #expect(
      second.timedValues == [
        TimedValue(.milliseconds(650), "b"), TimedValue(.milliseconds(1000), "c"),
      ])
  }

  @Test func searchAsYouTypeDebouncesAPropertysChanges() {
    let query = MutableProperty("")
    let searches = Recorder(
      query.property.changes.debounce(for: .milliseconds(300), scheduler: scheduler),
      scheduler: scheduler)
    for text in ["s", "sw", "swi", "swif", "swift"] {
      query.value = text
      scheduler.advance(by: .milliseconds(50))
    }
    scheduler.advance(by: .seconds(1))
    // The last keystroke was at t = 200 (the current value "" is not a change).
    #expect(searches.timedValues == [TimedValue(.milliseconds(500), "swift")])
  }

  @Test func zeroIntervalDeliversOnTheNextAdvance() {
    let recorder = Recorder(
      sender.stream.debounce(for: .zero, scheduler: scheduler), scheduler: scheduler)
    sender.send("a")
    #expect(recorder.values == [])
    scheduler.advance()
    #expect(recorder.timedValues == [TimedValue(.zero, "a")])
  }

  @Test func staleDeliveryThatAlreadyStartedIsDroppedWhenANewerEventArrived() {
    let manual = ManualScheduler()
    let recorder = Recorder(sender.stream.debounce(for: .milliseconds(300), scheduler: manual))
    sender.send("a")  // schedules action 0
    manual.start(0)  // its timer fires...
    sender.send("ab")  // ...just as a newer event arrives and schedules action 1
    manual.run(0)  // the stale run completes: it must not deliver "a"
    #expect(recorder.values == [])
    manual.run(1)
    #expect(recorder.values == ["ab"])
  }
}
