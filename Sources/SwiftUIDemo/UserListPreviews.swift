#if canImport(SwiftUI)
  import DemoShared
  import SwiftUI
  import UserFeature

  /// The user list in each of its states, for Xcode's previews: the content is an ordinary
  /// view, type-checked with everything else; each `#Preview` below only names one.
  struct UserListPreview: View {
    /// Which state the list reaches.
    enum Kind {
      case loading, loaded, empty, failed
    }

    let kind: Kind

    var body: some View {
      UserListView(client: client, settings: DemoSettings())
    }

    private var client: any UserClient {
      switch kind {
      case .loading: PreviewClients.loading
      case .loaded: PreviewClients.loaded
      case .empty: PreviewClients.empty
      case .failed: PreviewClients.failed
      }
    }
  }

  // `#Preview` is a macro whose implementation ships with Xcode only; the Linux type-check
  // (scripts/typecheck-swiftui.sh) checks each body as a plain view-builder function.
  #Preview("Loading") { UserListPreview(kind: .loading) }
  #Preview("Loaded") { UserListPreview(kind: .loaded) }
  #Preview("Empty") { UserListPreview(kind: .empty) }
  #Preview("Failed") { UserListPreview(kind: .failed) }
#endif
