#if canImport(SwiftUI)
  import SwiftUI

  /// A screen's toasts, drawn over its bottom edge: the queue's current toast, for
  /// ``displayTime``, then the next one. Its timer is a `.task(id:)` keyed by the
  /// toast's identifier, so the same message twice gets two full times, and the timer of a toast
  /// the screen stopped showing (the screen was covered) starts again when it shows again.
  struct ToastOverlay: View {
    let toasts: ToastQueue

    /// How long each toast shows: the view's choice, not the queue's.
    static let displayTime: Duration = .seconds(3)

    var body: some View {
      if let toast = toasts.current {
        Text(toast.message)
          .padding()
          .background(.thinMaterial, in: Capsule())
          .task(id: toast.id) {
            // Cancelled (the screen went away): the toast stays queued for its next showing.
            guard (try? await Task.sleep(for: Self.displayTime)) != nil else { return }
            toasts.dismiss(toast.id)
          }
      }
    }
  }
#endif
