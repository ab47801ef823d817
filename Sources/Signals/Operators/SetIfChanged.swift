extension MutableProperty where Value: Equatable {
  /// Stores `newValue` and delivers it only if it differs from the stored value; returns
  /// whether it did. The one-word way to skip a write of an unchanged value (setting
  /// ``value`` always delivers, as `@Published` does):
  ///
  /// ```swift
  /// state.setIfChanged(.loaded(users))  // a refresh with the same users delivers nothing
  /// ```
  ///
  /// - Ordering: one step with respect to every other write (it is a ``modify(_:)`` that
  ///   stores nothing when the values are equal): no write can slip in between the comparison
  ///   and the store. When it stores, the delivery is ordered as a set's.
  /// - Threading: safe from any thread. `==` is your code: it runs with no lock held, and again
  ///   if another write came in between (so keep it free of side effects).
  @discardableResult
  public func setIfChanged(_ newValue: Value) -> Bool {
    do {
      try modify { value in
        guard value != newValue else { throw Unchanged() }
        value = newValue
      }
      return true
    } catch {
      return false
    }
  }
}

/// How ``MutableProperty/setIfChanged(_:)`` leaves `modify` without storing. Internal.
private struct Unchanged: Error {}
