#if canImport(SwiftUI)
  import DemoShared
  import SwiftUI
  import UserFeature

  /// The user list in SwiftUI: the console's `UserListScreen` written the SwiftUI way, to compare
  /// line by line. Compiled where SwiftUI exists; Linux CI type-checks it against the stand-in
  /// interface in `StandIns/SwiftUI` and tests what it decides (``UserListScreenModel``).
  ///
  /// - State: the console's `bind()` sinks `viewModel.state` and draws; here `body` reads
  ///   `screen.state.value` and SwiftUI redraws when it changes.
  /// - Events: the console sinks `viewModel.events` while the list is on top; here the list's
  ///   own `.task` hands them to the screen model while the list is shown. The task hangs off
  ///   the list, not off the `NavigationStack`: SwiftUI cancels it when a pushed detail covers
  ///   the list, so a list refresh failing under the detail shows no toast over it.
  /// - Navigation: a `showDetail` request appends to `path`, which is state; a request while a
  ///   detail is pushed (a double tap) is refused.
  /// - Lifetime: the screen model, its view model and its observer live in one `@State`, made
  ///   once; the task's cancellation stops the view model's work.
  struct UserListView: View {
    // snippet: swiftui-list-state
    @State private var screen: UserListScreenModel
    @State private var showsSettings = false
    private let client: any UserClient
    private let settings: DemoSettings

    init(client: any UserClient, settings: DemoSettings) {
      self.client = client
      self.settings = settings
      // SwiftUI keeps the first init's model only; a later one is dropped before it has made a
      // view model or subscribed to anything (both happen on first use).
      _screen = State(
        initialValue: UserListScreenModel {
          UserListViewModel(client: client, scheduler: .mainQueue, pageSize: settings.pageSize)
        })
    }
    // snippet-end

    var body: some View {
      NavigationStack(path: $screen.path) {
        list
          .navigationTitle("Users")
          .navigationDestination(for: User.ID.self) { id in
            UserDetailView(userID: id, client: client)
          }
          .toolbar {
            Button("Settings") { showsSettings = true }
          }
      }
      // The console applies a new page size when the list shows again; so does this, when the
      // sheet goes away (and when a pushed detail pops, in the list's task).
      .sheet(isPresented: $showsSettings, onDismiss: applySettings) {
        NavigationStack { SettingsView(settings: settings) }
      }
    }

    /// The list and everything bound to its being shown: its toasts and its task.
    private var list: some View {
      content
        .overlay(alignment: .bottom) { ToastOverlay(toasts: screen.toasts) }
        // snippet: swiftui-list-task
        .task {
          await screen.runWhileVisible(pageSize: settings.pageSize)
        }
      // snippet-end
    }

    private func applySettings() {
      screen.applyPageSize(settings.pageSize)
    }

    private static func progressTitle(query: String) -> String {
      query.isEmpty ? "Loading users" : "Searching for \"\(query)\""
    }

    @ViewBuilder private var content: some View {
      switch screen.state.value {
      case .idle:
        Color.clear
      case .loading(let query):
        ProgressView(Self.progressTitle(query: query))
      case .loaded(let list):
        List {
          ForEach(list.users) { user in
            Button {
              screen.viewModel.select(user)
            } label: {
              LabeledContent(user.name, value: "@\(user.username)")
            }
          }
          if list.canLoadMore {
            ProgressView().onAppear { screen.viewModel.loadNextPage() }
          }
        }
        // Awaited: the system's indicator stays until the refresh has finished.
        .refreshable { [screen] in
          await screen.refresh()
        }
      case .empty(let query):
        ContentUnavailableView.search(text: query)
      case .failed(_, let error):
        ContentUnavailableView {
          Label("Couldn't load users", systemImage: "exclamationmark.triangle")
        } description: {
          Text(error.message)
        } actions: {
          Button("Try again") { screen.viewModel.load() }
        }
      }
    }
  }
#endif
