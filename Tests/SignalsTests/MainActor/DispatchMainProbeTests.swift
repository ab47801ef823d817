#if os(Linux) || os(macOS)  // starts a process: iOS and its kin cannot
  import Foundation
  import SignalsTesting
  import TestServers
  import Testing

  /// Main-actor delivery after `dispatchMain()`, in a process of its own (the probe,
  /// Tests/Probes/DispatchMainProbe): there a worker thread services the main queue, and
  /// `receive(on: .mainActor)` must deliver on it. Signals decides "main queue" with
  /// `DispatchQueue.getSpecific` alone, not with the Swift runtime's isolation check (which, in
  /// the legacy mode `SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy` selects, rejects such
  /// a thread), so delivery works in either mode (see the "Delivery guarantees" article).
  @Suite(.dedicatedThread) struct DispatchMainProbeTests {
    @Test func mainActorDeliveryWorksAfterDispatchMainInTheDefaultMode() throws {
      let run = try runProbe(environment: [:])
      #expect(run.status == 0)
      #expect(run.output == everyValueOnTheMainQueue)
    }

    @Test func mainActorDeliveryWorksAfterDispatchMainInTheLegacyIsolationCheckModeToo() throws {
      let run = try runProbe(environment: [
        "SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE": "legacy"
      ]
      )
      #expect(run.status == 0)
      #expect(run.output == everyValueOnTheMainQueue)
    }
  }

  /// What the probe prints when every value reached the main-actor handler, in order.
  private let everyValueOnTheMainQueue = """
    received 0 on the main queue
    received 1 on the main queue
    received 2 on the main queue
    done

    """

  /// Runs the probe with `environment` added to this process's, and returns its exit status and
  /// standard output. The probe exits by itself within a minute.
  private func runProbe(environment: [String: String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = try BuiltProducts.executable(named: "DispatchMainProbe")
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
#endif
