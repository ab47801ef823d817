// https://developer.apple.com/documentation/swiftui/dynamicproperty
public protocol DynamicProperty {}

// https://developer.apple.com/documentation/swiftui/state
// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
// https://developer.apple.com/documentation/swiftui/state/init(initialvalue:)
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) { fatalError() }
  public init(initialValue value: Value) { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  public var projectedValue: Binding<Value> { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/binding
// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }
  public var projectedValue: Binding<Value> { fatalError() }
  // https://developer.apple.com/documentation/swiftui/binding/init(get:set:)-7ufcp
  @preconcurrency public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/binding/init(projectedvalue:)
  public init(projectedValue: Binding<Value>) { fatalError() }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/bindable
// https://developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
// https://developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { fatalError() }
  public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { fatalError() }
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environment
// https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
  public var wrappedValue: Value { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
  // https://developer.apple.com/documentation/swiftui/environmentvalues/dismiss
  public var dismiss: DismissAction { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/dismissaction
// `@MainActor @preconcurrency struct DismissAction`
@MainActor @preconcurrency
public struct DismissAction {
  // https://developer.apple.com/documentation/swiftui/dismissaction/callasfunction()
  public func callAsFunction() { fatalError() }
}
