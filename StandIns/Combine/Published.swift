// https://developer.apple.com/documentation/combine/published
// Publishes in `willSet`: a subscriber to `$value` hears the new value before the property
// holds it. Only a class's property can be `@Published` (the enclosing-instance subscript).
@propertyWrapper
public struct Published<Value> {
  // https://developer.apple.com/documentation/combine/published/init(wrappedvalue:)
  public init(wrappedValue: Value) { fatalError() }
  // https://developer.apple.com/documentation/combine/published/init(initialvalue:)
  public init(initialValue: Value) { fatalError() }

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { fatalError() }
    set { fatalError() }
  }

  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { fatalError() }
    set { fatalError() }
  }

  // https://developer.apple.com/documentation/combine/published/projectedvalue
  // `$property`: a publisher that sends the current value to each new subscriber at once.
  public var projectedValue: Published<Value>.Publisher {
    mutating get { fatalError() }
    set { fatalError() }
  }

  // https://developer.apple.com/documentation/combine/published/publisher
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never
    public func receive<S: Subscriber>(subscriber: S)
    where Value == S.Input, S.Failure == Never { fatalError() }
  }
}
