/// A subscriber's handler, in a wrapper that lets a round call it without copying it. Internal.
///
/// Calling a closure stored in a class's `var` makes Swift copy it first (a retain and a
/// release of its context around the call, about 40 instructions and two atomic operations),
/// because the variable might be reassigned during the call. This wrapper is non-copyable, so
/// reading ``Subscriber/handler`` to call it is a borrow of the variable for the length of the
/// call instead, and ``callAsFunction(_:)`` calls the `let` inside it as it stands.
///
/// Sound because nothing writes the variable while a call borrows it: the delivering thread
/// calls it only inside a round, and ``Subscriber/releaseHandler()``, its one writer, runs only
/// after the subscriber is retired, which happens when no round runs or at a round's end (the
/// argument is at ``Subscriber``). A handler that cancels its own subscription is retired when
/// its round ends, after the call.
@usableFromInline
struct SubscriberHandler<Value: Sendable>: ~Copyable, Sendable {
  /// The user's handler.
  @usableFromInline let call: @Sendable (Value) -> Void

  @inlinable
  init(_ call: @escaping @Sendable (Value) -> Void) {
    self.call = call
  }

  /// A handler that does nothing and captures nothing (no allocation): a retired subscriber's.
  @inlinable
  static var retired: Self {
    Self { _ in }
  }

  /// Calls the handler with `value`, borrowing it (no retain or release).
  @inlinable @inline(__always)
  borrowing func callAsFunction(_ value: Value) {
    call(value)
  }
}
