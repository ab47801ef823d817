// The property wrappers that connect an `ObservableObject` (Combine) to a view: a view redraws
// when the object's `objectWillChange` sends only if it holds the object through one of these.

// https://developer.apple.com/documentation/swiftui/stateobject
// https://developer.apple.com/documentation/swiftui/stateobject/init(wrappedvalue:)
@frozen @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { fatalError() }
  @MainActor @preconcurrency public var wrappedValue: ObjectType { fatalError() }
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/observedobject
// https://developer.apple.com/documentation/swiftui/observedobject/init(wrappedvalue:)
@propertyWrapper @frozen
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  public init(wrappedValue: ObjectType) { fatalError() }
  public init(initialValue: ObjectType) { fatalError() }
  @MainActor @preconcurrency public var wrappedValue: ObjectType
  @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/observedobject/wrapper
  @dynamicMemberLookup @frozen
  public struct Wrapper {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>)
      -> Binding<Subject>
    { fatalError() }
  }
}
