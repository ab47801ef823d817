extension MutableProperty where Value: Equatable {
  /// ``modify(_:)``, except that a run of `body` that leaves the value equal (`==`) to the one it
  /// was given stores and delivers nothing, so a guard that refuses changes nothing observable:
  /// `form.modifyIfChanged { if $0.canSubmit { $0.isSubmitting = true } }`. Such a run counts as
  /// made when it read the value (it is not run again if a write came in between). `==` runs
  /// unlocked after each run: keep it side-effect free.
  public func modifyIfChanged<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try channel.modify(body, storesIf: !=)
  }
}
