import Foundation

/// Parses the demo's command-line flags (see ``Usage``). Both `--flag value` and
/// `--flag=value` are accepted; a flag given twice keeps its last value; a bare `--` is ignored.
public enum FlagParser {
  /// Parses `arguments` (without the program name).
  public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchRequest {
    var endpoint: URL?
    var latency: Duration?
    var failureRate: Double?
    var timeout: Duration?
    var trace = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let (flag, inlineValue) = split(argument)
      switch flag {
      case "--" where inlineValue == nil:
        // A bare separator, as `swift run Demo -- --latency 0` passes through: the demo takes no
        // positional arguments, so there is nothing for it to separate. Ignored.
        continue
      case "--help", "-h":
        return .help
      case "--trace":
        guard inlineValue == nil else {
          throw UsageError(message: "--trace takes no value")
        }
        trace = true
      case "--endpoint":
        endpoint = try parseEndpoint(try value(of: flag, inline: inlineValue, rest: &remaining))
      case "--latency":
        latency = try parseLatency(try value(of: flag, inline: inlineValue, rest: &remaining))
      case "--fail-rate":
        failureRate = try parseRate(try value(of: flag, inline: inlineValue, rest: &remaining))
      case "--timeout":
        timeout = try parseTimeout(try value(of: flag, inline: inlineValue, rest: &remaining))
      default:
        if argument.hasPrefix("-") {
          throw UsageError(message: "unknown flag '\(flag)'")
        }
        throw UsageError(message: "unexpected argument '\(argument)'")
      }
    }
    if let endpoint {
      if latency != nil || failureRate != nil {
        throw UsageError(
          message: "--latency and --fail-rate only apply to the offline client, not --endpoint")
      }
      let source = LaunchOptions.Source.live(
        endpoint: endpoint, timeout: timeout ?? LaunchOptions.defaultTimeout)
      return .run(LaunchOptions(source: source, trace: trace))
    }
    if timeout != nil {
      throw UsageError(message: "--timeout only applies to --endpoint, not the offline client")
    }
    return .run(
      LaunchOptions(
        source: .offline(
          latency: latency ?? LaunchOptions.defaultLatency, failureRate: failureRate ?? 0),
        trace: trace))
  }

  /// Splits `--flag=value` into its parts; other arguments have no inline value.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func value(
    of flag: String, inline: String?, rest: inout ArraySlice<String>
  ) throws(UsageError) -> String {
    if let inline {
      return inline
    }
    guard let next = rest.popFirst(), !next.hasPrefix("--") else {
      throw UsageError(message: "\(flag) needs a value")
    }
    return next
  }

  private static func parseEndpoint(_ text: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      throw UsageError(message: "--endpoint needs an http(s) URL, got '\(text)'")
    }
    #if os(Linux)
      // An IPv6 literal (`[::1]`): swift-corelibs-foundation's `URL.host` is `::1` where
      // libcurl's is `[::1]`, and URLSession fails every request whose two hosts disagree
      // (`URLError.badURL`, nothing sent). Refused here rather than failing every load.
      if host.contains(":") {
        throw UsageError(
          message: "--endpoint cannot be an IPv6 address on Linux (swift-corelibs-foundation"
            + " fetches nothing from one); use a host name such as localhost, or an IPv4"
            + " address, got '\(text)'")
      }
    #endif
    return url
  }

  private static func parseLatency(_ text: String) throws(UsageError) -> Duration {
    guard let milliseconds = Int(text), (0...60_000).contains(milliseconds) else {
      throw UsageError(message: "--latency needs milliseconds from 0 to 60000, got '\(text)'")
    }
    return .milliseconds(milliseconds)
  }

  private static func parseTimeout(_ text: String) throws(UsageError) -> Duration {
    guard let seconds = Int(text), (1...3600).contains(seconds) else {
      throw UsageError(message: "--timeout needs seconds from 1 to 3600, got '\(text)'")
    }
    return .seconds(seconds)
  }

  private static func parseRate(_ text: String) throws(UsageError) -> Double {
    guard let rate = Double(text), (0...1).contains(rate) else {
      throw UsageError(message: "--fail-rate needs a probability from 0 to 1, got '\(text)'")
    }
    return rate
  }
}
