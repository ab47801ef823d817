import Signals
import SignalsTestSupport
import SignalsTesting
import XCTest

/// Under XCTest (no Swift Testing test running), a SignalsTesting check fails the running
/// `XCTestCase` at the caller's line through `XCTFail`. The case captures its failures instead
/// of failing, to assert them.
final class FailureReportXCTests: XCTestCase {
  private var failures: [(description: String, file: String, line: Int)] = []

  #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
      failures.append(
        (
          issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
          issue.sourceCodeContext.location?.lineNumber ?? 0
        ))
    }
  #else
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      failures.append((description, filePath, lineNumber))
    }
  #endif

  func testAMisusedCallFailsTheXCTestCaseAtTheHelpersLine() {
    let call = ControlledCall<String, Int>()
    answerFirstCall(of: call, with: 1)

    XCTAssertEqual(failures.count, 3)
    XCTAssertTrue(failures.first?.file.hasSuffix("HelperWithoutTesting.swift") == true)
    XCTAssertEqual(failures.first?.line, Int(helperResolveLine))
    XCTAssertTrue(failures.first?.description.contains("call 0 is not pending") == true)
  }

  func testAWaitThatEndsWithoutWhatItAwaitedFailsTheXCTestCase() async {
    let call = ControlledCall<String, Int>()
    let waiter = Task { await call.requests(count: 1) }
    waiter.cancel()
    let made = await waiter.value

    XCTAssertEqual(made, [])
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.file.hasSuffix("FailureReportXCTests.swift") == true)
    XCTAssertTrue(
      failures.first?.description.contains("cancelled while waiting for requests(count: 1)")
        == true)
  }

  func testATimelineThatDiffersFailsTheXCTestCase() {
    let value = MutableProperty(1)
    let recorder = Recorder(value.property)
    expectOneLaneTimeline("ms     |0\nvalue  ^2====", recorder)
    expectOneLaneTimeline("ms     |0\nvalue  ^1====", recorder)
    XCTAssertEqual(failures.count, 1)
  }
}
