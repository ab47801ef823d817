import Signals

/// Workloads that subscribe and cancel.
enum ChurnCase {
  /// Subscribes one handler and cancels it, while `live` other subscriptions stay on the same
  /// stream; one operation is one subscribe plus one cancel.
  static func subscribeCancel(live: Int) -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let stream = sender.stream
    let others = (0..<live).map { _ in stream.sink { sink.add($0) } }
    return Workload { operations in
      for _ in 0..<operations {
        let token = stream.sink { sink.add($0) }
        token.cancel()
      }
      sender.send(1)  // reaches the `live` others only
      return sink.value &+ others.count
    }
  }

  /// As ``subscribeCancel(live:)``, with the subscription a screen's `bind()` makes: delivered
  /// on the main actor, holding its object weakly (`receive(on: .mainActor).sink(with:)`).
  @MainActor
  static func bindShapedSubscribeCancel(live: Int) -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let stream = sender.stream
    let others = (0..<live).map { _ in bindShaped(stream, sink) }
    return Workload { operations in
      for _ in 0..<operations {
        bindShaped(stream, sink).cancel()
      }
      sender.send(1)  // reaches the `live` others only (synchronously: this is the main thread)
      return sink.value &+ others.count
    }
  }

  /// The subscription of a screen's `bind()`: `stream` on the main actor, `sink` held weakly.
  @MainActor
  static func bindShaped(_ stream: EventStream<Int>, _ sink: Accumulator) -> SubscriptionToken {
    stream.receive(on: .mainActor).sink(with: sink) { sink, value in sink.add(value) }
  }

  /// Subscribes `count` handlers to one stream, then cancels them all in `order`; one operation
  /// is one subscription's subscribe plus cancel.
  static func bulkSubscribeCancel(count: Int, order: [Int]) -> Workload {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let stream = sender.stream
    return Workload(fixedOperations: count) {
      var tokens: [SubscriptionToken] = []
      tokens.reserveCapacity(count)
      for _ in 0..<count {
        tokens.append(stream.sink { sink.add($0) })
      }
      for index in order {
        tokens[index].cancel()
      }
      sender.send(1)  // reaches nobody: every subscription was cancelled
      return sink.value &+ tokens.count
    }
  }
}
