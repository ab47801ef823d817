import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `TaskOwner.retrying`: attempts, backoff, reset after success, retry now, status as state;
/// on virtual time, with each attempt's connection a `ControlledCall` answered by the test.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct RetryingTests {
  struct Offline: Error, Equatable {}

  @MainActor
  final class Screen {
    let tasks = TaskOwner()
    var log: [String] = []
  }

  /// Attempt n calls `connect(n)`; the test answers with the feed of that attempt (or fails it).
  let connect = ControlledCall<Int, ControlledSequence<Int>>()
  let scheduler = TestScheduler()

  func start(on screen: Screen, backoff: Backoff = .exponential()) -> Retrying {
    let connect = self.connect
    let attempts = AttemptNumbers()
    return screen.tasks.retrying(key: "live", for: screen, backoff: backoff, on: scheduler) {
      updates throws in
      let feed = try await connect.call(attempts.next())
      for try await value in feed.throwingStream { updates.report(value) }
    } update: { screen, value in
      screen.log.append("update \(value)")
    } failed: { screen, _ in
      screen.log.append("failed")
    } ended: { screen in
      screen.log.append("ended")
    }
  }

  /// Fails the connection of attempt `index` and lets the failure reach the main actor.
  func failAttempt(_ index: Int, _ screen: Screen) async throws {
    await connect.requests(count: index + 1)
    connect.fail(index, with: Offline())
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
  }

  @Test func failuresWaitOneTwoFourEightThenEightSeconds() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    let status = Recorder(retry.status, scheduler: scheduler)

    for index in 0..<5 {
      try await failAttempt(index, screen)
      guard case .waiting(_, let delay) = retry.status.value else {
        Issue.record("not waiting after failure \(index + 1)")
        return
      }
      scheduler.advance(by: delay)
    }
    await connect.requests(count: 6)

    #expect(
      status.values == [
        .connecting(attempt: 1), .waiting(attempt: 2, delay: .seconds(1)),
        .connecting(attempt: 2), .waiting(attempt: 3, delay: .seconds(2)),
        .connecting(attempt: 3), .waiting(attempt: 4, delay: .seconds(4)),
        .connecting(attempt: 4), .waiting(attempt: 5, delay: .seconds(8)),
        .connecting(attempt: 5), .waiting(attempt: 6, delay: .seconds(8)),
        .connecting(attempt: 6),
      ])
    #expect(
      status.timedValues.map(\.time) == [0, 0, 1, 1, 3, 3, 7, 7, 15, 15, 23].map { .seconds($0) })
    #expect(connect.requests == [1, 2, 3, 4, 5, 6])
    #expect(screen.log == Array(repeating: "failed", count: 5))
    screen.tasks.cancelAll()
  }

  @Test func anAttemptThatDeliveredResetsTheBackoff() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    try await failAttempt(0, screen)
    scheduler.advance(by: .seconds(1))
    try await failAttempt(1, screen)
    scheduler.advance(by: .seconds(2))  // attempt 3 starts at 3 s
    await connect.requests(count: 3)
    let feed = ControlledSequence<Int>()
    connect.resolve(2, with: feed)
    await feed.send(7)
    await settle(scheduler)
    #expect(retry.status.value == .connected(attempt: 3))

    await feed.fail(with: Offline())
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))

    #expect(retry.status.value == .waiting(attempt: 4, delay: .seconds(1)))  // not 4 s
    #expect(screen.log == ["failed", "failed", "update 7", "failed"])
    screen.tasks.cancelAll()
  }

  /// Polling until an answer settles is the same loop: each attempt asks once and reports the
  /// answer; one not final yet throws, so the next poll follows `backoff`'s first delay (the
  /// attempt delivered, so the count restarted), a failed poll backs off, a final answer ends it.
  @Test func pollingUntilTheAnswerSettlesIsTheSameLoop() async throws {
    struct NotSettled: Error {}
    let screen = Screen()
    let poll = ControlledCall<Int, String>()
    let attempts = AttemptNumbers()
    let payment = screen.tasks.retrying(
      key: "payment", for: screen, backoff: .exponential(first: .seconds(2)), on: scheduler
    ) { updates in
      let answer = try await poll.call(attempts.next())
      updates.report(answer)
      if answer == "pending" { throw NotSettled() }  // not final: poll again
    } update: { screen, answer in
      screen.log.append(answer)
    } failed: { screen, error in
      screen.log.append(error is NotSettled ? "not settled" : "failed")
    } ended: { screen in
      screen.log.append("ended")
    }
    let status = Recorder(payment.status, scheduler: scheduler)

    await poll.requests(count: 1)
    poll.resolve(0, with: "pending")
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    scheduler.advance(by: .seconds(2))
    await poll.requests(count: 2)
    poll.fail(1, with: Offline())
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    scheduler.advance(by: .seconds(4))
    await poll.requests(count: 3)
    poll.resolve(2, with: "paid")
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    scheduler.advance(by: .seconds(60))

    #expect(screen.log == ["pending", "not settled", "failed", "paid", "ended"])
    #expect(
      status.values == [
        .connecting(attempt: 1), .connected(attempt: 1), .waiting(attempt: 2, delay: .seconds(2)),
        .connecting(attempt: 2), .waiting(attempt: 3, delay: .seconds(4)),
        .connecting(attempt: 3), .connected(attempt: 3), .ended,
      ])
    #expect(status.timedValues.map(\.time) == [0, 0, 0, 2, 2, 6, 6, 6].map { .seconds($0) })
    #expect(poll.requests == [1, 2, 3])
  }

  @Test func retryNowStartsTheNextAttemptAndTheDelayNeverFires() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    try await failAttempt(0, screen)
    #expect(retry.status.value == .waiting(attempt: 2, delay: .seconds(1)))

    retry.retryNow()
    #expect(retry.status.value == .connecting(attempt: 2))
    scheduler.advance(by: .seconds(10))
    await connect.requests(count: 2)
    await settle(scheduler)

    #expect(connect.requests.count == 2)  // the cancelled delay started no third attempt
    retry.retryNow()  // connecting: nothing to do
    #expect(connect.requests.count == 2)
    screen.tasks.cancelAll()
  }

  /// `retryNow()` from a status handler, as the status turns to waiting: the delay is already
  /// scheduled then, so it is cancelled, and its end starts no second attempt.
  @Test func retryNowFromAStatusHandlerCancelsTheDelay() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    let status = Recorder(retry.status, scheduler: scheduler)
    let retries = retry.status.sink { status in
      guard case .waiting = status else { return }
      MainActor.assumeIsolated { retry.retryNow() }  // set on the main actor, delivered there
    }
    await connect.requests(count: 1)
    connect.fail(0, with: Offline())
    await connect.requests(count: 2)  // the handler's retry
    scheduler.advance(by: .seconds(60))

    #expect(
      status.values == [
        .connecting(attempt: 1), .waiting(attempt: 2, delay: .seconds(1)), .connecting(attempt: 2),
      ])
    retries.cancel()
    screen.tasks.cancelAll()
  }

  @Test func aStreamThatEndsEndsTheLoop() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    await connect.requests(count: 1)
    let feed = ControlledSequence<Int>()
    connect.resolve(0, with: feed)
    await feed.send(1)
    await feed.finish()
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    scheduler.advance(by: .seconds(60))

    #expect(screen.log == ["update 1", "ended"])
    #expect(retry.status.value == .ended)
    #expect(connect.requests.count == 1)
  }

  @Test func cancellingTheKeyStopsTheAttemptAndThePendingDelay() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    try await failAttempt(0, screen)

    screen.tasks.cancel(key: "live")
    scheduler.advance(by: .seconds(60))
    await settle(scheduler)

    #expect(retry.status.value == .stopped)
    #expect(connect.requests.count == 1)
    #expect(scheduler.pendingCount == 0)
    retry.retryNow()  // stopped: nothing to do
    #expect(connect.requests.count == 1)
  }

  @Test func cancellingDuringAnAttemptDeliversNothingMore() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    await connect.requests(count: 1)
    let feed = ControlledSequence<Int>()
    connect.resolve(0, with: feed)
    await feed.send(1)
    await settle(scheduler)

    screen.tasks.cancelAll()
    await feed.cancellation()
    await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.log == ["update 1"])
    #expect(retry.status.value == .stopped)
  }

  /// The status changes to `.connected` once `update` has applied the update that connected
  /// the attempt: a screen that reads its state on `.connected` sees that update.
  @Test func connectedArrivesAfterItsUpdateIsApplied() async throws {
    let screen = Screen()
    let retry = start(on: screen)
    let statuses = retry.status.receive(on: .mainActor).sink(with: screen) { screen, status in
      screen.log.append("status \(status)")
    }
    await connect.requests(count: 1)
    let feed = ControlledSequence<Int>()
    connect.resolve(0, with: feed)
    await feed.send(7)
    await feed.send(8)
    await settle(scheduler)

    #expect(
      screen.log == [
        "status connecting(attempt: 1)", "update 7", "status connected(attempt: 1)", "update 8",
      ])
    statuses.cancel()
    screen.tasks.cancelAll()
  }

  /// The article's shape: the status subscription is owned beside the loop it watches, after
  /// it. `cancelAll()` cancels the newest first, so the subscription ends before the loop
  /// stops and never hears `.stopped`, in every run (each owner has a fresh dictionary).
  @Test func aStatusSubscriptionOwnedAfterTheLoopNeverHearsItsStopFromCancelAll() async throws {
    for _ in 0..<16 {
      let screen = Screen()
      let retry = start(on: screen)
      let heard = Locked<[RetryStatus]>([])
      screen.tasks.own(
        retry.status.sink { status in heard.withLock { $0.append(status) } }, key: "status")

      screen.tasks.cancelAll()

      #expect(heard.withLock { $0 } == [.connecting(attempt: 1)])
      #expect(retry.status.value == .stopped)
      await settle(scheduler, tasks: TaskOwnerProbe(screen.tasks))
    }
  }

  /// The `for:` object released while the loop waits (its `TaskOwner` lives on elsewhere): the
  /// delay's end starts no attempt, and the status becomes `.stopped`.
  @Test func aReleasedOwnerEndsTheLoopInsteadOfItsNextAttempt() async throws {
    var screen: Screen? = Screen()
    let tasks = try #require(screen).tasks
    let retry = start(on: try #require(screen))
    let status = Recorder(retry.status, scheduler: scheduler)
    try await failAttempt(0, try #require(screen))

    screen = nil
    scheduler.advance(by: .seconds(1))
    await settle(scheduler)

    #expect(
      status.values == [
        .connecting(attempt: 1), .waiting(attempt: 2, delay: .seconds(1)), .stopped,
      ])
    #expect(connect.requests.count == 1)
    #expect(scheduler.pendingCount == 0)
    tasks.cancelAll()
    #expect(status.values.count == 3)  // stopped once
    await settle(scheduler, tasks: TaskOwnerProbe(tasks))
  }

  /// The `for:` object released while an attempt runs: the attempt's end stops the loop (no
  /// delay, no next attempt) and the status becomes `.stopped`, not left at `.connecting`.
  @Test func aReleasedOwnerEndsTheLoopWhenItsAttemptEnds() async throws {
    var screen: Screen? = Screen()
    let tasks = try #require(screen).tasks
    let retry = start(on: try #require(screen))
    let status = Recorder(retry.status, scheduler: scheduler)
    await connect.requests(count: 1)

    screen = nil
    connect.fail(0, with: Offline())
    await settle(scheduler, tasks: TaskOwnerProbe(tasks))
    scheduler.advance(by: .seconds(60))
    await settle(scheduler)

    #expect(status.values == [.connecting(attempt: 1), .stopped])
    #expect(connect.requests.count == 1)
    #expect(scheduler.pendingCount == 0)
    tasks.cancelAll()
    await settle(scheduler, tasks: TaskOwnerProbe(tasks))
  }

  @Test func backoffDelays() {
    let failures = 1...5
    #expect(
      failures.map { Backoff.exponential().delay(afterFailures: $0) }
        == [1, 2, 4, 8, 8].map { .seconds($0) })
    let capped = Backoff.exponential(first: .seconds(2), cap: .seconds(5))
    #expect(
      failures.map { capped.delay(afterFailures: $0) } == [2, 4, 5, 5, 5].map { .seconds($0) })
    let backoff = Backoff([.seconds(1), .seconds(5)])
    #expect((1...4).map { backoff.delay(afterFailures: $0) } == [1, 5, 5, 5].map { .seconds($0) })
  }
}

/// Numbers the attempts from 1, from the attempts' own tasks.
private final class AttemptNumbers: Sendable {
  private let count = Locked(0)

  func next() -> Int {
    count.withLock { value in
      value += 1
      return value
    }
  }
}
