#if canImport(SwiftUI)
  import SwiftUI
  import UserFeature

  /// One user in SwiftUI: the console's `UserDetailScreen` the SwiftUI way. It owns its screen
  /// model (and so its view model) in `@State`, made once, so the view model lives exactly as
  /// long as the view. Compiled where SwiftUI exists; Linux CI type-checks it against the
  /// stand-in interface and tests ``UserDetailScreenModel``.
  struct UserDetailView: View {
    @State private var screen: UserDetailScreenModel
    @Environment(\.dismiss) private var dismiss

    init(userID: User.ID, client: any UserClient) {
      _screen = State(
        initialValue: UserDetailScreenModel {
          UserDetailViewModel(userID: userID, client: client)
        })
    }

    var body: some View {
      content
        .navigationTitle("User #\(screen.viewModel.userID)")
        .toolbar { Button("Reload") { screen.viewModel.startRefresh() } }
        .overlay(alignment: .bottom) { ToastOverlay(toasts: screen.toasts) }
        .task {
          await screen.runWhileVisible { dismiss() }
        }
    }

    @ViewBuilder private var content: some View {
      switch screen.state.value {
      case .idle:
        Color.clear
      case .loading:
        ProgressView("Loading user #\(screen.viewModel.userID)")
      case .loaded(let user, let isRefreshing):
        Form {
          LabeledContent("Name", value: user.name)
          LabeledContent("Username", value: "@\(user.username)")
          LabeledContent("Email", value: user.email)
          if isRefreshing {
            ProgressView("Refreshing")
          }
        }
      case .failed(let error):
        ContentUnavailableView {
          Label("Couldn't load this user", systemImage: "exclamationmark.triangle")
        } description: {
          Text(error.message)
        } actions: {
          Button("Try again") { screen.viewModel.load() }
        }
      }
    }
  }
#endif
