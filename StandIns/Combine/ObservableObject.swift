// https://developer.apple.com/documentation/combine/observableobject
// `objectWillChange` sends before any `@Published` property changes. Nothing in UIKit
// subscribes to it: only SwiftUI's `@StateObject` and `@ObservedObject` do.
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never
  var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

// https://developer.apple.com/documentation/combine/observableobjectpublisher
final public class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  public init() { fatalError() }
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Void, S.Failure == Never { fatalError() }
  public func send() { fatalError() }
}
