// A helper file as a user writes one: it imports SignalsTesting but not Testing. Before the
// checks took literals, `call.resolve(...)` here failed to compile with "no macro named
// '_sourceLocation'", the default argument's macro needing `import Testing` in this file.
import Signals
import SignalsTestSupport
import SignalsTesting

/// The line of the `resolve` call below, for the tests that check where failures are reported.
let helperResolveLine: UInt = #line + 4

/// Answers call 0 of `call` with `response` (a failure if call 0 is not pending).
func answerFirstCall(of call: ControlledCall<String, Int>, with response: Int) {
  call.resolve(0, with: response)
  call.fail(0, with: HelperFailure())
  call.resolve(matching: "nobody asked this", with: response)
}

/// Asserts the timeline of one recorder, from a file that does not import Testing.
func expectOneLaneTimeline(_ expected: String, _ recorder: Recorder<Int>) {
  expectTimeline(expected, ("value", recorder))
}

/// An error to fail a call with.
struct HelperFailure: Error {}
