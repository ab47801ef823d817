#if canImport(SwiftUI)
  import SignalsObservation
  import SwiftUI
  import UserFeature

  /// One user in SwiftUI: ``UserDetailScreen`` the SwiftUI way. It owns its view model in
  /// `@State`, so the view model lives exactly as long as the view. Compiled only where SwiftUI
  /// exists.
  struct UserDetailView: View {
    @State private var viewModel: UserDetailViewModel
    @State private var state: ObservableProperty<UserDetailState>
    @State private var toast: String?
    @Environment(\.dismiss) private var dismiss

    init(viewModel: UserDetailViewModel) {
      _viewModel = State(initialValue: viewModel)
      _state = State(initialValue: viewModel.state.observable())
    }

    var body: some View {
      content
        .navigationTitle("User #\(viewModel.userID)")
        .toolbar { Button("Reload") { viewModel.startRefresh() } }
        .overlay(alignment: .bottom) {
          if let toast {
            Text(toast).padding().background(.thinMaterial, in: Capsule())
          }
        }
        .task {
          await viewModel.runWhileVisible { event in
            switch event {
            case .toast(let message):
              toast = message
            case .close:
              dismiss()
            }
          }
        }
    }

    @ViewBuilder private var content: some View {
      switch state.value {
      case .idle:
        Color.clear
      case .loading:
        ProgressView("Loading user #\(viewModel.userID)")
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
          Button("Try again") { viewModel.load() }
        }
      }
    }
  }
#endif
