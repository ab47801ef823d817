import Dispatch

/// Delivers on the main queue (the main actor's executor): on the calling thread when that
/// thread runs the main queue, else through `DispatchQueue.main.async`. Internal.
@usableFromInline
final class MainQueueExecutor: DeliveryExecutor {
  @usableFromInline static let shared = MainQueueExecutor()

  /// Set on the main queue, so `getSpecific` finds it exactly where main-actor isolation holds (the
  /// main *thread* is not enough: after `dispatchMain()` on Linux a worker thread services it).
  private let mainQueueKey = DispatchSpecificKey<Bool>()

  private init() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
  }

  @usableFromInline
  var canDeliverHere: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

  /// Yes: a producer faster than the main actor's handlers must not keep other main-queue work
  /// (rendering, input) from running.
  @usableFromInline
  var yields: Bool { true }

  @usableFromInline
  func submit(_ job: @escaping @Sendable () -> Void) { DispatchQueue.main.async(execute: job) }
}
