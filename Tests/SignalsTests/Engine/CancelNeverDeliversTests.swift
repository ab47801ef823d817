import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// Only a sender (or a scheduler job) delivers other subscribers' values: a thread that cancels,
/// or subscribes, delivers nothing to anyone else, so its `cancel()` can neither be kept busy by
/// another thread's sends nor block on another subscriber's handler.
///
/// Nothing here depends on timing: the threads meet through semaphores and flags; the only
/// bounds are hang guards (a send count far beyond what a passing run needs, and
/// ``hangGuard`` on every wait) that turn a livelock or a deadlock into a failure.
@Suite(.dedicatedThread) struct CancelNeverDeliversTests {
  /// Which face the churner subscribes to: an event stream, or a property (whose subscriber also
  /// receives its replay, on the subscribing thread, which is its own value, not another's).
  enum Face: CaseIterable, Sendable {
    case eventStream, property

    /// A new channel of this face: how to write to it, and how to subscribe to it.
    func make() -> (
      send: @Sendable (Int) -> Void,
      subscribe: @Sendable (@escaping @Sendable (Int) -> Void) -> SubscriptionToken
    ) {
      switch self {
      case .eventStream:
        let events = EventSender<Int>()
        return ({ events.send($0) }, { events.stream.sink($0) })
      case .property:
        let state = MutableProperty(0)
        return ({ state.value = $0 }, { state.property.sink($0) })
      }
    }
  }

  @Test(arguments: Face.allCases)
  func aChurnerBesideATightLoopSenderNeverDeliversAndEveryCancelReturnsWhileItSends(face: Face) {
    let channel = face.make()
    let send = channel.send
    let subscribe = channel.subscribe

    let deliveredOnChurner = Flag()
    let received = Counter()
    let kept = subscribe { _ in
      received.increment()
      if ThreadRole.current == .churner { deliveredOnChurner.raise() }
    }
    let churnerDone = Flag()
    let senderStoppedEarly = Flag()
    let sending = startThread {
      // The bound is a hang guard only: a passing run stops when the churner is done.
      var sent = 1
      while !churnerDone.isRaised {
        guard sent < 50_000_000, !deliveredOnChurner.isRaised else {
          senderStoppedEarly.raise()
          return
        }
        send(sent)
        sent += 1
      }
    }
    let churning = startThread {
      ThreadRole.$current.withValue(.churner) {
        let sendsBefore = received.value
        _ = waitUntil("the sender to start") { received.value > sendsBefore + 1 }
        for _ in 0..<20_000 {
          let token = subscribe { _ in }
          token.cancel()
          if deliveredOnChurner.isRaised { break }
        }
      }
      churnerDone.raise()
    }
    waitOrFail(churning, "the churner's subscribes and cancels to return")
    waitOrFail(sending, "the sender to stop")
    #expect(!deliveredOnChurner.isRaised, "a cancel or subscribe delivered another's value")
    #expect(!senderStoppedEarly.isRaised, "a cancel returned only once the sender stopped")
    withExtendedLifetime(kept) {}
  }

  @Test func cancelDoesNotBlockOnAHandlerThatWaitsForTheCancellingThread() {
    let sender = EventSender<Int>()
    let cancelReturned = DispatchSemaphore(value: 0)
    let sentOrDelivered = DispatchSemaphore(value: 0)
    let calledOnCanceller = Flag()
    // Waits for the cancelling thread, as a handler calling `DispatchQueue.main.sync` waits for
    // the main thread: called on the cancelling thread itself, it would wait forever, so it
    // records that instead.
    let waiting = sender.stream.sink { _ in
      guard ThreadRole.current != .canceller else {
        calledOnCanceller.raise()
        return
      }
      sentOrDelivered.signal()
      waitOrFail(cancelReturned, "the cancelling thread's cancel() to return")
    }
    let sendingThread = Slot<DispatchSemaphore>()
    var cancelled: SubscriptionToken?
    do {
      // Releasing the cancelled handler releases this: another thread sends meanwhile, and
      // the release goes on once that value is sent (queued, or being delivered).
      let onRelease = OnDeinit {
        sendingThread.value = startThread {
          sender.send(1)
          sentOrDelivered.signal()
        }
        waitOrFail(sentOrDelivered, "the other thread's send")
      }
      cancelled = sender.stream.sink { _ in withExtendedLifetime(onRelease) {} }
    }
    guard let token = cancelled.take() else { preconditionFailure("just subscribed") }
    let cancelling = startThread {
      ThreadRole.$current.withValue(.canceller) { token.cancel() }
      cancelReturned.signal()
    }
    waitOrFail(cancelling, "cancel() to return")
    if let sending = sendingThread.value {
      waitOrFail(sending, "the send to return")
    } else {
      Issue.record("releasing the cancelled handler did not run its captures' deinit")
    }
    #expect(!calledOnCanceller.isRaised, "cancel() delivered another subscriber's value")
    withExtendedLifetime(waiting) {}
  }
}

/// Which role a test gave the current thread: a task-local value, read by handlers to find
/// out which thread calls them.
enum ThreadRole: Sendable {
  case churner, canceller

  @TaskLocal static var current: ThreadRole?
}
