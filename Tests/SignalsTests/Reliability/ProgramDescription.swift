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
      lines += action.lines(indent: 0).enumerated().map { offset, line in
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
    lines(indent: 0).joined(separator: "\n")
  }

  fileprivate func lines(indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    switch self {
    case .subscribe(let spec):
      let sink = spec.withOwner ? "sink(with: owner\(spec.id))" : "sink"
      var lines = [pad + "s\(spec.id) = \(spec.stream).\(sink), \(spec.storage)"]
      for reaction in spec.reactions {
        let head = "on its \(reaction.deliveryNumbers): "
        let inner = reaction.action.lines(indent: 0)
        lines.append(pad + "    " + head + inner[0])
        let innerPad = String(repeating: " ", count: head.count + 4)
        lines += inner.dropFirst().map { pad + innerPad + $0 }
      }
      return lines
    case .send(let source, let value):
      return [pad + (source.isProperty ? "\(source).value = \(value)" : "\(source).send(\(value))")]
    case .cancel(let subscriber):
      return [pad + "s\(subscriber).cancel()"]
    case .releaseToken(let subscriber):
      return [pad + "release token of s\(subscriber)"]
    case .cancelBag(let index):
      return [pad + "bag\(index).cancelAll()"]
    case .releaseBag(let index):
      return [pad + "release bag\(index)"]
    case .releaseOwner(let source):
      return [pad + "release owner of \(source)"]
    case .releaseSinkOwner(let subscriber):
      return [pad + "release owner\(subscriber) (sink(with:) owner of s\(subscriber))"]
    case .advanceScheduler:
      return [pad + "scheduler.advance()"]
    case .recordValue(let source):
      return [pad + "record \(source).value"]
    }
  }
}

extension Reaction {
  /// "value #2", or "values #2, #4, #6" for a repeating reaction.
  fileprivate var deliveryNumbers: String {
    let numbers = (0..<times).map { "#\(onDelivery + $0 * period)" }
    return (times == 1 ? "value " : "values ") + numbers.joined(separator: ", ")
  }
}
