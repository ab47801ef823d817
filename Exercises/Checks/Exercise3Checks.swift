import Signals
import SignalsConcurrency
import Testing

/// Exercise 3 (Delivery guarantees, "Reading the old value": willSet-style emission): a cart
/// badge whose handlers read the model while they run.
@MainActor
public protocol CartBadgeModel: AnyObject, Sendable {
  /// An empty cart.
  init()
  /// The number of items in the cart now.
  var count: Int { get }
  /// Adds one item.
  func add()
  /// Calls `handler` with the current count at once, then with every new count, for as long as
  /// the model lives. A handler may call ``add()``.
  func onCountChange(_ handler: @escaping @MainActor (Int) -> Void)
}

/// The checks of exercise 3, run against the exercise's model and against its solution.
public enum CartBadgeChecks: String, CaseIterable, Sendable {
  /// A handler that reads `count` reads the value it was given.
  case aHandlerReadsTheValueItWasGiven
  /// So does every later subscriber, however many there are.
  case everySubscriberReadsTheNewValue
  /// A handler that adds an item (a free gift with the first one) leaves every subscriber on
  /// the stored count, having seen every count in order.
  case aHandlerThatAddsAnItemLeavesEveryoneOnTheStoredCount

  /// Runs this check against a new `Model`.
  @MainActor
  public func run<Model: CartBadgeModel>(_: Model.Type) async throws {
    let cart = Model()
    switch self {
    case .aHandlerReadsTheValueItWasGiven, .everySubscriberReadsTheNewValue:
      let subscribers = self == .aHandlerReadsTheValueItWasGiven ? 1 : 3
      // What each handler read from `cart.count` while it handled 0, then 1, then 2.
      let readings = (0..<subscribers).map { _ in ShownLog<Int>() }
      for log in readings {
        cart.onCountChange { [unowned cart] _ in
          log.append(cart.count)
        }
      }
      cart.add()
      cart.add()
      for (index, log) in readings.enumerated() {
        #expect(log.values == [0, 1, 2], "subscriber \(index + 1) read an old count")
      }
    case .aHandlerThatAddsAnItemLeavesEveryoneOnTheStoredCount:
      let gifts = ShownLog<Int>()
      cart.onCountChange { [unowned cart] given in
        if given == 1 && gifts.values.isEmpty {
          gifts.append(1)
          cart.add()  // the free gift, added from inside a handler
        }
      }
      let given = (0..<2).map { _ in ShownLog<Int>() }
      for log in given {
        cart.onCountChange(log.append)
      }
      cart.add()
      #expect(cart.count == 2, "the gift was lost")
      for (index, log) in given.enumerated() {
        #expect(log.values == [0, 1, 2], "subscriber \(index + 2) saw the counts out of order")
      }
    }
  }
}
