import Dispatch
import Foundation
import Observation
import Signals
import SignalsObservation
import SignalsTesting
import Testing

/// A model changed off the main actor by a slow setter: Observation's `willSet` first, then the
/// store only once the main queue has run what `willSet` queued on it.
final class SlowStoreModel: Observable, Sendable {
  private let registrar = ObservationRegistrar()
  private let storage = Locked(0)  // Signals' lock, which ThreadSanitizer sees

  var value: Int {
    registrar.access(self, keyPath: \.value)
    return storage.withLock { $0 }
  }

  /// Sets `value` off the main thread, storing it after the main queue's pending jobs ran.
  func setSlowly(_ newValue: Int) {
    registrar.withMutation(of: self, keyPath: \.value) {
      DispatchQueue.main.sync {}  // the gap: the re-read queued by `willSet` runs now
      storage.withLock { $0 = newValue }
    }
  }
}

/// `TrackedProperty`'s documented limit for changes made off the main actor.
@Suite(.timeLimit(.minutes(5))) @MainActor struct TrackedPropertyOffMainTests {
  /// The re-read runs between `willSet` and the store, reads the old value and registers too
  /// late to hear the store. Swift 6.3's Observation has no public "did set" edge, so this is a
  /// known issue; once it passes, TrackedProperty's doc and this test must change.
  @Test func aSlowStoreOffTheMainActorLeavesThePropertyStale() async {
    let model = SlowStoreModel()
    let tracked = TrackedProperty { model.value }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        model.setSlowly(1)
        done.resume()
      }
    }
    await settle()

    #expect(model.value == 1)
    withKnownIssue("a change stored after the re-read is missed (see TrackedProperty's doc)") {
      #expect(tracked.property.value == 1)
    }
  }
}
