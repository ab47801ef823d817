import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

// Anti-pattern: delivering a value sent from inside a handler right away, in the middle of the
// current delivery. Handlers later in the list then receive the newer value before the older
// one: subscribers disagree about the order, and a state subscriber can end on a stale value.

// snippet: recursive-broadcaster-wrong
/// WRONG: calls every handler directly, even when a handler is already running.
private final class RecursiveBroadcaster_Wrong<Value> {
  private var handlers: [(Value) -> Void] = []

  func subscribe(_ handler: @escaping (Value) -> Void) {
    handlers.append(handler)
  }

  func send(_ value: Value) {
    for handler in handlers {
      handler(value)  // a send from inside a handler runs to completion right here
    }
  }
}
// snippet-end

/// WRONG: a property that stores, then broadcasts recursively (didSet timing, but re-entrant).
private final class RecursiveProperty_Wrong<Value> {
  private let broadcaster = RecursiveBroadcaster_Wrong<Value>()

  var value: Value {
    didSet { broadcaster.send(value) }
  }

  init(_ value: Value) {
    self.value = value
  }

  func sink(_ handler: @escaping (Value) -> Void) {
    broadcaster.subscribe(handler)
    handler(value)
  }
}

extension GuideTests {
  @Suite struct ReentrantSendOrder {
    // snippet: reentrant-wrong-test
    @Test func recursiveBroadcasterGivesSubscribersDifferentOrders() {
      let session = RecursiveBroadcaster_Wrong<String>()
      var first: [String] = []
      var second: [String] = []
      session.subscribe { [unowned session] event in
        first.append(event)
        if event == "signed in" { session.send("welcome") }  // reacts by sending again
      }
      session.subscribe { second.append($0) }
      session.send("signed in")
      #expect(first == ["signed in", "welcome"])
      #expect(second == ["welcome", "signed in"])  // the bug: the effect arrives before its cause
    }
    // snippet-end

    // snippet: reentrant-fixed-test
    @Test func eventSenderGivesEverySubscriberTheSameOrder() {
      let session = EventSender<String>()
      let first = Recorder(session.stream)
      let reaction = session.stream.sink { event in
        if event == "signed in" { session.send("welcome") }  // queued behind "signed in"
      }
      let second = Recorder(session.stream)
      session.send("signed in")
      #expect(first.values == ["signed in", "welcome"])
      #expect(second.values == ["signed in", "welcome"])  // fixed: one order for everyone
      reaction.cancel()
    }
    // snippet-end

    @Test func recursivePropertyLeavesLaterSubscriberOnStaleValue() {
      let name = RecursiveProperty_Wrong("")
      name.sink { [unowned name] text in
        if text.count > 3 { name.value = String(text.prefix(3)) }  // a length limiter
      }
      var label: [String] = []
      name.sink { label.append($0) }
      name.value = "Swifty"
      #expect(name.value == "Swi")
      // The bug: the label's last value is not the stored value; it shows "Swifty" for good.
      #expect(label == ["", "Swi", "Swifty"])
    }

    // snippet: reentrant-property-test
    @Test func mutablePropertyEndsEverySubscriberOnTheStoredValue() {
      let name = MutableProperty("")
      let limiter = name.property.sink { text in
        if text.count > 3 { name.value = String(text.prefix(3)) }  // queued, not nested
      }
      let label = Recorder(name.property)
      name.value = "Swifty"
      #expect(name.value == "Swi")
      #expect(label.values == ["", "Swifty", "Swi"])  // fixed: ends on the stored value
      limiter.cancel()
    }
    // snippet-end
  }
}
