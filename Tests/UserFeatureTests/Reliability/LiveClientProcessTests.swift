import Foundation
import TestServers
import Testing

/// The live client in a process of its own (`TransferProbe`) against a local server: what
/// would kill or bloat the test runner is measured there.
///
/// - Cancels timed to land when the answer arrives never crash. Before the fix every run of
///   2,000 died within it (5 of 5), in swift-corelibs-foundation's
///   `TaskRegistry.swift: Fatal error: Trying to access a behaviour for a task that in not in
///   the registry` (swiftlang/swift-corelibs-foundation#3296).
/// - A refused gzip bomb or endless body leaves the next request (a `reload`) on time and the
///   process within ``peakLimitKilobytes``. Before the fix the reload after an 8 GiB bomb took
///   36-40 s against a 3 s timeout (it waited for Foundation's work queue, still inflating the
///   refused body, before its timer started) and the process peaked at 211-228 MB.
///
/// No deadline is tight: a timeout of 2 s against a bound of 12 s for each request. One test at
/// a time: the cancel race keeps the CPU busy, and the memory a refusal costs grows with how
/// long the refused transfer runs before Foundation's cancel lands.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct LiveClientProcessTests {
  /// The memory bound docs/reliability.md states, in kilobytes: 64 MB for the whole process.
  static let peakLimitKilobytes = 64_000

  @Test func cancelsLandingAsTheAnswerArrivesNeverCrash() async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let run = try await TransferProbeRun.run([
      "race", try server.baseURL(.keepAlive).absoluteString, "2000",
    ])
    #expect(run.exitedNormally && run.status == 0, "the probe died: \(run.errorOutput)")
    #expect(run.lines.last == "survived 2000")
  }

  @Test(arguments: [RawHTTPServer.Mode.gzipBomb, .endless, .endlessFirehose])
  func aRefusedBodyLeavesTheReloadOnTimeAndMemoryBounded(
    _ mode: RawHTTPServer.Mode
  ) async throws {
    let server = try await RawHTTPServer.start()
    defer { server.stop() }
    let run = try await TransferProbeRun.run([
      "fetch", try server.baseURL(mode).absoluteString, "2000",
    ])
    #expect(run.exitedNormally && run.status == 0, "the probe died: \(run.errorOutput)")
    try #require(run.lines.count == 3, "\(run.lines)")
    let (first, firstMilliseconds) = try Self.parse(run.lines[0])
    let (reload, reloadMilliseconds) = try Self.parse(run.lines[1])
    // Refused, or timed out if a busy machine delays even the headers past 2 s.
    #expect(["bodyTooLarge", "timedOut"].contains(first), "the request ended as \(first)")
    #expect(["bodyTooLarge", "timedOut"].contains(reload), "the reload ended as \(reload)")
    #expect(firstMilliseconds < 12_000, "the request took \(firstMilliseconds) ms, timeout 2 s")
    #expect(reloadMilliseconds < 12_000, "the reload took \(reloadMilliseconds) ms, timeout 2 s")
    let peak = try #require(Int(run.lines[2].replacingOccurrences(of: "peak ", with: "")))
    #expect(peak < Self.peakLimitKilobytes, "peak memory \(peak) KB after refusing \(mode)")
  }

  /// `"<outcome> <milliseconds>"`, as the probe prints each request.
  private static func parse(_ line: String) throws -> (String, Int) {
    let parts = line.split(separator: " ")
    try #require(parts.count == 2, "\(line)")
    return (String(parts[0]), try #require(Int(parts[1]), "\(line)"))
  }
}
