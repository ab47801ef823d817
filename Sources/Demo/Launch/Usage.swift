import ConsoleKit
import UserFeature

/// The demo's usage text, printed by `--help` (standard output) and after a bad flag
/// (standard error).
enum Usage {
  static let text = """
    Usage: Demo [--endpoint URL] [--timeout S] [--latency MS] [--fail-rate P] [--trace] [--help]

    A console app whose list and detail screens bind their view models in one bind(), and
    whose settings screen reads an observable model directly: state is drawn as the screen,
    events (toasts, navigation) as one-off output.

    Options:
      --endpoint URL   Load users from a real server speaking the user API (for example
                       https://jsonplaceholder.typicode.com) instead of the bundled fixtures.
                       Responses over \(LiveUserClient.defaultMaximumBodySize / 1_048_576) MB are refused, never held.
      --timeout S      With --endpoint: seconds from 1 to 3600 a request may take, from asking
                       to the last byte, before it fails (default \(LaunchOptions.defaultTimeout.components.seconds)).
      --latency MS     Simulated latency of the offline client, in milliseconds
                       (default \(LaunchOptions.defaultLatency.milliseconds)); the settings screen can change it.
      --fail-rate P    Probability from 0 to 1 that an offline request after the first load
                       fails (default 0). Try 1 with --trace: "reload" fails the refresh and
                       shows a toast once; "search x" shows the error screen.
      --trace          Show what flows between the view models and the screens, with the time
                       since start: every state, every event, each bind and unbind, and each
                       event sent while nobody was subscribed ("dropped"). On a terminal it is
                       a pane under the screen; piped, one "[trace] ..." line per entry.
      --help, -h       Show this help.

    Commands (type them while it runs): help, reload, search <text>, more, open <n>, back,
    settings, quit. The settings screen changes the page size (page-size <n>), the simulated
    latency (latency <ms>) and colour (colour on|off) while the app runs.
    On a terminal the screen is redrawn in colour (NO_COLOR turns colour off) and each command
    is taken at once, even while a request runs. There "/" and Enter open a search field that
    searches as you type, once typing pauses for \(UserListViewModel.searchDebounce.milliseconds) ms: Enter keeps the results, Esc goes back
    to the search before, Ctrl-U clears. Piped, the output is plain lines and each command
    waits for the screen to settle. Control characters in names or typed text are shown as
    symbols (ESC as \u{241B}), never sent to the terminal.

    """
}
