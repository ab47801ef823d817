import Observation
import Signals

/// A `Property` as Observation state: what a SwiftUI view reads to redraw when the
/// view model's state changes, with no `bind()`.
///
/// ```swift
/// @State private var state: ObservableProperty<UserListState>
/// init(viewModel: UserListViewModel) {
///   _state = State(initialValue: viewModel.state.observable())
/// }
/// var body: some View { List(state.value.users) { … } }
/// ```
///
/// Only state belongs here. An event (a toast, "open user 7") stored in an observable would be
/// drawn again by every redraw, or lost by a redraw before it is read: consume it in `.task` with
/// ``Signals/EventStream/consume(startingWith:_:)``.
///
/// - Reading: reading ``value`` inside `withObservationTracking` (which SwiftUI does around
///   `body`) registers the reader; reading it outside registers nothing.
/// - Changes: every value the property delivers is stored in ``value`` first, then observers
///   are told (`willSet`, then `didSet`). So the `onChange` closure of `withObservationTracking`,
///   which runs at `willSet`, already reads the new value here, unlike a stored property of an
///   `@Observable` class, whose `onChange` runs before the store and reads the old one. Each
///   change fires a registered `onChange` exactly once (`withObservationTracking` is one-shot).
///   For `Equatable` values a delivered value equal to the current one tells nobody, as the
///   `@Observable` macro does. Whether `Value` is `Equatable` is decided when the observer is
///   created, at run time, so it holds in generic code too (`func show<V>(_: Property<V>)`) and
///   for a main-actor-isolated conformance (what such a state type needs for Signals' operators:
///   <doc:ObservationOrSignals>).
/// - Threading: a main-actor class. Values set on any thread are stored and announced on the
///   main actor (through `receive(on: .mainActor)`), in order; a value set on the main thread
///   while nothing is queued is stored before the setter returns.
/// - Lifetime: it keeps the subscription's token, and nothing else: not the property's owner
///   (the view model) and not itself (the handler holds it weakly). Releasing it (with the
///   view's `@State`) cancels the subscription; releasing the view model while it lives only
///   stops changes, since the property's owner is gone.
@MainActor
public final class ObservableProperty<Value: Sendable>: Observable {
  private var storage: Value
  private let isSame: (Value, Value) -> Bool
  private let registrar = ObservationRegistrar()
  private var token: SubscriptionToken?

  /// Starts observing `property` (``Signals/Property/observable()`` is the one public way).
  init(_ property: Property<Value>) {
    storage = property.value
    isSame = sameness()
    subscribe(to: property)
  }

  /// The property's latest value delivered on the main actor. Reading it inside
  /// `withObservationTracking` registers the reader for its next change.
  public var value: Value {
    registrar.access(self, keyPath: \.value)
    return storage
  }

  // snippet: observable-property-store
  private func subscribe(to property: Property<Value>) {
    token = property.receive(on: .mainActor).sink(with: self) { observed, newValue in
      observed.store(newValue)
    }
  }

  /// Stores `newValue`, then announces it: `willSet` and `didSet` both come after the store, so
  /// every observer, whichever it listens to, reads the new value.
  private func store(_ newValue: Value) {
    guard !isSame(storage, newValue) else { return }
    storage = newValue
    registrar.willSet(self, keyPath: \.value)
    registrar.didSet(self, keyPath: \.value)
  }
  // snippet-end
}

/// `==` when `Value` is `Equatable`, else "never the same": how ``ObservableProperty`` and
/// ``TrackedProperty`` skip an equal value. A dynamic cast, as an overload constrained to
/// `Equatable` would silently miss generic code and main-actor-isolated conformances; the cast and
/// every comparison run on the main actor, where such a conformance may be used.
@MainActor
func sameness<Value>() -> (Value, Value) -> Bool {
  guard let equatable = Value.self as? any Equatable.Type else { return { _, _ in false } }
  return equality(of: equatable)
}

/// `==` of `Type`, which is `Value` itself (the caller's cast proved it), so both casts succeed.
private func equality<Value, Type: Equatable>(of _: Type.Type) -> (Value, Value) -> Bool {
  { old, new in (old as? Type) == (new as? Type) }
}

extension Property {
  /// This property as Observation state for SwiftUI; for an `Equatable` value, equal values
  /// notify nobody. See ``ObservableProperty``.
  @MainActor
  public func observable() -> ObservableProperty<Value> {
    ObservableProperty(self)
  }
}
