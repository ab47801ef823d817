/// Readable text for programs, printed when a program fails (after shrinking).
extension Program: CustomStringConvertible {
  var description: String {
    var lines = [
      "program seed \(hex(seed)): properties p0 = \(initialValues[0]), p1 = \(initialValues[1]); "
        + "event senders e0, e1; bags bag0, bag1; one TestScheduler"
    ]
    for (index, action) in actions.enumerated() {
      let number = String(index + 1)
      let prefix = String(repeating: " ", count: max(0, 3 - number.count)) + number + ". "
      lines += action.lines.enumerated().map { offset, line in
        (offset == 0 ? prefix : "     ") + line
      }
    }
    return lines.joined(separator: "\n")
  }
}

func hex(_ value: UInt64) -> String {
  "0x" + String(value, radix: 16)
}

extension Action: CustomStringConvertible {
  var description: String {
    lines.joined(separator: "\n")
  }

  /// The action as code: its line, then for a subscription the lines of its reactions.
  fileprivate var lines: [String] {
    var lines = [line]
    guard case .subscribe(let spec) = self else { return lines }
    for reaction in spec.reactions {
      let head = "on its \(reaction.deliveryNumbers): "
      let inner = reaction.action.lines
      lines.append("    " + head + inner[0])
      let innerPad = String(repeating: " ", count: head.count + 4)
      lines += inner.dropFirst().map { innerPad + $0 }
    }
    return lines
  }

  /// The first line: the whole action but for a subscription's reactions.
  private var line: String {
    switch self {
    case .subscribe(let spec): "s\(spec.id) = \(spec.stream).\(spec.sinkCall), \(spec.storage)"
    case .send(let source, let value):
      source.isProperty ? "\(source).value = \(value)" : "\(source).send(\(value))"
    case .cancel(let subscriber): "s\(subscriber).cancel()"
    case .releaseToken(let subscriber): "release token of s\(subscriber)"
    case .cancelBag(let index): "bag\(index).cancelAll()"
    case .releaseBag(let index): "release bag\(index)"
    case .releaseOwner(let source): "release owner of \(source)"
    case .releaseSinkOwner(let subscriber):
      "release owner\(subscriber) (sink(with:) owner of s\(subscriber))"
    case .advanceScheduler: "scheduler.advance()"
    case .recordValue(let source): "record \(source).value"
    }
  }
}

extension SubscribeSpec {
  /// `sink`, or `sink(with: ownerN)` for a subscriber with an owner.
  fileprivate var sinkCall: String {
    withOwner ? "sink(with: owner\(id))" : "sink"
  }
}

extension Reaction {
  /// "value #2", or "values #2, #4, #6" for a repeating reaction.
  fileprivate var deliveryNumbers: String {
    let numbers = (0..<times).map { "#\(onDelivery + $0 * period)" }
    return (times == 1 ? "value " : "values ") + numbers.joined(separator: ", ")
  }
}
