// https://developer.apple.com/documentation/swiftui/navigationstack
// `nonisolated struct NavigationStack<Data, Root> where Root : View`
nonisolated public struct NavigationStack<Data, Root: View>: View {
  // https://developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)-3bt4q
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { fatalError() }

  // https://developer.apple.com/documentation/swiftui/navigationstack/init(root:)
  public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { fatalError() }

  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/navigationpath
public struct NavigationPath {
  // https://developer.apple.com/documentation/swiftui/navigationpath/init()
  public init() { fatalError() }
}

extension View {
  // https://developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { fatalError() }

  // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
    fatalError()
  }
}
