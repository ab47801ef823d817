import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

// MARK: operators a user writes with the public building blocks only

// snippet: user-built-pairwise
extension EventStream {
  /// Each event paired with the one before it (nothing for the first): built outside the
  /// library with `EventStream(subscribe:)` and an `EventSender` that serialises the output.
  func pairwise() -> EventStream<(Value, Value)> {
    let upstream = self
    return EventStream<(Value, Value)> { handler in
      let output = EventSender<(Value, Value)>()
      let outputToken = output.stream.sink(handler)
      let previous = Mutex<Value?>(nil)
      let sourceToken = upstream.sink { value in
        let pair = previous.withLock { last -> (Value, Value)? in
          defer { last = value }
          return last.map { ($0, value) }
        }
        if let pair { output.send(pair) }  // no lock held while delivering
      }
      // The stage that calls the user's handler is cancelled first.
      return SubscriptionToken {
        outputToken.cancel()
        sourceToken.cancel()
      }
    }
  }
}
// snippet-end

extension Property where Value: Comparable {
  /// The value kept inside `range`: built outside the library with `Property(read:subscribe:)`.
  func clamped(to range: ClosedRange<Value>) -> Property<Value> {
    let upstream = self
    let clamp: @Sendable (Value) -> Value = { min(max($0, range.lowerBound), range.upperBound) }
    return Property(
      read: { clamp(upstream.value) },
      subscribe: { handler in upstream.sink { handler(clamp($0)) } })
  }
}

// MARK: the checks every operator passes, built-in or not

/// An operator from `EventStream<Int>` to text, for checks shared by built-in and user-built
/// operators.
enum EventOperator: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case builtInMap
  case userBuiltPairwise

  var testDescription: String { rawValue }

  func apply(_ stream: EventStream<Int>) -> EventStream<String> {
    switch self {
    case .builtInMap: stream.map { "\($0)" }
    case .userBuiltPairwise: stream.pairwise().map { "\($0)>\($1)" }
    }
  }

  /// What the operator makes of the events 0, 1, 2, … n.
  func expected(upTo last: Int) -> [String] {
    switch self {
    case .builtInMap: (0...last).map { "\($0)" }
    case .userBuiltPairwise: (0..<last).map { "\($0)>\($0 + 1)" }
    }
  }
}

@Suite(.dedicatedThread) struct UserBuiltOperatorTests {
  @Test(arguments: EventOperator.allCases)
  func anEventSentFromInsideAHandlerIsDeliveredAfterTheCurrentOne(_ op: EventOperator) {
    let sender = EventSender<Int>()
    let seen = Recorder<String>()
    let token = op.apply(sender.stream).sink { text in
      seen.record("begin \(text)")
      if text == op.expected(upTo: 1).last { sender.send(2) }  // re-entrant
      seen.record("end \(text)")
    }
    sender.send(0)
    sender.send(1)
    let outputs = op.expected(upTo: 2)
    #expect(seen.values == outputs.flatMap { ["begin \($0)", "end \($0)"] })
    token.cancel()
  }

  @Test(arguments: EventOperator.allCases)
  func aHandlerThatCancelsItselfIsNeverCalledAgain(_ op: EventOperator) {
    let sender = EventSender<Int>()
    let seen = Recorder<String>()
    let own = Slot<SubscriptionToken>()
    own.value = op.apply(sender.stream).sink { text in
      seen.record(text)
      own.value?.cancel()
    }
    for value in 0...3 { sender.send(value) }
    #expect(seen.values == [op.expected(upTo: 3)[0]])
  }

  @Test(arguments: EventOperator.allCases)
  func cancellingReleasesTheHandlerAndWhatItCaptured(_ op: EventOperator) {
    let sender = EventSender<Int>()
    let released = Flag()
    var token: SubscriptionToken?
    do {
      let captured = OnDeinit { released.raise() }
      token = op.apply(sender.stream).sink { _ in withExtendedLifetime(captured) {} }
    }
    sender.send(0)
    #expect(!released.isRaised)
    token?.cancel()
    #expect(released.isRaised, "cancel() released the handler while the token is still held")
    withExtendedLifetime(token) {}
  }

  @Test(arguments: EventOperator.allCases)
  func concurrentSendersGetOneCallAtATime(_ op: EventOperator) {
    let sender = EventSender<Int>()
    let inCall = Atomic<Int>(0)
    let overlaps = Counter()
    let calls = Counter()
    let token = op.apply(sender.stream).sink { _ in
      if inCall.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
        overlaps.increment()
      }
      calls.increment()
      inCall.wrappingSubtract(1, ordering: .acquiringAndReleasing)
    }
    let threads = (0..<4).map { thread in
      startThread {
        for index in 0..<2_000 { sender.send(thread * 10_000 + index) }
      }
    }
    for thread in threads {
      waitOrFail(thread, "a sending thread")
    }
    #expect(overlaps.value == 0)
    #expect(calls.value == op.expected(upTo: 7_999).count)
    token.cancel()
  }

  @Test func aUserBuiltPropertyKeepsThePropertyRules() {
    let owner = MutableProperty(5)
    let clamped = owner.property.clamped(to: 0...10)
    let recorder = Recorder(clamped)
    owner.value = 42
    owner.value = -3
    #expect(clamped.value == 0)
    #expect(recorder.values == [5, 10, 0], "current value first, then each change, in order")
  }

  @Test func combineLatestReReadsAUserBuiltPropertyOnEveryNotification() {
    // A property built with the public initialiser has no version: combineLatest delivers each
    // notification (still reading both sides at once), as documented; the current pair comes
    // once (subscribing is not a notification).
    let owner = MutableProperty(5)
    let recorder = Recorder(
      Property.combineLatest(owner.property.clamped(to: 0...10), owner.property).map {
        "\($0)/\($1)"
      })
    owner.value = 42
    #expect(recorder.values == ["5/5", "10/42", "10/42"])
  }
}
