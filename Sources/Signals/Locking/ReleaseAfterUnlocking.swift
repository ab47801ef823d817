/// Lets go of `value`, a user value returned from a lock, here: after unlocking (package-internal;
/// SignalsConcurrency uses it too). A user value (a displaced property value, a held event, a
/// handler, a key, a job) is never released under a lock: its `deinit` is user code that may send,
/// subscribe, cancel or block. A scope's end would do the same; the name marks the moment.
@inlinable @inline(__always)
package func releaseAfterUnlocking<Value: ~Copyable>(_ value: consuming Value) {
  _ = consume value
}
