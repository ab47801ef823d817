import Signals

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
  private let eventSender: EventSender<UserDetailEvent>
  private let work = TaskSet()
  /// The running request, and the user to fall back to when it was a refresh.
  private var running: (id: Int, shown: User?, task: Task<Void, Never>)?
  private var nextRunID = 0

  /// Creates the view model; nothing is requested until ``load()``.
  ///
  /// - Parameter onDroppedEvent: for tracing: told, on the main actor right after the send,
  ///   about each event sent while nobody was subscribed to ``events``. `nil`, the default, adds
  ///   nothing to sending.
  public init(
    userID: User.ID, client: any UserClient,
    onDroppedEvent: (@MainActor @Sendable (UserDetailEvent) -> Void)? = nil
  ) {
    self.userID = userID
    self.client = client
    self.eventSender = .reportingDrops(to: onDroppedEvent)
  }

  deinit {
    work.cancelAll()
  }

  private var currentState: UserDetailState {
    get { stateOwner.value }
    set { stateOwner.value = newValue }
  }

  /// Loads the user when nothing is shown: from ``UserDetailState/idle`` or
  /// ``UserDetailState/failed(_:)`` (a retry) the state becomes `loading`, then `loaded` or
  /// `failed`. Does nothing while loading or once the user is shown.
  public func load() {
    switch currentState {
    case .idle, .failed:
      start(shown: nil)
      currentState = .loading
    case .loading, .loaded:
      break
    }
  }

  /// Fetches the shown user again: the user stays on screen with `isRefreshing` set; success
  /// replaces it, failure restores it and sends a ``UserDetailEvent/toast(_:)``. With no user
  /// shown this is ``load()``. Does nothing while a request is running.
  public func refresh() {
    switch currentState {
    case .idle, .failed:
      load()
    case .loading, .loaded(_, isRefreshing: true):
      break
    case .loaded(let user, isRefreshing: false):
      start(shown: user)
      currentState = .loaded(user, isRefreshing: true)
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
    running.task.cancel()
    if let shown = running.shown {
      currentState = .loaded(shown, isRefreshing: false)
    } else {
      currentState = .idle
    }
  }

  /// Test support: the tasks this view model started that have not finished, oldest first.
  var unfinishedTasks: [Task<Void, Never>] {
    work.unfinished
  }

  /// Test support: returns once every task started so far (and any started meanwhile) is done.
  func waitUntilIdle() async {
    await work.waitUntilIdle()
  }

  private func start(shown: User?) {
    let id = nextRunID
    nextRunID += 1
    let client = self.client
    let userID = self.userID
    let task = work.run { [weak self] in
      let result: Result<User, any Error>
      do {
        result = .success(try await client.user(id: userID))
      } catch {
        result = .failure(error)
      }
      // Back on the main actor. The screen may be gone or the request cancelled.
      guard !Task.isCancelled, let self else { return }
      self.finish(id, result)
    }
    running = (id, shown, task)
  }

  private func finish(_ id: Int, _ result: Result<User, any Error>) {
    guard let running, running.id == id else { return }
    self.running = nil
    switch (result, running.shown) {
    case (.success(let user), _):
      currentState = .loaded(user, isRefreshing: false)
    case (.failure(let error), nil):
      currentState = .failed(UserFacingError(error))
    case (.failure(let error), let shown?):
      currentState = .loaded(shown, isRefreshing: false)
      eventSender.send(.toast(UserFacingError(error).message))
    }
  }
}
