import SignalsTestSupport
import SignalsTesting
import Testing

/// `ControlledCall`: a fake async call whose every request waits for the test's answer.
@Suite(.timeLimit(.minutes(5)))
struct ControlledCallTests {
  private struct Refused: Error, Equatable {}

  @Test func aCallWaitsUntilTheTestResolvesIt() async throws {
    let call = ControlledCall<String, Int>()
    let caller = Task { try await call.call("a") }

    #expect(await call.requests(count: 1) == ["a"])
    #expect(call.pendingIndices == [0])
    call.resolve(0, with: 1)

    #expect(try await caller.value == 1)
    #expect(call.pendingIndices == [])
    #expect(call.requests.count == 1)
    #expect(call.requests == ["a"])
  }

  @Test func aFailedCallThrowsTheTestsError() async throws {
    let call = ControlledCall<String, Int>()
    let caller = Task { try await call.call("a") }
    await call.requests(count: 1)

    call.fail(0, with: Refused())

    await #expect(throws: Refused()) { try await caller.value }
  }

  /// Calls `call` with "a", then, once that call is pending, with "b": two pending calls, "a"
  /// the older. Returns their callers.
  private func callAThenB(
    _ call: ControlledCall<String, Int>
  ) async throws -> (a: Task<Int, any Error>, b: Task<Int, any Error>) {
    let a = Task { try await call.call("a") }
    await call.requests(count: 1)
    let b = Task { try await call.call("b") }
    await call.requests(count: 2)
    return (a, b)
  }

  @Test func aCallCanBeAnsweredByItsRequest() async throws {
    let call = ControlledCall<String, Int>()
    let (first, second) = try await callAThenB(call)

    call.resolve(matching: "b", with: 2)
    call.fail(matching: "a", with: Refused())

    #expect(try await second.value == 2)
    await #expect(throws: Refused()) { try await first.value }
  }

  @Test func cancellingTheCallerThrowsCancellationErrorAndIsRecorded() async throws {
    let call = ControlledCall<String, Int>()
    let caller = Task { try await call.call("a") }
    await call.requests(count: 1)

    caller.cancel()

    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(call.cancelledRequests == ["a"])
    #expect(call.pendingIndices == [])
  }

  @Test func aCallThatKeepsWaitingReturnsTheLateAnswerAfterCancellation() async throws {
    let call = ControlledCall<String, Int>(whenCancelled: .keepsWaitingForAnswer)
    let caller = Task { try await call.call("a") }
    await call.requests(count: 1)

    caller.cancel()
    #expect(call.cancelledRequests == ["a"])
    #expect(call.pendingIndices == [0])
    call.resolve(0, with: 5)

    #expect(try await caller.value == 5)
  }

  @Test(arguments: [
    ControlledCallCancellation.throwsCancellationError,
    .keepsWaitingForAnswer,
  ])
  func aCallMadeByACancelledTaskIsRecordedAsCancelled(
    _ handling: ControlledCallCancellation
  ) async throws {
    let call = ControlledCall<String, Int>(whenCancelled: handling)
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await call.call("a")
    }
    await call.requests(count: 1)
    #expect(call.cancelledRequests == ["a"])

    if handling == .keepsWaitingForAnswer {
      #expect(call.pendingIndices == [0])
      call.resolve(0, with: 3)
      #expect(try await caller.value == 3)
    } else {
      #expect(call.pendingIndices == [])
      await #expect(throws: CancellationError.self) { try await caller.value }
    }
  }

  @Test func answeringACallThatIsNotPendingRecordsAnIssue() async throws {
    let call = ControlledCall<String, Int>()
    let caller = Task { try await call.call("a") }
    await call.requests(count: 1)
    call.resolve(0, with: 1)
    _ = try await caller.value

    withKnownIssue {
      call.resolve(0, with: 2)
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "ControlledCall: call 0 is not pending; pending: [], 1 made: [\"a\"]"
      ]
    }
    withKnownIssue {
      call.fail(matching: "b", with: Refused())
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "ControlledCall: call (none) is not pending; pending: [], 1 made: [\"a\"]"
      ]
    }
  }

  @Test func aRequestThatIsNeverMadeIsAnIssueListingTheRequestsMade() async {
    let call = ControlledCall<String, Int>()

    await expectIssue(
      describedAs: "cancelled while waiting for requests(count: 1) on a "
        + "ControlledCall<String, Int>; 0 made: []"
    ) {
      let waiter = Task { await call.requests(count: 1) }
      waiter.cancel()
      #expect(await waiter.value == [])
    }
  }
}
