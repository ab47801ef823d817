import Signals
import SignalsConcurrency
import Testing

/// Settles everything the test controls, then records a test issue if any of `recorders`
/// received a value meanwhile: a check that nothing more arrives, with no sleep and no clock.
///
/// ```swift
/// viewModel = nil                                    // released mid-request
/// calls.resolve(0, with: page)                       // its answer arrives anyway
/// await expectSilence(from: states, events, settling: scheduler, tasks: tasks)
/// ```
///
/// Settling is ``settle(_:tasks:timeout:fileID:filePath:line:column:)``'s, with one
/// difference: each round runs every action pending on `scheduler`, moving its virtual clock to
/// each one's due time (as `TestScheduler.run(limit:)` does), so a pending debounce fires now
/// rather than never. Once the scheduler has nothing pending and no task is running, nothing
/// the test controls can deliver anything more.
///
/// - What is checked: only values that arrive during the call. Assert what arrived before it
///   with ``Recorder/values`` first.
/// - Failure: one issue, at the caller's location, listing each recorder that received values
///   and the values, for example
///   `expected silence, but Recorder<State> (state) received 1 value: [loaded("Ada")]`; or an
///   issue saying what never settled (a task still running after `timeout` of wall-clock time,
///   a safety net only, as in ``TaskOwnerProbe/idle(timeout:)``, or work that kept scheduling
///   more work for 1,000 rounds).
/// - Threading: on the main actor, so that queued main-actor deliveries run inside the call.
/// - Source location: plain `#fileID`/`#line` defaults, so a helper file that does not import
///   Testing can call it.
@MainActor
public func expectSilence<each Value: Sendable>(
  from recorders: repeat Recorder<each Value>,
  settling scheduler: TestScheduler? = nil,
  tasks: TaskOwnerProbe...,
  timeout: Duration = .seconds(60),
  fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) async {
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  var arrivals: [@Sendable () -> String?] = []
  for recorder in repeat each recorders {
    arrivals.append(recorder.arrivalsDescription(after: recorder.values.count))
  }
  if let unsettled = await settleRounds(scheduler, tasks, runsAll: true, timeout: timeout) {
    Issue.record(Comment(rawValue: "expectSilence " + unsettled), sourceLocation: location)
    return
  }
  let arrived = arrivals.compactMap { $0() }
  guard !arrived.isEmpty else { return }
  Issue.record(
    Comment(rawValue: "expected silence, but " + arrived.joined(separator: "; ")),
    sourceLocation: location)
}

extension Recorder {
  /// A description of the values recorded after the first `count`, `nil` if there are none,
  /// read when called.
  fileprivate func arrivalsDescription(after count: Int) -> @Sendable () -> String? {
    { [self] in
      let later = Array(values.dropFirst(count))
      guard !later.isEmpty else { return nil }
      let noun = later.count == 1 ? "value" : "values"
      return "Recorder<\(Value.self)> (\(kind)) received \(later.count) \(noun): \(later)"
    }
  }
}
