import ExerciseChecks
import Signals
import Synchronization
import Testing

// Solution to exercise 9 (an outcome that must not be lost). The results the user has not seen
// are state, oldest first; the screen shows the first and acknowledges it through a method when
// the user dismissed it, so the next one shows, and a rebuilt screen shows nothing seen.

/// RIGHT: results are state until the user has seen them.
final class PaymentResultViewModel: PaymentResultModel {
  private let unseen = MutableProperty<[PendingMessage]>([])
  private let nextID = Atomic(1)

  func paymentFinished(_ text: String) {
    let id = nextID.add(1, ordering: .relaxed).oldValue
    unseen.modify { $0.append(PendingMessage(id: id, text: text)) }
  }

  func messageShown(_ id: Int) {
    unseen.modify { $0.removeAll { $0.id == id } }
  }

  func bindMessages(_ show: @escaping @Sendable (PendingMessage?) -> Void) -> SubscriptionToken {
    unseen.property.map(\.first).removeDuplicates().sink(show)
  }
}

@Suite struct Solution9 {
  @Test(arguments: PaymentResultChecks.allCases)
  func check(_ check: PaymentResultChecks) async throws {
    try await check.run(PaymentResultViewModel.self)
  }
}
