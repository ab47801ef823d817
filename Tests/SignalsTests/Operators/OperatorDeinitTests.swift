import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// Every operator holds user values somewhere (a held event, the last value, a pair, a queue)
/// and releases them when it replaces or drops them. A value's `deinit` is user code: here it
/// sends again and cancels two other subscriptions. Whatever the
/// operator, that must neither deadlock (a release under a lock) nor lose a value, and every
/// value must be released by the end.
@Suite(.dedicatedThread) struct OperatorDeinitTests {
  enum Operator: String, CaseIterable, Sendable {
    case map, filter, compactMap, removeDuplicates, debounce, throttle, merge, combineLatest
    case receiveOnScheduler, receiveOnInline
    case propertyMap, propertyRemoveDuplicates, propertyCombineLatest, propertyChanges
  }

  @Test(arguments: Operator.allCases)
  func valuesWhoseDeinitSendsCancelsAndWaitsPassThrough(_ operator: Operator) {
    let deinits = Counter()
    let finished = startThread { Self.run(`operator`, counting: deinits) }
    waitOrFail(finished, "\(`operator`) to finish with values whose deinit sends and cancels")
    #expect(deinits.value == 6, "every value is released once the subscription is gone")
  }

  /// Sends three values through an event source and writes three to a property, through the
  /// operator, then cancels.
  private static func run(_ operator: Operator, counting deinits: Counter) {
    let sender = EventSender<Probe?>()
    let owner = MutableProperty<Probe?>(nil)
    let scheduler = TestScheduler()
    let cancelled = Slot<SubscriptionToken>(sender.stream.sink { _ in })
    let alsoCancelled = Slot<SubscriptionToken>(owner.property.sink { _ in })
    let makeProbe = { @Sendable in
      Probe {
        deinits.increment()
        sender.send(nil)  // queued or delivered: a send from a deinit is user code like any
        cancelled.take()?.cancel()
        alsoCancelled.take()?.cancel()
      }
    }
    let received = Counter()
    let token = stream(for: `operator`, events: sender.stream, state: owner.property, scheduler)
      .sink { _ in received.increment() }
    for _ in 0..<3 {
      sender.send(makeProbe())
      owner.value = makeProbe()
    }
    scheduler.advance(by: .seconds(10))
    owner.value = nil
    token.cancel()
    scheduler.run()
  }

  /// The operator applied to the two sources, as an event stream of something.
  private static func stream(
    for operator: Operator, events: EventStream<Probe?>, state: Property<Probe?>,
    _ scheduler: TestScheduler
  ) -> EventStream<String> {
    let describe: @Sendable (Probe?) -> String = { $0 == nil ? "nil" : "probe" }
    switch `operator` {
    case .map: return events.map(describe)
    case .filter: return events.filter { $0 != nil }.map(describe)
    case .compactMap: return events.compactMap { $0 }.map { _ in "probe" }
    case .removeDuplicates: return events.removeDuplicates { $0 === $1 }.map(describe)
    case .debounce:
      return events.debounce(for: .seconds(1), scheduler: scheduler).map(describe)
    case .throttle:
      return events.throttle(for: .seconds(1), scheduler: scheduler).map(describe)
    case .merge: return EventStream.merge(events, state.changes).map(describe)
    case .combineLatest:
      return EventStream.combineLatest(events, state.changes).map {
        "\(describe($0.0)) \(describe($0.1))"
      }
    case .receiveOnScheduler: return events.receive(on: scheduler).map(describe)
    case .receiveOnInline: return events.receive(on: .inline).map(describe)
    case .propertyMap: return state.map(describe).changes
    case .propertyRemoveDuplicates:
      return state.removeDuplicates { $0 === $1 }.changes.map(describe)
    case .propertyCombineLatest:
      return Property.combineLatest(state, state.map { $0 != nil }).changes.map { describe($0.0) }
    case .propertyChanges: return state.changes.map(describe)
    }
  }
}

/// A value that runs `onDeinit` when released.
private final class Probe: Sendable {
  private let onDeinit: @Sendable () -> Void

  init(_ onDeinit: @escaping @Sendable () -> Void) {
    self.onDeinit = onDeinit
  }

  deinit {
    onDeinit()
  }
}
