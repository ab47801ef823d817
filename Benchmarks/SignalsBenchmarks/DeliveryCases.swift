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

  /// The floor of `operatorChain()` while its stages stay closures: the same three closures
  /// called from one handler, with no hop between them. That is what a chain of statically
  /// typed operators (one specialised type per stage, as in Combine) would compile to: the
  /// stages inlined into each other, each user closure still an indirect call. No target.
  static func fusedChainFloor() -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let stages = ChainStages.opaque()
    let token = sender.stream.sink { value in
      let tripled = stages.first(value)
      if stages.keeps(tripled) {
        sink.add(stages.last(tripled))
      }
    }
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
    let token = relayed(sender.stream, on: InlineScheduler.inline).sink { sink.add($0) }
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

/// The three user closures of the operator chain, made out of line so that the optimiser cannot
/// inline them into the handler that calls them (an operator cannot inline its user's closures
/// either).
struct ChainStages: Sendable {
  let first: @Sendable (Int) -> Int
  let keeps: @Sendable (Int) -> Bool
  let last: @Sendable (Int) -> Int

  @inline(never)
  static func opaque() -> ChainStages {
    ChainStages(first: { $0 &* 3 }, keeps: { $0 >= 0 }, last: { $0 &- 1 })
  }
}
