// https://developer.apple.com/documentation/uikit/uiview
@MainActor @preconcurrency
open class UIView: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
  public init(frame: CGRect) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
  public required init?(coder: NSCoder) { fatalError() }
  public override convenience init() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiview/ishidden
  open var isHidden: Bool {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/uikit/uiview/window
  open var window: UIWindow? { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
  open func addSubview(_ view: UIView) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
  open func layoutSubviews() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiview/updateconstraints()
  open func updateConstraints() { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uicellconfigurationstate
public struct UICellConfigurationState {}

// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@MainActor @preconcurrency
open class UICollectionViewCell: UIView {
  // https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
  open var contentView: UIView { fatalError() }
  // https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
  open func prepareForReuse() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uicollectionviewcell/updateconfiguration(using:)
  open func updateConfiguration(using state: UICellConfigurationState) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor @preconcurrency
open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uilabel
@MainActor @preconcurrency
open class UILabel: UIView {
  // https://developer.apple.com/documentation/uikit/uilabel/text
  open var text: String? {
    get { fatalError() }
    set { fatalError() }
  }
}

// https://developer.apple.com/documentation/uikit/uiactivityindicatorview
@MainActor @preconcurrency
open class UIActivityIndicatorView: UIView {
  // https://developer.apple.com/documentation/uikit/uiactivityindicatorview/style-swift.enum
  public enum Style: Int, Sendable {
    case medium = 100
    case large = 101
  }
  // https://developer.apple.com/documentation/uikit/uiactivityindicatorview/init(style:)
  public init(style: UIActivityIndicatorView.Style) { fatalError() }
  public required init?(coder: NSCoder) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiactivityindicatorview/startanimating()
  open func startAnimating() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiactivityindicatorview/stopanimating()
  open func stopAnimating() { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uibutton
@MainActor @preconcurrency
open class UIButton: UIView {
  // https://developer.apple.com/documentation/uikit/uibutton/isenabled (UIControl's)
  open var isEnabled: Bool {
    get { fatalError() }
    set { fatalError() }
  }
}
