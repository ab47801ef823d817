import Signals

extension EventStream {
  /// A screen's events for SwiftUI's `.task { … }`: subscribes first, then calls `start` (the
  /// work that may send, such as the first load), then calls `handle` with every event until
  /// the task is cancelled (the view went away); returns after that.
  ///
  /// ```swift
  /// .task {
  ///   await viewModel.events.consume(startingWith: viewModel.load) { event in
  ///     if case .toast(let message) = event { toasts.show(message) }
  ///   }
  ///   viewModel.cancel()  // the view went away: stop its work
  /// }
  /// ```
  ///
  /// - Ordering: the subscription is made before `start` runs, so an event `start` sends at
  ///   once is not lost (starting the work in `.onAppear` and subscribing in `.task` can lose
  ///   it: events are never replayed). Events reach `handle` in send order, one at a time.
  /// - Threading: `start` and `handle` run on the main actor. Events sent meanwhile are buffered
  ///   without limit until handled, so none is dropped.
  /// - Cancellation: when the calling task is cancelled, the subscription ends at once and
  ///   `handle` is not called again; events still buffered are dropped.
  @MainActor
  public func consume(
    startingWith start: @MainActor () -> Void, _ handle: @MainActor (Value) -> Void
  ) async {
    let upstream = self
    let events = AsyncStream<Value>(bufferingPolicy: .unbounded) { continuation in
      let token = upstream.sink { continuation.yield($0) }
      continuation.onTermination = { _ in token.cancel() }
    }
    start()
    for await event in events {
      guard !Task.isCancelled else { break }
      handle(event)
    }
  }
}
