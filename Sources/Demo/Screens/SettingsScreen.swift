import ConsoleKit
import DemoShared

/// The settings: a screen with no view model and no `bind()`.
///
/// It reads ``DemoSettings`` directly, the way a SwiftUI view reads an `@Observable` model: its
/// render runs inside `withObservationTracking` (``TrackedRender``) and runs again when a value
/// it read changes, whoever changed it. Its commands only change the model; none of them draws.
/// Compare ``UserListScreen``, which binds a view model's `Property` and `EventStream` in one
/// `bind()`: the list has loading, paging and cancellation to coordinate, this screen has three
/// values to show.
@MainActor
final class SettingsScreen: ConsoleViewController {
  /// The model this screen shows and changes; shared with the rest of the app.
  let settings: DemoSettings
  // snippet: settings-screen
  private lazy var rendering = TrackedRender { [weak self] in
    guard let self else { return }
    self.show(self.settings.screenContent)
  }

  init(settings: DemoSettings) {
    self.settings = settings
  }

  /// Renders, and keeps rendering while the screen is on top.
  override func viewDidLoad() {
    super.viewDidLoad()
    rendering.start()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    rendering.start()
  }

  override func viewDidDisappear() {
    super.viewDidDisappear()
    rendering.stop()
  }
  // snippet-end

  /// Settled once a change has been drawn.
  override var isSettled: Bool {
    !rendering.isPending
  }

  override func handle(_ command: Command) -> TerminalText? {
    switch command {
    case .pageSize(let size):
      settings.pageSize = size
    case .latency(let latency):
      guard settings.simulatesLatency else {
        return "The latency is simulated only for the bundled users, not for a live server."
      }
      settings.latency = latency
    case .colors(let isOn):
      settings.colors = isOn
    case .back:
      screenStack?.pop()
    default:
      return super.handle(command)
    }
    return nil
  }
}
