import Signals
import SignalsTestSupport
import Testing

// When a view model is not needed: a screen with nothing to coordinate reads its model directly.

// snippet: no-view-model
/// Plain data the app already has.
private struct AppInfo: Sendable {
  let name: String
  let version: String
}

/// A shared model that already exposes its state read-only.
private final class Settings: Sendable {
  private let darkModeOwner = MutableProperty(false)
  var darkMode: Property<Bool> { darkModeOwner.property }

  func setDarkMode(_ isOn: Bool) {
    darkModeOwner.value = isOn
  }
}

/// No view model: the screen formats the model itself and binds the one setting it shows.
@MainActor
private final class AboutScreen {
  private let info: AppInfo
  private let settings: Settings
  private let bag = SubscriptionBag()
  private(set) var title = ""
  private(set) var switchStates: [Bool] = []

  init(info: AppInfo, settings: Settings) {
    self.info = info
    self.settings = settings
  }

  func bind() {
    title = "\(info.name) \(info.version)"
    settings.darkMode.receive(on: .mainActor)
      .sink(with: self) { screen, isOn in screen.switchStates.append(isOn) }
      .store(in: bag)
  }

  func darkModeSwitchToggled(_ isOn: Bool) {
    settings.setDarkMode(isOn)
  }
}
// snippet-end

extension GuideTests {
  @Suite struct DirectModelScreen {
    @MainActor @Test func smallScreenReadsItsModelDirectly() {
      let settings = Settings()
      let screen = AboutScreen(info: AppInfo(name: "Signals", version: "1.0"), settings: settings)
      screen.bind()
      screen.darkModeSwitchToggled(true)
      settings.setDarkMode(false)  // changed elsewhere in the app
      #expect(screen.title == "Signals 1.0")
      #expect(screen.switchStates == [false, true, false])
    }
  }
}
