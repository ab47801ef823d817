import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `expectSilence`: nothing more arrives once the scheduler and the task owners are idle,
/// asserted with no sleep; a failure lists what did arrive.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ExpectSilenceTests {
  /// A screen with state, events, a debounced search on the test scheduler and owned tasks.
  @MainActor
  private final class Screen {
    let tasks = TaskOwner()
    let state = MutableProperty("idle")
    let events = EventSender<String>()
    let call = ControlledCall<String, String>(whenCancelled: .keepsWaitingForAnswer)
    private let typed = EventSender<String>()
    private var search: SubscriptionToken?

    init(scheduler: TestScheduler) {
      search = typed.stream.debounce(for: .milliseconds(300), scheduler: scheduler)
        .sink { [state] text in state.value = "searching \(text)" }
    }

    func type(_ text: String) {
      typed.send(text)
    }

    func load() {
      state.value = "loading"
      tasks.run(key: "load", for: self) { [call] in
        try await call.call("load")
      } then: { screen, result in
        screen.state.value = (try? result.get()) ?? "failed"
        screen.events.send("toast")
      }
    }
  }

  /// Released mid-request: the late answer changes nothing, and the assertion says so without
  /// waiting for a clock.
  // snippet: testing-silence
  @Test func passesWhenNothingArrivesAfterTheScreenIsReleased() async throws {
    let scheduler = TestScheduler()
    var screen: Screen? = Screen(scheduler: scheduler)
    let call = try #require(screen).call
    let states = Recorder(try #require(screen).state.property)
    let events = Recorder(try #require(screen).events.stream)
    let tasks = TaskOwnerProbe(try #require(screen).tasks)
    screen?.load()
    screen?.type("a")
    _ = try await call.requests(count: 1)

    screen = nil
    call.resolve(0, with: "loaded")

    await expectSilence(from: states, events, settling: scheduler, tasks: tasks)
    #expect(states.values == ["idle", "loading"])
  }
  // snippet-end

  @Test func aTaskThatAppliesAfterTheCallIsReportedWithWhatArrived() async throws {
    let screen = Screen(scheduler: TestScheduler())
    let states = Recorder(screen.state.property)
    let events = Recorder(screen.events.stream)
    screen.load()
    _ = try await screen.call.requests(count: 1)
    screen.call.resolve(0, with: "loaded")

    await withKnownIssue {
      await expectSilence(from: states, events, tasks: TaskOwnerProbe(screen.tasks))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expected silence, but Recorder<String> (state) received 1 value: [\"loaded\"]; "
          + "Recorder<String> (events) received 1 value: [\"toast\"]"
      ]
    }
  }

  /// Settling runs the scheduler's pending work to its due time: a debounce waiting for a
  /// pause fires inside the call, and its delivery is reported.
  @Test func pendingSchedulerWorkRunsAndItsDeliveriesAreReported() async {
    let scheduler = TestScheduler()
    let screen = Screen(scheduler: scheduler)
    let states = Recorder(screen.state.property, scheduler: scheduler)
    screen.type("ann")

    await withKnownIssue {
      await expectSilence(from: states, settling: scheduler)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expected silence, but Recorder<String> (state) received 1 value: [\"searching ann\"]"
      ]
    }
    #expect(states.timedValues.last == TimedValue(.milliseconds(300), "searching ann"))
  }

  /// A main-actor delivery already queued on the main queue runs inside the call.
  @Test func aDeliveryQueuedOnTheMainQueueIsReported() async {
    let events = EventSender<Int>()
    let recorder = Recorder(events.stream)

    DispatchQueue.main.async { events.send(1) }
    await withKnownIssue {
      await expectSilence(from: recorder)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expected silence, but Recorder<Int> (events) received 1 value: [1]"
      ]
    }
  }

  @Test func valuesRecordedBeforeTheCallAreNotCounted() async {
    let state = MutableProperty(1)
    let recorder = Recorder(state.property)
    state.value = 2

    await expectSilence(from: recorder)
    #expect(recorder.values == [1, 2])
  }

  @Test func aTaskThatNeverReturnsIsReportedAsUnsettled() async throws {
    let screen = Screen(scheduler: TestScheduler())
    let states = Recorder(screen.state.property)
    screen.load()
    _ = try await screen.call.requests(count: 1)

    await withKnownIssue {
      await expectSilence(
        from: states, tasks: TaskOwnerProbe(screen.tasks), timeout: .milliseconds(20))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expectSilence could not settle: gave up after 0.02 seconds waiting for a TaskOwner's "
          + "tasks to return (1 still running)"
      ]
    }
    screen.call.resolve(0, with: "loaded")
    try await screen.tasks.idle()
  }
}
