import SignalsObservation

/// One SwiftUI screen's toasts: the library's `ToastQueue` (SignalsObservation), of messages.
/// Toasts show once each, in the order sent, each for its own full time, and are never merged;
/// at most `maximumWaiting` wait behind the one shown, and a newer one pushes out the oldest
/// waiting (see the library type for why a `@State var toast: String?` is not enough).
typealias ToastQueue = SignalsObservation.ToastQueue<String>
