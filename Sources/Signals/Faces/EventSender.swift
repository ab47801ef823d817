/// The sending face of one-off events. Keep it private; expose its ``stream``.
///
/// ```swift
/// private let toasts = EventSender<String>()
/// var events: EventStream<String> { toasts.stream }
/// ```
///
/// - Replay: none; an event sent with no subscriber is dropped (see ``EventStream``).
/// - Threading: any thread or task may call ``send(_:)``. With no delivery running, the calling
///   thread delivers before `send` returns; otherwise `send` queues the event and returns at once,
///   and the thread already delivering delivers it in order, going on until the queue is empty:
///   under sustained sending from other threads, the `send` that started the delivery returns only
///   when they pause. Writes to a ``MutableProperty`` are delivered the same way.
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

  /// Creates a sender that calls `onDrop` with each event nobody would receive, judged at the
  /// send: no subscriber, or only ones cancelled before it. For tracing, not recovery (an event
  /// that must not be lost is state: see the guide). `onDrop` runs on the sending thread after
  /// the delivery work, with no lock held, so it may send, subscribe or cancel. A sender made
  /// with ``init()`` checks nothing extra when it sends.
  @inlinable
  public init(onDrop: @escaping @Sendable (Value) -> Void) {
    let channel = Channel<Value>(dropObserver: onDrop)
    self.channel = channel
    self.stream = EventStream(subscribe: channel.subscribe)
  }

  /// Delivers `value` to every current subscriber, one at a time, in subscription order.
  @inlinable
  public func send(_ value: Value) {
    channel.publish(value)
  }
}

extension EventSender where Value == Void {
  /// Sends a value-less event.
  @inlinable
  public func send() {
    channel.publish(())
  }
}
