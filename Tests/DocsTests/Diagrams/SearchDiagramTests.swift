import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Diagram of debounce and latest-wins: typing is debounced, each query starts a request, and a
// slow answer to an older query must not overwrite the newer results.

/// A search screen's model, all on virtual time: a query waits for a 300 ms pause in typing,
/// then a request runs for as long as `latency` says; its answer is a virtual-time action.
private final class DiagramSearch: Sendable {
  private let stateOwner = MutableProperty("idle")
  /// The requests started so far; releasing one cancels its answer.
  private let requests = Locked<[SubscriptionToken]>([])
  private let pipeline = SubscriptionBag()
  var state: Property<String> { stateOwner.property }

  /// `latestWins`: whether a new query cancels the request in flight (the fix of anti-pattern
  /// 6.2) or lets every answer write the state (the bug).
  init(
    typed: EventStream<String>, scheduler: TestScheduler, latestWins: Bool,
    latency: @escaping @Sendable (String) -> Duration
  ) {
    let owner = stateOwner
    let requests = self.requests
    typed.debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { query in
        owner.value = "loading(\(query))"
        let answer = scheduler.schedule(after: latency(query)) {
          owner.value = "results(\(query))"
        }
        let stale = requests.withLock { started -> [SubscriptionToken] in
          let stale = latestWins ? started : []
          started = (latestWins ? [] : started) + [answer]
          return stale
        }
        for request in stale {
          request.cancel()  // latest wins: the older answer never writes
        }
      }
      .store(in: pipeline)
  }
}

extension DiagramTests {
  @Test func debounceAndLatestWins() throws {
    let scheduler = TestScheduler()
    let typing = EventSender<String>()
    // "sw" is slow to answer (700 ms), "swift" fast (100 ms).
    let latency: @Sendable (String) -> Duration = { .milliseconds($0 == "sw" ? 700 : 100) }
    let wrong = DiagramSearch(
      typed: typing.stream, scheduler: scheduler, latestWins: false, latency: latency)
    let right = DiagramSearch(
      typed: typing.stream, scheduler: scheduler, latestWins: true, latency: latency)
    let typed = Recorder(typing.stream, scheduler: scheduler)
    let query = Recorder(
      typing.stream.debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
    let everyAnswer = Recorder(wrong.state, scheduler: scheduler)
    let latestWins = Recorder(right.state, scheduler: scheduler)

    typing.send("s")
    scheduler.advance(to: .milliseconds(100))
    typing.send("sw")
    scheduler.advance(to: .milliseconds(600))  // a pause: "sw" is searched at 400
    typing.send("swift")
    scheduler.advance(to: .milliseconds(1200))  // "swift" at 900; the late "sw" answer at 1100

    try Self.expectDiagram(
      "debounce-latest-wins",
      Timeline(
        ("typed", typed), ("query", query), ("every answer", everyAnswer),
        ("latest wins", latestWins)))
  }
}
