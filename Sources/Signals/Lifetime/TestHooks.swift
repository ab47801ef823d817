/// The entry points only this package's own tests use (`package`: invisible to clients).
extension EventSender {
  /// How many deliveries the queue's buffer holds without growing (small again after a burst).
  package var queueCapacity: Int { channel.queueCapacity }

  /// Stops if the engine breaks an invariant; model-based and stress tests call it every step.
  package func checkInvariants() { channel.checkInvariants() }
}

extension MutableProperty {
  /// As ``EventSender/checkInvariants()``.
  package func checkInvariants() { channel.checkInvariants() }
}
