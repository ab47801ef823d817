import Foundation

/// A new, empty directory of its own under the system's temporary directory, for the files a
/// test hands to a child process (its input, its output, a script's steps). The test removes it
/// with ``remove()``, usually in a `defer`.
public struct ScratchDirectory: Sendable {
  /// The directory.
  public let url: URL

  /// Creates a directory named `prefix` followed by a unique suffix.
  public init(prefix: String) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The file `name` in the directory (not created).
  public func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  /// Deletes the directory and everything in it; errors are ignored (it is temporary).
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
