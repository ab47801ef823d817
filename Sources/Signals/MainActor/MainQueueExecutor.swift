import Dispatch

/// Delivers on the main queue (the main actor's executor): on the calling thread when that
/// thread runs the main queue, else through `DispatchQueue.main.async`. Internal.
@usableFromInline
final class MainQueueExecutor: DeliveryExecutor {
  /// The one instance.
  @usableFromInline static let shared = MainQueueExecutor()

  /// A marker set on the main queue: `DispatchQueue.getSpecific` finds it exactly when the
  /// caller runs on the main queue, which is what main-actor isolation means (the main *thread*
  /// is not enough: after `dispatchMain()` on Linux a worker thread services the main queue).
  private let mainQueueKey = DispatchSpecificKey<Bool>()

  private init() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
  }

  @usableFromInline
  var canDeliverHere: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  @usableFromInline
  func submit(_ job: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: job)
  }
}
