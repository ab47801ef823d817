import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// SignalsTesting's checks report a failure at the caller's line, under Swift Testing, from a
/// helper file that does not import Testing (`HelperWithoutTesting.swift`); the XCTest side is
/// in `FailureReportXCTests.swift`.
@Suite struct FailureReportTests {
  @Test func aMisusedCallInAHelperWithoutTestingIsAnIssueAtTheHelpersLine() {
    let call = ControlledCall<String, Int>()
    let log = Recorder<Issue>()
    withKnownIssue {
      answerFirstCall(of: call, with: 1)
    } matching: { issue in
      log.record(issue)
      return true
    }
    let issues = log.values
    #expect(issues.count == 3, "resolve, fail and resolve(matching:) each report one")
    #expect(issues.first?.sourceLocation?.fileName == "HelperWithoutTesting.swift")
    #expect(issues.first?.sourceLocation?.line == Int(helperResolveLine))
    #expect(issues.first?.comments.first?.rawValue.contains("call 0 is not pending") == true)
  }

  @Test func aTimelineThatDiffersInAHelperWithoutTestingIsAnIssue() {
    let value = MutableProperty(1)
    let recorder = Recorder(value.property)
    withKnownIssue {
      expectOneLaneTimeline("ms     |0\nvalue  ^2====", recorder)
    }
    expectOneLaneTimeline("ms     |0\nvalue  ^1====", recorder)
  }
}
