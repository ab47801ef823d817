import Dispatch

/// Delivers on the main queue (the main actor's executor): on the calling thread when that
/// thread runs the main queue, else through `DispatchQueue.main.async`. Internal. Stateless, so
/// a relay's closure captures its channel alone.
@usableFromInline
struct MainQueueExecutor: DeliveryExecutor {
  /// Set on the main queue, so `getSpecific` finds it exactly where main-actor isolation holds (the
  /// main *thread* is not enough: after `dispatchMain()` on Linux a worker thread services it).
  @usableFromInline static let mainQueueKey = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  @inlinable init() {}

  @usableFromInline
  var canDeliverHere: Bool { DispatchQueue.getSpecific(key: Self.mainQueueKey) == true }

  /// Yes: a fast producer must not keep other main-queue work (rendering, input) from running.
  @usableFromInline
  var yields: Bool { true }

  @usableFromInline
  func submit(_ job: @escaping @Sendable () -> Void) { DispatchQueue.main.async(execute: job) }
}
