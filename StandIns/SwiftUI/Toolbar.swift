// https://developer.apple.com/documentation/swiftui/toolbarcontent
@MainActor @preconcurrency
public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder
@resultBuilder
public struct ToolbarContentBuilder {
  public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content {
    fatalError()
  }
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/toolbaritem
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  // https://developer.apple.com/documentation/swiftui/toolbaritem/init(placement:content:)
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content)
  where ID == () { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/toolbaritemplacement
public struct ToolbarItemPlacement {
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/automatic
  public static var automatic: ToolbarItemPlacement { fatalError() }
  // https://developer.apple.com/documentation/swiftui/toolbaritemplacement/confirmationaction
  public static var confirmationAction: ToolbarItemPlacement { fatalError() }
}
