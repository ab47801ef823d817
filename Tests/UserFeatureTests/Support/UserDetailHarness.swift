import SignalsTesting
import Testing

@testable import UserFeature

/// The harness of a ``UserDetailViewModel``.
typealias UserDetailHarness = ViewModelHarness<UserDetailViewModel>

extension ViewModelHarness where Model == UserDetailViewModel {
  /// The detail screen of user `userID` over a fresh fake client.
  convenience init(
    userID: User.ID,
    whenCancelled cancellation: ControlledCallCancellation = .throwsCancellationError
  ) {
    self.init(whenCancelled: cancellation) { client, _ in
      UserDetailViewModel(userID: userID, client: client)
    }
  }

  /// Starts the scenario with the user shown: loads it (request 0), settles, then records from
  /// there.
  func beginWithUser() async throws {
    viewModel.load()
    try await succeed(0, with: TestUsers.user(viewModel.userID))
    recordFromHere()
  }
}
