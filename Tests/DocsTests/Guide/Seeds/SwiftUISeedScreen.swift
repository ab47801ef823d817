#if canImport(SwiftUI)
  import SwiftUI

  extension SwiftUISeed {
    // snippet: swiftui-seed-screen
    /// The screen owns its view model (`@State`, created once), draws each state with a
    /// `switch`, starts the load with `.task` (cancelled when the view goes away) and awaits it
    /// in `.refreshable` (the spinner stays until the list is in).
    struct UserListScreen: View {
      @State private var viewModel: UserListViewModel

      init(client: any UserClient) {
        _viewModel = State(initialValue: UserListViewModel(client: client))
      }

      var body: some View {
        Group {
          switch viewModel.state {
          case .idle, .loading:
            ProgressView()
          case .loaded(let users) where users.isEmpty:
            ContentUnavailableView("No users", systemImage: "person.2")
          case .loaded(let users):
            UserListView(users: users)
          case .failed(let message):
            ContentUnavailableView(
              "Could not load", systemImage: "exclamationmark.triangle",
              description: Text(message))
          }
        }
        .task { await viewModel.load() }
        .refreshable { [viewModel] in await viewModel.load() }
      }
    }

    /// Values in, nothing out: previews and tests build it from a plain array.
    struct UserListView: View {
      let users: [User]

      var body: some View {
        List(users) { user in
          Text(user.name)
        }
      }
    }
    // snippet-end
  }

  // snippet: swiftui-seed-previews
  #Preview("Loaded") { SwiftUISeed.UserListScreen(client: SwiftUISeed.StubUserClient.loaded) }
  #Preview("Empty") { SwiftUISeed.UserListScreen(client: SwiftUISeed.StubUserClient.empty) }
  #Preview("Failed") { SwiftUISeed.UserListScreen(client: SwiftUISeed.StubUserClient.failing) }
  #Preview("Loading") { SwiftUISeed.UserListScreen(client: SwiftUISeed.PendingUserClient()) }
// snippet-end
#endif
