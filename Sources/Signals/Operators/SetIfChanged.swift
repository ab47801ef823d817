extension MutableProperty where Value: Equatable {
  /// Stores `newValue` and delivers it only if it differs from the stored value; returns
  /// whether it did (setting ``value`` always delivers, as `@Published` does):
  ///
  /// ```swift
  /// state.setIfChanged(.loaded(users))  // a refresh with the same users delivers nothing
  /// ```
  ///
  /// A ``modify(_:)`` that stores nothing when the values are equal: safe from any thread, no
  /// write slips in between the comparison and the store, and a store is delivered as a set's.
  /// `==` runs unlocked, and again if another write came in between: keep it side-effect free.
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
