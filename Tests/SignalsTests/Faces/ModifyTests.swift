import Foundation
import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// `MutableProperty.modify`: a read-modify-write that no other writer can split, delivered once.
@Suite(.dedicatedThread) struct ModifyTests {
  /// Increments per thread: 10,000; the ThreadSanitizer step of CI, where each is many times
  /// slower, sets fewer with `SIGNALS_MODIFY_INCREMENTS`.
  static let incrementsPerThread =
    ProcessInfo.processInfo.environment["SIGNALS_MODIFY_INCREMENTS"].flatMap { Int($0) } ?? 10_000

  @Test func eightThreadsIncrementingTenThousandTimesEachLoseNoUpdate() {
    let owner = MutableProperty(0)
    let deliveries = Counter()
    let token = owner.property.sink { _ in deliveries.increment() }
    let threads = (0..<8).map { _ in
      startThread {
        for _ in 0..<Self.incrementsPerThread { owner.modify { $0 += 1 } }
      }
    }
    for thread in threads {
      waitOrFail(thread, "an incrementing thread")
    }
    #expect(owner.value == 8 * Self.incrementsPerThread)
    #expect(
      deliveries.value == 1 + 8 * Self.incrementsPerThread,
      "the current value, then one delivery per call")
    token.cancel()
  }

  /// `modifyIfChanged`: a run that leaves the value equal (a guard that refuses) stores and
  /// delivers nothing; one that changes it is a `modify`.
  @Test func modifyIfChangedDeliversOnlyARunThatChangedTheValue() {
    let owner = MutableProperty<Set<String>>(["ada"])
    let recorder = Recorder(owner.property)
    let addedGrace = owner.modifyIfChanged { names in names.insert("grace").inserted }
    let addedAdaAgain = owner.modifyIfChanged { names in names.insert("ada").inserted }
    #expect(addedGrace)
    #expect(!addedAdaAgain)
    #expect(
      recorder.values == [["ada"], ["ada", "grace"]], "the refused insert delivered nothing")
  }

  @Test func returnsWhatTheBodyReturned() {
    let owner = MutableProperty<Set<String>>(["ada"])
    let recorder = Recorder(owner.property)
    let addedGrace = owner.modify { names in names.insert("grace").inserted }
    let addedAdaAgain = owner.modify { names in names.insert("ada").inserted }
    #expect(addedGrace)
    #expect(!addedAdaAgain)
    #expect(recorder.values == [["ada"], ["ada", "grace"], ["ada", "grace"]])
  }

  /// The first run writes through `value` (another path), so its copy is outdated when it
  /// tries to store: deterministically, the body runs twice, and the second run's result and
  /// change are the ones kept.
  @Test func aWriteBetweenReadAndStoreRunsTheBodyAgainAndReturnsTheLastRunsResult() {
    let owner = MutableProperty(0)
    let recorder = Recorder(owner.property)
    var runs: [Int] = []  // the value each run saw
    let result = owner.modify { value -> String in
      runs.append(value)
      if runs.count == 1 { owner.value = 100 }  // a write that comes in between
      value += 1
      return "run \(runs.count) saw \(value - 1)"
    }
    #expect(runs == [0, 100])
    #expect(result == "run 2 saw 100")
    #expect(owner.value == 101)
    #expect(recorder.values == [0, 100, 101], "the discarded run stored and delivered nothing")
  }

  @Test func aThrowingChangeStoresNothingAndDeliversNothing() {
    struct Refused: Error {}
    let owner = MutableProperty([1, 2])
    let recorder = Recorder(owner.property)
    #expect(throws: Refused.self) {
      try owner.modify { items in
        items.append(3)
        throw Refused()
      }
    }
    #expect(owner.value == [1, 2])
    #expect(recorder.values == [[1, 2]])
  }

  @Test func fromInsideAHandlerTheChangeIsQueuedBehindTheCurrentDelivery() {
    let owner = MutableProperty(0)
    let seen = Recorder<String>()
    let first = owner.property.sink { value in
      seen.record("first \(value)")
      if value == 1 { owner.modify { $0 += 10 } }  // sees the stored 1, stores 11
    }
    let second = owner.property.sink { seen.record("second \($0)") }
    owner.value = 1
    #expect(
      seen.values == [
        "first 0", "second 0", "first 1", "second 1", "first 11", "second 11",
      ])
    first.cancel()
    second.cancel()
  }

  /// A body that reads its property (or another thread's write meanwhile) is not that mistake:
  /// it runs again on the newer value, and returns.
  @Test func anotherThreadsWriteDuringTheBodyRunsItAgain() {
    let owner = MutableProperty(0)
    let runs = Counter()
    owner.modify { value in
      runs.increment()
      if runs.value == 1 { waitOrFail(startThread { owner.value = 5 }, "the other write") }
      value += 1
    }
    #expect(owner.value == 6)
    #expect(runs.value == 2)
  }
}

/// `modify`'s one misuse, in a process of its own (an exit test): it stops the process.
@Suite struct ModifyMisuseTests {
  /// A body that writes the property it modifies on every run could never see its change
  /// stored (each run finds a newer value and runs again: the fourth edition never returned).
  /// Its second such run stops with a message naming the mistake.
  @Test func aBodyThatWritesItsOwnPropertyStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      let owner = MutableProperty(0)
      owner.modify { value in
        owner.value = value + 100
        value += 1
      }
    }
  }
}
