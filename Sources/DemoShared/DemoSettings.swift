import Observation

/// The demos' settings: a model with no view model in front of it, shared by the console demo
/// (`Demo`) and the SwiftUI one (`SwiftUIDemo`).
///
/// The settings screen reads it directly, as a SwiftUI view reads an `@Observable` model: the
/// console's render runs inside `withObservationTracking` (`TrackedRender` in `Demo`) and runs
/// again when a value it read changes, as SwiftUI runs `body` again. The rest of the app reads it when it needs a value: the list applies
/// ``pageSize`` when it appears again, ``SimulatedLatencyClient`` reads ``latency`` before each
/// request, and the displays read ``colors`` whenever they write.
///
/// A main-actor class: every change happens on the main actor, so observers are told there.
@Observable
@MainActor
public final class DemoSettings {
  /// The page sizes a person may choose.
  nonisolated public static let pageSizes = 1...50
  /// The simulated latencies a person may choose, in milliseconds (as `--latency` takes).
  nonisolated public static let latencyMilliseconds = 0...60_000

  /// Users per page of the list, from its next load on.
  public var pageSize: Int
  /// How long each request to the bundled users waits, from the next request on.
  public var latency: Duration
  /// Whether output is styled with ANSI colours.
  public var colors: Bool
  /// Whether ``latency`` applies: it does for the bundled users; a live server has its own.
  public let simulatesLatency: Bool

  /// Settings with the given values; every one can change later but ``simulatesLatency``.
  public init(
    pageSize: Int = 10, latency: Duration = .zero, colors: Bool = false,
    simulatesLatency: Bool = true
  ) {
    self.pageSize = pageSize
    self.latency = latency
    self.colors = colors
    self.simulatesLatency = simulatesLatency
  }
}
