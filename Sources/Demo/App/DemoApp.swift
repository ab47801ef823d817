import Foundation
import Signals
import UserFeature

/// The console app: a navigation stack of screens driven by input lines.
///
/// After every command the app waits until the screen has *settled* (no request in flight, no
/// debounced search pending) before it takes the next line, so a scripted session always
/// prints the same transcript whatever the latency. Waiting is event-driven: screens, the
/// navigation stack and the view models' scheduler wake the app up; nothing polls.
///
/// Everything runs on the main actor; input is read elsewhere and handed over as an
/// `AsyncSequence` of lines.
@MainActor
final class DemoApp {
  /// The screens, root first.
  let navigation: NavigationStack
  private let display: any Display
  private let screens: ScreenFactory
  private let scheduler: TrackingScheduler
  private let wakeups: Wakeups
  private let banner: [StyledLine]
  private let advanceTime: @MainActor () -> Void

  /// - Parameters:
  ///   - display: where the app draws.
  ///   - client: where users come from.
  ///   - scheduler: the view models' clock (`DispatchQueue.main` in the app, a `TestScheduler`
  ///     in tests).
  ///   - pageSize: users per page; `nil` for the view model's default.
  ///   - banner: lines shown once before the first screen.
  ///   - advanceTime: called whenever the app is about to wait for the screen to settle. With
  ///     a virtual-time scheduler, run its pending work here; with a real one, do nothing.
  ///   - traceClock: when given, the app traces (`--trace`): every screen's bindings and its
  ///     view model's states and events go to `display` as ``TraceEntry``s stamped with this
  ///     clock, the time since the app started.
  init(
    display: any Display, client: any UserClient, scheduler: any SignalScheduler,
    pageSize: Int? = nil, banner: [StyledLine] = [],
    advanceTime: @escaping @MainActor () -> Void = {},
    traceClock: (@MainActor () -> Duration)? = nil
  ) {
    let wakeups = Wakeups()
    let tracking = TrackingScheduler(base: scheduler) {
      Task { @MainActor in wakeups.signal() }
    }
    self.display = display
    self.wakeups = wakeups
    self.scheduler = tracking
    self.screens = ScreenFactory(
      client: client, scheduler: tracking,
      pageSize: pageSize ?? UserListViewModel.defaultPageSize,
      trace: traceClock.map { Trace(display: display, clock: $0) })
    self.navigation = NavigationStack(display: display) { wakeups.signal() }
    self.banner = banner
    self.advanceTime = advanceTime
  }

  /// Runs a whole session: the root screen, then one command per line until `quit` or the end
  /// of `input`. Returns the process exit status (0: both end a session normally).
  func run(input: some AsyncSequence<String, Never>) async -> Int32 {
    await start()
    for await line in input {
      guard await handle(line) else { break }
    }
    finish()
    return 0
  }

  /// Shows the banner and the root screen, and waits for its first load to settle.
  func start() async {
    precondition(navigation.top == nil, "DemoApp.start: already started")
    if !banner.isEmpty {
      display.inform(banner)
    }
    navigation.push(screens.userList())
    await settle()
    display.ready()
  }

  /// Handles one input line and waits until the screen has settled. Returns `false` when the
  /// line asks to quit. A bad line prints a one-line notice and changes nothing. The line is
  /// echoed sanitized and cut short (``TerminalText/quoting(_:)``).
  func handle(_ line: String) async -> Bool {
    guard let parsed = Command.parse(line) else {
      display.ready()
      return true
    }
    display.commandBegan(.quoting(line.trimmingCharacters(in: .whitespacesAndNewlines)))
    switch parsed {
    case .failure(let error):
      display.notice(error.message)
    case .success(.quit):
      return false
    case .success(.help):
      display.inform(Self.helpLines)
    case .success(let command):
      if let message = navigation.top?.handle(command) {
        display.notice(message)
      }
    }
    await settle()
    display.ready()
    return true
  }

  /// Ends the session: every screen unbinds and is released.
  func finish() {
    navigation.removeAll()
    display.finish()
  }

  /// Whether nothing is in flight: the top screen is idle and no scheduled work is pending.
  var isSettled: Bool {
    scheduler.isIdle && (navigation.top?.isSettled ?? true)
  }

  /// Returns once ``isSettled``; sleeps between changes, never polls.
  private func settle() async {
    while true {
      advanceTime()
      if isSettled { return }
      await wakeups.next()
    }
  }

  /// What `help` prints.
  static let helpLines: [StyledLine] =
    [StyledLine("Commands:", style: .bold)]
    + Command.reference.map { usage, summary in
      StyledLine("  \(usage.padded(toWidth: 16))", style: .accent) + StyledLine(summary)
    }
}
