import Foundation  // CGFloat

extension View {
  // https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
  // The Xcode 16 SDK's shape, the strictest: a `@Sendable` closure that inherits the caller's
  // actor (`@_inheritActorContext`, not shown on the page). The current page's
  // `sending @isolated(any)` accepts every closure this one does.
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
  nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/refreshable(action:)
  // `@Sendable`, and no `@_inheritActorContext`: the closure is not main-actor isolated, so it
  // may not read a view's main-actor state except through `await` or a capture list.
  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/view/sheet(ispresented:ondismiss:content:)
  nonisolated public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
  nonisolated public func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/view/padding(_:_:)
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/view/background(_:in:fillstyle:)
  nonisolated public func background<S: ShapeStyle, T: Shape>(
    _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:)
  nonisolated public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/view/toolbar(content:)-5w0tj
  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    fatalError()
  }

  // https://developer.apple.com/documentation/swiftui/view/toolbar(content:)-7vdkx
  nonisolated public func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/alignment
@frozen
public struct Alignment: Equatable {
  // https://developer.apple.com/documentation/swiftui/alignment/center
  public static var center: Alignment { fatalError() }
  // https://developer.apple.com/documentation/swiftui/alignment/bottom
  public static var bottom: Alignment { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/edge
@frozen
public enum Edge {
  // https://developer.apple.com/documentation/swiftui/edge/set
  @frozen
  public struct Set: OptionSet {
    public let rawValue: Int8
    public init(rawValue: Int8) { fatalError() }
    // https://developer.apple.com/documentation/swiftui/edge/set/all
    public static var all: Set { fatalError() }
  }
}
