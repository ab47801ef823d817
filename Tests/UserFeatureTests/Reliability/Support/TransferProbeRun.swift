import Foundation
import TestServers

/// One run of the `TransferProbe` executable (Tests/Probes/TransferProbe): the live client in a
/// process of its own, so that a crash or a memory peak is the probe's, not the test runner's.
struct TransferProbeRun: Sendable {
  /// The exit status; a crash (SIGILL from a Foundation trap) is a termination by signal.
  let status: Int32
  /// Whether the probe exited by itself (not killed by a signal).
  let exitedNormally: Bool
  /// Its standard output, one entry a line.
  let lines: [String]
  /// The end of its standard error (a crash's message and backtrace start there).
  let errorOutput: String

  /// Runs the probe with `arguments` and waits for it on a thread of its own, never on the
  /// test's concurrency pool.
  static func run(_ arguments: [String]) async throws -> TransferProbeRun {
    try await run(arguments, input: nil)
  }

  /// Runs the probe with `arguments`, closes its standard input once `ready` returns, and waits
  /// for it as ``run(_:)`` does.
  static func run(
    _ arguments: [String], closingInputAfter ready: () async -> Void
  ) async throws -> TransferProbeRun {
    let input = Pipe()
    async let run = run(arguments, input: input)
    await ready()
    try input.fileHandleForWriting.close()
    return try await run
  }

  /// `input` is the probe's standard input; `nil` for none.
  private static func run(_ arguments: [String], input: Pipe?) async throws
    -> TransferProbeRun
  {
    let executable = try BuiltProducts.executable(named: "TransferProbe")
    return try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        do {
          let process = Process()
          process.executableURL = executable
          process.arguments = arguments
          let output = Pipe()
          let errors = Pipe()
          process.standardOutput = output
          process.standardError = errors
          if let input {
            process.standardInput = input
          } else {
            process.standardInput = FileHandle.nullDevice
          }
          try process.run()
          // The probe writes little to either: reading one to its end cannot fill the other.
          let stdout = output.fileHandleForReading.readDataToEndOfFile()
          let stderr = errors.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(
            returning: TransferProbeRun(
              status: process.terminationStatus,
              exitedNormally: process.terminationReason == .exit,
              lines: String(decoding: stdout, as: UTF8.self).split(separator: "\n").map(
                String.init),
              errorOutput: String(String(decoding: stderr, as: UTF8.self).prefix(2000))))
        } catch {
          continuation.resume(throwing: error)
        }
      }
    }
  }
}
