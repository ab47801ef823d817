import Observation
import Signals

/// A ``Signals/Property`` that follows a value read from `@Observable` models: the other
/// direction of ``ObservableProperty``, for code that has a SwiftUI-style model and wants
/// Signals' operators (`debounce`, `combineLatest`, a `Recorder` in tests) on one of its values.
///
/// ```swift
/// @Observable final class SearchModel { var query = "" }
/// let model = SearchModel()
/// let query = TrackedProperty { model.query }          // keep it, expose `query.property`
/// query.property.debounce(for: .milliseconds(300), scheduler: scheduler)
/// ```
///
/// - Reading: `read` runs on the main actor inside `withObservationTracking` (one-shot), at
///   creation and after every change of what it read, registering again each time, so no change
///   after a re-read is missed; every `@Observable` property it reads is tracked, and only those.
/// - Timing (didSet, made explicit): Observation tells its observer in `willSet`, before the new
///   value is stored, so reading then would see the old value. The change is therefore only
///   noted there, and `read` runs again later, on the main actor, once the code that made the
///   change has returned to it: the ``property`` delivers the new value, never the old one, and
///   never synchronously inside the setter. A test awaits it (`Recorder`'s `next()`).
/// - Coalescing: every change made before that re-read (say three assignments in one
///   main-actor function) ends in one re-read and one delivery, of the newest value; the
///   values in between are never delivered. For `Equatable` values (decided at run time, so
///   generic code too), a re-read equal to the current value delivers nothing (a change to a
///   tracked property that leaves the derived value as it was).
/// - Changes made off the main actor (known limit): Observation tells `willSet` on the thread
///   that changes the value, and the re-read runs later on the main actor. If that thread has
///   not stored the value yet when the re-read runs (a slow setter), the re-read sees the old
///   value and registers too late to hear the store: ``property`` stays stale until the next
///   change. Swift 6.3's Observation has no public "did set" edge to wait for (the standard
///   library's `Observations` waits for `willSet` too, and re-reads on its own isolation), so
///   change the values a `TrackedProperty` reads on the main actor, as SwiftUI requires of the
///   models it renders. (`TrackedPropertyOffMainTests` in the package shows the stale read.)
/// - Threading: a main-actor class; ``property`` delivers on the main actor, and may be read
///   and subscribed to from anywhere.
/// - Lifetime: it keeps `read` (and what it captures, usually the model) until it is released
///   or cancelled; the pending registration holds it weakly. Releasing it, or ``cancel()``,
///   stops following; the property keeps its last value.
@MainActor
public final class TrackedProperty<Value: Sendable> {
  /// The read-only face to expose: the value `read` returned at creation, then after each change.
  public nonisolated let property: Property<Value>

  private let owner: MutableProperty<Value>
  private var read: (@MainActor () -> Value)?
  private let isSame: (Value, Value) -> Bool
  private let target: RefreshTarget<Value>

  /// Starts following `read`: ``property``'s value is `read()` at once, then follows it.
  public init(_ read: @escaping @MainActor () -> Value) {
    let target = RefreshTarget<Value>()
    owner = MutableProperty(withObservationTracking(read, onChange: target.noteChange))
    property = owner.property
    self.target = target
    self.read = read
    isSame = sameness()
    target.tracker = self
  }

  /// Stops following: nothing more is read or delivered; ``property`` keeps its value.
  /// Releases `read`. Idempotent.
  public func cancel() {
    read = nil
  }

  /// Reads again, registered for the next change, and delivers the result unless it is the same.
  fileprivate func refresh() {
    guard let read else { return }
    let value = withObservationTracking(read, onChange: target.noteChange)
    if !isSame(owner.value, value) {
      owner.value = value
    }
  }
}

/// Where a change noted in `willSet` sends its re-read: the tracker, held weakly, so that a
/// pending registration does not keep it alive. Internal.
@MainActor
private final class RefreshTarget<Value: Sendable> {
  weak var tracker: TrackedProperty<Value>?

  /// The `onChange` of every registration: runs in `willSet`, on the changing thread, so it
  /// only schedules the re-read on the main actor, after the change is stored.
  nonisolated var noteChange: @Sendable () -> Void {
    { [weak self] in
      Task { @MainActor in self?.tracker?.refresh() }
    }
  }
}
