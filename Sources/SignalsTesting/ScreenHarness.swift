import Signals
import SignalsConcurrency
import Testing

/// One test's view of a view model: every emission of the outputs it names, in one ordered log
/// on a virtual clock, asserted in order and exhaustively, with one wait for the view model's
/// work.
///
/// ```swift
/// let screen = ScreenHarness(tasks: TaskOwnerProbe(viewModel.tasks))
/// let state = screen.record(viewModel.state, as: "state")
/// let events = screen.record(viewModel.events, as: "events")
/// screen.watch(client.pageCalls, as: "pages")
///
/// viewModel.load()
/// await screen.resolve(client.pageCalls, 0, with: page)
/// await screen.expect(state, .idle, .loading, .loaded(page.users))
/// await screen.finish()                  // fails if anything arrived that no expect took
/// ```
///
/// - Recording: from `record(_:as:)` on (a property's current value is its first emission), each
///   emission is stamped with ``scheduler``'s virtual time, in arrival order across outputs. An
///   output is recorded for as long as the harness lives.
/// - Asserting: ``expect(_:_:at:sourceLocation:)`` settles, then takes the oldest emissions not yet
///   asserted, which must be those values of that output, in order; each assertion consumes what it
///   matched. ``take(_:sourceLocation:)`` takes one value to examine. Emissions of an output passed
///   to ``ignore(_:)`` are skipped.
/// - Exhaustive: ``finish(sourceLocation:)``, which a test must call last, settles and then fails
///   listing every emission no assertion took, as `output: value @ time`. `finish()` is a call, not
///   a `deinit` check: an issue recorded after the test function returned is not reliably
///   attributed to that test. Opt out explicitly, for one output (``ignore(_:)``) or all
///   (``ignoreAll()``); ``skipRecorded()`` forgets the set-up's emissions.
/// - Waiting: one wait, ``settle(sourceLocation:)``, runs what is due on ``scheduler`` (without
///   moving its clock), the view model's `TaskOwner` tasks and the main-queue hops (as the free
///   function `settle` does), until nothing can run without the clock moving or the test answering
///   a fake it watches (`watch(_:as:)`). Moving the clock is ``advance(by:sourceLocation:)``. A
///   task waiting on a watched ``ControlledCall`` request nobody answered makes `settle()` and
///   `finish()` fail at once, naming the call and request, instead of waiting a minute of wall
///   clock.
/// - Threading: a main-actor class; outputs may emit on any thread. Call it from a Swift Testing
///   test's files (`import Testing`: its methods default to `#_sourceLocation`).
@MainActor
public final class ScreenHarness {
  /// The virtual clock the harness stamps emissions with and moves in
  /// ``advance(by:sourceLocation:)``: give it to the view model as its scheduler.
  public let scheduler: TestScheduler
  let log = EmissionLog()
  private let tasks: [TaskOwnerProbe]
  private let answers = PendingAnswers()
  private var subscriptions: [SubscriptionToken] = []
  private(set) var ignored: Set<Int> = []
  private(set) var ignoresAll = false

  /// A harness on `scheduler` that settles the tasks of `tasks` (the view model's `TaskOwner`s,
  /// through `TaskOwnerProbe`, so they stay reachable after the view model is released).
  public init(scheduler: TestScheduler = TestScheduler(), tasks: TaskOwnerProbe...) {
    self.scheduler = scheduler
    self.tasks = tasks
  }

  /// Records `property` as `name`: its current value now, then every change.
  public func record<Value: Sendable>(_ property: Property<Value>, as name: String)
    -> ScreenOutput<Value>
  {
    record(name) { property.sink($0) }
  }

  /// Records every event `stream` sends from now on, as `name`.
  public func record<Value: Sendable>(_ stream: EventStream<Value>, as name: String)
    -> ScreenOutput<Value>
  {
    record(name) { stream.sink($0) }
  }

  /// Lets the harness's waits see the requests of `call` that wait for the test's answer, named
  /// `name` in messages. Watch only fakes that the tasks of the harness call (the waits count
  /// requests against unfinished tasks).
  public func watch<Request, Response>(_ call: ControlledCall<Request, Response>, as name: String) {
    answers.watch(call, as: name)
  }

  /// Lets the harness's waits see `sequence`'s consumer waiting for the test's next element,
  /// named `name` in messages: that task is settled, not running, and waiting so is no failure.
  public func watch<Element>(_ sequence: ControlledSequence<Element>, as name: String) {
    answers.watch(sequence, as: name)
  }

  /// The harness's wait (see Waiting, above): it means "the test has answered everything; let
  /// the work finish".
  public func settle(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard await settleWork(at: sourceLocation) else { return }
    let owed = answers.waits().filter(\.isOwedAnswer).map(\.description)
    guard !owed.isEmpty, tasks.contains(where: { $0.unfinishedCount > 0 }) else { return }
    Issue.record(
      Comment(
        rawValue: "settle: the view model waits for answers the test never gave: "
          + owed.joined(separator: "; ")),
      sourceLocation: sourceLocation)
  }

  /// Moves ``scheduler``'s clock forward by `duration`, running what falls due on the way, then
  /// settles as ``settle(sourceLocation:)`` does, except that tasks left waiting
  /// for the test's answer are no failure here: the test answers next.
  public func advance(
    by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    scheduler.advance(by: duration)
    await settleWork(
      at: sourceLocation)
  }

  /// Settles (as ``advance(by:sourceLocation:)`` by zero), answers `call`'s request
  /// number `index` with `response`, and settles again. Records an issue at the caller's line if
  /// that request was never made or is not pending.
  public func resolve<Request, Response>(
    _ call: ControlledCall<Request, Response>, _ index: Int, with response: Response,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await answer(
      call, index, .success(response),
      at: sourceLocation)
  }

  /// As ``resolve(_:_:with:sourceLocation:)``, failing the request with `error`.
  public func fail<Request, Response>(
    _ call: ControlledCall<Request, Response>, _ index: Int, with error: any Error,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await answer(
      call, index, .failure(error),
      at: sourceLocation)
  }

  /// Opts `output` out of exhaustiveness: its emissions need no assertion and are skipped by
  /// assertions on other outputs (an `expect` on it still takes them).
  public func ignore<Value>(_ output: ScreenOutput<Value>) {
    ignored.insert(output.id)
  }

  /// Opts every output out of exhaustiveness: ``finish(sourceLocation:)`` checks
  /// only that the work settled. Assertions still take emissions in order across outputs.
  public func ignoreAll() {
    ignoresAll = true
  }

  /// Forgets every emission recorded so far, unasserted: for a test whose set-up (a list
  /// loaded, a user shown) another test asserts. Recording goes on.
  public func skipRecorded() {
    log.removeAll()
  }

  /// Ends the test (see Exhaustive, above): settles, then records one issue listing every
  /// emission no assertion took, oldest first. Call it last.
  public func finish(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await settle(sourceLocation: sourceLocation)
    let forgotten = log.unasserted.filter { !ignoresAll && !ignored.contains($0.output) }
    log.removeAll()
    guard !forgotten.isEmpty else { return }
    let noun = forgotten.count == 1 ? "emission" : "emissions"
    Issue.record(
      Comment(
        rawValue: "finish: \(forgotten.count) \(noun) never asserted (expect them, or opt out "
          + "with ignore(_:)):\n" + forgotten.map { "  \($0)" }.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  /// Settles, tolerating tasks that wait for the test; records an issue and returns `false` if
  /// the work never settled.
  @discardableResult
  func settleWork(at sourceLocation: SourceLocation) async -> Bool {
    guard
      let unsettled = await settleRounds(
        scheduler, tasks, timeout: Waiters.limit, answers: answers)
    else { return true }
    Issue.record(Comment(rawValue: "ScreenHarness: \(unsettled)"), sourceLocation: sourceLocation)
    return false
  }

  /// What waits for the test's answer now, for failure messages: empty, or a sentence.
  var waitingForTest: String {
    let waits = answers.waits().map(\.description)
    guard !waits.isEmpty, tasks.contains(where: { $0.unfinishedCount > 0 }) else { return "" }
    return "\n(the view model waits for: " + waits.joined(separator: "; ") + ")"
  }

  private func answer<Request, Response>(
    _ call: ControlledCall<Request, Response>, _ index: Int,
    _ result: Result<Response, any Error>, at sourceLocation: SourceLocation
  ) async {
    guard await settleWork(at: sourceLocation) else { return }
    let made = call.requests
    guard made.count > index else {
      Issue.record(
        Comment(rawValue: "request #\(index) was never made; \(made.count) made: \(made)"),
        sourceLocation: sourceLocation)
      return
    }
    call.answer(index, with: result) {
      Issue.record(Comment(rawValue: $0), sourceLocation: sourceLocation)
    }
    await settleWork(at: sourceLocation)
  }

  private func record<Value: Sendable>(
    _ name: String, subscribe: (@escaping @Sendable (Value) -> Void) -> SubscriptionToken
  ) -> ScreenOutput<Value> {
    let output = ScreenOutput<Value>(name: name, id: subscriptions.count)
    let log = self.log
    let scheduler = self.scheduler
    subscriptions.append(
      subscribe { value in
        log.append(
          EmissionLog.Emission(output: output.id, name: name, value: value, time: scheduler.now))
      })
    return output
  }
}
