import Observation

/// Runs a screen's render the way SwiftUI runs `body`: inside `withObservationTracking`, so
/// that a change to a value the render read schedules exactly one new render, and a change to
/// anything it did not read schedules nothing. No `bind()`, no subscription to store.
///
/// - Deferred, as in SwiftUI: `withObservationTracking` calls `onChange` in the model's
///   `willSet`, before the new value is stored, so drawing there would draw the old value. A
///   change only marks the render pending (``isPending``, at once); a main-actor task renders
///   again later, reading the new values and tracking them again. Several changes before it
///   runs make one render.
/// - Main actor only: `onChange` runs on the thread that changes the model, and this type
///   assumes that is the main actor, which holds for `@MainActor` models like ``DemoSettings``.
/// - ``stop()`` ends it (a covered screen draws nothing); ``start()`` renders and tracks again.
@MainActor
public final class TrackedRender {
  private let render: @MainActor () -> Void
  /// Bumped by ``start()`` and ``stop()``: a change tracked by an older render is ignored.
  private var generation = 0
  /// Whether a change was seen and the new render has not run yet.
  public private(set) var isPending = false

  /// - Parameter render: reads the models and draws; called on every render.
  public init(_ render: @escaping @MainActor () -> Void) {
    self.render = render
  }

  /// Renders now and re-renders whenever a value this render read changes.
  public func start() {
    generation += 1
    renderAndTrack()
  }

  /// Stops re-rendering; a pending render is dropped.
  public func stop() {
    generation += 1
    isPending = false
  }

  // snippet: tracked-render
  private func renderAndTrack() {
    isPending = false
    let generation = self.generation
    withObservationTracking {
      render()
    } onChange: { [weak self] in
      // Safe: the models rendered this way are main-actor isolated, so their changes (and this
      // `onChange`, which runs inside the change) happen on the main actor.
      MainActor.assumeIsolated {
        self?.invalidate(generation)
      }
    }
  }

  private func invalidate(_ generation: Int) {
    guard generation == self.generation, !isPending else { return }
    isPending = true
    Task { [weak self] in
      self?.renderIfStillPending(generation)
    }
  }

  private func renderIfStillPending(_ generation: Int) {
    guard generation == self.generation, isPending else { return }
    renderAndTrack()
  }
  // snippet-end
}
