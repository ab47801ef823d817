import Signals

/// An `EventStream` fed by an `AsyncSequence`: a socket's `AsyncStream` of messages, a
/// notification sequence, any `for await` source, as one-off events a screen subscribes to.
///
/// ```swift
/// private let messages: AsyncSequenceEvents<Message>
/// var incoming: EventStream<Message> { messages.stream }
/// init(socket: Socket) {
///   messages = AsyncSequenceEvents(socket.messages)  // an AsyncStream<Message>
/// }
/// ```
///
/// Keep the bridge (privately, like an `EventSender`) and expose its ``stream``: the bridge
/// owns the iteration, and an `EventStream` alone, a value with no lifetime, could not.
///
/// - Who starts: the first subscription to ``stream`` starts one task that iterates the
///   sequence (once; later subscriptions share it). Until then nothing is read, so elements
///   wait in the sequence itself: an `AsyncStream` buffers what is yielded before anyone
///   iterates (by its `bufferingPolicy`), so subscribing right after creating the bridge loses
///   none of them.
/// - Delivery: each element is sent to the subscribers of that moment, in sequence order, one
///   at a time, on the iterating task (a thread of the concurrency pool, never the creator's
///   actor): use `stream.receive(on: .mainActor)` for a screen. The task reads the next element
///   only after the current one has reached every subscriber.
/// - While nobody subscribes (after the first subscription): the iteration goes on and an
///   element nobody hears is dropped, as any event sent with no subscriber (`EventStream`).
/// - When it stops: when the sequence ends or throws (see ``iteration``), or when the bridge is
///   cancelled (``cancel()``) or released. Cancelling cancels the iterating task, which the
///   sequence sees (an `AsyncStream` ends and calls its `onTermination`); from then on nothing
///   is delivered, but an element whose delivery had already begun on the iterating task. A
///   sequence that ignores cancellation keeps the task waiting until it produces its next
///   element, which is then dropped, and the iteration ends `.cancelled`.
/// - What it keeps alive: the task holds the sequence and the sender of ``stream``, not the
///   bridge and not its owner, so releasing the view model that keeps the bridge ends the
///   iteration. The ``stream`` does not keep the bridge alive.
public final class AsyncSequenceEvents<Value: Sendable>: Sendable {
  /// The receiving face to expose: every element of the sequence, from the first subscription
  /// on.
  public let stream: EventStream<Value>
  private let pump: SequencePump

  /// A bridge that iterates `source`, starting at the first subscription to ``stream``.
  public init<Source: AsyncSequence & Sendable>(_ source: Source)
  where Source.Element == Value {
    let sender = EventSender<Value>()
    let pump = SequencePump(source) { sender.send($0) }
    self.pump = pump
    // The stream holds the pump only weakly: subscribing starts the iteration, and must not
    // keep it going once the bridge is released.
    stream = EventStream { [weak pump] handler in
      let token = sender.stream.sink(handler)  // subscribed first: it hears the first element
      pump?.start()
      return token
    }
  }

  deinit {
    pump.cancel()
  }

  /// How far the iteration has gone: `.notStarted` until the first subscription, `.running`,
  /// then how it ended (`.finished`, `.failed(error)` or `.cancelled`). A `Property`, so a
  /// screen can show that a feed ended and a test can await it.
  public var iteration: Property<SequenceIteration> {
    pump.iteration
  }

  /// Stops the iteration (or makes sure it never starts): see the type's lifetime rules.
  /// Subscriptions stay, but receive nothing more. Idempotent.
  public func cancel() {
    pump.cancel()
  }
}
