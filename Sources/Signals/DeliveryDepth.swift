#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many deliveries the current thread is inside (a thread-local counter).
///
/// A `cancel()` made from outside every handler may wait for an in-flight call on another
/// thread to finish; a `cancel()` made from inside a handler never waits, because the thread it
/// would wait for might be waiting for this one. This counter is how `cancel()` tells the two
/// apart.
@usableFromInline
enum DeliveryDepth {
  /// The process-wide key of the thread-local slot. Created once, never deleted.
  @usableFromInline static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "Signals: pthread_key_create failed with \(status)")
    return key
  }()

  /// The current thread's depth: 0 outside every handler.
  @inlinable
  static var current: Int {
    Int(bitPattern: pthread_getspecific(key))
  }

  /// Marks the start of a delivery on this thread; returns the depth to restore on exit.
  @inlinable
  static func enter() -> Int {
    let outer = current
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: outer + 1))
    return outer
  }

  /// Marks the end of a delivery on this thread: restores the depth `enter()` returned.
  @inlinable
  static func exit(to outer: Int) {
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: outer))
  }
}
