import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Anti-pattern: notifying before the value is stored (willSet timing, as Combine's `@Published`
// does). A handler that reads the model instead of its argument renders the previous value.

// snippet: willset-publisher-wrong
/// WRONG: notifies in `willSet`, so handlers run before the new value is stored.
final class WillSetPublisher_Wrong<Value> {
  private var handlers: [(Value) -> Void] = []

  var value: Value {
    willSet {
      for handler in handlers {
        handler(newValue)
      }
    }
  }

  init(_ value: Value) {
    self.value = value
  }

  func sink(_ handler: @escaping (Value) -> Void) {
    handlers.append(handler)
    handler(value)
  }
}
// snippet-end

/// What a handler was given, and what it read from the model at the same moment.
private struct Reading: Equatable {
  let received: Int
  let stored: Int
}

extension GuideTests {
  @Suite struct WillSetTiming {
    // snippet: willset-test
    @Test func willSetHandlerReadsTheOldValue() {
      let cartCount = WillSetPublisher_Wrong(0)
      var readings: [Reading] = []
      cartCount.sink { [unowned cartCount] received in
        readings.append(Reading(received: received, stored: cartCount.value))
      }
      cartCount.value = 1
      cartCount.value = 2
      // The bug: inside the handler, the model still holds the previous value.
      #expect(
        readings == [
          Reading(received: 0, stored: 0),
          Reading(received: 1, stored: 0),
          Reading(received: 2, stored: 1),
        ])
    }
    // snippet-end

    // snippet: didset-test
    @Test func mutablePropertyHandlerReadsTheNewValue() {
      let cartCount = MutableProperty(0)
      let readings = Recorder<Reading>()
      let token = cartCount.property.sink { received in
        readings.record(Reading(received: received, stored: cartCount.value))
      }
      cartCount.value = 1
      cartCount.value = 2
      // Fixed: stored first, then delivered (didSet timing).
      #expect(
        readings.values == [
          Reading(received: 0, stored: 0),
          Reading(received: 1, stored: 1),
          Reading(received: 2, stored: 2),
        ])
      token.cancel()
    }
    // snippet-end
  }
}
