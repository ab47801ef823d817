/// The first value of a relay's burst, handed from the relay's one producer to the delivery job
/// it schedules without taking the channel's lock (``Channel/handOffFromSoleProducer(_:to:through:)``).
/// Internal.
///
/// Storage exists only for channels made to start without the lock (relays); for every other
/// channel the slot is empty and allocates nothing.
///
/// Who may touch the value is decided by the channel's phase (``ChannelPhase``), never by a lock
/// of its own:
/// - `idle`: only the producer, which writes the value and then publishes it with the
///   read-modify-write `idle -> handedOff` (releasing). Nothing else reads the slot while idle.
/// - `handedOff`: nobody, until one thread wins the next read-modify-write of the phase: the
///   job (`handedOff -> delivering`, acquiring), which then takes the value with no lock, or a
///   lock holder (`handedOff -> handedOffWithWork`, acquiring), after which only lock holders
///   touch the slot.
/// - `handedOffWithWork`: only the holder of the channel's lock (the job when it starts its
///   round, or a canceller dropping what nobody can receive).
/// - `delivering`, `deliveringWithWork`, `scheduled`: the slot is empty, once the job whose CAS
///   started the round has taken its value.
@usableFromInline
struct HandoffSlot<Value: Sendable>: ~Copyable, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the pointer never changes, and the value it points to
  // is read or written by one thread at a time, handed from one to the next by the
  // read-modify-writes of the channel's phase and its lock, as listed above. Each hand-over is
  // a release followed by an acquire, so every access happens after the one before it.
  @usableFromInline let storage: UnsafeMutablePointer<Value?>?

  /// A slot with storage when `allocated`, else an empty one that must never be written.
  @inlinable
  init(allocated: Bool) {
    if allocated {
      let storage = UnsafeMutablePointer<Value?>.allocate(capacity: 1)
      storage.initialize(to: nil)
      self.storage = storage
    } else {
      storage = nil
    }
  }

  deinit {
    // The channel is being freed: no producer, job or lock holder is left.
    storage?.deinitialize(count: 1)
    storage?.deallocate()
  }

  /// Stores `value`. Only the relay's producer calls it, while the phase is `idle`.
  @inlinable
  func put(_ value: consuming Value) {
    guard let storage else {
      preconditionFailure("Signals internal error: a hand-off on a channel without a slot")
    }
    storage.pointee = value
  }

  /// Takes the value out, leaving the slot empty (`nil` if it was). Only the thread that owns the
  /// slot in the current phase calls it.
  @inlinable
  func take() -> Value? {
    guard let storage else { return nil }
    let value = storage.move()
    storage.initialize(to: nil)
    return value
  }
}
