/// A channel's pending deliveries, first in, first out: a ring buffer. Internal; owned by
/// ``ChannelState`` and used only under the channel's lock.
///
/// Why not an `Array` with a head index: appending checked the buffer's uniqueness, taking the
/// first delivery left a `nil` behind it, and a queue that never drained had to drop its consumed
/// prefix now and then. A ring buffer appends and removes in place, and never holds a consumed
/// slot, so a value leaves the queue (and is released by whoever took it, after unlocking) the
/// moment it is dequeued.
@usableFromInline
struct DeliveryQueue<Value: Sendable>: Sendable {
  /// The buffer; `nil` until the first append, and after ``removeBuffer()``.
  @usableFromInline var storage: DeliveryQueueStorage<Value>?

  @inlinable
  init() {}

  /// How many deliveries are queued.
  @inlinable
  var count: Int {
    storage?.count ?? 0
  }

  /// The buffer's capacity (0 without one).
  @inlinable
  var capacity: Int {
    storage?.capacity ?? 0
  }

  /// Queues `delivery` last, doubling the buffer when it is full.
  @inlinable
  mutating func append(_ delivery: consuming Delivery<Value>) {
    if storage == nil || storage.unsafelyUnwrapped.count == storage.unsafelyUnwrapped.capacity {
      grow()
    }
    // Safe: `grow` made sure a buffer with a free slot exists.
    let storage = self.storage.unsafelyUnwrapped
    storage.slot(storage.count).initialize(to: delivery)
    storage.count += 1
  }

  /// Takes the first delivery out, or returns `nil` when none is queued.
  @inlinable
  mutating func removeFirst() -> Delivery<Value>? {
    guard let storage, storage.count > 0 else { return nil }
    let delivery = storage.slot(0).move()
    storage.head = (storage.head + 1) & (storage.capacity - 1)
    storage.count -= 1
    return delivery
  }

  /// Drops the buffer; the queue must be empty, so nothing is released but memory.
  @inlinable
  mutating func removeBuffer() {
    precondition(count == 0, "Signals internal error: dropping a queue buffer that holds values")
    storage = nil
  }

  /// Moves the deliveries, in order, into a buffer twice the size (at least 4 slots).
  @inlinable
  mutating func grow() {
    let grown = DeliveryQueueStorage<Value>(capacity: Swift.max(4, 2 * capacity))
    if let old = storage {
      for index in 0..<old.count {
        grown.slot(index).moveInitialize(from: old.slot(index), count: 1)
      }
      grown.count = old.count
      old.count = 0  // moved out: the old buffer's deinit releases nothing
    }
    storage = grown
  }
}

/// The heap buffer of a ``DeliveryQueue``: `count` initialised slots from `head`, wrapping
/// around; the capacity is a power of two, so wrapping is a mask.
@usableFromInline
final class DeliveryQueueStorage<Value: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the slots hold `Sendable` deliveries, and the buffer is
  // read and written only by its `DeliveryQueue`, under the channel's lock, or by the one thread
  // that took the whole queue out of the channel (`ChannelState.takeUndeliverable`) and owns it.
  /// The first of `capacity` slots.
  @usableFromInline let slots: UnsafeMutablePointer<Delivery<Value>>
  /// How many slots were allocated: a power of two.
  @usableFromInline let capacity: Int
  /// The slot of the first delivery. No dynamic exclusivity checks (here and on `count`):
  /// accesses never overlap (see above), and the checks cost more than the queue operations.
  @exclusivity(unchecked) @usableFromInline var head = 0
  /// How many deliveries are queued.
  @exclusivity(unchecked) @usableFromInline var count = 0

  @inlinable
  init(capacity: Int) {
    precondition(
      capacity > 0 && capacity & (capacity - 1) == 0,
      "Signals internal error: a queue's capacity must be a power of two")
    self.slots = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  /// The slot of the delivery `offset` places behind the first.
  @inlinable
  func slot(_ offset: Int) -> UnsafeMutablePointer<Delivery<Value>> {
    slots + ((head + offset) & (capacity - 1))
  }

  deinit {
    for offset in 0..<count {
      slot(offset).deinitialize(count: 1)
    }
    slots.deallocate()
  }
}
