import ExerciseChecks
import Signals
import Testing

// Solution to exercise 5 (re-entrant sends delivered out of order). `EventSender` queues a send
// made from inside a handler and delivers it once the current event has reached everyone, so
// every subscriber hears the same order.

/// RIGHT: one ordered queue for everyone.
final class Session: SessionModel {
  private let sender = EventSender<String>()

  var events: EventStream<String> { sender.stream }

  func send(_ event: String) {
    sender.send(event)
  }
}

@Suite struct Solution5 {
  @Test(arguments: SessionChecks.allCases)
  func check(_ check: SessionChecks) async throws {
    try await check.run(Session.self)
  }
}
