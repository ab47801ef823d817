import ConsoleKit
import Signals
import UserFeature

/// One user's details, pushed over the list.
///
/// Its state is drawn as the screen; its events are one-off output: a toast line, or closing
/// the screen (the view model's `close` event pops it, which releases the screen and its view
/// model).
@MainActor
final class UserDetailScreen: ConsoleViewController {
  /// The view model this screen binds; the screen owns it.
  let viewModel: UserDetailViewModel

  init(viewModel: UserDetailViewModel) {
    self.viewModel = viewModel
  }

  /// Every subscription of this screen, made in one place. Both are delivered on the main
  /// actor and hold the screen weakly; the bag ends them when the screen disappears.
  override func bind() {
    let userID = viewModel.userID
    viewModel.state
      .receive(on: .mainActor)
      .sink(with: self) { screen, state in
        screen.show(state.screenContent(userID: userID))
      }
      .store(in: bag)
    viewModel.events
      .receive(on: .mainActor)
      .sink(with: self) { screen, event in
        screen.perform(event)
      }
      .store(in: bag)
  }

  /// Binds, then starts loading the user.
  override func viewDidLoad() {
    super.viewDidLoad()
    viewModel.load()
  }

  override func handle(_ command: Command) -> TerminalText? {
    switch command {
    case .reload:
      viewModel.startRefresh()
    case .back:
      viewModel.back()
    default:
      return super.handle(command)
    }
    return nil
  }

  private func perform(_ event: UserDetailEvent) {
    switch event {
    case .toast(let message):
      showToast(TerminalText(sanitizing: message))
    case .close:
      screenStack?.pop()
    }
  }
}
