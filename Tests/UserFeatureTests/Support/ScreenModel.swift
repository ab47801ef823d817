import Signals
import SignalsTesting

@testable import UserFeature

/// A view model as the tests see it: its outputs, the fake client call it makes, and its test
/// hooks (reached through `@testable import`).
@MainActor
protocol ScreenModel: AnyObject, Sendable {
  associatedtype State: Sendable
  associatedtype Event: Sendable
  /// What the view model asks the client for.
  associatedtype Request: Sendable
  /// What the client answers.
  associatedtype Response: Sendable

  var state: Property<State> { get }
  var events: EventStream<Event> { get }
  /// The tasks the view model started that have not finished, oldest first.
  var unfinishedTasks: [Task<Void, Never>] { get }
  /// Returns once every task started so far (and any started meanwhile) is done.
  func waitUntilIdle() async

  /// The calls this kind of view model makes (the only ones its test client serves).
  nonisolated static var service: ControlledUserClient.Service { get }
  /// The call of `client` this kind of view model makes.
  nonisolated static func calls(in client: ControlledUserClient) -> ControlledCall<
    Request, Response
  >
}

extension UserListViewModel: ScreenModel {
  nonisolated static let service = ControlledUserClient.Service.pages

  nonisolated static func calls(in client: ControlledUserClient) -> ControlledCall<
    ControlledUserClient.PageRequest, UserPage
  > {
    client.pageCalls
  }
}

extension UserDetailViewModel: ScreenModel {
  nonisolated static let service = ControlledUserClient.Service.users

  nonisolated static func calls(in client: ControlledUserClient) -> ControlledCall<User.ID, User> {
    client.userCalls
  }
}
