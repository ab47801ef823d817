/// The sending face of one-off events. Keep it private; expose its ``stream``.
///
/// ```swift
/// private let toasts = EventSender<String>()
/// var events: EventStream<String> { toasts.stream }
/// ```
///
/// - Replay: none; an event sent with no subscriber is dropped (see ``EventStream``).
/// - Threading: ``send(_:)`` may be called from any thread or task. If no delivery is running,
///   the calling thread delivers before `send` returns; otherwise the event is queued and
///   delivered, in order, by the thread already delivering, and `send` returns at once. The
///   delivering thread keeps going until the queue is empty, including events other threads
///   send meanwhile: under sustained sending from other threads, the `send` that started the
///   delivery returns only when they pause.
public final class EventSender<Value: Sendable>: Sendable {
  @usableFromInline let channel: Channel<Value>

  /// The receiving face to expose.
  public let stream: EventStream<Value>

  /// Creates a sender with no subscribers.
  @inlinable
  public init() {
    let channel = Channel<Value>()
    self.channel = channel
    self.stream = EventStream(subscribe: channel.subscribe)
  }

  /// How many deliveries the queue's buffer can hold now without growing. For tests: after a
  /// burst has drained, a channel keeps at most a small buffer.
  package var queueCapacity: Int {
    channel.queueCapacity
  }

  /// Delivers `value` to every current subscriber, one at a time, in subscription order.
  @inlinable
  public func send(_ value: Value) {
    channel.send(value)
  }
}

extension EventSender where Value == Void {
  /// Sends a value-less event.
  @inlinable
  public func send() {
    channel.send(())
  }
}
