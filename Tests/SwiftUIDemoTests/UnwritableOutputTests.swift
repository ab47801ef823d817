import Foundation
import Testing

/// `swift run SwiftUIDemo` where SwiftUI does not exist, with standard output and error both
/// unwritable (`/dev/full`): it still exits with `EX_UNAVAILABLE`, 69, instead of trapping in
/// `FileHandle.write` (SIGILL), as it did before it wrote through the safe writer.
@Suite(.timeLimit(.minutes(1)))
struct UnwritableOutputTests {
  /// The `SwiftUIDemo` executable SwiftPM built next to the tests.
  static func executable() throws -> URL {
    var directories = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
      .map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    if let path = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: path).deletingLastPathComponent())
    }
    let candidates = directories.map { $0.appendingPathComponent("SwiftUIDemo") }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "no SwiftUIDemo executable next to the tests; build it first")
  }

  @Test func itExitsWith69WhenStandardOutputAndErrorAreFull() async throws {
    let process = Process()
    process.executableURL = try Self.executable()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    let ended = AsyncStream<Void> { continuation in
      process.terminationHandler = { _ in continuation.finish() }
    }
    try process.run()
    for await _ in ended {}

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 69)
  }
}
