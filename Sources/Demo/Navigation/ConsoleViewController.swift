import ConsoleKit
import Signals

/// The base of every console screen, with a lifecycle like UIKit's.
///
/// - A screen is created with its view model; nothing is subscribed yet.
/// - ``viewDidLoad()`` runs once, when the screen is first pushed, and calls ``bind()``: the
///   single place where a subclass subscribes to its view model (state and events), storing
///   every token in ``bag``.
/// - ``viewDidDisappear()`` runs when the screen is covered or popped and cancels everything in
///   ``bag``: a screen that is not on top draws nothing.
/// - ``viewWillAppear()`` runs when the screen is uncovered again and calls ``bind()`` once
///   more: state is drawn again (a property replays its current value), old events are not
///   (an event stream never replays).
///
/// When a screen is popped, its bag is emptied and the stack drops it, so it and its view model
/// are released.
@MainActor
class ConsoleViewController: SearchTarget {
  /// Every subscription made in ``bind()``; emptied when the screen disappears.
  let bag = SubscriptionBag()
  /// The stack this screen is on, set while it is pushed.
  weak var screenStack: ScreenStack?
  /// Told just before each ``bind()``; the demo's trace sets it, otherwise `nil`.
  var bindingObserver: (any BindingObserver)?
  private var isBound = false
  /// What ``show(_:)`` last drew.
  private var lastShown: ScreenContent?

  init() {}

  /// Makes every subscription of this screen. Subclasses override it and store each token in
  /// ``bag``; the base implementation does nothing. Never call it directly.
  func bind() {}

  /// Called once, after the screen is pushed for the first time. Binds; subclasses override it
  /// to start their view model's first load (after calling `super`, so the screen is bound
  /// before anything can send).
  func viewDidLoad() {
    bindIfNeeded()
  }

  /// Called when the screen becomes the top screen again after being covered. Re-binds.
  func viewWillAppear() {
    bindIfNeeded()
  }

  /// Called when the screen stops being the top screen (covered or popped). Ends every
  /// subscription.
  func viewDidDisappear() {
    bag.cancelAll()
    isBound = false
  }

  /// Handles a screen-specific command. Returns a one-line message when the command makes no
  /// sense on this screen (the screen's state is then unchanged), `nil` when handled. A screen
  /// handles its own commands and hands every other one to `super`, which says where it works
  /// (``Command/elsewhere``): a new command or screen edits no other screen.
  func handle(_ command: Command) -> TerminalText? {
    command.elsewhere
  }

  /// Whether nothing is in flight: the app reads the next scripted command only once the top
  /// screen has settled. Read from what the screen last drew, not from its view model: a screen
  /// with a progress line is waiting for something.
  var isSettled: Bool {
    lastShown?.progress == nil
  }

  /// The text a search field on this screen starts with, from what the screen last drew
  /// (``ScreenContent/search``), or `nil` when the screen has no search.
  var searchText: String? {
    lastShown?.search
  }

  /// The search field's text changed: called on every keystroke with the whole text, like
  /// `UISearchBarDelegate.searchBar(_:textDidChange:)`. Only called when ``searchText`` is not
  /// `nil`.
  func searchTextDidChange(_ text: String) {}

  /// Draws `content` if this screen is the top screen; a covered or popped screen draws nothing.
  func show(_ content: ScreenContent) {
    guard let stack = screenStack, stack.top === self else { return }
    lastShown = content
    stack.display.show(content)
    stack.screenDidChange()
  }

  /// Shows a toast (a one-off message from an event) if this screen is the top screen.
  func showToast(_ message: TerminalText) {
    guard let stack = screenStack, stack.top === self else { return }
    stack.display.toast(message)
  }

  /// Shows a one-line notice (a request the view model refused) if this screen is the top one.
  func showNotice(_ message: TerminalText) {
    guard let stack = screenStack, stack.top === self else { return }
    stack.display.notice(message)
  }

  private func bindIfNeeded() {
    guard !isBound else { return }
    isBound = true
    bindingObserver?.screenWillBind(storingIn: bag)
    bind()
  }
}
