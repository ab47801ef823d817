#if canImport(SwiftUI)
  import SwiftUI

  /// The settings in SwiftUI: ``SettingsScreen`` the SwiftUI way, to compare line by line.
  /// No view model: `body` reads the `@Observable` ``DemoSettings`` and writes it through
  /// `@Bindable` bindings; SwiftUI redraws when a value `body` read changes, exactly what
  /// ``TrackedRender`` does for the console screen. Compiled only where SwiftUI exists.
  // snippet: swiftui-settings-view
  struct SettingsView: View {
    @Bindable var settings: DemoSettings

    var body: some View {
      Form {
        Stepper(
          "\(settings.pageSize) users per page", value: $settings.pageSize,
          in: DemoSettings.pageSizes)
        if settings.simulatesLatency {
          Picker("Latency", selection: $settings.latency) {
            ForEach([0, 100, 400, 1000], id: \.self) { milliseconds in
              Text("\(milliseconds) ms").tag(Duration.milliseconds(milliseconds))
            }
          }
        } else {
          LabeledContent("Latency", value: "not simulated (live server)")
        }
        Toggle("Colour in the console", isOn: $settings.colors)
      }
      .navigationTitle("Settings")
    }
  }
// snippet-end
#endif
