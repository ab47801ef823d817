/// Lets the app's command loop sleep until something changes on the main actor: a screen drew
/// new state, navigation happened, or scheduled work started or finished. No polling, no timer.
@MainActor
final class Wakeups {
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Suspends until the next ``signal()``.
  func next() async {
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Resumes everyone waiting in ``next()``.
  func signal() {
    let resumed = waiting
    waiting = []
    for continuation in resumed {
      continuation.resume()
    }
  }
}
