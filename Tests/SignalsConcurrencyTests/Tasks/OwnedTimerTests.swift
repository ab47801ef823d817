import Dispatch
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwner.after` and `TaskOwner.every`, and tokens owned under keys: on virtual time.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct OwnedTimerTests {
  @MainActor
  final class Screen {
    let tasks = TaskOwner()
    var log: [String] = []
  }

  @Test func aRepeatingTimerTicksOncePerIntervalOnTheMainActor() {
    let scheduler = TestScheduler()
    let screen = Screen()
    screen.tasks.every(.seconds(1), key: "clock", on: scheduler, for: screen) { screen in
      MainActor.preconditionIsolated()
      screen.log.append("tick at \(scheduler.now)")
    }

    scheduler.advance(by: .milliseconds(999))
    #expect(screen.log.isEmpty)
    scheduler.advance(by: .milliseconds(2_001))
    #expect(screen.log == ["tick at 1.0 seconds", "tick at 2.0 seconds", "tick at 3.0 seconds"])
  }

  @Test func aOneShotTimerFiresOnce() {
    let scheduler = TestScheduler()
    let screen = Screen()
    screen.tasks.after(.seconds(5), key: "hint", on: scheduler, for: screen) { screen in
      screen.log.append("hint at \(scheduler.now)")
    }

    scheduler.advance(by: .seconds(60))
    #expect(screen.log == ["hint at 5.0 seconds"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func cancellingTheKeyStopsTheTimerAndItsPendingFiring() {
    let scheduler = TestScheduler()
    let screen = Screen()
    screen.tasks.every(.seconds(1), key: "clock", on: scheduler, for: screen) { screen in
      screen.log.append("tick \(scheduler.now)")
    }
    scheduler.advance(by: .seconds(1))
    screen.tasks.cancel(key: "clock")
    scheduler.advance(by: .seconds(10))

    #expect(screen.log == ["tick 1.0 seconds"])
    #expect(scheduler.pendingCount == 0)
  }

  @Test func replacingATimerUnderItsKeyDeliversNoTickOfTheOldOne() {
    let scheduler = TestScheduler()
    let screen = Screen()
    screen.tasks.every(.seconds(1), key: "clock", on: scheduler, for: screen) { screen in
      screen.log.append("old \(scheduler.now)")
    }
    scheduler.advance(by: .milliseconds(500))
    screen.tasks.every(.seconds(2), key: "clock", on: scheduler, for: screen) { screen in
      screen.log.append("new \(scheduler.now)")
    }
    scheduler.advance(by: .seconds(5))

    #expect(screen.log == ["new 2.5 seconds", "new 4.5 seconds"])
  }

  @Test func aTickHandlerThatCancelsItsTimerEndsIt() {
    let scheduler = TestScheduler()
    let screen = Screen()
    var remaining = 3
    screen.tasks.every(.seconds(1), key: "countdown", on: scheduler, for: screen) { screen in
      remaining -= 1
      screen.log.append("\(remaining)")
      if remaining == 0 { screen.tasks.cancel(key: "countdown") }
    }
    scheduler.advance(by: .seconds(10))

    #expect(screen.log == ["2", "1", "0"])
    #expect(scheduler.pendingCount == 0)
  }

  /// The generation check: a tick the scheduler ran off the main actor is on its way (queued on
  /// the main queue) when the screen cancels the timer; it must not be delivered. Timer `b`,
  /// not cancelled, shows that a queued tick is delivered otherwise.
  @Test func aTickAlreadyOnItsWayWhenCancelledIsNotDelivered() async {
    let scheduler = TestScheduler()
    let screen = Screen()
    for key in ["a", "b"] {
      screen.tasks.every(.seconds(1), key: key, on: scheduler, for: screen) { screen in
        screen.log.append(key)
      }
    }
    // The clock advances on another thread while the main actor waits: both ticks are queued
    // on the main queue, behind this turn.
    let advanced = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      scheduler.advance(by: .seconds(1))
      advanced.signal()
    }
    waitOrFail(advanced, "the advance on another thread")
    #expect(screen.log.isEmpty)
    screen.tasks.cancel(key: "a")  // same main-actor turn: a's queued tick is still ahead
    await settle(scheduler)

    #expect(screen.log == ["b"])
  }

  @Test func cancelAllStopsTasksTimersAndOwnedTokensInOneCall() async throws {
    let scheduler = TestScheduler()
    let screen = Screen()
    let call = ControlledCall<String, String>()
    let feed = EventSender<String>()
    screen.tasks.run(key: "load", for: screen) {
      try await call.call("a")
    } then: { screen, _ in
      screen.log.append("applied")
    }
    screen.tasks.every(.seconds(1), key: "clock", on: scheduler, for: screen) { screen in
      screen.log.append("tick")
    }
    screen.tasks.own(
      feed.stream.receive(on: .mainActor).sink { [weak screen] in screen?.log.append($0) },
      key: "feed")
    screen.tasks.own(
      feed.stream.receive(on: .mainActor).sink { [weak screen] in
        screen?.log.append("unkeyed \($0)")
      })
    feed.send("x")
    await call.requests(count: 1)

    screen.tasks.cancelAll()  // the call sees the cancellation: the task ends, applying nothing
    feed.send("y")
    scheduler.advance(by: .seconds(5))
    await settle(tasks: TaskOwnerProbe(screen.tasks))
    await settle(scheduler)

    #expect(screen.log == ["x", "unkeyed x"])
  }

  @Test func aKeyHoldsOneWorkAtATimeTaskOrToken() async throws {
    let screen = Screen()
    let feed = EventSender<String>()
    let call = ControlledCall<String, String>()
    screen.tasks.own(
      feed.stream.receive(on: .mainActor).sink { [weak screen] in screen?.log.append($0) },
      key: "live")
    feed.send("1")
    // A task under the same key replaces the subscription (latest wins)...
    screen.tasks.run(key: "live", for: screen) {
      try await call.call("a")
    } then: { screen, result in
      screen.log.append((try? result.get()) ?? "failed")
    }
    feed.send("2")
    // ...and a token under it replaces (cancels) the task, whose result is then never applied.
    screen.tasks.own(
      feed.stream.receive(on: .mainActor).sink { [weak screen] in screen?.log.append("again \($0)")
      }, key: "live")
    await call.requests(count: 1)
    feed.send("3")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.log == ["1", "again 3"])
  }

  @Test func releasingTheOwnerCancelsItsTimersAndTokens() {
    let scheduler = TestScheduler()
    let feed = EventSender<String>()
    let log = LogBox()
    var tasks: TaskOwner? = TaskOwner()
    let screen = Screen()
    tasks?.every(.seconds(1), key: "clock", on: scheduler, for: screen) { _ in
      log.entries.append("tick")
    }
    tasks?.own(feed.stream.sink { value in MainActor.assumeIsolated { log.entries.append(value) } })
    tasks = nil
    feed.send("x")
    scheduler.advance(by: .seconds(3))

    #expect(log.entries.isEmpty)
    #expect(scheduler.pendingCount == 0)
  }

  /// The `for:` object gone while its owner of tasks lives on: the next tick calls nothing
  /// and the timer stops there, instead of firing for nobody every interval.
  @Test func aRepeatingTimerWhoseObjectIsGoneStopsAtItsNextTick() throws {
    let scheduler = TestScheduler()
    let tasks = TaskOwner()
    var screen: Screen? = Screen()
    let log = LogBox()
    tasks.every(.seconds(1), key: "clock", on: scheduler, for: try #require(screen)) { _ in
      log.entries.append("tick \(scheduler.now)")
    }
    scheduler.advance(by: .seconds(1))

    screen = nil
    scheduler.advance(by: .seconds(1))

    #expect(log.entries == ["tick 1.0 seconds"])
    #expect(scheduler.pendingCount == 0)
  }

  @MainActor final class LogBox { var entries: [String] = [] }
}
