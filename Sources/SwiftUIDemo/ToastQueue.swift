import Observation

/// One SwiftUI screen's toasts, kept as events: every toast sent is shown, once, in the order
/// sent, each for its own full time.
///
/// A single `@State var toast: String?` loses events: two toasts sent in one turn show only the
/// second (Observation coalesces the two writes into one redraw), and the same message sent
/// twice is one value, so `.task(id: toast)` keeps the first one's timer. Here each toast gets an
/// identifier of its own, the view shows ``current`` and dismisses it by that identifier when
/// its time is up, and the next one waiting takes its place.
///
/// - Bound: at most ``maximumWaiting`` toasts wait behind the one shown; a newer one pushes out
///   the oldest waiting (the newest news is the one worth reading).
/// - Threading: a main-actor class, as the view that drains it.
@Observable
@MainActor
final class ToastQueue {
  /// One toast: its message and an identifier no other toast of this queue has.
  struct Toast: Equatable, Identifiable, Sendable {
    let id: Int
    let message: String
  }

  /// How many toasts may wait behind the one shown.
  nonisolated static let maximumWaiting = 3
  /// How long the view shows each toast.
  nonisolated static let displayTime: Duration = .seconds(3)

  /// The toast to show now, or `nil`.
  private(set) var current: Toast?
  @ObservationIgnored private var waiting: [Toast] = []
  @ObservationIgnored private var nextID = 0

  /// The toasts behind ``current``, oldest first.
  var pending: [Toast] { waiting }

  /// Queues `message`: shown at once when nothing is, else after the ones before it.
  func show(_ message: String) {
    let toast = Toast(id: nextID, message: message)
    nextID += 1
    guard current != nil else {
      current = toast
      return
    }
    waiting.append(toast)
    if waiting.count > Self.maximumWaiting {
      waiting.removeFirst()
    }
  }

  /// Ends the toast `id` and shows the next one waiting. Does nothing when `id` is not the toast
  /// shown (a late timer of a toast already gone must not end a newer one).
  func dismiss(_ id: Toast.ID) {
    guard current?.id == id else { return }
    current = waiting.isEmpty ? nil : waiting.removeFirst()
  }
}
