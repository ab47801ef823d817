import Signals

/// Traces one screen and its view model: every state the view model emits, every event the
/// screen receives, every event sent while nobody was subscribed, and each bind and unbind.
///
/// It watches from outside, through the view model's public outputs and the screen's bag: the
/// screen's `bind()` and the view model are the same with or without it.
///
/// - State: a subscription for the view model's whole life records each new value (marked as
///   kept for the next bind when no screen is bound to draw it); at every bind, a subscription
///   in the screen's bag records the value that binding receives first, the current one,
///   replayed.
/// - Events: a subscription for the view model's whole life, made before the screen's first
///   bind (so its entry comes before anything the screen does with the event), records each
///   event as received when the screen is bound, or as dropped when it is not: the screen is the
///   view model's only subscriber, so an event sent while it is unbound falls on the floor.
/// - Bind and unbind: ``screenWillBind(storingIn:)`` records the bind and puts a token in the
///   screen's bag that records the unbind when the bag is emptied.
@MainActor
public final class ViewModelTrace<State: Sendable, Event: Sendable>: BindingObserver {
  private let source: TerminalText
  private let trace: Trace
  private let describeState: (State) -> TerminalText
  private let describeEvent: (Event) -> TerminalText
  private var state: Property<State>?
  private let emissions = SubscriptionBag()
  private var isBound = false
  private var awaitsReplay = false

  /// - Parameters:
  ///   - source: the screen's name in the trace, for example `list`.
  ///   - describeState, describeEvent: one line of safe text for a value.
  public init(
    source: TerminalText, trace: Trace, describeState: @escaping (State) -> TerminalText,
    describeEvent: @escaping (Event) -> TerminalText
  ) {
    self.source = source
    self.trace = trace
    self.describeState = describeState
    self.describeEvent = describeEvent
  }

  /// Starts watching the view model's outputs: call once, right after creating the view model
  /// and before its screen binds.
  public func observe(state: Property<State>, events: EventStream<Event>) {
    precondition(self.state == nil, "ViewModelTrace.observe: already observing")
    self.state = state
    state.changes.receive(on: .mainActor).sink(with: self) { trace, value in
      trace.emitted(value)
    }
    .store(in: emissions)
    events.receive(on: .mainActor).sink(with: self) { trace, event in
      trace.sent(event)
    }
    .store(in: emissions)
  }

  /// As ``BindingObserver`` requires.
  public func screenWillBind(storingIn bag: SubscriptionBag) {
    guard let state else { return }
    isBound = true
    trace.record(source, .bind)
    // First in the bag, so emptying it records the unbind before anything else ends.
    SubscriptionToken { [weak self] in
      // The bag is emptied on the main actor (a screen unbinds there, and the navigation stack
      // unbinds a screen before it drops it); off it, which never happens, nothing is recorded.
      guard MainQueue.isCurrent else { return }
      MainActor.assumeIsolated { self?.screenDidUnbind() }
    }
    .store(in: bag)
    awaitsReplay = true
    state.receive(on: .mainActor).sink(with: self) { trace, value in
      trace.replayed(value)
    }
    .store(in: bag)
  }

  private func screenDidUnbind() {
    isBound = false
    trace.record(source, .unbind)
  }

  private func emitted(_ value: State) {
    let text = describeState(value)
    trace.record(source, .state, isBound ? text : "\(text) (kept for the next bind)")
  }

  private func sent(_ event: Event) {
    let text = describeEvent(event)
    if isBound {
      trace.record(source, .event, text)
    } else {
      trace.record(source, .dropped, "nobody subscribed: \(text)")
    }
  }

  /// The first value a new binding receives is the current one; later ones are ``emitted(_:)``.
  private func replayed(_ value: State) {
    guard awaitsReplay else { return }
    awaitsReplay = false
    trace.record(source, .state, "\(describeState(value)) (replayed on bind)")
  }
}
