import Signals

/// Iterates an `AsyncSequence` in a task of its own and hands each element to `deliver`, for
/// ``AsyncSequenceEvents`` and ``AsyncSequenceProperty``, whose documentation states the
/// promises (start, delivery, stop). Internal. Cancelled when released; `deliver` runs under no
/// lock, and the task holds the sequence and `deliver`, not the bridge.
final class SequencePump: Sendable {
  private enum Phase {
    case idle(start: @Sendable () -> Task<Void, Never>)
    case starting  // won by a `start()` that has yet to create the task
    case started(Task<Void, Never>)
    case cancelled
  }

  private let phase: Locked<Phase>
  private let progress = MutableProperty(SequenceIteration.notStarted)

  /// How far the iteration has gone.
  var iteration: Property<SequenceIteration> {
    progress.property
  }

  init<Source: AsyncSequence & Sendable>(
    _ source: Source, deliver: @escaping @Sendable (Source.Element) -> Void
  ) where Source.Element: Sendable {
    phase = Locked(
      .idle(start: { [progress] in
        Task { progress.value = await Self.iterate(source, deliver: deliver) }
      }))
  }

  deinit {
    cancel()
  }

  /// Starts the iteration unless it was started or cancelled already (one caller wins, so two
  /// first subscriptions at once start one task). ``iteration`` reads `.running` when it
  /// returns (unless cancelled meanwhile), and always before how the iteration ended.
  func start() {
    let won = phase.withLock { phase -> (@Sendable () -> Task<Void, Never>)? in
      guard case .idle(let start) = phase else { return nil }
      phase = .starting
      return start
    }
    guard let start = won else { return }
    progress.value = .running  // before the task exists, so that its final state comes after
    let task = start()
    let cancelledMeanwhile = phase.withLock { phase -> Bool in
      guard case .starting = phase else { return true }
      phase = .started(task)
      return false
    }
    if cancelledMeanwhile { task.cancel() }
  }

  /// Ends the iteration: cancels the task, or makes sure it never starts.
  func cancel() {
    let displaced = phase.withLock { phase -> Phase in
      defer { phase = .cancelled }
      return phase
    }
    switch displaced {
    case .started(let task): task.cancel()
    case .idle: progress.value = .cancelled  // never started: never iterated
    case .starting, .cancelled: break  // a `start()` that sees the cancellation cancels its task
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
