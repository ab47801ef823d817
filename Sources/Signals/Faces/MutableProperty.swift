/// The owner of a piece of state: the only face that can write it. Keep it private; expose its
/// read-only ``property``.
///
/// ```swift
/// private let stateOwner = MutableProperty(ScreenState.idle)
/// var state: Property<ScreenState> { stateOwner.property }
/// ```
///
/// - Threading: ``value`` may be read and written from any thread or task; a write is delivered
///   as a send is (see ``EventSender``), with the rules of ``Property`` (didSet timing, ordering).
/// - Every write is delivered, even one equal to the current value: ``modifyIfChanged(_:)``
///   skips a write that changes nothing (`owner.modifyIfChanged { $0 = newValue }`),
///   ``Property/removeDuplicates()`` skips repeats on the read side.
public final class MutableProperty<Value: Sendable>: Sendable {
  @usableFromInline let channel: Channel<Value>

  /// The read-only face to expose.
  public let property: Property<Value>

  /// Creates the owner with its initial value.
  @inlinable
  public init(_ initialValue: Value) {
    let channel = Channel<Value>(.property(current: initialValue))
    self.channel = channel
    self.property = Property(
      read: { channel.currentValue },
      readConsistently: { snapshot in snapshot.value(of: channel) },
      subscribe: channel.subscribe)
  }

  /// Changes the stored value in place as one write, atomic with respect to every other write
  /// and delivered once, in order with them; returns what `body` returned, as `Mutex.withLock`
  /// does (`let added = owner.modify { $0.insert(item).inserted }`). From many threads,
  /// `owner.modify { $0.count += 1 }` loses no update; `owner.value += 1` (a read, then a
  /// separate write) can. If `body` throws, nothing is stored and the error is rethrown.
  ///
  /// - `body` runs with no lock held, on a copy of the current value (a copy-on-write value is
  ///   copied once per run). If another write stored a value after that copy was read, the run's
  ///   change and result are dropped and `body` runs again on the newer value, until no write comes
  ///   in between; the last run's result is returned. So `body` should only change its argument and
  ///   compute its result. A `body` that writes this property itself on every run could never
  ///   finish: its second such run stops the program with a message naming the mistake.
  /// - From inside a handler: `body` sees the stored value (which may be newer than the one that
  ///   handler is receiving), and the change is queued behind the current delivery, like a set.
  public func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try channel.modify(body)
  }

  /// The stored value. Setting it stores the new value, then delivers it to every subscriber.
  @inlinable
  public var value: Value {
    get { channel.currentValue }
    set { channel.publish(newValue) }
  }
}
