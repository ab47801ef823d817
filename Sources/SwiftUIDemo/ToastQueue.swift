import SignalsObservation

/// One SwiftUI screen's toasts: the library's `ToastQueue` (SignalsObservation), of messages.
/// Every toast sent is shown, once, in the order sent, each for its own full time; two toasts
/// are never merged (see the library type for why a `@State var toast: String?` is not enough).
typealias ToastQueue = SignalsObservation.ToastQueue<String>
