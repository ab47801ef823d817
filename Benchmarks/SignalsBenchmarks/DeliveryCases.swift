import Signals

/// Workloads that deliver values through Signals, each with its handlers feeding an
/// ``Accumulator`` exactly like the raw closures do.
enum DeliveryCase {
  /// `EventSender.send` with `subscribers` live handlers; one operation is one send.
  static func eventSend(subscribers: Int) -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let tokens = (0..<subscribers).map { _ in sender.stream.sink { sink.add($0) } }
    return Workload { operations in
      for value in 0..<operations {
        sender.send(value)
      }
      return sink.value &+ tokens.count
    }
  }

  /// `MutableProperty.value = v` with `subscribers` live handlers; one operation is one set.
  static func propertySet(subscribers: Int) -> Workload {
    let sink = Accumulator()
    let owner = MutableProperty(0)
    let tokens = (0..<subscribers).map { _ in owner.property.sink { sink.add($0) } }
    return Workload { operations in
      for value in 0..<operations {
        owner.value = value
      }
      return sink.value &+ tokens.count
    }
  }

  /// A send through `map -> filter -> map` to one handler. The filter lets every value through
  /// (the optimiser cannot know that), so each send reaches the handler.
  static func operatorChain() -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let token =
      sender.stream
      .map { $0 &* 3 }
      .filter { $0 >= 0 }
      .map { $0 &- 1 }
      .sink { sink.add($0) }
    return Workload { operations in
      for value in 0..<operations {
        sender.send(value)
      }
      return sink.value &+ (token.hashValue & 1)
    }
  }

  /// A send to one handler subscribed through `receive(on: .inline)`.
  static func receiveOnImmediate() -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let token = sender.stream.receive(on: .inline).sink { sink.add($0) }
    return Workload { operations in
      for value in 0..<operations {
        sender.send(value)
      }
      return sink.value &+ (token.hashValue & 1)
    }
  }

  /// A send to one handler subscribed through `receive(on:)` with the inline scheduler seen
  /// only as `some SignalScheduler` (as in generic code): the per-subscriber relay path.
  static func receiveOnGenericScheduler() -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let token = relayed(sender.stream, on: InlineScheduler()).sink { sink.add($0) }
    return Workload { operations in
      for value in 0..<operations {
        sender.send(value)
      }
      return sink.value &+ (token.hashValue & 1)
    }
  }

  /// A send to one handler subscribed through `receive(on: .mainActor)`, sent on the main
  /// thread: Signals delivers synchronously through the subscriber's main-queue relay.
  @MainActor
  static func receiveOnMainActor() -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let token = sender.stream.receive(on: .mainActor).sink { sink.add($0) }
    return Workload { operations in
      for value in 0..<operations {
        sender.send(value)
      }
      return sink.value &+ (token.hashValue & 1)
    }
  }

  private static func relayed(
    _ stream: EventStream<Int>, on scheduler: some SignalScheduler
  ) -> EventStream<Int> {
    stream.receive(on: scheduler)
  }
}
