import Signals

/// A `Property` fed by an `AsyncSequence` of updates: an initial value, then every element
/// the sequence produces, as state a screen shows (a connection status, the latest price).
///
/// ```swift
/// private let status: AsyncSequenceProperty<ConnectionStatus>
/// var connection: Property<ConnectionStatus> { status.property }
/// init(socket: Socket) {
///   status = AsyncSequenceProperty(initialValue: .connecting, updates: socket.statusUpdates)
/// }
/// ```
///
/// Keep the bridge (privately, like a `MutableProperty`) and expose its ``property``: the
/// bridge owns the iteration, and a `Property` alone, a value with no lifetime, could not.
///
/// - Who starts: the initialiser starts one task that iterates the sequence at once: state is
///   current whether or not anyone subscribes. No update is stored before it returns.
/// - Delivery: each element is stored as the property's value, then delivered to its
///   subscribers (didSet timing, as `MutableProperty`), in sequence order, on the iterating
///   task (a thread of the concurrency pool, never the creator's actor): use
///   `property.receive(on: .mainActor)` for a screen. The task reads the next element only
///   after the current one has reached every subscriber.
/// - While nobody subscribes: every update is stored, so a later subscriber starts from the
///   newest value; the ones in between are not replayed (state keeps only the newest).
/// - When it stops: when the sequence ends or throws (see ``iteration``), or when the bridge is
///   cancelled (``cancel()``) or released. The property keeps its last value. Cancelling
///   cancels the iterating task, which the sequence sees (an `AsyncStream` ends and calls its
///   `onTermination`); from then on nothing is stored, but an update whose delivery had already
///   begun on the iterating task. A sequence that ignores cancellation keeps the task waiting
///   until it produces its next element, which is then dropped, and the iteration ends
///   `.cancelled`.
/// - What it keeps alive: the task holds the sequence and the property's owner, not the bridge
///   and not its owner, so releasing the view model that keeps the bridge ends the iteration.
///   The ``property`` does not keep the bridge alive.
public final class AsyncSequenceProperty<Value: Sendable>: Sendable {
  /// The read-only face to expose: the initial value, then every update.
  public let property: Property<Value>
  private let pump: SequencePump

  /// A property of `initialValue` that the elements of `updates` replace, iterated from now on.
  public init<Updates: AsyncSequence & Sendable>(initialValue: Value, updates: Updates)
  where Updates.Element == Value {
    let owner = MutableProperty(initialValue)
    property = owner.property
    pump = SequencePump(updates) { owner.value = $0 }
    pump.start()
  }

  deinit {
    pump.cancel()
  }

  /// How far the iteration has gone: `.running`, then how it ended (`.finished`,
  /// `.failed(error)` or `.cancelled`).
  public var iteration: Property<SequenceIteration> {
    pump.iteration
  }

  /// Stops the iteration: the property keeps its value and changes no more. Idempotent.
  public func cancel() {
    pump.cancel()
  }
}
