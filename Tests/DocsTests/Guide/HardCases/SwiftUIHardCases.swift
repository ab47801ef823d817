#if canImport(SwiftUI)
  import SwiftUI

  // snippet: swiftui-destination
  extension ObservableContactsModel {
    /// The destination as SwiftUI's binding: SwiftUI reads it, and writes `nil` when the user
    /// closes what it presents; that write is reported as `dismissed()`, never stored. (The
    /// closures are `@Sendable`: `@MainActor` lets them read the model.)
    var presented: Binding<Destination?> {
      Binding(
        get: { @MainActor in self.destination },
        set: { @MainActor newValue in if newValue == nil { self.dismissed() } })
    }
  }

  /// Pushed: `navigationDestination(item:)` (iOS 17) presents while the item is not `nil`.
  struct ContactsView: View {
    let model: ObservableContactsModel
    let ids: [Int]

    var body: some View {
      List {
        ForEach(ids, id: \.self) { id in
          Button("Contact \(id)") { model.select(id: id) }
        }
      }
      .navigationDestination(item: model.presented) { destination in
        DestinationView(destination: destination)
      }
    }
  }

  /// Presented as a sheet instead: `.sheet(item:)` takes the same binding.
  struct ContactsSheetView: View {
    let model: ObservableContactsModel

    var body: some View {
      Button("Contact 7") { model.select(id: 7) }
        .sheet(item: model.presented) { destination in
          DestinationView(destination: destination)
        }
    }
  }
  // snippet-end

  struct DestinationView: View {
    let destination: ObservableContactsModel.Destination

    var body: some View {
      switch destination {
      case .detail(let id): Text("Contact \(id)")
      }
    }
  }

  // snippet: swiftui-must-not-lose
  /// The oldest unseen message as an alert (the current form of `.alert(item:)`); its OK button
  /// is the acknowledgment.
  struct PaymentView: View {
    let model: ObservablePaymentModel

    var body: some View {
      Text("Checkout")
        .alert("Payment", isPresented: showsMessage, presenting: model.messages.first) { message in
          Button("OK") { model.messageShown(message.id) }
        } message: { message in
          Text(message.text)
        }
    }

    /// Shown while a message waits; SwiftUI's `false` on dismissal is ignored, because the
    /// button already reported the message seen.
    private var showsMessage: Binding<Bool> {
      Binding(get: { @MainActor [model] in model.messages.first != nil }, set: { _ in })
    }
  }
// snippet-end
#endif
