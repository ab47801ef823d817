import Foundation
import Testing

/// Runs the built `Demo` executable as a subprocess with piped standard input, to prove the
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
    var directories: [URL] = []
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(Bundle.main.bundleURL)
    if let path = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: path).deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("Demo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
    }
    let searched = directories.map(\.path).joined(separator: ", ")
    throw DemoProcessError(
      description: "no Demo executable next to the tests (searched \(searched)); build it first")
  }

  /// Runs `Demo arguments`, writes `input` to its standard input and closes it, and returns
  /// once the process has exited (awaited through its termination handler, not a timer).
  static func run(_ arguments: [String], input: String) async throws -> Outcome {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let stdoutURL = directory.appendingPathComponent("stdout")
    let stderrURL = directory.appendingPathComponent("stderr")
    for url in [stdoutURL, stderrURL]
    where !FileManager.default.createFile(atPath: url.path, contents: nil) {
      throw DemoProcessError(description: "cannot create \(url.path)")
    }
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    let stdin = Pipe()
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
        return
      }
      // The demo may exit before reading all of its input (bad flags exit at once, `quit`
      // stops reading). Writing to a pipe nobody reads raises SIGPIPE, whose default action
      // would kill the whole test process: ignore it, and let the write fail instead.
      ignoreBrokenPipes
      try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    try stdout.close()
    try stderr.close()
    return Outcome(
      status: status,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8))
  }
}

struct DemoProcessError: Error, CustomStringConvertible {
  let description: String
}

/// Ignores SIGPIPE for this (test) process, once: a write to a closed pipe then fails with EPIPE
/// instead of killing the process.
private let ignoreBrokenPipes: Void = {
  _ = signal(SIGPIPE, SIG_IGN)
}()
