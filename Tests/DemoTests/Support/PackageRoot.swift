import Foundation

/// The package's folder, found from this file's place in it, for tests that read its sources.
enum PackageRoot {
  static let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // DemoTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package
}
