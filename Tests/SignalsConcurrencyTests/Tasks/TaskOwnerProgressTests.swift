import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwner`'s update form: updates follow the outcome's rules (main actor, in order,
/// skipped once the task is unwanted, never after the outcome).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerProgressTests {
  /// A screen showing one upload: each line of `log` is an update or the outcome, with the
  /// attempt it came from.
  @MainActor
  final class Screen {
    let tasks = TaskOwner()
    private(set) var log: [String] = []

    /// Starts attempt `attempt` under key "upload": its work reports every event of `updates`
    /// and then waits for `call`.
    func upload(
      attempt: Int, updates: EventStream<Int>, call: ControlledCall<Int, String>,
      throttle: UpdateThrottle? = nil
    ) {
      tasks.run(key: "upload", for: self, throttle: throttle) { (progress: UpdateReporter<Int>) in
        progress.report(from: updates)
        return try await call.call(attempt)
      } update: { screen, sent in
        screen.log.append("\(attempt): \(sent)%")
      } then: { screen, result in
        screen.log.append("\(attempt): " + ((try? result.get()) ?? "failed"))
      }
    }
  }

  /// Each test's screen, the updates its upload reports, and the call it waits for.
  let screen = Screen()
  let updates = EventSender<Int>()
  let call = ControlledCall<Int, String>()

  /// Starts attempt `attempt` of the upload over ``updates`` and ``call``, and waits until its
  /// work has subscribed to the updates: its request, the call's `attempt`th, is made.
  private func startUpload(attempt: Int, throttle: UpdateThrottle? = nil) async throws {
    screen.upload(attempt: attempt, updates: updates.stream, call: call, throttle: throttle)
    await call.requests(count: attempt)
  }

  @Test func updatesArriveInOrderOnTheMainActorThenTheOutcome() async throws {
    try await startUpload(attempt: 1)

    for sent in [10, 50, 90] { updates.send(sent) }
    await settle()
    #expect(screen.log == ["1: 10%", "1: 50%", "1: 90%"])

    call.resolve(0, with: "done")
    await settle(tasks: TaskOwnerProbe(screen.tasks))
    updates.send(100)  // after the outcome: the subscription has ended
    await settle()

    #expect(screen.log == ["1: 10%", "1: 50%", "1: 90%", "1: done"])
  }

  /// Updates reported just before the work returns, still on their way to the main actor, come
  /// before the outcome.
  @Test func updatesReportedBeforeTheOutcomeAreDeliveredBeforeIt() async throws {
    screen.tasks.run(for: screen) { (progress: UpdateReporter<Int>) in
      for sent in [25, 75] { progress.report(sent) }
      return "done"
    } update: { screen, sent in
      screen.append("\(sent)%")
    } then: { screen, result in
      screen.append(result.get())
    }
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.log == ["25%", "75%", "done"])
  }

  /// The stale update was already queued for the main actor when the retry replaced its
  /// attempt: it is dropped there, and only the retry's updates arrive.
  @Test func aStaleUpdateOfAReplacedAttemptNeverArrivesEvenOneAlreadyQueued() async throws {
    try await startUpload(attempt: 1)

    updates.send(40)  // queued for the main actor, not delivered yet
    try await startUpload(attempt: 2)  // in the same main-actor turn
    updates.send(10)
    call.resolve(1, with: "done")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.log == ["2: 10%", "2: done"])
    #expect(call.cancelledRequests == [1])
  }

  @Test func cancellingTheKeyDropsQueuedUpdatesAndEndsTheSubscription() async throws {
    try await startUpload(attempt: 1)

    updates.send(40)
    screen.tasks.cancel(key: "upload")
    updates.send(60)
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.log.isEmpty)
  }

  @Test func nothingArrivesAfterTheOwnerIsReleased() async throws {
    var owner: Screen? = Screen()  // a screen of its own, to release
    let keepsWaiting = ControlledCall<Int, String>(whenCancelled: .keepsWaitingForAnswer)
    let tasks = TaskOwnerProbe(try #require(owner).tasks)
    let log = Recorder(updates.stream)  // to see the updates were sent at all
    owner?.upload(attempt: 1, updates: updates.stream, call: keepsWaiting)
    await keepsWaiting.requests(count: 1)
    weak let released = owner

    updates.send(40)  // queued for the main actor
    owner = nil
    updates.send(60)
    keepsWaiting.resolve(0, with: "done")
    await settle(tasks: tasks)

    #expect(released == nil)
    #expect(log.values == [40, 60])
    #expect(tasks.unfinishedCount == 0)
  }

  /// The weak-holding rule of `sink(with:)`: an update that finds its `for:` object gone (its
  /// `TaskOwner` living on elsewhere) is skipped and ends the task, whose work is cancelled,
  /// instead of running on with nothing to call.
  @Test func anUpdateThatFindsItsObjectGoneEndsTheTask() async throws {
    final class Watcher {}
    let (tasks, updates, call) = (TaskOwner(), self.updates, self.call)
    var watcher: Watcher? = Watcher()
    let log = Recorder<String>()
    tasks.run(key: "upload", for: try #require(watcher)) { (progress: UpdateReporter<Int>) in
      progress.report(from: updates.stream)
      return try await call.call(1)
    } update: { _, sent in
      log.record("\(sent)%")
    } then: { _, result in
      log.record((try? result.get()) ?? "failed")
    }
    await call.requests(count: 1)
    updates.send(10)
    await settle()
    watcher = nil
    updates.send(20)
    await settle()

    #expect(log.values == ["10%"])
    #expect(call.cancelledRequests == [1])
    tasks.cancelAll()
    await settle(tasks: TaskOwnerProbe(tasks))
  }

  /// With a throttle, at most one update per interval reaches the screen: the first at once,
  /// then the latest of each interval when it ends.
  @Test func aThrottleDeliversTheLatestUpdateOfEachInterval() async throws {
    let scheduler = TestScheduler()
    try await startUpload(attempt: 1, throttle: .latest(per: .milliseconds(100), on: scheduler))

    for sent in [10, 20, 30] { updates.send(sent) }
    await settle(scheduler)
    #expect(screen.log == ["1: 10%"])

    scheduler.advance(by: .milliseconds(100))
    await settle(scheduler)
    #expect(screen.log == ["1: 10%", "1: 30%"])

    updates.send(40)  // held until the next interval ends, which the outcome supersedes
    call.resolve(0, with: "done")
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    scheduler.advance(by: .milliseconds(100))
    await settle(scheduler)

    #expect(screen.log == ["1: 10%", "1: 30%", "1: done"])
  }

  /// A throttled update queued for the main actor when the retry starts never arrives, and the
  /// retry's throttle starts afresh.
  @Test func aRetryDropsTheReplacedAttemptsThrottledUpdate() async throws {
    let scheduler = TestScheduler()
    let throttle = UpdateThrottle.latest(per: .milliseconds(100), on: scheduler)
    try await startUpload(attempt: 1, throttle: throttle)
    updates.send(10)
    await settle(scheduler)
    updates.send(70)

    scheduler.advance(by: .milliseconds(100))  // attempt 1's 70% is queued for the main actor
    try await startUpload(attempt: 2, throttle: throttle)
    updates.send(5)
    await settle(scheduler)

    #expect(screen.log == ["1: 10%", "2: 5%"])
    #expect(scheduler.pendingCount == 1)  // attempt 2's interval: attempt 1's timer is gone
  }
}

/// What the progress form subscribes to belongs to the task: each way a task ends, ends it.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskOwnerProgressSubscriptionTests {
  enum Ending: String, CaseIterable, Sendable {
    case cancelKey, replacement, outcome, releasingTheOwner
  }

  /// `stream`, counting its live subscriptions in `live`.
  static func counting(_ stream: EventStream<Int>, in live: Locked<Int>) -> EventStream<Int> {
    EventStream { handler in
      live.withLock { $0 += 1 }
      let token = stream.sink(handler)
      return SubscriptionToken {
        live.withLock { $0 -= 1 }
        token.cancel()
      }
    }
  }

  @Test(arguments: Ending.allCases)
  func theSubscriptionOfTheWorkEndsWithTheTask(_ ending: Ending) async throws {
    var screen: TaskOwnerProgressTests.Screen? = TaskOwnerProgressTests.Screen()
    let tasks = TaskOwnerProbe(try #require(screen).tasks)
    let live = Locked(0)
    let updates = Self.counting(EventSender<Int>().stream, in: live)
    let call = ControlledCall<Int, String>(whenCancelled: .keepsWaitingForAnswer)
    screen?.upload(attempt: 1, updates: updates, call: call)
    await call.requests(count: 1)
    #expect(live.withLock { $0 } == 1)

    switch ending {
    case .cancelKey: screen?.tasks.cancel(key: "upload")
    case .replacement: screen?.upload(attempt: 2, updates: EventSender<Int>().stream, call: call)
    case .outcome: call.resolve(0, with: "done")
    case .releasingTheOwner: screen = nil
    }
    await call.requests(count: ending == .replacement ? 2 : 1)
    for index in call.pendingIndices { call.resolve(index, with: "done") }
    await settle(tasks: tasks)

    #expect(live.withLock { $0 } == 0)
  }
}

extension TaskOwnerProgressTests.Screen {
  fileprivate func append(_ line: String) {
    log.append(line)
  }
}
