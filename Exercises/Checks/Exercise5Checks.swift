import Signals
import SignalsConcurrency
import SignalsTesting
import Testing

/// Exercise 5 (Delivery guarantees, "Re-entrant sends delivered out of order"): a session's events,
/// to which subscribers react by sending more.
public protocol SessionModel: Sendable {
  /// A session with no subscribers.
  init()
  /// The session's events.
  var events: EventStream<String> { get }
  /// Sends `event` to every subscriber of ``events``; may be called from inside a handler.
  func send(_ event: String)
}

/// The checks of exercise 5, run against the exercise's model and against its solution.
public enum SessionChecks: String, CaseIterable, Sendable {
  /// A reaction sent from inside a handler reaches every subscriber after its cause.
  case everySubscriberHearsTheSameOrder
  /// A reaction to a reaction too: every subscriber hears cause, effect, effect of the effect.
  case aChainOfReactionsStaysInCauseOrder

  /// Runs this check against a new `Model`.
  public func run<Model: SessionModel>(_: Model.Type) async throws {
    let session = Model()
    let first = Recorder(session.events)
    let reactions = [("login", "welcome"), ("welcome", "tip")]
      .prefix(self == .everySubscriberHearsTheSameOrder ? 1 : 2)
      .map { cause, effect in
        session.events.sink { event in
          if event == cause { session.send(effect) }  // reacts by sending again
        }
      }
    let last = Recorder(session.events)
    session.send("login")
    let expected =
      self == .everySubscriberHearsTheSameOrder
      ? ["login", "welcome"] : ["login", "welcome", "tip"]
    #expect(first.values == expected)
    #expect(last.values == expected, "the last subscriber heard an effect before its cause")
    for reaction in reactions {
      reaction.cancel()
    }
  }
}
