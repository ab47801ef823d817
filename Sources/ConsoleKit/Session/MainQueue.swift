import Dispatch

/// Tells whether code runs on the main queue, which is the main actor's executor. (The main
/// *thread* is not the same thing: after `dispatchMain()` on Linux a worker thread services the
/// main queue, and `Thread.isMainThread` is then `false` on the main actor.)
public enum MainQueue {
  /// A marker set on the main queue; `DispatchQueue.getSpecific` finds it only there.
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue, so `MainActor.assumeIsolated` is safe.
  public static var isCurrent: Bool {
    DispatchQueue.getSpecific(key: key) == true
  }
}
