import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// A screen-like main-actor class. The handlers below mutate it directly, with no `await`,
/// `assumeIsolated` or unsafe annotation: that they compile under Swift 6 strict concurrency is
/// the proof that `receive(on: .mainActor)` handlers are main-actor isolated.
@MainActor private final class Screen {
  var shown: [String] = []
  /// Whether every handler call so far ran on the main queue (checked at run time as well).
  var alwaysOnMainQueue = true
  private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

  func show(_ text: String) {
    shown.append(text)
    if DispatchQueue.getSpecific(key: mainQueueKey) != true {
      alwaysOnMainQueue = false
    }
    if let waiter, shown.count >= waiter.count {
      self.waiter = nil
      waiter.continuation.resume()
    }
  }

  /// Suspends until `count` values have been shown. The values arrive through the main queue,
  /// which runs only while this test is suspended, so nothing can slip in before the wait.
  func waitUntilShown(_ count: Int) async {
    guard shown.count < count else { return }
    await withCheckedContinuation { continuation in
      waiter = (count, continuation)
    }
  }
}

/// Marks the main queue, to tell at run time that a handler runs there.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Suspends until everything already queued on the main queue has run (main queue is FIFO).
@MainActor private func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

/// Runs `body` on a dedicated background thread and blocks the main actor until it returns, so
/// anything it queues for the main queue cannot run before the caller looks.
@MainActor private func onBackgroundThreadAndWait(_ body: @escaping @Sendable () -> Void) {
  let done = startThread(body)
  waitOrFail(done, "the background thread")
}

@Suite(.timeLimit(.minutes(5))) @MainActor struct MainActorDeliveryTests {
  @Test func propertyOnTheMainActorRendersSynchronouslyWhenBoundOnMain() {
    let owner = MutableProperty("a")
    let screen = Screen()
    let token = owner.property.receive(on: .mainActor).sink { screen.show($0) }
    #expect(screen.shown == ["a"], "bind() renders the current state before sink returns")
    owner.value = "b"
    #expect(screen.shown == ["a", "b"])
    token.cancel()
    owner.value = "c"
    #expect(screen.shown == ["a", "b"])
    #expect(screen.alwaysOnMainQueue)
  }

  @Test func eventSentOnMainIsDeliveredSynchronously() {
    let sender = EventSender<String>()
    let screen = Screen()
    let token = sender.stream.receive(on: .mainActor).sink { screen.show($0) }
    sender.send("toast")
    #expect(screen.shown == ["toast"])
    token.cancel()
  }

  /// A value sent on the main thread with nothing queued is delivered in place. A cancel from
  /// the handler returns at once, and no later event may reach the handler.
  @Test func cancelFromAHandlerDeliveredInPlaceEndsDeliveryAtOnce() {
    let sender = EventSender<String>()
    let screen = Screen()
    let token = Slot<SubscriptionToken>()
    token.value =
      sender.stream.receive(on: .mainActor).sink { text in
        screen.show(text)
        token.take()?.cancel()
        screen.show("cancel returned")
      }
    sender.send("toast")
    sender.send("late")
    #expect(screen.shown == ["toast", "cancel returned"])
  }

  /// A stream built with `EventStream(subscribe:)` may call its handler from outside any Signals
  /// delivery. On the main thread the main-actor relay delivers such a value in place, and a
  /// cancel from the handler must return at once (the watchdog turns a hang into a crash with a
  /// message rather than a hung test run).
  @Test func cancelFromAHandlerCalledOutsideAnyDeliveryReturnsAtOnce() {
    let deliver = Slot<@Sendable (String) -> Void>()
    let stream = EventStream<String> { handler in
      deliver.value = handler
      return SubscriptionToken {}
    }
    let screen = Screen()
    let token = Slot<SubscriptionToken>()
    token.value =
      stream.receive(on: .mainActor).sink { text in
        screen.show(text)
        token.take()?.cancel()
        screen.show("cancel returned")
      }
    let watchdog = DeadlockWatchdog("cancel() inside a main-actor delivery made in place")
    deliver.value?("toast")  // on the main thread, outside any Signals delivery
    watchdog.finish()
    #expect(screen.shown == ["toast", "cancel returned"])
  }

  @Test func eventSentFromABackgroundThreadArrivesLaterOnTheMainActor() async {
    let sender = EventSender<String>()
    let screen = Screen()
    let token = sender.stream.receive(on: .mainActor).sink { screen.show($0) }
    onBackgroundThreadAndWait {
      sender.send("one")
      sender.send("two")
    }
    #expect(screen.shown == [], "not delivered on the background thread")
    await screen.waitUntilShown(2)
    #expect(screen.shown == ["one", "two"])
    #expect(screen.alwaysOnMainQueue)
    token.cancel()
  }

  @Test func propertySetFromABackgroundThreadArrivesLaterOnTheMainActor() async {
    let owner = MutableProperty(0)
    let screen = Screen()
    let token = owner.property.receive(on: .mainActor).sink { screen.show("\($0)") }
    onBackgroundThreadAndWait {
      owner.value = 1
      owner.value = 2
    }
    #expect(screen.shown == ["0"])
    await screen.waitUntilShown(3)
    #expect(screen.shown == ["0", "1", "2"])
    #expect(screen.alwaysOnMainQueue)
    token.cancel()
  }

  @Test func valueSentOnMainWaitsBehindValuesAlreadyQueuedForTheMainQueue() async {
    let sender = EventSender<String>()
    let screen = Screen()
    let token = sender.stream.receive(on: .mainActor).sink { screen.show($0) }
    onBackgroundThreadAndWait { sender.send("from background") }
    sender.send("from main")  // something is queued: this one must not jump ahead
    #expect(screen.shown == [])
    await screen.waitUntilShown(2)
    #expect(screen.shown == ["from background", "from main"])
    token.cancel()
  }

  /// A producer faster than the main actor's handler must not starve the main queue (issues 48
  /// and 50: a 5 ms heartbeat held off for a second, or for good). A job delivers what was
  /// queued when it started, then lets other main-queue work run; what was written while it ran
  /// comes in a later job. Here value 2 is written while value 1 is handled (by a background
  /// thread the handler waits for, or by the handler itself), after the handler queued a
  /// heartbeat on the main queue: the heartbeat runs first. Before, the job went on to deliver 2.
  @Test(arguments: [true, false])
  func aJobLeavesValuesWrittenWhileItRunsForALaterJob(writesFromBackground: Bool) async {
    let owner = MutableProperty(0)
    let log = Recorder<String>()
    let token = owner.property.receive(on: .mainActor).sink { value in
      log.record("value \(value)")
      guard value == 1 else { return }
      DispatchQueue.main.async { log.record("heartbeat") }
      if writesFromBackground {
        onBackgroundThreadAndWait { owner.value = 2 }
      } else {
        owner.value = 2
      }
    }
    onBackgroundThreadAndWait { owner.value = 1 }  // queued: a job delivers it
    for _ in 0..<4 where log.values.count < 4 {
      await drainMainQueue()
    }
    #expect(log.values == ["value 0", "value 1", "heartbeat", "value 2"])
    token.cancel()
  }

  @Test func cancellingDropsEventsQueuedForTheMainQueue() async {
    let sender = EventSender<String>()
    let screen = Screen()
    let token = sender.stream.receive(on: .mainActor).sink { screen.show($0) }
    onBackgroundThreadAndWait { sender.send("queued") }
    token.cancel()
    await drainMainQueue()
    #expect(screen.shown == [])
  }

  @Test func sinkWithOwnerOnTheMainActorPassesTheOwnerAndHoldsItWeakly() {
    let owner = MutableProperty(1)
    let log = Recorder<String>()
    weak var weakScreen: Screen?
    let token: SubscriptionToken
    do {
      let screen = Screen()
      weakScreen = screen
      token = owner.property.receive(on: .mainActor).sink(with: screen) { screen, value in
        screen.show("\(value)")
        log.record("\(value)")
      }
      owner.value = 2
      #expect(screen.shown == ["1", "2"])
    }
    #expect(weakScreen == nil)
    owner.value = 3
    #expect(log.values == ["1", "2"])
    token.cancel()
  }

  @Test func mainActorPropertyValueIsTheStoredValue() {
    let owner = MutableProperty(1)
    let onMain = owner.property.receive(on: .mainActor)
    owner.value = 2
    #expect(onMain.value == 2)
  }
}
