// https://developer.apple.com/documentation/uikit/uiviewcontroller
// The lifecycle: `viewDidLoad` once, then `viewWillAppear` / `viewDidAppear` and
// `viewWillDisappear` / `viewDidDisappear` each time the screen comes and goes. A cancelled
// interactive pop calls `viewWillAppear` again without a `viewDidDisappear` in between.
@MainActor @preconcurrency
open class UIViewController: UIResponder {
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
  public required init?(coder: NSCoder) { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
  open var view: UIView! {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewifloaded
  open var viewIfLoaded: UIView? { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
  open var presentedViewController: UIViewController? { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/title
  open var title: String? {
    get { fatalError() }
    set { fatalError() }
  }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/ismovingfromparent
  open var isMovingFromParent: Bool { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
  open var navigationController: UINavigationController? { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
  open func viewDidLoad() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
  open func viewWillAppear(_ animated: Bool) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
  open func viewDidAppear(_ animated: Bool) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)
  open func viewWillDisappear(_ animated: Bool) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
  open func viewDidDisappear(_ animated: Bool) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilllayoutsubviews()
  open func viewWillLayoutSubviews() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidlayoutsubviews()
  open func viewDidLayoutSubviews() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/updateviewconstraints()
  open func updateViewConstraints() { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/updateproperties()
  // (iOS 26: UIKit tracks the `@Observable` properties read here and calls it again on change.)
  open func updateProperties() { fatalError() }

  // https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor @preconcurrency
open class UINavigationController: UIViewController {
  // https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
  open var topViewController: UIViewController? { fatalError() }
  // https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    fatalError()
  }
  // https://developer.apple.com/documentation/uikit/uinavigationcontroller/popviewcontroller(animated:)
  open func popViewController(animated: Bool) -> UIViewController? { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uialertcontroller
@MainActor @preconcurrency
open class UIAlertController: UIViewController {
  // https://developer.apple.com/documentation/uikit/uialertcontroller/style
  public enum Style: Int, Sendable {
    case actionSheet = 0
    case alert = 1
  }
  // https://developer.apple.com/documentation/uikit/uialertcontroller/init(title:message:preferredstyle:)
  public convenience init(
    title: String?, message: String?, preferredStyle: UIAlertController.Style
  ) { fatalError() }
  // https://developer.apple.com/documentation/uikit/uialertcontroller/addaction(_:)
  open func addAction(_ action: UIAlertAction) { fatalError() }
}

// https://developer.apple.com/documentation/uikit/uialertaction
@MainActor @preconcurrency
open class UIAlertAction {
  // https://developer.apple.com/documentation/uikit/uialertaction/style-swift.enum
  public enum Style: Int, Sendable {
    case `default` = 0
    case cancel = 1
    case destructive = 2
  }
  // https://developer.apple.com/documentation/uikit/uialertaction/init(title:style:handler:)
  public init(
    title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil
  ) { fatalError() }
}
