import Signals

/// An `EventStream` fed by an `AsyncSequence`: a socket's `AsyncStream` of messages, a
/// notification sequence, any `for await` source, as one-off events a screen subscribes to
/// (<doc:SequencesInAndOut> feeds an inbox with it).
///
/// Keep the bridge (privately, like an `EventSender`) and expose its ``stream``: the bridge
/// owns the iteration, and an `EventStream` alone, a value with no lifetime, could not.
///
/// - Who starts: the first subscription to ``stream`` starts one task that iterates the
///   sequence (later subscriptions share it). Until then nothing is read: an `AsyncStream`
///   buffers what is yielded (by its `bufferingPolicy`), so subscribing right after creating the
///   bridge loses nothing.
/// - Delivery: each element goes to the subscribers of that moment, in sequence order, on the
///   iterating task (the concurrency pool, never the creator's actor: use
///   `stream.receive(on: .mainActor)` for a screen); the next element is read only after the
///   current one reached every subscriber. An element nobody hears is dropped.
/// - When it stops: when the sequence ends or throws (see ``iteration``), or when the bridge is
///   cancelled or released, which cancels the iterating task (an `AsyncStream` ends and calls
///   its `onTermination`). Then nothing more is delivered, but an element whose delivery had
///   begun; a sequence that ignores cancellation holds the task until its next element, dropped.
/// - What it keeps alive: the task holds the sequence, not the bridge (nor ``stream``), so
///   releasing the view model that keeps the bridge ends the iteration.
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

  /// How far the iteration has gone (`.notStarted` until the first subscription), as state a
  /// screen can show and a test can await.
  public var iteration: Property<SequenceIteration> {
    pump.iteration
  }

  /// Stops the iteration, or makes sure it never starts; subscriptions stay but receive nothing
  /// more. Idempotent.
  public func cancel() {
    pump.cancel()
  }
}
