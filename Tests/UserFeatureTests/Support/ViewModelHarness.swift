import SignalsTesting
import Testing

@testable import UserFeature

/// A view model under test with everything around it: the fake client it calls, the virtual
/// clock, recorders of its state and events (stamped with virtual time), a probe of its tasks,
/// and SignalsTesting's `settle` bound to them. A test states only its scenario:
///
/// ```swift
/// let screen = UserListHarness()
/// screen.viewModel.load()
/// try await screen.succeed(0, with: TestUsers.page(1...3, hasMore: true))
/// #expect(screen.states.values == [.idle, .loading(query: ""), .list(1...3, .idle(hasMore: true))])
/// ```
///
/// Recording starts when the harness is made; ``recordFromHere()`` starts it again. Screen
/// specific steps are in `UserListHarness.swift` and `UserDetailHarness.swift`.
@MainActor
final class ViewModelHarness<Model: ScreenModel> {
  let client: ControlledUserClient
  let scheduler = TestScheduler()
  /// The view model's tasks; usable after ``releaseViewModel()``.
  let tasks: TaskOwnerProbe
  /// Every state since recording started, the current one first.
  private(set) var states: Recorder<Model.State>
  /// Every event since recording started.
  private(set) var events: Recorder<Model.Event>
  private var model: Model?

  /// A harness for the view model `make` builds with the harness's client and scheduler.
  init(
    whenCancelled cancellation: ControlledCallCancellation,
    _ make: (ControlledUserClient, TestScheduler) -> Model
  ) {
    client = ControlledUserClient(serving: Model.service, whenCancelled: cancellation)
    let model = make(client, scheduler)
    self.model = model
    tasks = TaskOwnerProbe(model.tasks)
    states = Recorder(model.state, scheduler: scheduler)
    events = Recorder(model.events, scheduler: scheduler)
  }

  /// The view model. Reading it after ``releaseViewModel()`` is a mistake in the test.
  var viewModel: Model {
    guard let model else { preconditionFailure("the test released the view model") }
    return model
  }

  /// Starts new recorders of the state (from the current value) and of the events, so the
  /// test asserts only what happens from here on.
  func recordFromHere() {
    states = Recorder(viewModel.state, scheduler: scheduler)
    events = Recorder(viewModel.events, scheduler: scheduler)
  }

  /// SignalsTesting's `settle(_:tasks:)` on this harness: runs the due work of its virtual
  /// clock (without moving it), awaits the view model's tasks (also after
  /// ``releaseViewModel()``) and drains the main queue until nothing moves, so the test can
  /// assert the whole emission sequence.
  func settle(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
  ) async {
    await SignalsTesting.settle(
      scheduler, tasks: tasks, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The client calls the view model makes, numbered from 0 (page requests for a list, user
  /// requests for a detail screen).
  var calls: ControlledCall<Model.Request, Model.Response> {
    Model.calls(in: client)
  }

  /// Waits for request `index`, answers it with `response`, and settles.
  func succeed(
    _ index: Int, with response: Model.Response, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    await calls.requests(count: index + 1)
    calls.resolve(
      index, with: response, fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }

  /// Waits for request `index`, fails it with `error`, and settles.
  func fail(
    _ index: Int, with error: any Error, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    await calls.requests(count: index + 1)
    calls.fail(index, with: error, fileID: fileID, filePath: filePath, line: line, column: column)
    await settle(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }

  /// Lets go of the view model, the test's only strong reference to it; ``tasks`` still
  /// counts and awaits the tasks it left running.
  func releaseViewModel() {
    model = nil
  }
}
