/// The UIKit seed's screen (`../shared/seeds`, "Combine · UIKit MVVM"), in its Combine form and its
/// Signals twin. The Combine form and both view controllers compile only where Combine and UIKit
/// exist; CI type-checks them against the stand-ins in StandIns/. The Signals view model compiles
/// and runs here (UIKitSeedTests.swift).
enum UIKitSeed {}

extension UIKitSeed {
  // snippet: uikit-seed-api
  /// The one call the screen's work needs: a small protocol at the outside boundary, so a test or
  /// a preview passes a fake.
  protocol TitleAPI: Sendable {
    func fetchTitle() async throws -> String
  }
  // snippet-end
}
