import Foundation
import Testing

/// Bad input for the real `Demo` binary: raw bytes that are not UTF-8 and a very long line on
/// standard input, input without a final newline, and bad flags. Exit codes as documented:
/// 2 for bad flags (usage on standard error), 0 at end of input.
@Suite(.timeLimit(.minutes(1)))
struct DemoProcessBadInputTests {
  @Test func nonUTF8BytesAndAHugeLineOnStandardInputExitWithZero() async throws {
    var input = Data("search ".utf8) + Data([0xFF, 0xFE, 0xC3, 0x28, 0x0A])
    input += Data([0xC0, 0x80, 0xED, 0xA0, 0x80, 0x0A])  // overlong NUL, lone surrogate
    input += Data(String(repeating: "y", count: 200_000).utf8) + Data("\nopen 99\n".utf8)
    input += Data("search le".utf8)  // no final newline: still a line, then end of input
    let outcome = try await RawDemoProcess.run(["--latency", "0"], input: input)
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    let text = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(String(validating: outcome.stdout, as: UTF8.self) != nil, "output is valid UTF-8")
    #expect(text.contains("No users match \"\u{FFFD}\u{FFFD}\u{FFFD}(\"."))
    #expect(text.contains("[!] Unknown command '\u{FFFD}"))
    #expect(text.contains("[!] Unknown command 'yyyy"))
    #expect(text.contains("[!] There is no list to open a user from."))
    #expect(text.hasSuffix("  -- 10 shown, more available: type 'more'\n"))
  }

  @Test(arguments: [
    ["--fail-rate", "nan"], ["--latency="], ["-x"], ["--", "--latency", "0", "stray"],
  ])
  func badFlagsExitWithTwo(_ arguments: [String]) async throws {
    let outcome = try await RawDemoProcess.run(arguments, input: Data("quit\n".utf8))
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    let stderr = String(decoding: outcome.stderr, as: UTF8.self)
    #expect(stderr.hasPrefix("Demo: error: "))
  }
}

/// Like `DemoProcess.run`, but with raw bytes in and out, so input can hold bytes that are not
/// UTF-8 and output is checked without assuming it is valid.
enum RawDemoProcess {
  struct Outcome {
    let status: Int32
    let stdout: Data
    let stderr: Data
  }

  static func run(_ arguments: [String], input: Data) async throws -> Outcome {
    let process = Process()
    process.executableURL = try DemoProcess.executable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-raw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    let inputURL = directory.appendingPathComponent("stdin")
    try input.write(to: inputURL)
    for url in [stdoutURL, stderrURL]
    where !FileManager.default.createFile(atPath: url.path, contents: nil) {
      throw DemoProcessError(description: "cannot create \(url.path)")
    }
    let stdin = try FileHandle(forReadingFrom: inputURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let status = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Int32, any Error>) in
      process.terminationHandler = { process in
        continuation.resume(returning: process.terminationStatus)
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    try stdin.close()
    try stdout.close()
    try stderr.close()
    return Outcome(
      status: status, stdout: try Data(contentsOf: stdoutURL),
      stderr: try Data(contentsOf: stderrURL))
  }
}
