/// One line of the results table.
struct Row {
  /// What a number in this row counts.
  enum Unit {
    case nanoseconds
    case bytes
    case factor
  }

  let title: String
  let baselineTitle: String
  let unit: Unit
  /// The case's figure (median).
  let value: Double
  /// The baseline's figure from the same run, if there is one.
  let baselineValue: Double?
  /// Whether the ratio column is meaningful (both figures measure the same operation).
  let hasRatio: Bool
  let target: Target?

  init(
    _ title: String, unit: Unit = .nanoseconds, value: Double,
    baseline baselineTitle: String = "", baselineValue: Double? = nil, hasRatio: Bool = true,
    target: Target? = nil
  ) {
    self.title = title
    self.baselineTitle = baselineTitle
    self.unit = unit
    self.value = value
    self.baselineValue = baselineValue
    self.hasRatio = hasRatio && baselineValue != nil
    self.target = target
  }

  /// The case's figure over the baseline's.
  var ratio: Double? {
    guard hasRatio, let baselineValue, baselineValue > 0 else { return nil }
    return value / baselineValue
  }

  /// `true`/`false` when the row has a target, `nil` otherwise.
  var passes: Bool? {
    target.map { $0.isMet(by: self) }
  }
}

/// A limit a row must stay within.
struct Target {
  /// Which figure of the row the limit applies to.
  enum Measure {
    case ratio
    case value
  }

  let measure: Measure
  let limit: Double
  /// `true` for "at most", `false` for "under".
  let inclusive: Bool

  /// "At most `limit` times the baseline".
  static func ratio(atMost limit: Double) -> Target {
    Target(measure: .ratio, limit: limit, inclusive: true)
  }

  /// "The figure itself at most `limit`".
  static func value(atMost limit: Double) -> Target {
    Target(measure: .value, limit: limit, inclusive: true)
  }

  /// "The figure itself under `limit`".
  static func value(under limit: Double) -> Target {
    Target(measure: .value, limit: limit, inclusive: false)
  }

  func measured(in row: Row) -> Double? {
    switch measure {
    case .ratio: row.ratio
    case .value: row.value
    }
  }

  func isMet(by row: Row) -> Bool {
    guard let figure = measured(in: row) else { return false }
    return inclusive ? figure <= limit : figure < limit
  }
}
