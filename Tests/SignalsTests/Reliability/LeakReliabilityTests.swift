import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

/// Weak-reference checks, one stream shape at a time: after a token, a bag or an owner is
/// released, the handler and everything it captured, the token, and every value the streams
/// carried must be deallocated. (The model-based test checks the same after each random
/// program; these name the shape that leaks, if one does.)
@Suite struct LeakReliabilityTests {
  enum Shape: String, CaseIterable, Sendable {
    case propertySink, eventSink, sinkWithOwner
    case propertyMap, eventMapFilterCompactMap, propertyRemoveDuplicates, eventRemoveDuplicates
    case propertyChanges, combineLatest
    case propertyReceiveOnTestScheduler, eventReceiveOnConcurrentQueue, eventDebounce
  }

  /// Owners and schedulers of one check, all tracked.
  private struct World {
    let tracker: LeakTracker
    let first: MutableProperty<Payload>
    let second: MutableProperty<Payload>
    let events: EventSender<Payload>
    let scheduler: TestScheduler
    let queue: DispatchQueue

    init(_ tracker: LeakTracker) {
      self.tracker = tracker
      first = tracker.track(MutableProperty(tracker.payload(1)), "first owner")
      second = tracker.track(MutableProperty(tracker.payload(2)), "second owner")
      events = tracker.track(EventSender<Payload>(), "event sender")
      scheduler = tracker.track(TestScheduler(), "scheduler")
      queue = DispatchQueue(label: "reliability.leaks", attributes: .concurrent)
    }

    func subscribe(_ shape: Shape, _ handler: @escaping @Sendable (Payload) -> Void)
      -> SubscriptionToken
    {
      let tracker = self.tracker
      switch shape {
      case .propertySink:
        return first.property.sink(handler)
      case .eventSink:
        return events.stream.sink(handler)
      case .sinkWithOwner:
        let owner = tracker.track(SinkOwner(), "sink owner")
        return first.property.sink(with: owner) { _, value in handler(value) }
      case .propertyMap:
        return first.property.map { tracker.payload($0.number + 10) }.sink(handler)
      case .eventMapFilterCompactMap:
        return events.stream.map { tracker.payload($0.number + 10) }.filter { _ in true }
          .compactMap { $0 }.sink(handler)
      case .propertyRemoveDuplicates:
        return first.property.removeDuplicates { $0.number == $1.number }.sink(handler)
      case .eventRemoveDuplicates:
        return events.stream.removeDuplicates { $0.number == $1.number }.sink(handler)
      case .propertyChanges:
        return first.property.changes.sink(handler)
      case .combineLatest:
        return Property.combineLatest(first.property, second.property).map {
          tracker.payload($0.number * 10 + $1.number)
        }.sink(handler)
      case .propertyReceiveOnTestScheduler:
        return first.property.receive(on: scheduler).sink(handler)
      case .eventReceiveOnConcurrentQueue:
        return events.stream.receive(on: .queue(queue)).sink(handler)
      case .eventDebounce:
        return events.stream.debounce(for: .milliseconds(10), scheduler: scheduler).sink(handler)
      }
    }

    /// Sends on every source and lets every scheduler and queue finish what is pending.
    func sendAndSettle(_ number: Int) {
      first.value = tracker.payload(number)
      second.value = tracker.payload(number + 1)
      events.send(tracker.payload(number + 2))
      settle()
    }

    func settle() {
      scheduler.advance(by: .seconds(1))
      queue.sync(flags: .barrier) {}
    }
  }

  @Test(arguments: Shape.allCases)
  func releasingTheTokenFreesTheHandlerAndThenEverything(shape: Shape) {
    let tracker = LeakTracker()
    let received = Atomic<Int>(0)
    do {
      let world = World(tracker)
      do {
        let probe = tracker.track(HandlerProbe(), "handler")
        let token = tracker.track(
          world.subscribe(shape) { _ in
            withExtendedLifetime(probe) { _ = received.wrappingAdd(1, ordering: .relaxed) }
          }, "token")
        world.sendAndSettle(3)
        _ = token
      }
      world.settle()
      #expect(!tracker.isAlive("token"))
      #expect(!tracker.isAlive("handler"), "the token is gone, so the handler must be")
      #expect(!tracker.isAlive("sink owner"))
      let before = received.load(ordering: .relaxed)
      world.sendAndSettle(6)
      #expect(received.load(ordering: .relaxed) == before, "nothing after release")
      #expect(before > 0, "the shape delivered something while subscribed")
    }
    #expect(tracker.aliveLabels() == [])
  }

  @Test(arguments: Shape.allCases)
  func releasingTheBagFreesItsTokensAndHandlers(shape: Shape) {
    let tracker = LeakTracker()
    do {
      let world = World(tracker)
      do {
        let bag = tracker.track(SubscriptionBag(), "bag")
        for index in 0..<3 {
          let probe = tracker.track(HandlerProbe(), "handler \(index)")
          let token = world.subscribe(shape) { _ in withExtendedLifetime(probe) {} }
          tracker.track(token, "token \(index)")
          token.store(in: bag)
        }
        world.sendAndSettle(3)
      }
      world.settle()
      #expect(
        tracker.aliveLabels().filter { $0.hasPrefix("token") || $0.hasPrefix("handler") }
          == [])
      #expect(!tracker.isAlive("bag"))
    }
    #expect(tracker.aliveLabels() == [])
  }

  @Test(arguments: Shape.allCases)
  func releasingTheOwnersWhileTokensLiveFreesOnlyTheOwners(shape: Shape) {
    let tracker = LeakTracker()
    let received = Locked<[Int]>([])
    do {
      var world: World? = World(tracker)
      let probe = tracker.track(HandlerProbe(), "handler")
      let token = world?.subscribe(shape) { value in
        withExtendedLifetime(probe) { received.withLock { $0.append(value.number) } }
      }
      world?.sendAndSettle(3)
      let faces = (world?.first.property, world?.events.stream)
      let scheduler = world?.scheduler
      let queue = world?.queue
      world = nil
      #expect(!tracker.isAlive("first owner"))
      #expect(!tracker.isAlive("second owner"))
      #expect(!tracker.isAlive("event sender"))
      #expect(tracker.isAlive("handler"), "the token still holds the subscription")
      // The read-only faces outlive their owners: the stored value is still readable and a
      // new subscriber still gets it.
      let late = Locked<[Int]>([])
      let lateToken = faces.0?.sink { value in late.withLock { $0.append(value.number) } }
      #expect(late.withLock { $0 } == [3])
      #expect(faces.0?.value.number == 3)
      scheduler?.advance(by: .seconds(1))
      queue?.sync(flags: .barrier) {}
      _ = (token, lateToken, faces.1)
    }
    #expect(tracker.aliveLabels() == [])
    #expect(!received.withLock { $0 }.isEmpty)
  }
}
