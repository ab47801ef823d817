// https://developer.apple.com/documentation/swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// https://developer.apple.com/documentation/swiftui/material
public struct Material: ShapeStyle {}

extension ShapeStyle where Self == Material {
  // https://developer.apple.com/documentation/swiftui/shapestyle/thinmaterial
  public static var thinMaterial: Material { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/shape
public protocol Shape: Sendable, View {}

// https://developer.apple.com/documentation/swiftui/capsule
@frozen
public struct Capsule: Shape {
  // https://developer.apple.com/documentation/swiftui/capsule/init(style:)
  // (`style` defaults to `.continuous`; the one default this demo uses stands for it.)
  public init() { fatalError() }
  public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/fillstyle
@frozen
public struct FillStyle: Equatable {
  // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
  public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}
