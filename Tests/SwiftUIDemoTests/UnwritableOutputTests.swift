import Foundation
import Testing

/// `swift run SwiftUIDemo` where SwiftUI does not exist, with standard output and error both
/// unwritable (`/dev/full`): it still exits with `EX_UNAVAILABLE`, 69, instead of trapping in
/// `FileHandle.write` (SIGILL), as it did before it wrote through the safe writer.
///
/// The time limit is a hang guard only: beside CI's six busy loops and the thread-heavy suites,
/// starting the process took over a minute once.
@Suite(.timeLimit(.minutes(5)))
struct UnwritableOutputTests {
  /// The `SwiftUIDemo` executable, which SwiftPM builds next to the test binary.
  static func executable() throws -> URL {
    let tests = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
    let demo = tests.deletingLastPathComponent().appendingPathComponent("SwiftUIDemo")
    try #require(
      FileManager.default.isExecutableFile(atPath: demo.path), "no \(demo.path); build it first")
    return demo
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
    // The wait also ends when the test is cancelled (its time limit): Foundation traps on a
    // running process's `terminationReason`, so stop it and say so instead.
    guard !process.isRunning else {
      process.terminate()
      Issue.record("SwiftUIDemo was still running when the wait for it ended")
      return
    }

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 69)
  }
}
