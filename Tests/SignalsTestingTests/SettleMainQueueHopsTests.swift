import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `settle()` sees a value that takes many `receive(on: .mainQueue)` hops (issue 41: four or
/// more hops had not arrived after `settle()`, and a check of silence passed before the value
/// came).
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SettleMainQueueHopsTests {
  /// `stream` delivered through `hops` main-queue hops in a row.
  func hopped(_ stream: EventStream<Int>, _ hops: Int) -> EventStream<Int> {
    (0..<hops).reduce(stream) { stream, _ in stream.receive(on: .mainQueue) }
  }

  @Test(arguments: [1, 4, 8, 20])
  func settleWaitsForEveryHop(hops: Int) async {
    let sender = EventSender<Int>()
    let recorder = Recorder(hopped(sender.stream, hops))
    sender.send(1)
    sender.send(2)
    await settle()
    #expect(recorder.values == [1, 2])
  }
}
