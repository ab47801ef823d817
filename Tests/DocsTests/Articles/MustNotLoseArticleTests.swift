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
  @Test func anOutcomeThatArrivesWhileNoScreenIsBoundIsShownOnceWhenOneBinds() async {
    let charge = ControlledCall<Void, String>()
    let viewModel = CheckoutViewModel(charge: { try await charge.call(()) })
    let harness = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    harness.watch(charge, as: "charge")
    viewModel.pay()
    await harness.resolve(charge, 0, with: "R-1")  // no screen is bound: an event would be dropped

    let screen = harness.record(viewModel.state, as: "screen")  // a screen binds later: it sees it
    await harness.expect(screen, .init(isPaying: false, outcome: .paid(receipt: "R-1")))
    viewModel.outcomeShown()  // the user dismissed it, and the screen says so
    let rebuilt = harness.record(viewModel.state, as: "rebuilt")
    await harness.expect(screen, .init(isPaying: false, outcome: nil))
    await harness.expect(rebuilt, .init(isPaying: false, outcome: nil))  // not shown twice
    await harness.finish()
  }
  // snippet-end

  @Test func aDeclinedPaymentIsKeptUntilShownToo() async {
    let (charge, viewModel, screen, state) = Self.checkout()
    viewModel.pay()
    viewModel.pay()  // one payment at a time
    await screen.fail(charge, 0, with: CheckoutViewModel.Declined())

    #expect(charge.requests.count == 1)
    await screen.expect(
      state, .init(), .init(isPaying: true), .init(isPaying: false, outcome: .declined))
    await screen.finish()
  }

  /// A payment with no answer (a timeout, a lost connection) may have gone through: it is shown
  /// as unknown, never as declined, so the user checks before paying again.
  @Test func aPaymentThatTimedOutIsUnknownNotDeclined() async {
    struct TimedOut: Error {}
    let (charge, viewModel, screen, state) = Self.checkout()
    viewModel.pay()
    await screen.fail(charge, 0, with: TimedOut())

    await screen.expect(
      state, .init(), .init(isPaying: true), .init(isPaying: false, outcome: .unknown))
    await screen.finish()
  }

  /// What it does not survive: the view model itself. Whoever keeps the outcome for a later
  /// screen must keep the view model (a coordinator, the parent screen).
  @Test func releasingTheViewModelMidPaymentCancelsIt() async throws {
    let charge = ControlledCall<Void, String>()
    var viewModel: CheckoutViewModel? = CheckoutViewModel(charge: { try await charge.call(()) })
    weak let released = viewModel
    let screen = ScreenHarness(tasks: TaskOwnerProbe(try #require(viewModel).tasks))
    let state = screen.record(try #require(viewModel).state, as: "state")
    screen.watch(charge, as: "charge")
    viewModel?.pay()
    await screen.expect(state, .init(), .init(isPaying: true))  // the payment is in flight

    viewModel = nil

    #expect(released == nil)
    #expect(charge.cancelledRequests.count == 1)
    await screen.finish()  // the cancelled payment returned, applying nothing
  }

  /// A checkout over a controlled charge, under a harness recording its state.
  private static func checkout() -> (
    ControlledCall<Void, String>, CheckoutViewModel, ScreenHarness,
    ScreenOutput<CheckoutViewModel.State>
  ) {
    let charge = ControlledCall<Void, String>()
    let viewModel = CheckoutViewModel(charge: { try await charge.call(()) })
    let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
    screen.watch(charge, as: "charge")
    return (charge, viewModel, screen, screen.record(viewModel.state, as: "state"))
  }
}
