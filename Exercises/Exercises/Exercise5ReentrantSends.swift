import ExerciseChecks
import Signals
import Synchronization
import Testing

// Exercise 5: re-entrant sends delivered out of order (the DocC article Delivery guarantees,
// "Re-entrant sends delivered out of order").
//
// A hand-rolled broadcaster, wrapped in an `EventStream` so that it looks like any other
// stream. When a handler reacts to "login" by sending "welcome", subscribers later in the list
// hear "welcome" before "login": the effect before its cause.
//
// Your task: change `Session` until
// `SIGNALS_EXERCISE=5 swift test --filter Exercise5/` passes. (Without the variable, as in a
// plain `swift test` and in CI, the exercise is expected to be unsolved: its failing checks
// show as known issues.)
//
// Hints, one at a time:
// 1. Follow `send("login")`: which handler runs while the first handler is still running?
// 2. Wrapping a broadcaster in `EventStream(subscribe:)` gives it the type, not the rules.
// 3. Which Signals type queues a send made from inside a handler until the current event has
//    reached everyone?

/// WRONG: calls every handler directly, even while a handler is already running.
final class Session: SessionModel {
  private let handlers = Mutex<[Int: @Sendable (String) -> Void]>([:])
  private let nextID = Atomic<Int>(0)

  var events: EventStream<String> {
    EventStream { handler in
      let id = self.nextID.add(1, ordering: .relaxed).newValue
      self.handlers.withLock { $0[id] = handler }
      return SubscriptionToken { self.handlers.withLock { $0[id] = nil } }
    }
  }

  func send(_ event: String) {
    let current = handlers.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    for handler in current {
      handler(event)  // a send from inside a handler runs to completion right here
    }
  }
}

@Suite struct Exercise5 {
  @Test(arguments: SessionChecks.allCases)
  func check(_ check: SessionChecks) async {
    await Exercise.run(5) {
      try await check.run(Session.self)
    }
  }
}
