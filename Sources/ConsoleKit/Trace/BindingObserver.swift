import Signals

/// Watches a screen's bindings from outside the screen (the demo's trace does).
///
/// The screen tells it just before each ``ConsoleViewController/bind()``; it may subscribe too,
/// storing its tokens in the screen's bag, so they end exactly when the screen's own do.
@MainActor
public protocol BindingObserver: AnyObject {
  /// The screen is about to bind; `bag` is the bag its subscriptions go into.
  func screenWillBind(storingIn bag: SubscriptionBag)
}
