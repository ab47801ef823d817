import Signals

extension EventStream {
  /// The events as an `AsyncSequence`, for `for await` loops.
  ///
  /// Subscribes when this property is read; events sent from then on are buffered without
  /// limit until iterated, so none is dropped while the sequence is in use. The subscription
  /// ends when the stream terminates: when the iterating task is cancelled, or when both the
  /// sequence and its iterator are gone (`for await e in stream.values { … }` ends it with the
  /// loop; a sequence kept in a variable keeps subscribing and buffering after a `break` until
  /// the variable goes away). Iterate it once.
  public var values: AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .unbounded) { continuation in
      let token = sink { continuation.yield($0) }
      continuation.onTermination = { _ in token.cancel() }
    }
  }
}

extension Property {
  /// The values as an `AsyncSequence`, for `for await` loops: the current value first, then
  /// changes.
  ///
  /// State keeps only the newest value: if several changes happen between two iterations, the
  /// loop sees the newest one and skips the ones in between. The subscription ends as for
  /// ``Signals/EventStream/values``. Iterate it once.
  public var values: AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let token = sink { continuation.yield($0) }
      continuation.onTermination = { _ in token.cancel() }
    }
  }
}
