import Dispatch
import Foundation
import Signals
import Testing

/// A trait that runs a test (or every test of a suite) on threads of its own, outside Swift's
/// concurrency pool: for a test that blocks its thread on purpose (it waits on a semaphore,
/// joins threads it started, or runs a long CPU-bound loop without an `await`).
///
/// ```swift
/// @Suite(.dedicatedThread) struct StressTests {
///   @Test func eightThreadsSendingAtOnce() {
///     let done = DispatchSemaphore(value: 0)
///     …
///     done.wait()  // blocks a thread of its own, never one of the pool's
///   }
/// }
/// ```
///
/// Why: every task of the test run (a view model's request, a ``Recorder`` wait, Swift
/// Testing's own work) shares the pool's one thread per core. Two tests that block a pool thread
/// for seconds leave none on a two-core runner, and an unrelated test's hang guard gives up.
///
/// - Where the test runs: under a task executor preference (`withTaskExecutorPreference`) for an
///   executor with threads of its own. A nonisolated test function, and every nonisolated async
///   function it calls, runs there; child tasks (`async let`, task groups) inherit it;
///   unstructured `Task {}` does not.
/// - What it does not move: a test isolated to an actor (a `@MainActor` suite) runs on that
///   actor as before. Code there must not block: the main thread is shared too.
/// - Time limits: Swift Testing's `.timeLimit` runs its timer as a child task of the test, which
///   inherits the preference: it may start late and may not fire while every thread is
///   blocked. So a blocking wait in such a test carries its own hang guard (a semaphore wait
///   with a generous timeout that says what it waited for).
/// - How many at once: the trait has one thread per core (at least two), so as many such tests
///   run at a time as the pool would run (the others wait their turn), and a run loads a busy
///   machine no more than before. Use it for the tests that block or spin, not for every test.
public struct DedicatedThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applied to a suite, the trait applies to every test in it.
  public var isRecursive: Bool { true }

  /// Runs `function` with a task executor preference for the trait's executor.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) {
      try await function()
    }
  }
}

extension Trait where Self == DedicatedThreadTrait {
  /// Runs the test, or every test of the suite, on threads of its own, outside the concurrency
  /// pool: see ``DedicatedThreadTrait``.
  public static var dedicatedThread: Self { Self() }
}

/// The executor of ``DedicatedThreadTrait``: a fixed number of workers, each on a thread of its
/// own, take jobs in arrival order (see the trait's "How many at once"; a thread per job let
/// every such test run at once, and their threads starved the main thread of CPU). Internal;
/// `isCurrent` lets tests check where they run.
final class DedicatedThreadExecutor: TaskExecutor {
  static let shared = DedicatedThreadExecutor(
    workers: max(2, ProcessInfo.processInfo.activeProcessorCount))

  /// The key of the thread-dictionary entry that marks this executor's threads.
  private static let marker = "SignalsTesting.DedicatedThreadExecutor"

  /// Whether the calling code runs on a thread of this executor.
  static var isCurrent: Bool {
    Thread.current.threadDictionary[marker] != nil
  }

  /// The jobs not taken yet, oldest first.
  private let queue = Locked<[UnownedJob]>([])
  /// Counts the jobs in `queue`: a worker waits on it (on its own thread, never the pool's).
  private let queued = DispatchSemaphore(value: 0)

  private init(workers: Int) {
    for _ in 0..<workers {
      // A worker: takes the oldest job and runs it with no lock held, forever.
      Thread.detachNewThread { [self] in
        Thread.current.threadDictionary[Self.marker] = true
        let executor = asUnownedTaskExecutor()
        while true {
          queued.wait()
          queue.withLock { $0.removeFirst() }.runSynchronously(on: executor)
        }
      }
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(job) }
    queued.signal()
  }
}
