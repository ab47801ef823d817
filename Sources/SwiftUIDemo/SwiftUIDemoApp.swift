#if canImport(SwiftUI)
  import DemoShared
  import SwiftUI
  import UserFeature

  /// The SwiftUI demo: the user list, its detail screen and the settings sheet, over the bundled
  /// users with a simulated latency the settings can change, as the console demo does.
  @main
  struct SwiftUIDemoApp: App {
    @State private var settings: DemoSettings
    private let client: any UserClient

    init() {
      let settings = DemoSettings(latency: OfflineUserClient.defaultLatency)
      _settings = State(initialValue: settings)
      let users: [User]
      do {
        users = try OfflineUserClient.fixtureUsers()
      } catch {
        fatalError("SwiftUIDemo: the bundled users cannot be read, a broken build: \(error)")
      }
      client = SimulatedLatencyClient(
        base: OfflineUserClient(users: users, latency: .zero), settings: settings)
    }

    var body: some Scene {
      WindowGroup {
        UserListView(client: client, settings: settings)
      }
    }
  }
#else
  import ConsoleKit
  import Foundation

  /// Where SwiftUI does not exist: prints ``PlatformCheck/message`` to standard error and exits
  /// with ``PlatformCheck/exitCode``. It writes through the console's safe writer, so an
  /// unwritable standard error (full, or a closed pipe with SIGPIPE ignored) changes nothing.
  @main
  enum SwiftUIDemoApp {
    static func main() {
      StandardStreams.writeError(PlatformCheck.message + "\n")
      exit(PlatformCheck.exitCode)
    }
  }
#endif
