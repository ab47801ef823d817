// https://developer.apple.com/documentation/combine/publisher
public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error
  // https://developer.apple.com/documentation/combine/publisher/receive(subscriber:)
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

// https://developer.apple.com/documentation/combine/subscriber
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  associatedtype Input
  associatedtype Failure: Error
  func receive(subscription: any Subscription)
  func receive(_ input: Input) -> Subscribers.Demand
  func receive(completion: Subscribers.Completion<Failure>)
}

// https://developer.apple.com/documentation/combine/customcombineidentifierconvertible
public protocol CustomCombineIdentifierConvertible {}

// https://developer.apple.com/documentation/combine/subscription
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  func request(_ demand: Subscribers.Demand)
}

// https://developer.apple.com/documentation/combine/subscribers
public enum Subscribers {
  // https://developer.apple.com/documentation/combine/subscribers/completion
  public enum Completion<Failure: Error> {
    case finished
    case failure(Failure)
  }

  // https://developer.apple.com/documentation/combine/subscribers/demand
  public struct Demand: Equatable, Hashable {
    public static var unlimited: Subscribers.Demand { fatalError() }
    public static var none: Subscribers.Demand { fatalError() }
  }
}

// https://developer.apple.com/documentation/combine/publishers
public enum Publishers {
  // https://developer.apple.com/documentation/combine/publishers/receiveon
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context
    public let options: Context.SchedulerOptions?
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure { fatalError() }
  }

  // https://developer.apple.com/documentation/combine/publishers/map
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure { fatalError() }
  }

  // https://developer.apple.com/documentation/combine/publishers/removeduplicates
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure { fatalError() }
  }
}

extension Publisher {
  // https://developer.apple.com/documentation/combine/publisher/sink(receivecompletion:receivevalue:)
  public func sink(
    receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
    receiveValue: @escaping ((Output) -> Void)
  ) -> AnyCancellable { fatalError() }

  // https://developer.apple.com/documentation/combine/publisher/receive(on:options:)
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  { fatalError() }

  // https://developer.apple.com/documentation/combine/publisher/map(_:)-99evh
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    fatalError()
  }

  // https://developer.apple.com/documentation/combine/publisher/erasetoanypublisher()
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { fatalError() }
}

extension Publisher where Output: Equatable {
  // https://developer.apple.com/documentation/combine/publisher/removeduplicates()
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { fatalError() }
}

extension Publisher where Failure == Never {
  // https://developer.apple.com/documentation/combine/publisher/sink(receivevalue:)
  public func sink(receiveValue: @escaping ((Output) -> Void)) -> AnyCancellable { fatalError() }
}

// https://developer.apple.com/documentation/combine/anypublisher
@frozen
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure {
    fatalError()
  }
  public func receive<S: Subscriber>(subscriber: S)
  where Output == S.Input, Failure == S.Failure { fatalError() }
}
