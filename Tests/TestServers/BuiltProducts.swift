import Foundation

/// The executables this package builds (the `Demo`, the probes), found where the tests run:
/// next to the test bundle in the build products directory (`swift build --build-tests` and
/// `swift test` build them there).
public enum BuiltProducts {
  /// The executable `name` in the build products directory; throws ``NotBuilt`` if it is not
  /// there.
  public static func executable(named name: String) throws -> URL {
    var directories = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
      .map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    if let path = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: path).deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
    }
    throw NotBuilt(name: name, searched: directories.map(\.path))
  }

  /// No such executable next to the tests: build the package first (`swift build`).
  public struct NotBuilt: Error, CustomStringConvertible {
    /// The executable looked for.
    public let name: String
    /// The directories searched.
    public let searched: [String]

    /// What was missing, where it was looked for, and what to do.
    public var description: String {
      "no \(name) executable next to the tests (searched \(searched.joined(separator: ", ")));"
        + " build it first"
    }
  }
}
