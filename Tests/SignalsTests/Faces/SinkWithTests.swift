import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `sink(with:)`'s weak-holding rule, the one `TaskOwner`'s `for:` follows: a call whose object
/// is gone is skipped, and the subscription ends there (its source sees the cancellation),
/// instead of running on with nothing to call until the token is released.
@MainActor
@Suite struct SinkWithTests {
  final class Screen: Sendable {}

  /// A stream over `sender` whose subscriptions say when they are cancelled, into `log`.
  static func watched(_ sender: EventSender<Int>, _ log: Recorder<String>) -> EventStream<Int> {
    EventStream { handler in
      let token = sender.stream.sink(handler)
      return SubscriptionToken {
        log.record("cancelled")
        token.cancel()
      }
    }
  }

  @Test func aStreamSinkWhoseObjectIsGoneEndsAtItsNextEvent() throws {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var screen: Screen? = Screen()
    let token = Self.watched(sender, log).sink(with: try #require(screen)) { _, value in
      log.record("\(value)")
    }
    sender.send(1)
    screen = nil
    sender.send(2)
    sender.send(3)

    #expect(log.values == ["1", "cancelled"])
    token.cancel()  // already ended: the source hears nothing more
    #expect(log.values == ["1", "cancelled"])
  }

  @Test func aPropertySinkWhoseObjectIsGoneEndsAtItsNextValue() throws {
    let owner = MutableProperty(1)
    let log = Recorder<String>()
    let watched = Property(
      read: { owner.value },
      subscribe: { handler in
        let token = owner.property.sink(handler)
        return SubscriptionToken {
          log.record("cancelled")
          token.cancel()
        }
      })
    var screen: Screen? = Screen()
    let token = watched.sink(with: try #require(screen)) { _, value in log.record("\(value)") }
    screen = nil
    owner.value = 2
    owner.value = 3

    #expect(log.values == ["1", "cancelled"])
    token.cancel()
  }

  @Test func aMainActorSinkWhoseObjectIsGoneEndsAtItsNextEvent() throws {
    let sender = EventSender<Int>()
    let log = Recorder<String>()
    var screen: Screen? = Screen()
    // Sent on the main actor, so each event is delivered before `send` returns.
    let token = Self.watched(sender, log).receive(on: .mainActor).sink(with: try #require(screen)) {
      _, value in
      log.record("\(value)")
    }
    sender.send(1)
    screen = nil
    sender.send(2)
    sender.send(3)

    #expect(log.values == ["1", "cancelled"])
    token.cancel()
  }
}
