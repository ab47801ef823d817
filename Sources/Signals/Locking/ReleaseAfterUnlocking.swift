/// Lets go of `value`, a user value that has left a lock, here: after unlocking. Package-internal (SignalsConcurrency uses it too).
///
/// The rule it spells: a user value (a displaced property value, a held event, a handler, a
/// key, a job) is never released under a lock, because releasing it can run its `deinit`, which
/// is user code that may send, subscribe, cancel or block. So code that takes a user value out
/// of a locked state returns it from the lock and calls this after unlocking, at the point
/// where the `deinit` may run. (It is what the end of a scope would do; the name says that the
/// moment was chosen.)
@inlinable @inline(__always)
package func releaseAfterUnlocking<Value: ~Copyable>(_ value: consuming Value) {
  _ = consume value
}
