import SignalsTestSupport
import Testing

/// Hand-written programs with literal expected emission sequences, run against both the model
/// and Signals: they pin the model to the documented rules (so the randomized test does not
/// merely compare Signals with a copy of itself), and show how to read a printed program.
@Suite struct ReferenceModelReliabilityTests {
  private func subscribe(
    _ id: Int, _ stream: StreamExpr, storage: TokenStorage = .held, withOwner: Bool = false,
    _ reactions: [Reaction] = []
  ) -> Action {
    .subscribe(
      SubscribeSpec(
        id: id, stream: stream, storage: storage, withOwner: withOwner, reactions: reactions))
  }

  private func run(_ actions: [Action], initial: [Int] = [1, 0]) -> [Int: [LogEntry]] {
    let program = Program(seed: 0, initialValues: initial, actions: actions)
    let model = ModelInterpreter.run(program)
    let real = RealInterpreter.run(program)
    #expect(real.outcome.differences(from: model) == [])
    #expect(real.leaks == [])
    return model.logs
  }

  @Test func aValueSentFromAHandlerIsQueuedBehindTheRunningDeliveryForEveryone() {
    let logs = run([
      subscribe(0, .source(.e0), [Reaction(onDelivery: 1, action: .send(.e0, 2))]),
      subscribe(1, .source(.e0)),
      .send(.e0, 1),
    ])
    #expect(logs[0] == [.value(1), .value(2)])
    #expect(logs[1] == [.value(1), .value(2)])
  }

  @Test func aSubscriberCancelledByAnEarlierHandlerMissesTheValueInFlight() {
    let logs = run([
      subscribe(0, .source(.e0), [Reaction(onDelivery: 1, action: .cancel(subscriber: 1))]),
      subscribe(1, .source(.e0)),
      .send(.e0, 5),
      .send(.e0, 6),
    ])
    #expect(logs[0] == [.value(5), .value(6)])
    #expect(logs[1] == nil)
  }

  @Test func aPropertySubscriberJoiningDuringADeliveryGetsTheStoredValueAfterIt() {
    // s0's handler, on its second value (2), stores 3 and then subscribes s1 and reads p0.
    let logs = run([
      subscribe(
        0, .source(.p0),
        [
          Reaction(onDelivery: 2, action: .send(.p0, 3)),
          Reaction(onDelivery: 2, action: subscribe(1, .source(.p0))),
          Reaction(onDelivery: 2, action: .recordValue(.p0)),
        ]),
      .send(.p0, 2),
    ])
    #expect(logs[0] == [.value(1), .value(2), .read(.p0, 3), .value(3)])
    // s1 joined after 3 was stored: it gets 3 once, as its current value, not as a change.
    #expect(logs[1] == [.value(3)])
  }

  @Test func combineLatestStartsWithBothCurrentValuesAndFollowsEitherSide() {
    let logs = run(
      [
        subscribe(0, .combineLatest(.source(.p0), .source(.p1))),
        .send(.p1, 2),
        .send(.p0, 3),
      ], initial: [1, 0])
    #expect(logs[0] == [.value(10), .value(12), .value(32)])
  }

  @Test func receiveOnDeliversOnlyWhenTheSchedulerRunsAndDropsWhatWasCancelled() {
    let logs = run([
      subscribe(0, .receiveOnScheduler(.source(.p0))),
      subscribe(1, .receiveOnScheduler(.source(.e0))),
      .send(.e0, 7),
      .send(.p0, 2),
      .cancel(subscriber: 1),
      .advanceScheduler,
    ])
    #expect(logs[0] == [.value(1), .value(2)])
    #expect(logs[1] == nil)
  }

  @Test func releasingABagOrAnOwnerEndsOnlyWhatItShould() {
    let logs = run([
      subscribe(0, .source(.e0), storage: .bag(0)),
      subscribe(1, .source(.p0), storage: .bag(1)),
      .releaseBag(0),
      .send(.e0, 1),
      .releaseOwner(.p0),
      .send(.p0, 9),  // no owner any more: nothing is sent
      subscribe(2, .source(.p0)),  // the read-only face still works
      .recordValue(.p0),
    ])
    #expect(logs[0] == nil)
    #expect(logs[1] == [.value(1)])
    #expect(logs[2] == [.value(1)])
    #expect(logs[ProgramOutcome.topLevel] == [.read(.p0, 1)])
  }

  @Test func theShrinkerKeepsOnlyWhatTheFailureNeeds() {
    // A made-up failure: "some subscription reacts by sending 3 on e1, and p0 is released".
    func fails(_ program: Program) -> Bool {
      let reactsWithSend = program.actions.contains { action in
        guard case .subscribe(let spec) = action else { return false }
        return spec.reactions.contains { $0.action == .send(.e1, 3) }
      }
      return reactsWithSend && program.actions.contains(.releaseOwner(.p0))
    }
    let reaction = Reaction(onDelivery: 3, action: .send(.e1, 3))
    let program = Program(
      seed: 0, initialValues: [0, 0],
      actions: [
        .send(.p0, 1),
        subscribe(
          0, .map(.removeDuplicates(.source(.p1))), storage: .bag(1), withOwner: true,
          [Reaction(onDelivery: 1, action: .send(.e0, 2)), reaction]),
        .advanceScheduler,
        .releaseOwner(.p0),
        .cancel(subscriber: 0),
      ])
    var shrinker = ProgramShrinker(stillFails: fails)
    let minimal = shrinker.shrink(program)
    #expect(
      minimal.actions == [
        subscribe(0, .source(.p1), [Reaction(onDelivery: 1, action: .send(.e1, 3))]),
        .releaseOwner(.p0),
      ])
  }
}
