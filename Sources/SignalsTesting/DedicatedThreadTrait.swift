import Foundation
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
/// Why: the pool has one thread per core (two on a two-core CI runner) and every task of the
/// test run shares it: a view model's request, a ``Recorder`` wait, Swift Testing's own work. A
/// synchronous test that blocks a pool thread for seconds, beside another, leaves no thread for
/// anything else: on a busy machine a task then waits seconds to start, and an unrelated test's
/// hang guard gives up.
///
/// - Where the test runs: the test is started with a task executor preference
///   (`withTaskExecutorPreference`) for an executor that runs every job on a new thread. A
///   nonisolated test function, and every nonisolated async function it calls, runs there;
///   child tasks (`async let`, task groups) inherit it; unstructured `Task {}` does not.
/// - What it does not move: a test isolated to an actor (a `@MainActor` suite) runs on that
///   actor as before. Code there must not block: the main thread is shared too.
/// - Cost: a thread per job. Use it for the tests that block, not for every test.
public struct DedicatedThreadTrait: TestTrait, SuiteTrait, TestScoping {
  /// Applied to a suite, the trait applies to every test in it.
  public var isRecursive: Bool { true }

  /// Runs `function` with a task executor preference for an executor that starts a thread
  /// for each job.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
      try await function()
    }
  }
}

extension Trait where Self == DedicatedThreadTrait {
  /// Runs the test, or every test of the suite, on threads of its own, outside the concurrency
  /// pool: see ``DedicatedThreadTrait``.
  public static var dedicatedThread: Self { Self() }
}

/// A task executor that runs each job on a new thread of its own. Internal to
/// ``DedicatedThreadTrait``; `isCurrent` lets tests check where they run.
final class ThreadPerJobExecutor: TaskExecutor {
  static let shared = ThreadPerJobExecutor()

  /// The key of the thread-dictionary entry that marks this executor's threads.
  private static let marker = "SignalsTesting.ThreadPerJobExecutor"

  /// Whether the calling code runs on a thread of this executor.
  static var isCurrent: Bool {
    Thread.current.threadDictionary[marker] != nil
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    Thread.detachNewThread {
      Thread.current.threadDictionary[Self.marker] = true
      job.runSynchronously(on: executor)
    }
  }
}
