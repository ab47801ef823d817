/// One named measurement; `--filter` matches its `name`.
struct BenchmarkCase {
  let name: String
  let measure: @MainActor (Stopwatch) -> [Row]
}

/// Every case, in the order they run. The memory probe runs first, before other cases leave
/// freed memory in the allocator.
@MainActor var allCases: [BenchmarkCase] {
  [
    BenchmarkCase(name: "memory", measure: measureMemory),
    deliveryCase("send-1", "EventStream send, 1 subscriber", subscribers: 1, target: 3) {
      DeliveryCase.eventSend(subscribers: 1)
    },
    deliveryCase("send-10", "EventStream send, 10 subscribers", subscribers: 10) {
      DeliveryCase.eventSend(subscribers: 10)
    },
    deliveryCase("property-1", "Property set, 1 subscriber", subscribers: 1, target: 3) {
      DeliveryCase.propertySet(subscribers: 1)
    },
    deliveryCase("property-10", "Property set, 10 subscribers", subscribers: 10) {
      DeliveryCase.propertySet(subscribers: 10)
    },
    // The same sends against closures called without a retain and release (no target: the
    // targets above were set against the plain array of closures).
    deliveryCase(
      "send-1-borrowed", "EventStream send, 1 subscriber (borrowed floor)", subscribers: 1,
      borrowed: true
    ) {
      DeliveryCase.eventSend(subscribers: 1)
    },
    deliveryCase(
      "send-10-borrowed", "EventStream send, 10 subscribers (borrowed floor)", subscribers: 10,
      borrowed: true
    ) {
      DeliveryCase.eventSend(subscribers: 10)
    },
    plainSendComparison("receive-on-inline", "send via receive(on: .inline)") {
      DeliveryCase.receiveOnImmediate()
    },
    plainSendComparison(
      "receive-on-scheduler", "send via receive(on: some SignalScheduler)", target: 4
    ) {
      DeliveryCase.receiveOnGenericScheduler()
    },
    plainSendComparison("receive-on-main-actor", "send via receive(on: .mainActor)", target: 2) {
      // The benchmark runs on the main thread, so the main-actor relay delivers synchronously.
      DeliveryCase.receiveOnMainActor()
    },
    plainSendComparison("chain", "map -> filter -> map, 1 subscriber") {
      DeliveryCase.operatorChain()
    },
    // The chain's closures called from one handler (no target): what statically typed
    // operators could reach.
    plainSendComparison("chain-fused-floor", "map -> filter -> map fused by hand (floor)") {
      DeliveryCase.fusedChainFloor()
    },
    BenchmarkCase(name: "subscribe-cancel", measure: measureSubscribeCancel),
    // What a screen's bind() pays per subscription (no target: a row to read).
    BenchmarkCase(name: "bind-subscribe-cancel") { stopwatch in
      let timing = stopwatch.compare(
        ChurnCase.bindShapedSubscribeCancel(live: 100),
        against: ChurnCase.subscribeCancel(live: 100))
      return [
        Row(
          "bind()-shaped subscribe + cancel, 100 live", value: timing.caseNanoseconds,
          baseline: "subscribe + cancel, 100 live", baselineValue: timing.baselineNanoseconds)
      ]
    },
    // The toolchain's own alternatives, in the same run (see ToolchainCase for what each
    // compares). No targets: a row to read, not to pass.
    toolchainComparison(
      "notification-post", "NotificationCenter post, 1 observer",
      against: ("EventStream send, 1 subscriber", { DeliveryCase.eventSend(subscribers: 1) })
    ) { ToolchainCase.notificationPost() },
    toolchainComparison(
      "notification-churn", "NotificationCenter add + remove observer, 100 live",
      against: ("subscribe + cancel, 100 live", { ChurnCase.subscribeCancel(live: 100) })
    ) { ToolchainCase.notificationChurn(live: 100) },
    toolchainComparison(
      "observation-set", "@Observable set, 1 re-registering observer",
      against: ("Property set, 1 subscriber", { DeliveryCase.propertySet(subscribers: 1) })
    ) { ToolchainCase.observationSet() },
    BenchmarkCase(name: "churn-scaling", measure: measureChurnScaling),
    BenchmarkCase(name: "fanout-scaling", measure: measureFanOutScaling),
    BenchmarkCase(name: "keyed-task-starts", measure: measureKeyedTaskStarts),
  ]
}

/// A toolchain alternative (`make`) with the Signals workload it replaces as the baseline, so
/// the ratio says how many times Signals' cost the alternative costs.
private func toolchainComparison(
  _ name: String, _ title: String,
  against signals: (title: String, make: @MainActor () -> Workload),
  make: @escaping @MainActor () -> Workload
) -> BenchmarkCase {
  BenchmarkCase(name: name) { stopwatch in
    let timing = stopwatch.compare(make(), against: signals.make())
    return [
      Row(
        title, value: timing.caseNanoseconds, baseline: signals.title,
        baselineValue: timing.baselineNanoseconds)
    ]
  }
}

/// A send-style case compared with `subscribers` raw closure calls per operation: closures read
/// from an array (each copied, so retained and released, around its call), or with `borrowed`,
/// closures called in place (``BorrowedClosures``).
private func deliveryCase(
  _ name: String, _ title: String, subscribers: Int, borrowed: Bool = false,
  target: Double? = nil, make: @escaping @MainActor () -> Workload
) -> BenchmarkCase {
  BenchmarkCase(name: name) { stopwatch in
    let baseline =
      borrowed
      ? RawBaseline.borrowedDelivery(to: subscribers) : RawBaseline.delivery(to: subscribers)
    let timing = stopwatch.compare(make(), against: baseline)
    let kind = borrowed ? "borrowed" : "closure"
    return [
      Row(
        title, value: timing.caseNanoseconds,
        baseline: subscribers == 1 ? "1 \(kind) call" : "\(subscribers) \(kind) calls",
        baselineValue: timing.baselineNanoseconds, target: target.map { .ratio(atMost: $0) })
    ]
  }
}

/// A send through a `receive(on:)` subscription or an operator chain, compared with a plain send
/// to one subscriber in the same run (what the relay or the stages add is the question).
private func plainSendComparison(
  _ name: String, _ title: String, target: Double? = nil,
  make: @escaping @MainActor () -> Workload
) -> BenchmarkCase {
  BenchmarkCase(name: name) { stopwatch in
    let timing = stopwatch.compare(make(), against: DeliveryCase.eventSend(subscribers: 1))
    return [
      Row(
        title, value: timing.caseNanoseconds, baseline: "EventStream send, 1 subscriber",
        baselineValue: timing.baselineNanoseconds, target: target.map { .ratio(atMost: $0) })
    ]
  }
}

private func measureSubscribeCancel(_ stopwatch: Stopwatch) -> [Row] {
  let timing = stopwatch.compare(
    ChurnCase.subscribeCancel(live: 100), against: RawBaseline.churn(live: 100))
  return [
    Row(
      "subscribe + cancel, 100 live", value: timing.caseNanoseconds,
      baseline: "alloc box, append, remove", baselineValue: timing.baselineNanoseconds,
      target: .ratio(atMost: 5))
  ]
}

private func measureChurnScaling(_ stopwatch: Stopwatch) -> [Row] {
  var rows: [Row] = []
  var perSubscription: [Double] = []
  var rawPerSubscription: [Double] = []
  let sizes = [1_000, 10_000, 100_000]
  for count in sizes {
    let order = shuffledIndices(count: count, seed: 0x5167_4E41_4C53)
    // Every batch handles 100,000 subscriptions (100 rounds of N=1,000, ..., 1 of N=100,000),
    // so all sizes are equally exposed to preemption.
    let rounds = 100_000 / count
    let timing = stopwatch.compare(
      repeated(ChurnCase.bulkSubscribeCancel(count: count, order: order), times: rounds),
      against: repeated(RawBaseline.bulkChurn(count: count, order: order), times: rounds),
      repeats: stopwatch.settings.scalingRepeats)
    perSubscription.append(timing.caseNanoseconds)
    rawPerSubscription.append(timing.baselineNanoseconds)
    rows.append(
      Row(
        "subscribe N, cancel all shuffled, N=\(grouped(count)) (per sub)",
        value: timing.caseNanoseconds, baseline: "N boxes, dropped shuffled",
        baselineValue: timing.baselineNanoseconds))
  }
  if let first = perSubscription.first, let last = perSubscription.last,
    let rawFirst = rawPerSubscription.first, let rawLast = rawPerSubscription.last
  {
    rows.append(
      Row(
        "per-sub cost, N=\(grouped(sizes[sizes.count - 1])) / N=\(grouped(sizes[0]))",
        unit: .factor, value: last / first, baseline: "same for the boxes",
        baselineValue: rawLast / rawFirst))
  }
  return rows
}

private func measureFanOutScaling(_ stopwatch: Stopwatch) -> [Row] {
  [1_000, 10_000, 100_000].map { count in
    let timing = stopwatch.compare(
      DeliveryCase.eventSend(subscribers: count), against: RawBaseline.delivery(to: count),
      repeats: stopwatch.settings.scalingRepeats)
    return Row(
      "send to N=\(grouped(count)) (per subscriber)",
      value: timing.caseNanoseconds / Double(count),
      baseline: "N closure calls", baselineValue: timing.baselineNanoseconds / Double(count))
  }
}

@MainActor
private func measureMemory(_ stopwatch: Stopwatch) -> [Row] {
  let count = 100_000
  var checksum = 0
  let measured = MemoryProbe.measure(count: count, checksum: &checksum)
  stopwatch.absorb(checksum)
  guard let measured else {
    return [Row("memory per live subscription: /proc/self/statm unreadable", value: .nan)]
  }
  return [
    Row(
      "memory per live subscription (100,000)", unit: .bytes, value: measured.perSubscription,
      baseline: "one-word object (method check)", baselineValue: measured.perBox,
      hasRatio: false, target: .value(atMost: 128)),
    Row(
      "memory per live bind()-shaped subscription (100,000)", unit: .bytes,
      value: measured.perBindShaped, baseline: "one-word object (method check)",
      baselineValue: measured.perBox, hasRatio: false),
  ]
}

/// A fixed-size `workload` run `times` times per batch; operations count each inner operation.
private func repeated(_ workload: Workload, times: Int) -> Workload {
  let operations = workload.fixedOperations ?? 1
  return Workload(fixedOperations: operations * times) {
    var total = 0
    for _ in 0..<times {
      total &+= workload.run(operations)
    }
    return total
  }
}
