/// Objects the reliability tests create only so that weak references can watch them.

/// The value type the real interpreter sends: an object around an `Int`, so that anything in
/// Signals that keeps a value alive (a stored property value, a queued delivery, a
/// `removeDuplicates` memory, a `combineLatest` pair) keeps a trackable object alive.
final class Payload: Sendable {
  let number: Int

  init(_ number: Int) {
    self.number = number
  }
}

/// An object a handler captures and nothing else holds: while it is alive, so is the handler.
final class HandlerProbe: Sendable {}

/// The object passed to `sink(with:)`; held by the program until `releaseSinkOwner`.
final class SinkOwner: Sendable {}

/// A weak reference that can sit in `Sendable` state.
struct WeakRef<Object: AnyObject & Sendable>: Sendable {
  weak var object: Object?
}
