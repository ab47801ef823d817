import ConsoleKit
import DemoShared
import Foundation
import Signals
import UserFeature

/// The console app: a navigation stack of screens driven by input lines.
///
/// Piped (``run(input:)``), after every command the app waits until the screen has *settled*
/// (no request in flight, no debounced search pending) before it takes the next line, so a
/// scripted session always prints the same transcript whatever the latency. Waiting is
/// event-driven: screens, the navigation stack and the view models' scheduler wake the app up;
/// nothing polls. On a terminal, a ``TerminalSession`` hands each line to ``perform(_:)``,
/// which acts at once and does not wait.
///
/// Everything runs on the main actor; input is read elsewhere and handed over as an
/// `AsyncSequence`.
@MainActor
final class DemoApp: TerminalSessionApp {
  /// The screens, root first.
  let navigation: ScreenStack
  private let display: any Display
  private let screens: ScreenFactory
  private let scheduler: TrackingScheduler
  private let wakeups: Wakeups
  private let banner: [StyledLine]
  private let advanceTime: @MainActor () -> Void
  private let isInteractive: Bool

  /// - Parameters:
  ///   - display: where the app draws.
  ///   - client: where users come from.
  ///   - scheduler: the view models' clock (`.mainQueue` in the app, a `TestScheduler`
  ///     in tests).
  ///   - settings: the app's settings, shown and changed on the settings screen.
  ///   - banner: lines shown once before the first screen.
  ///   - advanceTime: called whenever the app is about to wait for the screen to settle. With
  ///     a virtual-time scheduler, run its pending work here; with a real one, do nothing.
  ///   - interactive: a person types at a terminal: `help` also lists the search field, and `/`
  ///     asks to open it (``perform(_:)``). Piped, `/` prints a notice.
  ///   - traceClock: when given, the app traces (`--trace`): every screen's bindings and its
  ///     view model's states and events go to `display` as ``TraceEntry``s stamped with this
  ///     clock, the time since the app started.
  init(
    display: any Display, client: any UserClient, scheduler: any SignalScheduler,
    settings: DemoSettings, banner: [StyledLine] = [],
    advanceTime: @escaping @MainActor () -> Void = {}, interactive: Bool = false,
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
      client: client, scheduler: tracking, settings: settings,
      trace: traceClock.map { Trace(display: display, clock: $0) })
    self.navigation = ScreenStack(display: display) { wakeups.signal() }
    self.banner = banner
    self.advanceTime = advanceTime
    self.isInteractive = interactive
  }

  /// Runs a whole piped session: the root screen, then one command per line until `quit` or
  /// the end of `input`, each waiting for the screen to settle. Returns the process exit status
  /// (0: both end a session normally).
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
    show()
    await settle()
    display.ready()
  }

  /// Shows the banner and the root screen, whose first load starts; does not wait for it.
  func show() {
    precondition(navigation.top == nil, "DemoApp.show: already started")
    if !banner.isEmpty {
      display.inform(banner)
    }
    navigation.push(screens.userList())
  }

  /// Handles one input line and waits until the screen has settled, as a piped session does.
  /// Returns `false` when the line asks to quit. See ``perform(_:)``.
  func handle(_ line: String) async -> Bool {
    switch perform(line) {
    case .quit:
      return false
    case .blank:
      break
    case .handled, .openSearchField:
      await settle()
    }
    display.ready()
    return true
  }

  /// Handles one input line at once, without waiting for what it started, as a terminal session
  /// does (a person may type the next command while a request runs). A bad line prints a
  /// one-line notice and changes nothing. The line is echoed sanitized and cut short
  /// (``TerminalText/quoting(_:)``). The caller shows the prompt again (``Display/ready()``).
  func perform(_ line: String) -> LineOutcome {
    guard let parsed = Command.parse(line) else { return .blank }
    display.commandBegan(.quoting(line.trimmingCharacters(in: .whitespacesAndNewlines)))
    switch parsed {
    case .failure(let error):
      display.notice(error.message)
    case .success(.quit):
      return .quit
    case .success(.help):
      display.inform(isInteractive ? Self.terminalHelpLines : Self.helpLines)
    case .success(.settings):
      if navigation.top is SettingsScreen {
        display.notice("This is the settings screen.")
      } else {
        navigation.push(screens.settingsScreen())
      }
    case .success(.searchField):
      guard isInteractive else {
        display.notice("The search field needs a terminal; piped, use 'search <text>'.")
        return .handled
      }
      guard navigation.top?.searchText != nil else {
        display.notice("The search field works on the user list; type 'back' to return to it.")
        return .handled
      }
      return .openSearchField
    case .success(let command):
      if let message = navigation.top?.handle(command) {
        display.notice(message)
      }
    }
    return .handled
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

  /// Whether work is waiting on the view models' scheduler: in this app, a debounced search
  /// waiting for typing to pause.
  var hasScheduledWork: Bool {
    !scheduler.isIdle
  }

  /// The list's search debounce, which the search field shows while it waits.
  var searchPause: Duration {
    UserListViewModel.searchDebounce
  }

  /// The top screen.
  var searchTarget: (any SearchTarget)? {
    navigation.top
  }

  /// Called on the main actor whenever something may have changed: a screen drew, navigation
  /// happened, or scheduled work started or finished.
  var onActivity: (@MainActor () -> Void)? {
    get { wakeups.observer }
    set { wakeups.observer = newValue }
  }

  /// Returns once ``isSettled``; sleeps between changes, never polls.
  func settle() async {
    while true {
      advanceTime()
      if isSettled { return }
      await wakeups.next()
    }
  }

  /// What `help` prints when piped.
  static let helpLines: [StyledLine] =
    [StyledLine("Commands:", style: .bold)]
    + Command.reference.map { usage, summary in
      StyledLine("  \(usage.padded(toWidth: 16))", style: .accent) + StyledLine(summary)
    }

  /// What `help` prints on a terminal: the commands, the search field and the trace.
  static let terminalHelpLines: [StyledLine] =
    helpLines + [
      StyledLine("  \(TerminalText("/ then Enter").padded(toWidth: 16))", style: .accent)
        + StyledLine("search as you type: Enter keeps the results, Esc goes back, Ctrl-U clears"),
      StyledLine(
        "Start with --trace to watch every state and event flow, in a pane under the screen.",
        style: .dim),
    ]
}
