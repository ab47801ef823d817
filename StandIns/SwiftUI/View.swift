// https://developer.apple.com/documentation/swiftui/view
// `@MainActor @preconcurrency protocol View`; `body` is `@ViewBuilder @MainActor`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swift/never (SwiftUI: "Never: View, Scene,
// ToolbarContent", the body type of primitive views and scenes)
extension Never: View, Scene, ToolbarContent {
  public typealias Body = Never
  // One witness for three requirements: a builder named, so none has to be inferred.
  @ViewBuilder public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { fatalError() }
  public static func buildBlock() -> EmptyView { fatalError() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { fatalError() }
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > { fatalError() }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/emptyview
public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
// (the type `if`/`else` and `switch` build)
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
// (`Optional: View where Wrapped: View`, the type of an `if` without `else`)
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}
