// https://developer.apple.com/documentation/swiftui/app
// `@MainActor @preconcurrency protocol App`
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  // https://developer.apple.com/documentation/swiftui/app/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  // https://developer.apple.com/documentation/swiftui/app/init()
  @MainActor @preconcurrency init()
}

extension App {
  // https://developer.apple.com/documentation/swiftui/app/main()
  @MainActor @preconcurrency public static func main() { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/scene
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// https://developer.apple.com/documentation/swiftui/scenebuilder
@resultBuilder
public struct SceneBuilder {
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content {
    fatalError()
  }
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/windowgroup
nonisolated public struct WindowGroup<Content: View>: Scene {
  // https://developer.apple.com/documentation/swiftui/windowgroup/init(content:)
  public init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { fatalError() }
}
