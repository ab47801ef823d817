/// What the SwiftUI demo says where SwiftUI does not exist, and how it exits.
///
/// On Linux (and anywhere else without SwiftUI) `swift run SwiftUIDemo` prints ``message`` to
/// standard error and exits with ``exitCode``: a script that runs it learns that nothing was
/// shown. The screens it would show are type-checked in CI against the stand-in interface in
/// `StandIns/SwiftUI` (`scripts/typecheck-swiftui.sh`); they run only on an Apple platform.
enum PlatformCheck {
  /// The line printed where SwiftUI is missing: what is needed, and what to run instead.
  static let message = """
    SwiftUIDemo needs an Apple platform (macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2): \
    SwiftUI does not exist here. Open Package.swift in Xcode and run the SwiftUIDemo scheme, or \
    run the console demo here: swift run Demo
    """

  /// `EX_UNAVAILABLE` from `sysexits.h`: a required service (here, SwiftUI) is unavailable.
  static let exitCode: Int32 = 69
}
