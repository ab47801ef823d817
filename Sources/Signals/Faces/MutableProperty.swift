/// The owner of a piece of state: the only face that can write it. Keep it private; expose its
/// read-only ``property``.
///
/// ```swift
/// private let stateOwner = MutableProperty(ScreenState.idle)
/// var state: Property<ScreenState> { stateOwner.property }
/// ```
///
/// - Timing: setting ``value`` stores it first, then delivers it (didSet timing).
/// - Threading: ``value`` may be read and written from any thread or task. If no delivery is
///   running, the writing thread delivers before the setter returns; otherwise the value is
///   queued and delivered in order by the thread already delivering. The delivering thread keeps
///   going until the queue is empty, including values other threads set meanwhile: under
///   sustained writes from other threads, the write that started the delivery returns only
///   when they pause.
/// - Every write is delivered, even one equal to the current value; use
///   ``Property/removeDuplicates()`` on the read side to skip repeats.
///
/// It is also a property wrapper, for a view model that prefers a stored property. The wrapped
/// property reads and writes ``value``; its projection (`$name`) is the read-only ``property``,
/// and `private(set)` keeps writes inside the owner:
///
/// ```swift
/// @MutableProperty public private(set) var title = "Users"
/// // elsewhere: viewModel.title (current value), viewModel.$title (a Property<String>)
/// ```
@propertyWrapper
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

  /// Changes the stored value in place and delivers the result once, atomically with respect
  /// to every other write, and returns what `body` returned (as `Mutex.withLock` does):
  /// `owner.modify { $0.count += 1 }` from many threads loses no update, where
  /// `owner.value += 1` (a read, then a separate write) can.
  ///
  /// ```swift
  /// let added = owner.modify { items in items.insert(item).inserted }
  /// ```
  ///
  /// - When `body` runs more than once: it runs with no lock held, on a copy of the current
  ///   value (a copy-on-write value is copied once per run). If another write stored a value
  ///   after that copy was read, this run's change is not stored and `body` runs again on the
  ///   newer value; that repeats until no write came in between. So keep `body` free of side
  ///   effects other than changing its argument and computing its result. A `body` that
  ///   writes this property itself on every run could never finish: its second such run stops
  ///   the program with a message naming the mistake.
  /// - The result returned is the one of the run whose change was stored (the last run); the
  ///   results of discarded runs are dropped.
  /// - One write, one delivery, in the same order as every other write. If `body` throws,
  ///   nothing is stored and the error is rethrown.
  /// - From inside a handler: `body` sees the stored value (which may be newer than the value
  ///   that handler is receiving), and the change is queued behind the current delivery, like a
  ///   set.
  public func modify<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try channel.modify(body)
  }

  /// The stored value. Setting it stores the new value, then delivers it to every subscriber.
  @inlinable
  public var value: Value {
    get { channel.currentValue }
    set { channel.publish(newValue) }
  }

  /// Creates the owner of a wrapped property (`@MutableProperty var name = initialValue`).
  public convenience init(wrappedValue: Value) {
    self.init(wrappedValue)
  }

  /// The wrapped property's value: the same as ``value``.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The wrapped property's projection (`$name`): the read-only ``property``.
  public var projectedValue: Property<Value> {
    property
  }
}
