/// Fixed-precision number formatting without Foundation.
func format(_ number: Double, decimals: Int) -> String {
  guard number.isFinite else { return "n/a" }
  var scale = 1.0
  for _ in 0..<decimals {
    scale *= 10
  }
  let scaled = (abs(number) * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(scaled - Double(whole) * scale)
  let sign = number < 0 && scaled > 0 ? "-" : ""
  guard decimals > 0 else { return "\(sign)\(whole)" }
  let digits = String(fraction)
  let padded = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
  return "\(sign)\(whole).\(padded)"
}

/// `1000` as `1,000`.
func grouped(_ number: Int) -> String {
  let digits = Array(String(number))
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index).isMultiple(of: 3) {
      result.append(",")
    }
    result.append(digit)
  }
  return result
}

extension Row {
  /// A figure of this row with its unit.
  func formatted(_ figure: Double) -> String {
    switch unit {
    case .nanoseconds: format(figure, decimals: figure < 10 ? 2 : 1)
    case .bytes: format(figure, decimals: 1) + " B"
    case .factor: format(figure, decimals: 2) + "x"
    }
  }

  var targetText: String {
    guard let target else { return "" }
    let comparison = target.inclusive ? "<=" : "<"
    switch target.measure {
    case .ratio:
      let decimals = target.limit == target.limit.rounded() ? 0 : 1
      return "\(comparison) \(format(target.limit, decimals: decimals))x"
    case .value:
      return
        "\(comparison) \(unit == .factor ? format(target.limit, decimals: 0) + "x" : formatted(target.limit))"
    }
  }

  var resultText: String {
    switch passes {
    case .none: ""
    case .some(true): "PASS"
    case .some(false): "MISS"
    }
  }

  /// The columns of the table, in order.
  var cells: [String] {
    [
      title,
      baselineTitle,
      formatted(value),
      baselineValue.map(formatted) ?? "",
      ratio.map { format($0, decimals: 2) + "x" } ?? "",
      targetText,
      resultText,
    ]
  }
}
