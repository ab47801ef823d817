#if canImport(SwiftUI)
  import SignalsObservation
  import SwiftUI
  import UserFeature

  /// The user list in SwiftUI: ``UserListScreen`` written the SwiftUI way, to compare line by
  /// line. Compiled only where SwiftUI exists (Apple platforms); Linux CI type-checks the model
  /// side (the view models, ``ObservableProperty``, ``UserListViewModel/runWhileVisible(handling:)``)
  /// but never this file.
  ///
  /// - State: ``UserListScreen/bind()`` sinks `viewModel.state` and draws; here `body` reads
  ///   `state.value` and SwiftUI redraws when it changes.
  /// - Events: `bind()` sinks `viewModel.events`; here `.task` iterates them, and SwiftUI
  ///   cancels the task when the view goes away.
  /// - Navigation: the console pushes a screen; here the event appends to `path`, which is state.
  /// - Lifetime: the console empties its bag in `viewDidDisappear`; here `.task` is cancelled
  ///   and the `@State` holding the observer is released with the view.
  struct UserListView: View {
    // snippet: swiftui-list-state
    let viewModel: UserListViewModel
    let client: any UserClient
    let settings: DemoSettings
    @State private var state: ObservableProperty<UserListState>
    @State private var path: [User.ID] = []
    @State private var toast: String?
    @State private var showsSettings = false

    init(viewModel: UserListViewModel, client: any UserClient, settings: DemoSettings) {
      self.viewModel = viewModel
      self.client = client
      self.settings = settings
      // Kept from the first init only, as any @State: later inits' observers are dropped.
      _state = State(initialValue: viewModel.state.observable())
    }
    // snippet-end

    var body: some View {
      NavigationStack(path: $path) {
        content
          .navigationTitle("Users")
          .navigationDestination(for: User.ID.self) { id in
            UserDetailView(viewModel: UserDetailViewModel(userID: id, client: client))
          }
          .toolbar {
            Button("Settings") { showsSettings = true }
          }
      }
      .overlay(alignment: .bottom) {
        if let toast {
          Text(toast).padding().background(.thinMaterial, in: Capsule())
        }
      }
      .sheet(isPresented: $showsSettings) {
        NavigationStack { SettingsView(settings: settings) }
      }
      // snippet: swiftui-list-task
      .task {
        await viewModel.runWhileVisible { event in
          switch event {
          case .toast(let message):
            toast = message
          case .showDetail(let id):
            path.append(id)
          }
        }
      }
      // snippet-end
      .task(id: toast) {
        guard toast != nil else { return }
        // Cancelled (a newer toast, or the view went away): the newer state decides.
        guard (try? await Task.sleep(for: .seconds(3))) != nil else { return }
        toast = nil
      }
      .onChange(of: settings.pageSize) { _, pageSize in
        viewModel.pageSize = pageSize
        viewModel.startRefresh()
      }
    }

    private static func progressTitle(query: String) -> String {
      query.isEmpty ? "Loading users" : "Searching for \"\(query)\""
    }

    @ViewBuilder private var content: some View {
      switch state.value {
      case .idle:
        Color.clear
      case .loading(let query):
        ProgressView(Self.progressTitle(query: query))
      case .loaded(let list):
        List {
          ForEach(list.users) { user in
            Button {
              viewModel.select(user)
            } label: {
              LabeledContent(user.name, value: "@\(user.username)")
            }
          }
          if list.canLoadMore {
            ProgressView().onAppear { viewModel.loadNextPage() }
          }
        }
        .refreshable { await viewModel.refresh() }
      case .empty(let query):
        ContentUnavailableView.search(text: query)
      case .failed(_, let error):
        ContentUnavailableView {
          Label("Couldn't load users", systemImage: "exclamationmark.triangle")
        } description: {
          Text(error.message)
        } actions: {
          Button("Try again") { viewModel.load() }
        }
      }
    }
  }
#endif
