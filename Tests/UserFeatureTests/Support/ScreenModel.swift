import Signals
import SignalsConcurrency
import SignalsTesting

@testable import UserFeature

/// A view model as the tests see it: its outputs, its tasks (reached through `@testable
/// import`) and the fake client call it makes.
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
  /// The view model's running requests (its own `TaskOwner`, reached through `@testable`).
  var tasks: TaskOwner { get }

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
