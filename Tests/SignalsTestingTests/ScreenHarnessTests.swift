import Signals
import SignalsConcurrency
import SignalsTesting
import Testing

/// `ScreenHarness`: one ordered log of a view model's outputs, asserted exhaustively, and one
/// wait that fails at once on an answer the test forgot.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ScreenHarnessTests {
  let model = Loader()
  let screen: ScreenHarness
  let state: ScreenOutput<String>
  let events: ScreenOutput<String>

  // snippet: screen-harness-wiring
  init() {
    screen = ScreenHarness(scheduler: model.scheduler, tasks: TaskOwnerProbe(model.tasks))
    state = screen.record(model.state, as: "state")
    events = screen.record(model.events, as: "events")
    screen.watch(model.fetch, as: "fetch")
  }
  // snippet-end

  // snippet: screen-harness-test
  @Test func aTestThatAssertsEveryEmissionInOrderPasses() async {
    model.load("a")
    await screen.advance(by: .milliseconds(300))
    await screen.resolve(model.fetch, 0, with: 7)
    await screen.expect(state, "idle", "loading a", "loaded 7")
    await screen.expect(events, "done 7")
    await screen.finish()
  }
  // snippet-end

  // snippet: screen-harness-forgotten-event
  @Test func aTestThatForgetsAnEventFailsAtFinishNamingIt() async {
    model.load("a")
    await screen.advance(by: .milliseconds(300))
    await screen.resolve(model.fetch, 0, with: 7)
    await screen.expect(state, "idle", "loading a", "loaded 7")
    await withKnownIssue {
      await screen.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "finish: 1 emission never asserted (expect them, or opt out with ignore(_:)):\n"
          + "  events: done 7 @ 300ms"
      ]
    }
  }
  // snippet-end

  @Test func aTestThatForgetsAStateFailsShowingBothSequences() async {
    model.load("a")
    await screen.resolve(model.fetch, 0, with: 7)
    await screen.expect(state, "idle", "loading a")
    await withKnownIssue {
      await screen.expect(events, "done 7")
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expect(events) did not match what arrived:\n"
          + "    expected       | arrived\n"
          + "  ✗ events: done 7 | state: loaded 7 @ 0ms\n"
          + "                   | events: done 7 @ 0ms"
      ]
    }
    await withKnownIssue {
      await screen.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "finish: 2 emissions never asserted (expect them, or opt out with ignore(_:)):\n"
          + "  state: loaded 7 @ 0ms\n  events: done 7 @ 0ms"
      ]
    }
  }

  @Test func anEmissionAtAnotherVirtualTimeFailsShowingBothTimes() async {
    await screen.advance(by: .milliseconds(300))
    model.load("a")
    await withKnownIssue {
      await screen.expect(state, "idle", "loading a", at: .zero)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "expect(state) did not match what arrived:\n"
          + "    expected               | arrived\n"
          + "    state: idle @ 0ms      | state: idle @ 0ms\n"
          + "  ✗ state: loading a @ 0ms | state: loading a @ 300ms\n"
          + "(the view model waits for: fetch: request #0 a)"
      ]
    }
    screen.ignoreAll()
    model.fetch.resolve(0, with: 1)
    await screen.finish()
  }

  // snippet: screen-harness-unanswered-call
  @Test func anUnansweredCallFailsTheFirstWaitAtOnceNamingTheRequest() async {
    model.load("a")
    await withKnownIssue {
      await screen.settle()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "settle: the view model waits for answers the test never gave: fetch: request #0 a"
      ]
    }
    model.fetch.resolve(0, with: 1)  // lets the task end
    screen.ignoreAll()
    await screen.finish()
  }
  // snippet-end

  @Test func anOutputOptedOutNeedsNoAssertionAndIsSkipped() async {
    screen.ignore(events)  // the test says so: events are not this test's subject
    model.load("a")
    await screen.resolve(model.fetch, 0, with: 7)
    model.load("b")
    await screen.resolve(model.fetch, 1, with: 8)
    // "done 7" arrived between "loaded 7" and "loading b": skipped, not a mismatch.
    await screen.expect(state, "idle", "loading a", "loaded 7", "loading b", "loaded 8")
    await screen.finish()
  }

  @Test func optingOutOfEverythingLeavesOnlyTheWait() async {
    screen.ignoreAll()
    model.load("a")
    await screen.resolve(model.fetch, 0, with: 7)
    await screen.finish()
  }

  @Test func takeReturnsTheNextValueOfAnOutput() async {
    model.load("a")
    await screen.resolve(model.fetch, 0, with: 7)
    #expect(await screen.take(state) == "idle")
    screen.skipRecorded()
    await screen.finish()
  }

  /// A view model in miniature: `load` shows loading, fetches, then shows the result and
  /// sends an event.
  @MainActor
  final class Loader {
    let scheduler = TestScheduler()
    let tasks = TaskOwner()
    let fetch = ControlledCall<String, Int>()
    private let stateOwner = MutableProperty("idle")
    private let sender = EventSender<String>()
    var state: Property<String> { stateOwner.property }
    var events: EventStream<String> { sender.stream }

    func load(_ query: String) {
      stateOwner.value = "loading \(query)"
      tasks.run(for: self) { [fetch] in
        try await fetch.call(query)
      } then: { loader, result in
        let found = (try? result.get()) ?? -1
        loader.stateOwner.value = "loaded \(found)"
        loader.sender.send("done \(found)")
      }
    }
  }
}
