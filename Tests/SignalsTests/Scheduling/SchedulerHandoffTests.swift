import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// The first value of a burst through `receive(on:)` a scheduler, handed to the job that
/// delivers it: released inside that job's round, dropped at once by a cancellation. (The second edition handed it over in a slot of its
/// own, with no lock; the third queues it like any value, and these tests hold it to the same
/// promises.) The race at the end runs them against a canceller on another thread (under
/// `--sanitize=thread` in CI, an access that races is reported too). Values queued behind it,
/// delivered in order by the same job:
/// `ReceiveOnTests.valuesSentBeforeTheDeliveryJobRunsAreDeliveredByThatOneJob` and
/// `PerformanceRegressionTests.receiveOnASchedulerKeepsOrder`.
@Suite(.timeLimit(.minutes(5)), .dedicatedThread) struct SchedulerHandoffTests {
  /// Cancelling while the job waits drops the handed-off value at once, not when the job runs,
  /// and the job then delivers nothing.
  @Test func cancellingReleasesAHandedOffValueAtOnce() {
    let released = Flag()
    let scheduler = TestScheduler()
    let sender = EventSender<OnDeinit>()
    let calls = Counter()
    let token = sender.stream.receive(on: scheduler).sink { _ in calls.increment() }
    sender.send(OnDeinit { released.raise() })
    #expect(!released.isRaised, "the value waits in the relay for its job")
    token.cancel()
    #expect(released.isRaised, "cancel() released the handed-off value")
    scheduler.run()
    #expect(calls.value == 0)
  }

  /// The same with values queued behind the handed-off one: every one of them is released by
  /// the cancellation.
  @Test func cancellingReleasesTheHandedOffValueAndTheValuesQueuedBehindIt() {
    let released = Recorder<String>()
    let scheduler = TestScheduler()
    let sender = EventSender<OnDeinit>()
    let calls = Counter()
    let token = sender.stream.receive(on: scheduler).sink { _ in calls.increment() }
    for name in ["handed off", "queued 1", "queued 2"] {
      sender.send(OnDeinit { released.record(name) })
    }
    token.cancel()
    #expect(Set(released.values) == ["handed off", "queued 1", "queued 2"])
    scheduler.run()
    #expect(calls.value == 0)
  }

  /// The handed-off value is released inside the round that delivered it: what its `deinit`
  /// does (user code) belongs to that delivery. Here it sends again; the round is still
  /// running, so the new value is queued behind and delivered by the same job, not handed to a
  /// second one.
  @Test func aHandedOffValueIsReleasedBeforeItsRoundEnds() {
    let scheduler = CountingScheduler()
    let sender = EventSender<OnDeinit?>()
    let received = Recorder<String>()
    let token = sender.stream.receive(on: scheduler).sink { value in
      received.record(value == nil ? "sent from the deinit" : "handed off")
    }
    sender.send(OnDeinit { sender.send(nil) })
    scheduler.clock.advance()
    #expect(received.values == ["handed off", "sent from the deinit"])
    #expect(scheduler.jobs.value == 1, "the value sent from the deinit needed no job of its own")
    token.cancel()
  }

}

/// A `TestScheduler` that counts the jobs it is given.
private final class CountingScheduler: SignalScheduler {
  var now: Duration { clock.now }

  let clock = TestScheduler()
  let jobs = Counter()

  func schedule(_ action: @escaping @Sendable () -> Void) {
    jobs.increment()
    clock.schedule(action)
  }

  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
    -> SubscriptionToken
  {
    jobs.increment()
    return clock.schedule(after: delay, action)
  }
}
