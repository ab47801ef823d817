// Presentation driven by optional state: the view shows what the value holds and sets it back to
// `nil` when the user dismisses it, so the state always says what is on screen.

extension View {
  // https://developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
  nonisolated public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/navigationdestination(item:destination:)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/alert(_:ispresented:presenting:actions:message:)-8584l
  nonisolated public func alert<A: View, M: View, T>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/group
public struct Group<Content> {}

extension Group: View where Content: View {
  // https://developer.apple.com/documentation/swiftui/group/init(content:)-7m6ui
  public init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { fatalError() }
}
