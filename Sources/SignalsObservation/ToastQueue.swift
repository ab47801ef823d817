import Observation

/// A SwiftUI screen's toasts, kept as events: each toast sent is shown once, in the order sent,
/// for its own full time (unless pushed out while waiting: see Bound). Never merges two toasts.
///
/// A single `@State var toast: String?` loses events: two toasts sent in one turn show only the
/// second (Observation coalesces the two writes into one redraw), and the same message sent
/// twice is one value, so `.task(id: toast)` keeps the first one's timer. Here each toast gets an
/// identifier of its own; the view shows ``current``, dismisses it by that identifier when its
/// time is up (a `.task(id: toast.id)` that sleeps as long as the view shows a toast), and the
/// next one waiting takes its place. Feed it from ``Signals/EventStream/consume(startingWith:_:)``
/// (its example shows a toast queue).
///
/// - Ordering: toasts are shown in the order ``show(_:)`` was called; ``dismiss(_:)`` ends only
///   the toast shown.
/// - Bound: at most `maximumWaiting` toasts wait behind the one shown; a newer one pushes out
///   the oldest waiting (the newest news is the one worth reading).
/// - Threading: a main-actor class, as the view that drains it; Observation announces
///   ``current`` to SwiftUI.
@Observable
@MainActor
public final class ToastQueue<Message: Sendable> {
  /// One toast: its message and an identifier no other toast of this queue has.
  public struct Toast: Identifiable, Sendable {
    /// Unique within its queue, in the order shown: the key of the view's `.task(id:)`.
    public let id: Int
    /// What the toast says.
    public let message: Message
  }

  /// The toast to show now, or `nil`.
  public private(set) var current: Toast?
  /// The toasts behind ``current``, oldest first.
  @ObservationIgnored public private(set) var pending: [Toast] = []
  @ObservationIgnored private var nextID = 0
  @ObservationIgnored private let maximumWaiting: Int

  /// An empty queue in which at most `maximumWaiting` toasts wait behind the one shown.
  public nonisolated init(maximumWaiting: Int = 3) {
    precondition(maximumWaiting >= 0, "ToastQueue: maximumWaiting must not be negative")
    self.maximumWaiting = maximumWaiting
  }

  /// Queues `message`: shown at once when nothing is, else after the ones before it.
  public func show(_ message: Message) {
    let toast = Toast(id: nextID, message: message)
    nextID += 1
    guard current != nil else {
      current = toast
      return
    }
    pending.append(toast)
    if pending.count > maximumWaiting {
      pending.removeFirst()
    }
  }

  /// Ends the toast `id` and shows the next one waiting. Does nothing when `id` is not the toast
  /// shown (a late timer of a toast already gone must not end a newer one).
  public func dismiss(_ id: Toast.ID) {
    guard current?.id == id else { return }
    current = pending.isEmpty ? nil : pending.removeFirst()
  }
}

extension ToastQueue.Toast: Equatable where Message: Equatable {}
