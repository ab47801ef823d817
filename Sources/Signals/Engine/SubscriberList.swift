/// A channel's subscribers in subscription order, with `nil` holes left by cancellations.
/// Internal; owned by ``ChannelState`` and changed only under the channel's lock.
///
/// Why not a `ContiguousArray`: a delivery round reads the list while no lock is held, so it
/// needs the list to stay put. A copy-on-write array gave it that by retaining the buffer for
/// the round (a snapshot), which costs an atomic increment and decrement on every send. This
/// list is never changed while a round runs (``ChannelState`` invariant 3: joins and leaves are
/// parked and applied at the round's end), so a round can read its storage unretained instead:
/// see ``unretainedStorage``.
@usableFromInline
struct SubscriberList<Value: Sendable>: Sendable {
  /// The slots; `nil` while the list has never held any.
  @usableFromInline var storage: SubscriberStorage<Value>?

  @inlinable
  init() {}

  /// The number of slots, holes included.
  @inlinable
  var count: Int {
    storage?.count ?? 0
  }

  /// The subscriber in `index`, or `nil` for a hole.
  @inlinable
  subscript(index: Int) -> Subscriber<Value>? {
    get {
      precondition(index >= 0 && index < count, "Signals internal error: list index out of range")
      // Safe: `storage` exists when `count > 0`, and `index` is below `count` (checked above).
      return storage.unsafelyUnwrapped.slots[index]
    }
    set {
      precondition(index >= 0 && index < count, "Signals internal error: list index out of range")
      // Safe as in the getter. The slot is initialised; assigning releases its old value.
      storage.unsafelyUnwrapped.slots[index] = newValue
    }
  }

  /// The storage for a round to read without retaining it, or `nil` when the list is empty.
  ///
  /// Valid while the list is unchanged: the storage is replaced only by ``append(_:)`` (when it
  /// grows) and freed only then or with the channel, and the channel changes the list only
  /// while no round runs (``ChannelState`` invariant 3). A round reads it only between its
  /// start and its end, on the delivering thread, which holds the channel.
  @inlinable
  var unretainedStorage: Unmanaged<SubscriberStorage<Value>>? {
    guard let storage, storage.count > 0 else { return nil }
    return Unmanaged.passUnretained(storage)
  }

  /// Adds `subscriber` at the end, growing the storage (doubling) when full.
  @inlinable
  mutating func append(_ subscriber: Subscriber<Value>) {
    let count = self.count
    if storage == nil || count == storage.unsafelyUnwrapped.capacity {
      grow(toHold: count + 1)
    }
    // Safe: `grow` made room for one more slot past `count`.
    let storage = self.storage.unsafelyUnwrapped
    (storage.slots + count).initialize(to: subscriber)
    storage.count = count + 1
  }

  /// Removes and returns the last slot's subscriber (`nil` for a hole). The list must not be
  /// empty.
  @inlinable
  @discardableResult
  mutating func removeLast() -> Subscriber<Value>? {
    let count = self.count
    precondition(count > 0, "Signals internal error: removeLast on an empty list")
    // Safe: `count > 0`, so the storage exists and slot `count - 1` is initialised.
    let storage = self.storage.unsafelyUnwrapped
    storage.count = count - 1
    return (storage.slots + count - 1).move()
  }

  /// Moves the slots into new storage with room for at least `minimumCapacity`.
  @inlinable
  mutating func grow(toHold minimumCapacity: Int) {
    let grown = SubscriberStorage<Value>(
      capacity: Swift.max(minimumCapacity, 2 * (storage?.capacity ?? 0), 4))
    if let old = storage {
      grown.slots.moveInitialize(from: old.slots, count: old.count)
      grown.count = old.count
      old.count = 0  // moved out: the old storage's deinit releases nothing
    }
    storage = grown
  }
}

/// The heap storage of a ``SubscriberList``: `count` initialised slots out of `capacity`.
@usableFromInline
final class SubscriberStorage<Value: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the slots hold `Sendable` subscribers, and the storage
  // is written only by its ``SubscriberList``, under the channel's lock, while no round runs.
  // The one access without the lock is a round reading it; every round starts after the last
  // write (it starts under the lock) and ends before the next one (which happens under the
  // lock after the round's end, and that end releases: see ``ChannelPhase``).
  /// The first of `capacity` slots; the first `count` are initialised.
  @usableFromInline let slots: UnsafeMutablePointer<Subscriber<Value>?>
  /// How many slots were allocated.
  @usableFromInline let capacity: Int
  /// How many slots are initialised. No dynamic exclusivity checks: accesses never overlap
  /// (see above), and the checks cost more than the rest of a send's list access.
  @exclusivity(unchecked) @usableFromInline var count = 0

  @inlinable
  init(capacity: Int) {
    self.slots = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }
}
