import SignalsTestSupport
import SignalsTesting
import Testing

extension GuideTests {
  /// Chapter 8's hard cases with Observation: the same decisions as the Signals forms, in the
  /// `@Observable` models the SwiftUI forms read.
  @Suite struct ObservationHardCaseTests {
    @MainActor @Test func theDestinationStaysUntilDismissedAndADoubleTapOpensOne() {
      let model = ObservableContactsModel()
      model.select(id: 7)
      model.select(id: 8)  // a second tap while the detail is open
      #expect(model.destination == .detail(id: 7))
      model.dismissed()  // SwiftUI wrote nil: the user went back
      #expect(model.destination == nil)
      model.select(id: 8)
      #expect(model.destination == .detail(id: 8))
    }

    @MainActor @Test func aResultStaysUntilSeenAndTheNextFollows() {
      let model = ObservablePaymentModel()
      model.paymentFinished("Payment accepted")  // no screen yet
      model.paymentFinished("Receipt sent")
      #expect(model.messages.map(\.text) == ["Payment accepted", "Receipt sent"])
      let first = model.messages[0]
      model.messageShown(first.id)  // the alert's OK button
      #expect(model.messages.map(\.text) == ["Receipt sent"])
    }

    // snippet: observable-stored-task-test
    @MainActor @Test func aNewSearchCancelsTheStoredTaskAndOnlyTheNewestWrites() async throws {
      // A search that ignores cancellation: the older answer still arrives, last.
      let request = ControlledCall<String, [String]>(whenCancelled: .keepsWaitingForAnswer)
      let model = ObservableSearchModel(search: { try await request.call($0) })
      model.queryChanged("a")
      model.queryChanged("ab")  // cancels the search for "a"
      await request.requests(count: 2)
      #expect(request.cancelledRequests == ["a"])
      request.resolve(matching: "ab", with: ["ab"])  // the calls may start in either order
      // A hang guard: the answer lands within a bounded number of turns.
      for _ in 0..<10_000 where model.state == .searching("ab") { await Task.yield() }
      request.resolve(matching: "a", with: ["a", "ab", "abc"])  // the stale answer
      for _ in 0..<100 { await Task.yield() }  // room for a wrong write to land
      #expect(model.state == .results("ab", ["ab"]))
    }
    // snippet-end

    /// A failed search is shown as failed: the old query's results must not stay under the new one.
    @MainActor @Test func aFailedSearchIsShownAsFailedNotAsTheOldQuerysResults() async throws {
      struct Offline: Error {}
      let request = ControlledCall<String, [String]>()
      let model = ObservableSearchModel(search: { try await request.call($0) })
      model.queryChanged("a")
      await request.requests(count: 1)
      request.resolve(0, with: ["a"])
      // A hang guard: the answer lands within a bounded number of turns.
      for _ in 0..<10_000 where model.state == .searching("a") { await Task.yield() }
      model.queryChanged("ab")
      await request.requests(count: 2)
      request.fail(1, with: Offline())
      for _ in 0..<100 { await Task.yield() }  // room for the write to land
      #expect(model.state == .failed("ab"), "not the old query's results under the new one")
    }

    @MainActor @Test func releasingTheSearchModelCancelsItsStoredTask() async throws {
      let request = ControlledCall<String, [String]>()
      var model: ObservableSearchModel? = ObservableSearchModel(search: {
        try await request.call($0)
      })
      weak let released = model
      model?.queryChanged("a")
      await request.requests(count: 1)
      model = nil  // the screen went away; the task holds the model only weakly
      #expect(released == nil)
      for _ in 0..<10_000 where request.cancelledRequests.isEmpty { await Task.yield() }
      #expect(request.cancelledRequests == ["a"])
    }
  }
}
