// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
  // https://developer.apple.com/documentation/swiftui/button/init(action:label:)
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    fatalError()
  }
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-1asy
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
    fatalError()
  }
}

// https://developer.apple.com/documentation/swiftui/label
public struct Label<Title: View, Icon: View>: View {
  public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
  // https://developer.apple.com/documentation/swiftui/label/init(_:systemimage:)-7gd8w
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/image
@frozen
public struct Image: View {
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/color
@frozen
public struct Color: View, ShapeStyle {
  // https://developer.apple.com/documentation/swiftui/color/clear
  public static var clear: Color { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/progressview
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/progressview/init()
  public init() { fatalError() }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
  // https://developer.apple.com/documentation/swiftui/progressview/init(_:)-6o8h6
  public init(_ titleKey: LocalizedStringKey) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/progressview/init(_:)-2z1bw
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/list
public struct List<SelectionValue: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
  // https://developer.apple.com/documentation/swiftui/list/init(content:)
  public init(@ViewBuilder content: () -> Content) { fatalError() }

  // https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)-5kf1g
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable
  { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/foreach
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
  public var body: Never { fatalError() }

  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
  where ID == Data.Element.ID, Data.Element: Identifiable { fatalError() }

  // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/form
public struct Form<Content: View>: View {
  // https://developer.apple.com/documentation/swiftui/form/init(content:)
  public init(@ViewBuilder content: () -> Content) { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/labeledcontent
public struct LabeledContent<Label, Content> {}

extension LabeledContent: View where Label: View, Content: View {
  public var body: Never { fatalError() }
}

extension LabeledContent where Label == Text, Content == Text {
  // https://developer.apple.com/documentation/swiftui/labeledcontent/init(_:value:)-7o9ey
  public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) { fatalError() }
  // https://developer.apple.com/documentation/swiftui/labeledcontent/init(_:value:)-2d8ia
  @_disfavoredOverload
  public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/stepper
public struct Stepper<Label: View>: View {
  public var body: Never { fatalError() }
}

extension Stepper where Label == Text {
  // https://developer.apple.com/documentation/swiftui/stepper/init(_:value:in:step:oneditingchanged:)-9md5v
  public init<V: Strideable>(
    _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
    step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/picker
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public var body: Never { fatalError() }
}

extension Picker where Label == Text {
  // https://developer.apple.com/documentation/swiftui/picker/init(_:selection:content:)-5njtq
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    @ViewBuilder content: () -> Content
  ) { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/contentunavailableview
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(label:description:actions:)
  public init(
    @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description,
    @ViewBuilder actions: () -> Actions
  ) { fatalError() }
  public var body: Never { fatalError() }
}

extension ContentUnavailableView
where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  // https://developer.apple.com/documentation/swiftui/contentunavailableview/init(_:systemimage:description:)-5ux8i
  nonisolated public init(
    _ title: LocalizedStringKey, systemImage name: String, description: Text? = nil
  ) { fatalError() }
}

extension ContentUnavailableView
where
  Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
  Actions == SearchUnavailableContent.Actions
{
  // https://developer.apple.com/documentation/swiftui/contentunavailableview/search(text:)
  public static func search(text: String) -> Self { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/searchunavailablecontent
public struct SearchUnavailableContent {
  // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/label
  public struct Label: View { public var body: Never { fatalError() } }
  // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/description
  public struct Description: View { public var body: Never { fatalError() } }
  // https://developer.apple.com/documentation/swiftui/searchunavailablecontent/actions
  public struct Actions: View { public var body: Never { fatalError() } }
}
