import Signals

extension Property {
  /// Returns once the property holds a value for which `isDone` is `true` (at once if the
  /// current value does). Event-driven: it awaits the property's changes, never a clock.
  @MainActor
  func waitUntil(_ isDone: (Value) -> Bool) async {
    for await value in values where isDone(value) {
      return
    }
  }
}
