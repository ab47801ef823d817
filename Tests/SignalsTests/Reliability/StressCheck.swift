/// Checks on the values one subscriber received.
enum StressCheck {
  /// Per sender, the sequence numbers must go up by exactly one each time: nothing lost in
  /// the middle, nothing duplicated, nothing reordered.
  static func contiguousPerSender(_ values: some Sequence<Stamp>, label: String) -> [String] {
    var last: [Int: Int] = [:]
    var problems: [String] = []
    for stamp in values {
      if let previous = last[stamp.sender], stamp.sequence != previous + 1 {
        problems.append(
          "\(label): sender \(stamp.sender) went from \(previous) to \(stamp.sequence)")
      }
      last[stamp.sender] = stamp.sequence
    }
    return Array(problems.prefix(5))
  }

  /// For each sender in `expected`, its values `0..<expected[sender]`, each exactly once, in
  /// order; and no value from any other sender.
  static func complete(_ values: [Stamp], expected: [Int: Int], label: String) -> [String] {
    var problems = contiguousPerSender(values, label: label)
    for (sender, count) in expected.sorted(by: { $0.key < $1.key }) {
      let mine = values.filter { $0.sender == sender }
      if mine.count != count || (count > 0 && mine.first?.sequence != 0) {
        problems.append(
          "\(label): sender \(sender): \(mine.count) values from \(String(describing: mine.first))"
            + ", expected \(count) from 0")
      }
    }
    let strangers = Set(values.map(\.sender)).subtracting(expected.keys)
    if !strangers.isEmpty {
      problems.append("\(label): values from unexpected senders \(strangers.sorted())")
    }
    return problems
  }
}
