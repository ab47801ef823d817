#if os(Linux)
  import Glibc

  /// A thread of its own for work that blocks (waiting for a worker process), so that the
  /// caller's concurrency pool never waits. Unlike `Thread.detachNewThread`, it says when no
  /// thread can be created (a process limit reached), so the caller can fail instead of waiting
  /// for ever. Internal.
  enum WaitingThread {
    private final class Work {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; `false` (and `body` never runs) if none could be
    /// created.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
      let work = Unmanaged.passRetained(Work(body))
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { context in
          // `context` is the retained `Work` passed below: never nil, taken exactly once.
          guard let context else { return nil }
          Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
          return nil
        }, work.toOpaque())
      guard status == 0 else {
        work.release()
        return false
      }
      pthread_detach(thread)
      return true
    }
  }
#endif
