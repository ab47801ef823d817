import Foundation
import Signals
import UserFeature

/// The user list: the app's root screen.
///
/// Its state is drawn as the screen (numbered list, progress, empty and error screens); its
/// events are one-off output: a toast line, or pushing the detail screen.
@MainActor
final class UserListScreen: ConsoleViewController {
  /// The view model this screen binds; the screen owns it.
  let viewModel: UserListViewModel
  private let screens: ScreenFactory

  init(viewModel: UserListViewModel, screens: ScreenFactory) {
    self.viewModel = viewModel
    self.screens = screens
  }

  /// Every subscription of this screen, made in one place. Both are delivered on the main
  /// actor and hold the screen weakly; the bag ends them when the screen disappears.
  override func bind() {
    viewModel.state
      .receive(on: .mainActor)
      .sink(with: self) { screen, state in
        screen.show(state.screenContent)
      }
      .store(in: bag)
    viewModel.events
      .receive(on: .mainActor)
      .sink(with: self) { screen, event in
        screen.perform(event)
      }
      .store(in: bag)
  }

  /// Binds, then starts the first load: bound first, so nothing the load sends is missed.
  override func viewDidLoad() {
    super.viewDidLoad()
    viewModel.load()
  }

  /// Re-binds, then applies a page size changed on the settings screen: the list loads again
  /// with it. Read when the screen appears, as a UIKit screen reads shared settings in
  /// `viewWillAppear`.
  override func viewWillAppear() {
    super.viewWillAppear()
    let pageSize = screens.settings.pageSize
    guard pageSize != viewModel.pageSize else { return }
    viewModel.pageSize = pageSize
    viewModel.startRefresh()
  }

  override var isSettled: Bool {
    !viewModel.state.value.isBusy
  }

  override func handle(_ command: Command) -> TerminalText? {
    let state = viewModel.state.value
    switch command {
    case .reload:
      viewModel.startRefresh()
    case .search(let text):
      let query = text.trimmingCharacters(in: .whitespaces)
      switch state {
      case .loaded, .empty:
        if query == state.query {
          return query.isEmpty
            ? "Already showing everyone." : "Already showing \"\(TerminalText.quoting(query))\"."
        }
      case .idle, .loading, .failed:
        break
      }
      viewModel.search(query)
    case .more:
      guard case .loaded(let list) = state else {
        return "There is no list to page through."
      }
      guard list.canLoadMore else {
        return "All \(list.users.count) users are shown; there is no next page."
      }
      viewModel.loadNextPage()
    case .open(let number):
      let users = state.users
      guard !users.isEmpty else {
        return "There is no list to open a user from."
      }
      guard number <= users.count else {
        return "There is no user \(number) on the list; pick 1 to \(users.count)."
      }
      viewModel.select(users[number - 1])
    case .back:
      return "This is the first screen; there is nothing to go back to."
    case .settings, .pageSize, .latency, .colors, .help, .searchField, .quit:
      return super.handle(command)
    }
    return nil
  }

  /// The query shown (or loading): the search field starts from it.
  override var searchText: String? {
    viewModel.state.value.query
  }

  /// Every keystroke goes to the view model as the whole text; its debounce decides when to
  /// fetch, and a newer search cancels an older one.
  override func searchTextDidChange(_ text: String) {
    viewModel.search(text)
  }

  private func perform(_ event: UserListEvent) {
    switch event {
    case .toast(let message):
      showToast(TerminalText(sanitizing: message))
    case .showDetail(let id):
      screenStack?.push(screens.userDetail(id: id))
    }
  }
}
