import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting

/// Runs a ``Program`` against Signals itself, logging what every subscriber receives, and
/// checks with weak references that what the program releases is deallocated.
///
/// All of its own state sits behind one lock, and it never calls Signals while holding it:
/// a handler may be called (re-entrantly) by any Signals call.
final class RealInterpreter: Sendable {
  private struct State {
    var properties: [Source: MutableProperty<Payload>] = [:]
    var senders: [Source: EventSender<Payload>] = [:]
    var propertyFaces: [Source: Property<Payload>] = [:]
    var eventFaces: [Source: EventStream<Payload>] = [:]
    var scheduler: TestScheduler?
    var bags: [SubscriptionBag?] = [nil, nil]
    var bagMembers: [[Int]] = [[], []]
    var heldTokens: [Int: SubscriptionToken] = [:]
    var weakTokens: [Int: WeakRef<SubscriptionToken>] = [:]
    var sinkOwners: [Int: SinkOwner] = [:]
    var specs: [Int: SubscribeSpec] = [:]
    var deliveryCounts: [Int: Int] = [:]
    var outcome = ProgramOutcome()
    var leaks: [String] = []
  }

  /// What a stream expression builds to.
  private enum RealStream {
    case property(Property<Payload>)
    case event(EventStream<Payload>)
  }

  private let state = Locked(State())
  private let tracker: LeakTracker

  private init(_ program: Program, tracker: LeakTracker) {
    self.tracker = tracker
    let scheduler = tracker.track(TestScheduler(), "scheduler")
    state.withLock { state in
      state.scheduler = scheduler
      for source in Source.allCases {
        if source.isProperty {
          let initial = tracker.payload(program.initialValues[source.rawValue])
          let owner = tracker.track(MutableProperty(initial), "owner \(source)")
          state.properties[source] = owner
          state.propertyFaces[source] = owner.property
        } else {
          let sender = tracker.track(EventSender<Payload>(), "owner \(source)")
          state.senders[source] = sender
          state.eventFaces[source] = sender.stream
        }
      }
      state.bags = (0..<2).map { tracker.track(SubscriptionBag(), "bag\($0)") }
    }
  }

  /// The outcome, and every problem found with weak references: objects still alive right
  /// after the program released them, and objects still alive once everything was dropped.
  struct Run {
    var outcome: ProgramOutcome
    var leaks: [String]
  }

  static func run(_ program: Program) -> Run {
    let tracker = LeakTracker()
    var run: Run
    do {
      let interpreter = tracker.track(RealInterpreter(program, tracker: tracker), "interpreter")
      for action in program.actions {
        interpreter.perform(action, actor: ProgramOutcome.topLevel)
      }
      run = interpreter.dismantle()
    }
    run.leaks += tracker.aliveLabels().map { "\($0) is still alive after everything was dropped" }
    return run
  }

  /// Checks the state machine of every source, and of every channel a live token holds (its
  /// subscription's, a `receive(on:)` relay's, an operator's output), after an action (read
  /// outside this interpreter's lock: the check takes each channel's own).
  private func checkEngineInvariants() {
    let (properties, senders, tokens) = state.withLock {
      (
        Array($0.properties.values), Array($0.senders.values),
        $0.weakTokens.values.compactMap(\.object)
      )
    }
    for property in properties { property.checkInvariants() }
    for sender in senders { sender.checkInvariants() }
    for token in tokens { token.checkInvariants() }
  }

  /// Reads the final values, then drops everything the program holds (outside the lock).
  ///
  /// The scheduler goes last: first everything else is released (which cancels every
  /// subscription), then the scheduler runs what is still pending, which must deliver nothing.
  /// Dropping a `TestScheduler` with work still pending would leak it together with the
  /// `receive(on:)` relays in its queue (see `LeakTests`), which programs are not about.
  private func dismantle() -> Run {
    let faces = state.withLock { $0.propertyFaces }
    let finalValues = Source.properties.map { faces[$0]?.value.number ?? Int.min }
    let dropped = state.withLock { state in
      let old = state
      state = State()
      state.scheduler = old.scheduler
      return old
    }
    var run = Run(outcome: dropped.outcome, leaks: dropped.leaks)
    run.outcome.finalValues = finalValues
    _ = consume dropped
    state.withLock { $0.scheduler }?.advance()
    let late = state.withLock { state in
      defer { state = State() }
      return state.outcome.logs
    }
    for (id, entries) in late.sorted(by: { $0.key < $1.key }) {
      run.leaks.append("s\(id) received \(entries) after every token was released")
    }
    return run
  }

  private func stream(_ expr: StreamExpr) -> RealStream {
    let tracker = self.tracker
    switch expr {
    case .source(let source):
      let (property, event) = state.withLock { ($0.propertyFaces[source], $0.eventFaces[source]) }
      if let property { return .property(property) }
      guard let event else { preconditionFailure("no face for \(source)") }
      return .event(event)
    case .map(let upstream):
      switch stream(upstream) {
      case .property(let property):
        return .property(property.map { tracker.payload(Transform.map($0.number)) })
      case .event(let event):
        return .event(event.map { tracker.payload(Transform.map($0.number)) })
      }
    case .filter(let upstream):
      guard case .event(let event) = stream(upstream) else { preconditionFailure("\(expr)") }
      return .event(event.filter { Transform.keep($0.number) })
    case .removeDuplicates(let upstream):
      switch stream(upstream) {
      case .property(let property):
        return .property(property.removeDuplicates { $0.number == $1.number })
      case .event(let event):
        return .event(event.removeDuplicates { $0.number == $1.number })
      }
    case .changes(let upstream):
      guard case .property(let property) = stream(upstream) else { preconditionFailure("\(expr)") }
      return .event(property.changes)
    case .combineLatest(let first, let second):
      guard case .property(let left) = stream(first), case .property(let right) = stream(second)
      else { preconditionFailure("\(expr)") }
      return .property(
        Property.combineLatest(left, right).map {
          tracker.payload(Transform.combine($0.number, $1.number))
        })
    case .receiveOnScheduler(let upstream):
      guard let scheduler = state.withLock({ $0.scheduler }) else {
        preconditionFailure("no scheduler")
      }
      switch stream(upstream) {
      case .property(let property): return .property(property.receive(on: scheduler))
      case .event(let event): return .event(event.receive(on: scheduler))
      }
    }
  }

  private func receive(_ id: Int, _ value: Int) {
    let actions = state.withLock { state -> [Action] in
      state.outcome.logs[id, default: []].append(.value(value))
      let count = state.deliveryCounts[id, default: 0] + 1
      state.deliveryCounts[id] = count
      let reactions = state.specs[id]?.reactions ?? []
      return reactions.filter { $0.fires(onDelivery: count) }.map(\.action)
    }
    for action in actions {
      perform(action, actor: id)
    }
  }

  private func subscribe(_ spec: SubscribeSpec) {
    let id = spec.id
    let isNew = state.withLock { state in
      guard state.specs[id] == nil else { return false }
      state.specs[id] = spec
      return true
    }
    guard isNew else { return }
    let target = stream(spec.stream)
    let probe = tracker.track(HandlerProbe(), "handler of s\(id)")
    let handler: @Sendable (Payload) -> Void = { payload in
      withExtendedLifetime(probe) { self.receive(id, payload.number) }
    }
    let token: SubscriptionToken
    if spec.withOwner {
      // The owner is held by `state` and, for the duration of the `sink` call, by this scope
      // (a caller always keeps an argument alive while the call runs; the model knows).
      let owner = tracker.track(SinkOwner(), "sink owner of s\(id)")
      state.withLock { $0.sinkOwners[id] = owner }
      switch target {
      case .property(let property):
        token = property.sink(with: owner) { _, value in handler(value) }
      case .event(let event): token = event.sink(with: owner) { _, value in handler(value) }
      }
    } else {
      switch target {
      case .property(let property): token = property.sink(handler)
      case .event(let event): token = event.sink(handler)
      }
    }
    tracker.track(token, "token of s\(id)")
    let unstored = state.withLock { state -> SubscriptionToken? in
      state.weakTokens[id] = WeakRef(object: token)
      switch spec.storage {
      case .held:
        state.heldTokens[id] = token
        return nil
      case .bag(let index):
        guard let bag = state.bags[index] else { return token }
        token.store(in: bag)
        state.bagMembers[index].append(id)
        return nil
      }
    }
    _ = unstored  // released here, which cancels the subscription
  }

  private func perform(_ action: Action, actor: Int) {
    defer { checkEngineInvariants() }
    let isTopLevel = actor == ProgramOutcome.topLevel
    switch action {
    case .subscribe(let spec):
      subscribe(spec)
    case .send(let source, let value):
      let (property, sender) = state.withLock { ($0.properties[source], $0.senders[source]) }
      if let property { property.value = tracker.payload(value) }
      if let sender { sender.send(tracker.payload(value)) }
    case .cancel(let id):
      let token = state.withLock { $0.heldTokens[id] ?? $0.weakTokens[id]?.object }
      token?.cancel()
    case .releaseToken(let id):
      let wasHeld = state.withLock { $0.heldTokens.removeValue(forKey: id) } != nil
      if isTopLevel && wasHeld {
        expectDeallocated(["token of s\(id)", "handler of s\(id)"], after: action)
      }
    case .cancelBag(let index):
      let bag = state.withLock { state -> SubscriptionBag? in
        state.bagMembers[index] = []
        return state.bags[index]
      }
      bag?.cancelAll()
    case .releaseBag(let index):
      // Taken out under the lock, released (which cancels its tokens) after it.
      let (bag, members) = state.withLock { state in
        defer {
          state.bags[index] = nil
          state.bagMembers[index] = []
        }
        return (state.bags[index], state.bagMembers[index])
      }
      guard bag != nil else { return }
      _ = consume bag
      if isTopLevel {
        let labels = members.flatMap { ["token of s\($0)", "handler of s\($0)"] }
        expectDeallocated(["bag\(index)"] + labels, after: action)
      }
    case .releaseOwner(let source):
      let (property, sender) = state.withLock { state in
        (state.properties.removeValue(forKey: source), state.senders.removeValue(forKey: source))
      }
      let wasAlive = property != nil || sender != nil
      _ = (consume property, consume sender)
      if isTopLevel && wasAlive {
        expectDeallocated(["owner \(source)"], after: action)
      }
    case .releaseSinkOwner(let id):
      let wasAlive = state.withLock { $0.sinkOwners.removeValue(forKey: id) } != nil
      if isTopLevel && wasAlive {
        expectDeallocated(["sink owner of s\(id)"], after: action)
      }
    case .advanceScheduler:
      state.withLock { $0.scheduler }?.advance()
    case .recordValue(let source):
      guard let face = state.withLock({ $0.propertyFaces[source] }) else { return }
      let value = face.value.number
      state.withLock { $0.outcome.logs[actor, default: []].append(.read(source, value)) }
    }
  }

  private func expectDeallocated(_ labels: [String], after action: Action) {
    let alive = labels.filter { tracker.isAlive($0) }
    guard !alive.isEmpty else { return }
    state.withLock { state in
      state.leaks += alive.map { "\($0) is still alive right after top-level `\(action)`" }
    }
  }
}
