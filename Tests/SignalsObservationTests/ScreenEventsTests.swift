import Signals
import SignalsObservation
import SignalsTesting
import Testing

/// The SwiftUI event pattern: `EventStream.consume(startingWith:_:)` for `.task`, and
/// `ToastQueue`, which never merges two toasts.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ScreenEventsTests {
  @Test func anEventTheStartSendsAtOnceIsNotLost() async {
    let sender = EventSender<String>()
    var handled: [String] = []
    let screen = Task { @MainActor in
      await sender.stream.consume(startingWith: { sender.send("loaded at once") }) { event in
        handled.append(event)
      }
    }
    await settle()
    sender.send("later")
    await settle()
    screen.cancel()
    await screen.value

    #expect(handled == ["loaded at once", "later"])
  }

  @Test func cancellingTheTaskEndsTheSubscriptionAndReturns() async {
    let sender = EventSender<Int>()
    var handled: [Int] = []
    let screen = Task { @MainActor in
      await sender.stream.consume(startingWith: {}) { handled.append($0) }
      handled.append(-1)  // returned
    }
    await settle()
    sender.send(1)
    await settle()
    screen.cancel()
    await screen.value
    sender.send(2)
    await settle()

    #expect(handled == [1, -1])
  }

  @Test func twoToastsInOneTurnAreBothShownInOrderNeverMerged() throws {
    let toasts = ToastQueue<String>()
    toasts.show("Saved")
    toasts.show("Saved")
    let first = try #require(toasts.current)
    #expect(toasts.pending.map(\.message) == ["Saved"])
    toasts.dismiss(first.id)
    let second = try #require(toasts.current)
    #expect(second.message == "Saved" && second.id != first.id)
    toasts.dismiss(first.id)  // a late timer of the first: nothing
    #expect(toasts.current == second)
    toasts.dismiss(second.id)
    #expect(toasts.current == nil)
  }

  @Test func atMostTheBoundWaitsAndTheOldestWaitingGoes() {
    let toasts = ToastQueue<Int>(maximumWaiting: 2)
    for number in 1...5 { toasts.show(number) }
    #expect(toasts.current?.message == 1)
    #expect(toasts.pending.map(\.message) == [4, 5])
  }
}
