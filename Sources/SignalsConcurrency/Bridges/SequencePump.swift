import Signals

/// Iterates an `AsyncSequence` in a task of its own and hands each element to `deliver`, for
/// ``AsyncSequenceEvents`` and ``AsyncSequenceProperty``. Internal.
///
/// - The task starts on ``start()`` (once; later calls do nothing) and runs on the concurrency
///   pool, not on its starter's actor. It ends when the sequence ends or throws, or on
///   ``cancel()``, which cancels the task: the sequence sees a cancelled task (an `AsyncStream`
///   then ends and calls its `onTermination`).
/// - After `cancel()` nothing more is handed to `deliver`, but for an element whose delivery
///   had already begun on the iterating task.
/// - `deliver` runs on the iterating task, one element at a time, in sequence order, and no
///   lock is held while it runs. The task holds the sequence and `deliver`, not the bridge.
final class SequencePump: Sendable {
  private enum Phase {
    case idle(start: @Sendable () -> Task<Void, Never>)
    /// Between the decision to start and the task's creation (``start()`` reports `.running`).
    case starting
    case started(Task<Void, Never>)
    case cancelled
  }

  private let phase: Locked<Phase>
  private let progress: MutableProperty<SequenceIteration>

  /// How far the iteration has gone.
  var iteration: Property<SequenceIteration> {
    progress.property
  }

  init<Source: AsyncSequence & Sendable>(
    _ source: Source, deliver: @escaping @Sendable (Source.Element) -> Void
  ) where Source.Element: Sendable {
    let progress = MutableProperty(SequenceIteration.notStarted)
    self.progress = progress
    phase = Locked(
      .idle(start: {
        Task {
          progress.value = await Self.iterate(source, deliver: deliver)
        }
      }))
  }

  deinit {
    cancel()
  }

  /// Starts the iteration unless it was started or cancelled already. ``iteration`` reads
  /// `.running` when it returns (unless cancelled meanwhile).
  func start() {
    // One caller wins the start, so that two first subscriptions at once start one task.
    let won = phase.withLock { phase -> (@Sendable () -> Task<Void, Never>)? in
      guard case .idle(let start) = phase else { return nil }
      phase = .starting
      return start
    }
    guard let start = won else { return }
    // Reported before the task exists, so that its final state always comes after.
    progress.value = .running
    let task = start()
    let cancelledMeanwhile = phase.withLock { phase -> Bool in
      guard case .starting = phase else { return true }
      phase = .started(task)
      return false
    }
    if cancelledMeanwhile {
      task.cancel()
    }
  }

  /// Ends the iteration: cancels the task, or makes sure it never starts.
  func cancel() {
    let displaced = phase.withLock { phase -> Phase in
      defer { phase = .cancelled }
      return phase
    }
    switch displaced {
    case .started(let task):
      task.cancel()
    case .starting:
      break  // `start()` sees the cancellation and cancels the task it made
    case .idle:
      // Never started: the sequence is released here, outside the lock, never iterated.
      progress.modify { iteration in
        if !iteration.hasEnded { iteration = .cancelled }
      }
    case .cancelled:
      break
    }
  }

  /// Hands every element of `source` to `deliver` until it ends or the task is cancelled, and
  /// says how it ended.
  private static func iterate<Source: AsyncSequence>(
    _ source: Source, deliver: (Source.Element) -> Void
  ) async -> SequenceIteration {
    do {
      for try await element in source {
        guard !Task.isCancelled else { return .cancelled }
        deliver(element)
      }
      return Task.isCancelled ? .cancelled : .finished
    } catch {
      return Task.isCancelled ? .cancelled : .failed(error)
    }
  }
}
