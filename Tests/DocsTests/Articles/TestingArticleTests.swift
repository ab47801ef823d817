import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The examples of the DocC article "Testing with SignalsTesting"
// (Sources/SignalsTesting/SignalsTesting.docc), quoted through their snippet markers.

// snippet: testing-score-view-model
/// A view model that loads a score with an injected async call.
@MainActor
final class ScoreViewModel {
  private let stateOwner = MutableProperty("idle")
  private let fetchScore: @Sendable (String) async throws -> Int
  var state: Property<String> { stateOwner.property }

  init(fetchScore: @escaping @Sendable (String) async throws -> Int) {
    self.fetchScore = fetchScore
  }

  func load(_ player: String) async {
    stateOwner.value = "loading"
    do {
      stateOwner.value = "score \(try await fetchScore(player))"
    } catch {
      stateOwner.value = "failed"
    }
  }
}
// snippet-end

@Suite struct TestingArticleTests {
  // snippet: testing-recorder
  @Test func aRecorderSeesTheCurrentValueThenEveryChange() {
    let count = MutableProperty(0)
    let toasts = EventSender<String>()
    let counts = Recorder(count.property)
    let shown = Recorder(toasts.stream)
    count.value = 1
    toasts.send("Saved")
    count.value = 2
    #expect(counts.values == [0, 1, 2])  // a property: its current value first, then each change
    #expect(shown.values == ["Saved"])  // a stream: only what is sent while recording
  }
  // snippet-end

  // snippet: testing-scheduler
  @Test func debounceDeliversAfterThePauseAndNotATickBefore() {
    let scheduler = TestScheduler()
    let typed = EventSender<String>()
    let queries = Recorder(typed.stream.debounce(for: .milliseconds(300), scheduler: scheduler))
    typed.send("s")
    scheduler.advance(by: .milliseconds(100))
    typed.send("sw")
    scheduler.advance(by: .milliseconds(299))
    #expect(queries.values == [])  // 299 ms after the last keystroke: nothing yet
    scheduler.advance(by: .milliseconds(1))
    #expect(queries.values == ["sw"])
  }
  // snippet-end

  // snippet: testing-timeline
  @Test func theSameScenarioAsATimeline() {
    let scheduler = TestScheduler()
    let typed = EventSender<String>()
    let keys = Recorder(typed.stream, scheduler: scheduler)
    let queries = Recorder(
      typed.stream.debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
    typed.send("s")
    scheduler.advance(to: .milliseconds(100))
    typed.send("sw")
    scheduler.advance(to: .milliseconds(500))
    expectTimeline(
      """
      ms     |0 |100 |400
      typed  ^s-sw-----------
      query  ^-------sw------
      """,
      ("typed", keys), ("query", queries))
  }
  // snippet-end

  // snippet: testing-controlled-call
  @MainActor @Test func loadShowsLoadingUntilTheTestAnswers() async throws {
    let fetchScore = ControlledCall<String, Int>()
    let model = ScoreViewModel(fetchScore: fetchScore.call)
    let states = Recorder(model.state)
    let loading = Task { await model.load("ann") }
    #expect(await fetchScore.requests(count: 1) == ["ann"])  // the request is in flight
    #expect(states.values == ["idle", "loading"])
    fetchScore.resolve(0, with: 42)
    await loading.value
    #expect(states.values == ["idle", "loading", "score 42"])
  }
  // snippet-end

  // snippet: testing-awaiting
  @Test func valuesDeliveredOnAnotherQueueAreAwaitedNotSleptFor() async throws {
    let progress = MutableProperty(0)
    let screen = Recorder(progress.property.receive(on: .queue(DispatchQueue(label: "worker"))))
    progress.value = 50
    progress.value = 100
    // A queue no test settles: each call suspends until the next value has arrived; a
    // safety-net timeout turns a hang into a failure.
    #expect(await screen.next() == 0)
    #expect(await screen.next() == 50)
    #expect(await screen.next() == 100)
  }
  // snippet-end
}

// snippet: testing-hopping-view-model
/// A view model whose work ends on the main actor: its `TaskOwner` applies each answer there.
@MainActor
final class WeatherViewModel {
  let tasks = TaskOwner()  // internal, so that tests can probe it
  private let stateOwner = MutableProperty("idle")
  private let fetchTemperature: @Sendable (String) async throws -> Int
  var state: Property<String> { stateOwner.property }
  /// A derived face: `true` while loading, with one value per change of it, not per state.
  var isBusy: Property<Bool> { state.map { $0 == "loading" }.removeDuplicates() }

  init(fetchTemperature: @escaping @Sendable (String) async throws -> Int) {
    self.fetchTemperature = fetchTemperature
  }

  func load(_ city: String) {
    stateOwner.value = "loading"
    tasks.run(key: "load", for: self) { [fetchTemperature] in
      try await fetchTemperature(city)
    } then: { viewModel, result in
      viewModel.stateOwner.value =
        switch result {
        case .success(let degrees): "\(degrees)°"
        case .failure: "failed"
        }
    }
  }
}
// snippet-end

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TestingArticleSettleTests {
  // snippet: testing-settle
  @Test func theAnswerShowsOnceTheTaskIsBackOnTheMainActor() async throws {
    let call = ControlledCall<String, Int>()
    let weather = WeatherViewModel(fetchTemperature: { try await call.call($0) })
    let screen = ScreenHarness(tasks: TaskOwnerProbe(weather.tasks))
    let state = screen.record(weather.state, as: "state")
    let isBusy = screen.record(weather.isBusy, as: "isBusy")
    screen.watch(call, as: "temperature")

    weather.load("Oslo")
    weather.load("Bergen")  // replaces the Oslo request
    await screen.expect(state, "idle")
    await screen.expect(isBusy, false)
    await screen.expect(state, "loading")
    await screen.expect(isBusy, true)  // one value per change of `isBusy`, not per state
    await screen.expect(state, "loading")
    // The requests reach the fake in any order; `resolve` waits until the answer is applied.
    try await screen.resolve(call, #require(call.requests.firstIndex(of: "Bergen")), with: 21)
    await screen.expect(state, "21°")
    await screen.expect(isBusy, false)
    await screen.finish()
  }
  // snippet-end
}
