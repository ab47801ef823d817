/// Lets the app's command loop sleep until something changes on the main actor: a screen drew
/// new state, navigation happened, or scheduled work started or finished. No polling, no timer.
///
/// An ``observer`` is also told about every change (a terminal session redraws its search field).
@MainActor
public final class Wakeups {
  private var waiting: [CheckedContinuation<Void, Never>] = []
  /// Called on every ``signal()``, after the waiting are resumed.
  public var observer: (@MainActor () -> Void)?

  /// Creates it with nobody waiting and no observer.
  public init() {}

  /// Suspends until the next ``signal()``.
  public func next() async {
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Resumes everyone waiting in ``next()`` and tells the ``observer``.
  public func signal() {
    let resumed = waiting
    waiting = []
    for continuation in resumed {
      continuation.resume()
    }
    observer?()
  }
}
