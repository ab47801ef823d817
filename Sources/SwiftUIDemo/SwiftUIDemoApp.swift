#if canImport(SwiftUI)
  import DemoShared
  import SwiftUI
  import UserFeature

  /// The SwiftUI demo: the user list, its detail screen and the settings sheet, over the bundled
  /// users with a simulated latency the settings can change, as the console demo does.
  @main
  struct SwiftUIDemoApp: App {
    @State private var settings = DemoSettings(latency: .milliseconds(400))

    var body: some Scene {
      WindowGroup {
        UserListView(
          viewModel: UserListViewModel(
            client: SimulatedLatencyClient(base: OfflineUserClient(), settings: settings),
            scheduler: .mainQueue, pageSize: settings.pageSize),
          settings: settings)
      }
    }
  }
#else
  import Foundation

  /// Where SwiftUI does not exist: prints ``PlatformCheck/message`` to standard error and exits
  /// with ``PlatformCheck/exitCode``.
  @main
  enum SwiftUIDemoApp {
    static func main() {
      FileHandle.standardError.write(Data((PlatformCheck.message + "\n").utf8))
      exit(PlatformCheck.exitCode)
    }
  }
#endif
