import SignalsTestSupport
import SignalsTesting
import Testing

/// `withTimeout(_:waitingFor:_:)`: a safety net that turns a hang into a failure with a message.
@Suite(.timeLimit(.minutes(5)))
struct WithTimeoutTests {
  private struct Broken: Error, Equatable {}

  @Test func returnsWhatTheOperationReturns() async throws {
    #expect(try await withTimeout(.seconds(60), waitingFor: "a sum") { 1 + 2 } == 3)
  }

  @Test func throwsWhatTheOperationThrows() async {
    await #expect(throws: Broken()) {
      try await withTimeout(.seconds(60), waitingFor: "nothing") { throw Broken() }
    }
  }

  @Test func anOperationThatNeverFinishesIsAbandonedWithAMessage() async throws {
    // The operation ignores cancellation: the timeout must not wait for it.
    let call = ControlledCall<Int, Int>(whenCancelled: .keepsWaitingForAnswer)

    await expectError(describedAs: "gave up after 0.02 seconds waiting for the answer") {
      _ = try await withTimeout(.milliseconds(20), waitingFor: "the answer") {
        try await call.call(1)
      }
    }

    #expect(call.cancelledIndices == [0], "the abandoned operation was cancelled")
    call.resolve(0, with: 0)  // let the abandoned task end
  }

  @Test func cancellingTheCallerEndsTheWaitWithCancellationError() async throws {
    let call = ControlledCall<Int, Int>(whenCancelled: .keepsWaitingForAnswer)
    let waiter = Task {
      try await withTimeout(.seconds(60), waitingFor: "the answer") { try await call.call(1) }
    }
    _ = try await call.requests(count: 1)

    waiter.cancel()

    await #expect(throws: CancellationError.self) { try await waiter.value }
    call.resolve(0, with: 0)
  }
}
