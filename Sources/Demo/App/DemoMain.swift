import BoundedHTTP
import ConsoleKit
import DemoShared
import Foundation
import Signals
import UserFeature

/// The entry point of `swift run Demo`: parses the flags, picks the client, the display and the
/// kind of session (piped lines, or a person at a terminal), and runs the app on the main actor
/// until `quit` or end of input.
///
/// Exit status: 0 for a normal end (also `--help`), 1 when the bundled fixtures cannot be read,
/// 2 for bad flags (the usage goes to standard error), 3 when standard output is gone
/// (``DemoExitStatus/outputClosed``). Error messages quote the command line and
/// the fixture's error sanitized (``TerminalText``), like everything the app writes.
@main
@MainActor
enum DemoMain {
  static func main() async {
    // A child this Demo started to run one transfer (`httpClient(timeout:)`) does that, then exits.
    await TransferWorker.runIfRequested(CommandLine.arguments)
    let started = ContinuousClock.now
    let request: LaunchRequest
    do {
      request = try FlagParser.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      writeError("Demo: error: \(TerminalText(sanitizing: error.message))\n\n\(Usage.text)")
      exit(2)
    }
    guard case .run(let options) = request else {
      StandardStreams.writeOrExit(Usage.text)
      exit(0)
    }
    let capabilities = TerminalCapabilities.detect(
      environment: ProcessInfo.processInfo.environment)
    let settings = DemoSettings(
      pageSize: UserListViewModel.defaultPageSize,
      latency: options.source.simulatedLatency ?? .zero,
      colors: capabilities.colors, simulatesLatency: options.source.simulatedLatency != nil)
    let client: any UserClient
    do {
      client = try makeClient(options.source, settings: settings)
    } catch {
      let reason = TerminalText(sanitizing: String(describing: error))
      writeError("Demo: error: cannot read the bundled users: \(reason)\n")
      exit(1)
    }
    let output = StandardOutput()
    let sinceStart: @MainActor () -> Duration = { ContinuousClock.now - started }
    let traceClock = options.trace ? sinceStart : nil
    let banner = Banner.lines(for: options.source)
    guard capabilities.redraws else {
      // Piped: plain lines, and each command waits for the screen to settle.
      let size: (() -> TerminalSize)? = capabilities.fitsWidth ? { TerminalSize.current() } : nil
      let app = DemoApp(
        display: PlainDisplay(output: output, colorsFrom: { settings.colors }, size: size),
        client: client, scheduler: .mainQueue, settings: settings, banner: banner,
        traceClock: traceClock)
      exit(await app.run(input: StandardInput.lines()))
    }
    // A person at a terminal: the screen redrawn in place, commands taken at once, and the
    // search field. Raw mode is prepared first, so the terminal is put back on every way out.
    let rawMode = TerminalRawMode.prepare()
    let display = TerminalDisplay(output: output, colorsFrom: { settings.colors })
    let app = DemoApp(
      display: display, client: client, scheduler: .mainQueue, settings: settings,
      banner: banner, interactive: true, traceClock: traceClock)
    let session = TerminalSession(app: app, display: display, rawMode: rawMode)
    exit(await session.run(input: StandardInput.chunks()))
  }

  /// The client for `source`. The bundled users wait for the latency the settings hold at
  /// each request (``SimulatedLatencyClient``), so the settings screen can change it.
  private static func makeClient(_ source: LaunchOptions.Source, settings: DemoSettings) throws
    -> any UserClient
  {
    switch source {
    case .live(let endpoint, let timeout):
      return LiveUserClient(baseURL: endpoint, http: httpClient(timeout: timeout))
    case .offline(_, let failureRate):
      let bundled = OfflineUserClient(users: try OfflineUserClient.fixtureUsers(), latency: .zero)
      let failing = FailureInjectingClient(
        base: bundled,
        failures: failureRate > 0 ? .randomly(rate: failureRate).sparing(firstRequests: 1) : .never)
      return SimulatedLatencyClient(base: failing, settings: settings)
    }
  }

  /// How requests to a live server are sent, each given `timeout`. On Linux each transfer runs
  /// in a child process of this executable: Foundation there traps on a response that ends
  /// after its status line, and the child dies of it, not the Demo. The child is started from
  /// the running executable itself (`/proc/self/exe`), not from its path, which may since have
  /// been deleted or replaced (a rebuild).
  static func httpClient(timeout: Duration) -> any HTTPFetching {
    #if os(Linux)
      ChildProcessHTTPClient(
        worker: URL(fileURLWithPath: "/proc/self/exe"), timeout: timeout,
        maximumBodySize: LiveUserClient.defaultMaximumBodySize)
    #else
      BoundedHTTPClient(
        configuration: .default, timeout: timeout,
        maximumBodySize: LiveUserClient.defaultMaximumBodySize)
    #endif
  }

  private static func writeError(_ text: String) {
    StandardStreams.writeError(text)
  }
}
