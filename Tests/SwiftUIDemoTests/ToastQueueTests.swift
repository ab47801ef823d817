import Testing

@testable import SwiftUIDemo

/// Toasts stay events on the SwiftUI side: every one sent is shown, in order, for its own time.
@MainActor
@Suite struct ToastQueueTests {
  @Test func twoToastsSentInOneTurnAreBothShownInOrder() throws {
    let toasts = ToastQueue()
    toasts.show("first")
    toasts.show("second")
    let first = try #require(toasts.current)
    #expect(first.message == "first")
    toasts.dismiss(first.id)  // its time is up
    #expect(toasts.current?.message == "second")
    toasts.dismiss(try #require(toasts.current).id)
    #expect(toasts.current == nil)
  }

  @Test func theSameMessageTwiceIsTwoToastsSoTheSecondGetsItsOwnTimer() throws {
    let toasts = ToastQueue()
    toasts.show("Couldn't refresh")
    toasts.show("Couldn't refresh")
    let first = try #require(toasts.current)
    toasts.dismiss(first.id)
    let second = try #require(toasts.current, "the second one is shown too")
    #expect(second.message == first.message)
    #expect(second.id != first.id, "a new identifier: the overlay's .task(id:) starts again")
  }

  @Test func aLateTimerDoesNotEndANewerToast() throws {
    let toasts = ToastQueue()
    toasts.show("old")
    let old = try #require(toasts.current)
    toasts.dismiss(old.id)
    toasts.show("new")
    toasts.dismiss(old.id)  // the old toast's timer, late
    #expect(toasts.current?.message == "new")
  }

  @Test func atMostThreeWaitAndANewerOnePushesOutTheOldestWaiting() {
    let toasts = ToastQueue()
    for number in 1...6 {
      toasts.show("toast \(number)")
    }
    #expect(toasts.current?.message == "toast 1")
    #expect(toasts.pending.map(\.message) == ["toast 4", "toast 5", "toast 6"])
  }
}
