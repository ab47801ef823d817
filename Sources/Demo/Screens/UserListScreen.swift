import ConsoleKit
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

  /// Re-binds, then hands the view model the page size of the settings, which may have changed
  /// on the settings screen (it decides whether to load again). Read when the screen appears,
  /// as a UIKit screen reads shared settings in `viewWillAppear`.
  override func viewWillAppear() {
    super.viewWillAppear()
    viewModel.apply(pageSize: screens.settings.pageSize)
  }

  /// Every command becomes an intent; the view model decides, and answers with state or an
  /// event (``UserListEvent/refused(_:)`` when there is nothing to do).
  override func handle(_ command: Command) -> TerminalText? {
    switch command {
    case .reload:
      viewModel.startRefresh()
    case .search(let text):
      viewModel.submitSearch(text)
    case .more:
      viewModel.loadNextPage()
    case .open(let number):
      viewModel.open(number)
    case .back:
      return "This is the first screen; there is nothing to go back to."
    default:
      return super.handle(command)
    }
    return nil
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
    case .refused(let refusal):
      showNotice(refusal.notice)
    }
  }
}
