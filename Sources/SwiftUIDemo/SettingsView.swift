#if canImport(SwiftUI)
  import DemoShared
  import SwiftUI

  /// The settings in SwiftUI: the console's `SettingsScreen` the SwiftUI way, to compare line by
  /// line. No view model: `body` reads the `@Observable` ``DemoSettings`` and writes it through
  /// `@Bindable` bindings; SwiftUI redraws when a value `body` read changes, exactly what the
  /// console's `TrackedRender` does. Shown in a sheet, so it has a Done button: a macOS sheet
  /// cannot be swiped away. (No colour setting: that one is the console's.)
  // snippet: swiftui-settings-view
  struct SettingsView: View {
    @Bindable var settings: DemoSettings
    @Environment(\.dismiss) private var dismiss

    var body: some View {
      Form {
        Stepper(
          "\(settings.pageSize) users per page", value: $settings.pageSize,
          in: DemoSettings.pageSizes)
        if settings.simulatesLatency {
          // Tags in milliseconds, the unit of `--latency`, and always the value in use.
          Picker("Latency", selection: $settings.latencyInMilliseconds) {
            ForEach(
              LatencyChoices.milliseconds(including: settings.latencyInMilliseconds), id: \.self
            ) { milliseconds in
              Text("\(milliseconds) ms").tag(milliseconds)
            }
          }
        } else {
          LabeledContent("Latency", value: "not simulated (live server)")
        }
      }
      .navigationTitle("Settings")
      .toolbar {
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { dismiss() }
        }
      }
    }
  }
// snippet-end
#endif
