import Foundation

/// How the demo was asked to run, from its command-line flags.
public struct LaunchOptions: Equatable, Sendable {
  /// Where users come from.
  public enum Source: Equatable, Sendable {
    /// The bundled fixtures, with simulated latency and injected failures.
    case offline(latency: Duration, failureRate: Double)
    /// A real server speaking the user API, at this base URL, each request given `timeout`.
    case live(endpoint: URL, timeout: Duration = LaunchOptions.defaultTimeout)

    /// The latency to simulate: the offline client's, `nil` for a live server.
    public var simulatedLatency: Duration? {
      switch self {
      case .offline(let latency, _): latency
      case .live: nil
      }
    }
  }

  /// The default simulated latency: long enough to see the spinner, short enough not to annoy.
  public static let defaultLatency = Duration.milliseconds(400)

  /// How long a request to a live server may take when `--timeout` is not given.
  public static let defaultTimeout = Duration.seconds(10)

  /// Where users come from.
  public var source: Source = .offline(latency: defaultLatency, failureRate: 0)
  /// Print a timeline of what flows between view models and screens (`--trace`).
  public var trace = false
}

/// What the command line asks for.
public enum LaunchRequest: Equatable, Sendable {
  /// Run the app.
  case run(LaunchOptions)
  /// Print the usage and exit successfully.
  case help
}

/// A command line the demo cannot run with. Its message is one line, for standard error,
/// followed by the usage.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, in one line.
  public let message: String
}
