import SignalsTestSupport
import Testing

@testable import Signals

/// `OperatorTimer`, the timer `debounce` and `throttle` share: which firing is current, and that
/// every token it gives up is handed back to be cancelled (none is kept or dropped silently).
@Suite struct OperatorTimerTests {
  @Test func aNewGenerationMakesEveryEarlierFiringStale() {
    var timer = OperatorTimer()
    let first = timer.advance()
    let second = timer.advance()
    #expect(first == 1 && second == 2)
    #expect(!timer.isCurrent(1))
    #expect(timer.isCurrent(2))
  }

  @Test func keepingATokenHandsBackTheOneItReplaces() {
    var timer = OperatorTimer()
    let generation = timer.advance() ?? 0
    let early = SubscriptionToken(onCancel: {})
    let late = SubscriptionToken(onCancel: {})
    #expect(timer.keep(early, for: generation) == nil)
    #expect(timer.keep(late, for: generation) === early)
    #expect(timer.stop() === late)
    #expect(timer.stop() == nil)
  }

  @Test func aStaleTokenIsHandedStraightBack() {
    var timer = OperatorTimer()
    let old = timer.advance() ?? 0
    timer.advance()
    let token = SubscriptionToken(onCancel: {})
    #expect(timer.keep(token, for: old) === token)
    #expect(timer.stop() == nil)
  }

  @Test func stoppingHandsBackThePendingTokenAndEndsEveryGeneration() {
    var timer = OperatorTimer()
    let generation = timer.advance() ?? 0
    let token = SubscriptionToken(onCancel: {})
    _ = timer.keep(token, for: generation)
    #expect(timer.stop() === token)
    #expect(timer.isStopped)
    #expect(!timer.isCurrent(generation))
    #expect(timer.advance() == nil)
    let late = SubscriptionToken(onCancel: {})
    #expect(timer.keep(late, for: generation) === late)
  }
}
