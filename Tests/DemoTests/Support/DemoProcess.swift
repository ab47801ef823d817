import Foundation
import TestServers
import Testing

/// Runs the built `Demo` executable as a subprocess with scripted standard input, to prove the
/// real entry point: flag parsing, the stdin reader thread, the main-actor loop and exit codes.
///
/// The executable is looked up next to the test bundle in the build products directory
/// (`swift build --build-tests` and `swift test` build it there).
enum DemoProcess {
  struct Outcome {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The `Demo` executable in the build products directory.
  static func executable() throws -> URL {
    try BuiltProducts.executable(named: "Demo")
  }

  /// Runs `Demo arguments` with `input` as its standard input and returns once the process
  /// has exited (awaited through its termination handler, not a timer). Output that is not
  /// valid UTF-8 is repaired with U+FFFD; use ``runRaw(_:input:)`` to see the bytes.
  static func run(_ arguments: [String], input: String) async throws -> Outcome {
    let raw = try await runRaw(arguments, input: Data(input.utf8))
    return Outcome(
      status: raw.status,
      stdout: String(decoding: raw.stdout, as: UTF8.self),
      stderr: String(decoding: raw.stderr, as: UTF8.self))
  }

  /// What ``runRaw(_:input:)`` returns: the exit status and the output bytes as written.
  struct RawOutcome {
    let status: Int32
    let stdout: Data
    let stderr: Data
  }

  /// Like ``run(_:input:)`` with raw bytes in and out, so input can hold bytes that are not
  /// UTF-8 and output is checked without assuming it is valid.
  ///
  /// Standard input is a file, not a pipe: the demo may exit before reading all of it (bad
  /// flags exit at once, `quit` stops reading), and a file cannot raise SIGPIPE in this process.
  static func runRaw(_ arguments: [String], input: Data) async throws -> RawOutcome {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    return try await runProgram(
      try executable(), arguments, input: input, environment: environment)
  }

  /// Runs any program the way ``runRaw(_:input:)`` runs the Demo: `input` from a file, the
  /// output collected in files, the exit awaited through the termination handler.
  static func runProgram(
    _ program: URL, _ arguments: [String], input: Data, environment: [String: String]
  ) async throws -> RawOutcome {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    let scratch = try ScratchDirectory(prefix: "demo-process")
    defer { scratch.remove() }
    let stdoutURL = scratch.file("stdout")
    let stderrURL = scratch.file("stderr")
    let inputURL = scratch.file("stdin")
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
    return RawOutcome(
      status: status, stdout: try Data(contentsOf: stdoutURL),
      stderr: try Data(contentsOf: stderrURL))
  }
}

/// Why the demo could not be run (unwritable temporary files, a failed script).
struct DemoProcessError: Error, CustomStringConvertible {
  let description: String
}
