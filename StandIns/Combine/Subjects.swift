// https://developer.apple.com/documentation/combine/subject
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  func send(_ value: Output)
  func send(completion: Subscribers.Completion<Failure>)
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  // https://developer.apple.com/documentation/combine/subject/send()
  public func send() { fatalError() }
}

// https://developer.apple.com/documentation/combine/passthroughsubject
// Sends each value to the subscribers it has when `send` is called; keeps none for later.
final public class PassthroughSubject<Output, Failure: Error>: Subject {
  public init() { fatalError() }
  public func send(_ input: Output) { fatalError() }
  public func send(completion: Subscribers.Completion<Failure>) { fatalError() }
  public func send(subscription: any Subscription) { fatalError() }
  public func receive<S: Subscriber>(subscriber: S)
  where Output == S.Input, Failure == S.Failure { fatalError() }
}

// https://developer.apple.com/documentation/combine/currentvaluesubject
// Holds a current value and sends it to each new subscriber at once.
final public class CurrentValueSubject<Output, Failure: Error>: Subject {
  public var value: Output {
    get { fatalError() }
    set { fatalError() }
  }
  public init(_ value: Output) { fatalError() }
  public func send(_ input: Output) { fatalError() }
  public func send(completion: Subscribers.Completion<Failure>) { fatalError() }
  public func send(subscription: any Subscription) { fatalError() }
  public func receive<S: Subscriber>(subscriber: S)
  where Output == S.Input, Failure == S.Failure { fatalError() }
}
