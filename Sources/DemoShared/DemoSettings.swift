import Observation

/// The demo's settings: a model with no view model in front of it.
///
/// The settings screen reads it directly, as a SwiftUI view reads an `@Observable` model: its
/// render runs inside `withObservationTracking` (see ``TrackedRender``) and runs again when a
/// value it read changes. The rest of the app reads it when it needs a value: the list applies
/// ``pageSize`` when it appears again, ``SimulatedLatencyClient`` reads ``latency`` before each
/// request, and the displays read ``colors`` whenever they write.
///
/// A main-actor class: every change happens on the main actor, so observers are told there.
@Observable
@MainActor
final class DemoSettings {
  /// The page sizes a person may choose.
  nonisolated static let pageSizes = 1...50
  /// The simulated latencies a person may choose, in milliseconds (as `--latency` takes).
  nonisolated static let latencyMilliseconds = 0...60_000

  /// Users per page of the list, from its next load on.
  var pageSize: Int
  /// How long each request to the bundled users waits, from the next request on.
  var latency: Duration
  /// Whether output is styled with ANSI colours.
  var colors: Bool
  /// Whether ``latency`` applies: it does for the bundled users; a live server has its own.
  let simulatesLatency: Bool

  init(
    pageSize: Int = 10, latency: Duration = .zero, colors: Bool = false,
    simulatesLatency: Bool = true
  ) {
    self.pageSize = pageSize
    self.latency = latency
    self.colors = colors
    self.simulatesLatency = simulatesLatency
  }
}
