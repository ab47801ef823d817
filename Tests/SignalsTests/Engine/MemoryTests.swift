import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// What is retained by whom: a subscription keeps its handler (and what it captured) alive until
/// it ends, and nothing else; owners are never kept alive by their subscribers.
@Suite struct MemoryTests {
  /// The sources every chain below is built on.
  struct Sources {
    let owner = MutableProperty(0)
    let other = MutableProperty(0)
    let sender = EventSender<Int>()
    let scheduler = TestScheduler()

    /// Sends, sets and runs scheduled work so every operator has internal state to hold on to.
    func exercise() {
      for value in 1...3 {
        owner.value = value
        other.value = value
        sender.send(value)
      }
      scheduler.run()
    }
  }

  /// One way of subscribing; each goes through a different operator's internals.
  enum Chain: String, CaseIterable, Sendable {
    case propertySink
    case propertyMap
    case propertyRemoveDuplicates
    case propertyCombineLatest
    case propertyChanges
    case propertyReceiveOnScheduler
    case eventSink
    case eventMap
    case eventFilter
    case eventCompactMap
    case eventRemoveDuplicates
    case eventDebounce
    case eventReceiveOnScheduler

    func subscribe(
      _ sources: Sources, _ handler: @escaping @Sendable (Int) -> Void
    ) -> SubscriptionToken {
      let property = sources.owner.property
      let stream = sources.sender.stream
      switch self {
      case .propertySink: return property.sink(handler)
      case .propertyMap: return property.map { $0 + 1 }.sink(handler)
      case .propertyRemoveDuplicates: return property.removeDuplicates().sink(handler)
      case .propertyCombineLatest:
        return Property.combineLatest(property, sources.other.property).map { $0 + $1 }.sink(
          handler)
      case .propertyChanges: return property.changes.sink(handler)
      case .propertyReceiveOnScheduler:
        return property.receive(on: sources.scheduler).sink(handler)
      case .eventSink: return stream.sink(handler)
      case .eventMap: return stream.map { $0 + 1 }.sink(handler)
      case .eventFilter: return stream.filter { $0 > 1 }.sink(handler)
      case .eventCompactMap: return stream.compactMap { $0 > 1 ? $0 : nil }.sink(handler)
      case .eventRemoveDuplicates: return stream.removeDuplicates().sink(handler)
      case .eventDebounce:
        return stream.debounce(for: .milliseconds(10), scheduler: sources.scheduler).sink(handler)
      case .eventReceiveOnScheduler: return stream.receive(on: sources.scheduler).sink(handler)
      }
    }
  }

  @Test(arguments: Chain.allCases, [true, false])
  func endingASubscriptionReleasesItsHandlerAndCaptures(chain: Chain, byCancel: Bool) {
    let sources = Sources()
    weak var weakCapture: Tracked?
    var token: SubscriptionToken?
    do {
      let capture = Tracked()
      weakCapture = capture
      token = chain.subscribe(sources) { _ in _ = capture }
    }
    sources.exercise()
    #expect(weakCapture != nil, "a live subscription keeps its handler")
    if byCancel {
      token?.cancel()
      // cancel() alone releases the handler, while the token still exists.
      #expect(weakCapture == nil, "cancel() kept the handler alive while the token lived")
    }
    token = nil
    #expect(weakCapture == nil)
    sources.exercise()
  }

  @Test func propertyOwnerWithNoTokensIsDeallocatedWithItsStoredValue() {
    weak var weakOwner: MutableProperty<Tracked>?
    weak var weakStored: Tracked?
    do {
      let owner = MutableProperty(Tracked("first"))
      let stored = Tracked("second")
      owner.value = stored
      weakOwner = owner
      weakStored = stored
      let recorder = Recorder(owner.property.map { $0.name })
      #expect(recorder.values == ["second"])
      recorder.cancel()
    }
    #expect(weakOwner == nil)
    #expect(weakStored == nil, "the delivery machinery holding the value is gone too")
  }

  @Test func ownerIsDeallocatedEvenWhileATokenIsAliveAndTheTokenStaysHarmless() {
    weak var weakOwner: MutableProperty<Tracked>?
    weak var weakStored: Tracked?
    var token: SubscriptionToken?
    do {
      let stored = Tracked()
      let owner = MutableProperty(stored)
      weakOwner = owner
      weakStored = stored
      token = owner.property.sink { _ in }
    }
    #expect(weakOwner == nil, "subscribers never keep the owner alive")
    token?.cancel()
    token = nil
    #expect(weakStored == nil)
  }

  @Test func eventSenderWithNoTokensIsDeallocated() {
    weak var weakSender: EventSender<Int>?
    weak var weakCapture: Tracked?
    var token: SubscriptionToken?
    do {
      let sender = EventSender<Int>()
      let capture = Tracked()
      weakSender = sender
      weakCapture = capture
      token = sender.stream.sink { _ in _ = capture }
      sender.send(1)
    }
    withExtendedLifetime(token) {
      #expect(weakSender == nil, "subscribers never keep the sender alive")
      #expect(weakCapture != nil, "a live token keeps its handler")
    }
    token = nil
    #expect(weakCapture == nil)
  }

  /// `receive(on:)`'s delivery job holds its relay, and with it the values queued for the
  /// subscriber, until the scheduler runs the job or lets go of it. A scheduler that never runs
  /// it must still free them when it goes: the relay does not hold the scheduler (that cycle
  /// would keep both alive for ever).
  @Test func valuesQueuedForASchedulerThatNeverRunsAreFreedWithTheScheduler() {
    let sender = EventSender<Tracked>()
    weak var weakScheduler: TestScheduler?
    weak var weakQueued: Tracked?
    var token: SubscriptionToken?
    do {
      let scheduler = TestScheduler()
      weakScheduler = scheduler
      token = sender.stream.receive(on: scheduler).sink { _ in }
      let queued = Tracked("queued")
      weakQueued = queued
      sender.send(queued)
    }
    withExtendedLifetime(token) {
      #expect(weakQueued != nil, "queued for a job that has not run")
    }
    token = nil
    #expect(weakScheduler == nil, "the subscription's end let go of the scheduler")
    #expect(weakQueued == nil, "the dropped job let go of the relay and its queue")
  }

  /// Subscribes a `Tracked` screen with `sink(with:)` through `subscribe` (its handler appends
  /// to the log it is given), runs `whileOwned`, lets go of the screen, then runs `afterwards`.
  /// Returns whether the screen was freed at that point, and what the handler received.
  private func sinkWithOwner(
    subscribe: (Tracked, Recorder<Int>) -> SubscriptionToken, whileOwned: () -> Void,
    afterwards: () -> Void
  ) -> (ownerFreed: Bool, calls: [Int]) {
    let calls = Recorder<Int>()
    weak var weakScreen: Tracked?
    let token: SubscriptionToken
    do {
      let screen = Tracked("screen")
      weakScreen = screen
      token = subscribe(screen, calls)
      whileOwned()
    }
    let ownerFreed = weakScreen == nil
    afterwards()
    token.cancel()
    return (ownerFreed, calls.values)
  }

  @Test func propertySinkWithOwnerHoldsTheOwnerWeaklyAndIgnoresValuesOnceItIsGone() {
    let owner = MutableProperty(1)
    let outcome = sinkWithOwner(
      subscribe: { screen, calls in
        owner.property.sink(with: screen) { _, value in calls.record(value) }
      },
      whileOwned: { owner.value = 2 }, afterwards: { owner.value = 3 })
    #expect(outcome.ownerFreed, "sink(with:) must not retain its owner")
    #expect(outcome.calls == [1, 2])
  }

  @Test func eventSinkWithOwnerHoldsTheOwnerWeaklyAndIgnoresEventsOnceItIsGone() {
    let sender = EventSender<Int>()
    let outcome = sinkWithOwner(
      subscribe: { screen, calls in
        sender.stream.sink(with: screen) { _, value in calls.record(value) }
      },
      whileOwned: { sender.send(1) }, afterwards: { sender.send(2) })
    #expect(outcome.ownerFreed, "sink(with:) must not retain its owner")
    #expect(outcome.calls == [1])
  }
}
