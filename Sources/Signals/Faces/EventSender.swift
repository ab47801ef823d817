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

  /// Creates a sender that tells `onDrop` about every event it sends while nobody would
  /// receive it: no subscriber at all, or only subscribers cancelled before the send.
  ///
  /// For tracing and diagnostics ("this toast fell on the floor"), not for recovering the event:
  /// an event that must not be lost is state (see the guide). Whether an event is dropped is
  /// decided when it is sent, from the subscribers at that moment. `onDrop` runs on the sending
  /// thread, after `send(_:)` has done its delivery work and with no lock held, so it may send,
  /// subscribe or cancel. A sender made with ``init()`` checks nothing extra when it sends.
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
