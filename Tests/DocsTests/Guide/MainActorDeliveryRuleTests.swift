import Dispatch
import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

// Rule: ask for main-actor delivery explicitly, with `receive(on: .mainActor)`. A plain `sink`
// runs its handler on whatever thread sent the value; the main-actor face runs it on the main
// actor, in order, and synchronously when the value is already on the main actor.

/// A main-actor stand-in for a screen's label.
@MainActor
private final class Label {
  private(set) var texts: [String] = []

  func show(_ text: String) {
    texts.append(text)
  }
}

/// A serial queue standing in for a network callback queue, recognisable from inside a handler.
private final class WorkerQueue: Sendable {
  let queue = DispatchQueue(label: "guide.worker")
  private let key = DispatchSpecificKey<String>()

  init() {
    queue.setSpecific(key: key, value: "worker")
  }

  /// "worker" when called on this queue, "elsewhere" otherwise.
  var currentPlace: String {
    DispatchQueue.getSpecific(key: key) ?? "elsewhere"
  }

  /// Runs `work` on the queue and returns when it has finished.
  func run(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async {
        work()
        done.resume()
      }
    }
  }
}

extension GuideTests {
  @Suite struct MainActorDelivery {
    @Test func plainSinkRunsOnTheSendingQueue() async {
      let worker = WorkerQueue()
      let progress = MutableProperty(0)
      let places = Recorder<String>()
      let token = progress.property.sink { value in
        places.record("\(value) on \(worker.currentPlace)")
      }
      await worker.run { progress.value = 1 }
      // A UI update in this handler would run off the main thread.
      #expect(places.values == ["0 on elsewhere", "1 on worker"])
      token.cancel()
    }

    // snippet: main-actor-test
    @MainActor @Test func mainActorFaceDeliversOnMainActorInOrder() async {
      let progress = MutableProperty(0)
      let label = Label()
      let (arrivals, arrived) = AsyncStream<Int>.makeStream()
      let token = progress.property.receive(on: .mainActor).sink { value in
        label.show("\(value)%")  // a @MainActor handler: the compiler checks the UI call
        arrived.yield(value)
      }
      #expect(label.texts == ["0%"])  // on the main actor already: delivered before `sink` returns
      await Task.detached {
        for percent in [25, 50, 100] {
          progress.value = percent  // sent from a background task
        }
      }.value
      for await value in arrivals where value == 100 {
        break
      }
      #expect(label.texts == ["0%", "25%", "50%", "100%"])
      token.cancel()
    }
    // snippet-end
  }
}
