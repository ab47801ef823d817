import Signals

/// A `Property` fed by an `AsyncSequence` of updates: an initial value, then every element
/// the sequence produces, as state a screen shows (a connection status, the latest price;
/// <doc:SequencesInAndOut> shows an inbox's connection).
///
/// Keep the bridge (privately, like a `MutableProperty`) and expose its ``property``: the
/// bridge owns the iteration, and a `Property` alone, a value with no lifetime, could not.
///
/// The rules of ``AsyncSequenceEvents`` (delivery on the iterating task, stopping, lifetime)
/// apply, with these differences:
///
/// - Who starts: the initialiser starts the iteration at once, so state is current whether or
///   not anyone subscribes (no update is stored before it returns).
/// - Delivery: each element is stored as the value, then delivered (didSet timing, as
///   `MutableProperty`). A later subscriber starts from the newest value; the ones in between
///   are not replayed. Once stopped, the property keeps its last value.
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

  /// How far the iteration has gone: `.running`, then how it ended.
  public var iteration: Property<SequenceIteration> {
    pump.iteration
  }

  /// Stops the iteration: the property keeps its value and changes no more. Idempotent.
  public func cancel() {
    pump.cancel()
  }
}
