// https://developer.apple.com/documentation/uikit/uiresponder
// (Its `NSObject` superclass is left out: nothing the guide shows uses it.)
@MainActor @preconcurrency
open class UIResponder {
  public init() { fatalError() }
}
