extension MutableProperty where Value: Equatable {
  /// ``modify(_:)``, except that a run of `body` that leaves the value equal (`==`) to the one it
  /// was given stores and delivers nothing, so a guard that refuses changes nothing observable:
  /// `form.modifyIfChanged { if $0.canSubmit { $0.isSubmitting = true } }`. Such a run counts as
  /// made when it read the value (it is not run again if a write came in between). `==` runs
  /// unlocked after each run: keep it side-effect free.
  public func modifyIfChanged<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try channel.modify(body, storesIf: !=)
  }

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
    var changed = false
    channel.modify({ (changed, $0) = ($0 != newValue, newValue) }, storesIf: { _, _ in changed })
    return changed
  }
}
