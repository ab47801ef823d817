import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The examples of the DocC article "An outcome that must not be lost"
// (Sources/Signals/Signals.docc/OutcomeThatMustNotBeLost.md), quoted through their snippet
// markers.

// snippet: must-not-lose-outcome-view-model
/// A payment can finish while no screen is bound (the user went back, the app was in the
/// background), so its outcome is state that the screen acknowledges, not an event that would
/// be dropped.
@MainActor
final class CheckoutViewModel {
  enum Outcome: Equatable, Sendable {
    case paid(receipt: String)
    case declined
    /// No answer (a timeout, a lost connection): the payment may have gone through.
    case unknown
  }

  /// What `charge` throws when the bank refuses the payment.
  struct Declined: Error {}

  struct State: Equatable, Sendable {
    var isPaying = false
    /// The outcome to show, kept until the screen reports it seen: `outcomeShown()`.
    var outcome: Outcome?
  }

  let tasks = TaskOwner()
  private let stateOwner = MutableProperty(State())
  private let charge: @Sendable () async throws -> String
  var state: Property<State> { stateOwner.property }

  init(charge: @escaping @Sendable () async throws -> String) {
    self.charge = charge
  }

  func pay() {
    guard !stateOwner.value.isPaying else { return }
    stateOwner.modify { $0.isPaying = true }
    tasks.run(key: "pay", for: self) { [charge] in
      try await charge()
    } then: { viewModel, result in
      viewModel.stateOwner.modify { state in
        state.isPaying = false
        state.outcome =
          switch result {
          case .success(let receipt): .paid(receipt: receipt)
          case .failure(is Declined): .declined
          case .failure: .unknown  // not known to be declined: the user checks before paying again
          }
      }
    }
  }

  /// The user has seen the outcome (dismissed it, not merely received it): it is not shown
  /// again, by this screen or a rebuilt one.
  func outcomeShown() {
    stateOwner.modify { $0.outcome = nil }
  }
}
// snippet-end

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct MustNotLoseArticleTests {
  // snippet: must-not-lose-outcome-test
  @Test func anOutcomeThatArrivesWhileNoScreenIsBoundIsShownOnceWhenOneBinds() async throws {
    let charge = ControlledCall<Void, String>()
    let viewModel = CheckoutViewModel(charge: { try await charge.call(()) })
    viewModel.pay()
    _ = try await charge.requests(count: 1)
    charge.resolve(0, with: "R-1")  // no screen is bound: an event sent now would be dropped
    await settle(tasks: TaskOwnerProbe(viewModel.tasks))

    let screen = Recorder(viewModel.state)  // a screen binds later and still sees it
    #expect(screen.values == [.init(isPaying: false, outcome: .paid(receipt: "R-1"))])
    viewModel.outcomeShown()  // the user dismissed it, and the screen says so
    let rebuilt = Recorder(viewModel.state)
    #expect(rebuilt.values == [.init(isPaying: false, outcome: nil)])  // not shown twice
  }
  // snippet-end

  @Test func aDeclinedPaymentIsKeptUntilShownToo() async throws {
    let charge = ControlledCall<Void, String>()
    let viewModel = CheckoutViewModel(charge: { try await charge.call(()) })
    viewModel.pay()
    viewModel.pay()  // one payment at a time
    _ = try await charge.requests(count: 1)
    charge.fail(0, with: CheckoutViewModel.Declined())
    await settle(tasks: TaskOwnerProbe(viewModel.tasks))

    #expect(charge.callCount == 1)
    #expect(viewModel.state.value == .init(isPaying: false, outcome: .declined))
  }

  /// A payment with no answer (a timeout, a lost connection) may have gone through: it is shown
  /// as unknown, never as declined, so the user checks before paying again.
  @Test func aPaymentThatTimedOutIsUnknownNotDeclined() async throws {
    struct TimedOut: Error {}
    let charge = ControlledCall<Void, String>()
    let viewModel = CheckoutViewModel(charge: { try await charge.call(()) })
    viewModel.pay()
    _ = try await charge.requests(count: 1)
    charge.fail(0, with: TimedOut())
    await settle(tasks: TaskOwnerProbe(viewModel.tasks))

    #expect(viewModel.state.value == .init(isPaying: false, outcome: .unknown))
  }

  /// What it does not survive: the view model itself. Whoever keeps the outcome for a later
  /// screen must keep the view model (a coordinator, the parent screen).
  @Test func releasingTheViewModelMidPaymentCancelsIt() async throws {
    let charge = ControlledCall<Void, String>()
    var viewModel: CheckoutViewModel? = CheckoutViewModel(charge: { try await charge.call(()) })
    weak let released = viewModel
    let states = Recorder(try #require(viewModel).state)
    let tasks = TaskOwnerProbe(try #require(viewModel).tasks)
    viewModel?.pay()
    _ = try await charge.requests(count: 1)

    viewModel = nil

    #expect(released == nil)
    #expect(charge.cancelledIndices == [0])
    await settle(tasks: tasks)  // the cancelled payment returns, applying nothing
    #expect(states.values == [.init(isPaying: false), .init(isPaying: true)])
  }
}
