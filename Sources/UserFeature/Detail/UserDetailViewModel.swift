import Signals
import SignalsConcurrency

/// The user-detail screen's logic: loads one user by identifier, refreshes it, and closes.
///
/// - State: ``state`` is one ``UserDetailState`` value, read-only outside this class.
/// - Events: ``events`` sends toasts (a failed refresh) and ``UserDetailEvent/close``, never
///   replayed: bind before calling methods.
/// - Threading, work and lifetime: as ``UserListViewModel``: main actor, one request at a time,
///   released mid-request means deallocated and silent.
@MainActor
public final class UserDetailViewModel {
  /// The user this screen shows.
  public let userID: User.ID

  /// What the screen shows. Current value first to every subscriber, then each change.
  public var state: Property<UserDetailState> { stateOwner.property }

  /// Toasts and closing, delivered once to the subscribers present when they happen.
  public var events: EventStream<UserDetailEvent> { eventSender.stream }

  private let client: any UserClient
  private let stateOwner = MutableProperty<UserDetailState>(.idle)
  private let eventSender = EventSender<UserDetailEvent>()
  /// The running request's owner; internal so that tests see it through `TaskOwnerProbe`.
  let tasks = TaskOwner()
  /// The running request (key "request"), which ``refresh()`` awaits, and the user it refreshes.
  private var running: (shown: User?, task: Task<Void, Never>)?

  /// Creates the view model; nothing is requested until ``load()``.
  public init(userID: User.ID, client: any UserClient) {
    self.userID = userID
    self.client = client
  }

  /// Loads the user when nothing is shown: from ``UserDetailState/idle`` or
  /// ``UserDetailState/failed(_:)`` (a retry) the state becomes `loading`, then `loaded` or
  /// `failed`. Does nothing while loading or once the user is shown.
  public func load() {
    switch stateOwner.value {
    case .idle, .failed:
      start(shown: nil)
      stateOwner.value = .loading
    case .loading, .loaded:
      break
    }
  }

  /// Fetches the shown user again, as ``startRefresh()`` does, and returns once the request
  /// running after that call has finished and its outcome is on screen (for SwiftUI's
  /// `.refreshable`). Cancelling the calling task neither cancels the request nor ends the
  /// wait early; ``cancel()`` does both.
  public func refresh() async {
    startRefresh()
    await running?.task.value
  }

  /// Starts fetching the shown user again and returns at once (see ``refresh()`` to await it):
  /// the user stays on screen with `isRefreshing` set; success replaces it, failure restores it
  /// and sends a ``UserDetailEvent/toast(_:)``. With no user shown this is ``load()``. Does
  /// nothing while a request is running.
  public func startRefresh() {
    switch stateOwner.value {
    case .idle, .failed:
      load()
    case .loading, .loaded(_, isRefreshing: true):
      break
    case .loaded(let user, isRefreshing: false):
      start(shown: user)
      stateOwner.value = .loaded(user, isRefreshing: true)
    }
  }

  /// Leaves the screen: cancels work (see ``cancel()``) and sends ``UserDetailEvent/close``.
  public func back() {
    cancel()
    eventSender.send(.close)
  }

  /// Stops the running request. The state settles in this call (`loading` becomes `idle`, a
  /// refresh ends) and nothing changes afterwards until another method is called.
  public func cancel() {
    guard let running else { return }
    self.running = nil
    tasks.cancel(key: "request")
    stateOwner.value = running.shown.map { .loaded($0, isRefreshing: false) } ?? .idle
  }

  private func start(shown: User?) {
    let task = tasks.run(key: "request", for: self) { [client, userID] in
      try await client.user(id: userID)
    } then: { viewModel, result in
      viewModel.finish(result, shown: shown)  // on the main actor, only if this view model lives
    }
    running = (shown, task)
  }

  private func finish(_ result: Result<User, any Error>, shown: User?) {
    running = nil
    switch (result, shown) {
    case (.success(let user), _):
      stateOwner.value = .loaded(user, isRefreshing: false)
    case (.failure(let error), nil):
      stateOwner.value = .failed(UserFacingError(error))
    case (.failure(let error), let shown?):
      stateOwner.value = .loaded(shown, isRefreshing: false)
      eventSender.send(.toast(UserFacingError(error).message))
    }
  }
}
