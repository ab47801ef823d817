// https://developer.apple.com/documentation/combine/cancellable
public protocol Cancellable {
  func cancel()
}

// https://developer.apple.com/documentation/combine/anycancellable
// Releasing an `AnyCancellable` cancels it.
final public class AnyCancellable: Cancellable, Hashable {
  // https://developer.apple.com/documentation/combine/anycancellable/init(_:)-6lr2u
  public init(_ cancel: @escaping () -> Void) { fatalError() }
  // https://developer.apple.com/documentation/combine/anycancellable/init(_:)-165hm
  public init<C: Cancellable>(_ canceller: C) { fatalError() }
  public func cancel() { fatalError() }
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { fatalError() }
  public func hash(into hasher: inout Hasher) { fatalError() }
  // https://developer.apple.com/documentation/combine/anycancellable/store(in:)-3hyxs
  final public func store(in set: inout Set<AnyCancellable>) { fatalError() }
  // https://developer.apple.com/documentation/combine/anycancellable/store(in:)-6cr9i
  final public func store<C: RangeReplaceableCollection>(in collection: inout C)
  where C.Element == AnyCancellable { fatalError() }
}
