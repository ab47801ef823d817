import Foundation  // Bundle

// https://developer.apple.com/documentation/swiftui/localizedstringkey
@frozen
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
  public init(stringLiteral value: String) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
  public init(stringInterpolation: StringInterpolation) { fatalError() }

  // https://developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
  // (Apple's has one `appendInterpolation` per kind of value; one generic one stands for them.)
  public struct StringInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
    public mutating func appendLiteral(_ literal: String) { fatalError() }
    public mutating func appendInterpolation<T>(_ value: T) { fatalError() }
  }
}

// https://developer.apple.com/documentation/swiftui/text
@frozen
public struct Text: View {
  // https://developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) { fatalError() }

  // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
  // `@_disfavoredOverload` in the SDK: a literal is a LocalizedStringKey, a `String` is verbatim.
  @_disfavoredOverload
  public init<S: StringProtocol>(_ content: S) { fatalError() }

  public var body: Never { fatalError() }
}
