#if os(Linux)  // reads /proc/self/statm in the probe
  import Foundation
  import TestServers
  import Testing

  /// A long debounce on a dispatch queue frees what each superseded wait held once it is
  /// cancelled (issue 40), in the probe's own process (Tests/Probes/DispatchMainProbe), so that
  /// no other test's memory counts. 100,000 values through a 10^9 s debounce: before, each
  /// cancelled `asyncAfter` stayed queued until its deadline, 450-560 bytes per value (54 MB);
  /// with a timer source per wait, cancelled at once, about 30.
  @Suite(.dedicatedThread) struct DebounceMemoryTests {
    /// The most resident bytes a superseded value may leave behind: a tenth of what it left
    /// before, and several times what it leaves now.
    static let limit = 150

    @Test func cancelledWaitsOfALongDebounceFreeTheirMemory() throws {
      let process = Process()
      process.executableURL = try BuiltProducts.executable(named: "DispatchMainProbe")
      process.arguments = ["debounce-memory"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let text = String(decoding: data, as: UTF8.self)
      #expect(process.terminationStatus == 0)
      let perValue = text.split(separator: "\n").last { $0.hasPrefix("bytes per value ") }
        .flatMap { Int($0.dropFirst("bytes per value ".count)) }
      #expect(perValue != nil, "the probe printed: \(text)")
      #expect((perValue ?? .max) < Self.limit, "\(perValue ?? -1) bytes per value")
    }
  }
#endif
