import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The example of the "Sequences in and out" article (Signals.docc/SequencesInAndOut.md),
// compiled and run here.

/// A message as a socket delivers it.
struct Message: Sendable, Equatable {
  let text: String
}

/// Whether the socket is connected.
enum Connection: Sendable, Equatable {
  case connecting, online, offline
}

// snippet: sequences-inbox-model
/// An inbox fed by a socket's sequences: messages as events, the connection as state.
final class Inbox: Sendable {
  private let messageFeed: AsyncSequenceEvents<Message>
  private let connectionFeed: AsyncSequenceProperty<Connection>

  /// Every message from the first subscription on (one-off: a toast, a sound).
  var messages: EventStream<Message> { messageFeed.stream }
  /// The connection now (state: a late screen still shows it).
  var connection: Property<Connection> { connectionFeed.property }

  init(
    messages: some AsyncSequence<Message, Never> & Sendable,
    connection: some AsyncSequence<Connection, Never> & Sendable
  ) {
    messageFeed = AsyncSequenceEvents(messages)
    connectionFeed = AsyncSequenceProperty(initialValue: .connecting, updates: connection)
  }
  // Released with the inbox, both feeds cancel their iteration: the socket's streams end.
}
// snippet-end

// snippet: sequences-values-out
/// The other way out: `values` turns a property (or a stream) into an `AsyncSequence`.
func waitUntilOnline(_ inbox: Inbox) async {
  for await connection in inbox.connection.values where connection == .online {
    return
  }
}
// snippet-end

@Suite(.timeLimit(.minutes(5)))
struct InboxExampleTests {
  // snippet: sequences-inbox-test
  @Test func messagesArriveInOrderAndAreDebouncedOnVirtualTime() async throws {
    let scheduler = TestScheduler()
    let socket = ControlledSequence<Message>()
    let status = ControlledSequence<Connection>()
    let inbox = Inbox(messages: socket.stream, connection: status.stream)
    let connection = Recorder(inbox.connection)
    let shown = Recorder(
      inbox.messages.debounce(for: .milliseconds(300), scheduler: scheduler),
      scheduler: scheduler)

    await status.send(.online)  // returns once the property stored it
    await socket.send(Message(text: "hi"))  // returns once delivered
    scheduler.advance(by: .milliseconds(100))
    await socket.send(Message(text: "hi again"))
    scheduler.advance(by: .milliseconds(300))

    #expect(connection.values == [.connecting, .online])
    #expect(shown.timedValues == [TimedValue(.milliseconds(400), Message(text: "hi again"))])
  }
  // snippet-end

  // snippet: sequences-throwing
  @Test func aThrowingSequenceDeliversItsElementsThenItsErrorGoesToIteration() async throws {
    struct Disconnected: Error {}
    let socket = ControlledSequence<Message>()
    // Any AsyncSequence, throwing or not: here an AsyncThrowingStream.
    let feed = AsyncSequenceEvents(socket.throwingStream)
    let shown = Recorder(feed.stream)
    let iteration = Recorder(feed.iteration)

    await socket.send(Message(text: "hi"))
    await socket.fail(with: Disconnected())  // subscribers get no error: it is not an event
    _ = await iteration.next()  // running (since the first subscription)
    _ = await iteration.next()  // failed: the bridge's own task, awaited

    #expect(shown.values == [Message(text: "hi")])
    guard case .failed(let error) = feed.iteration.value else {
      Issue.record("expected a failed iteration, got \(feed.iteration.value)")
      return
    }
    #expect(error is Disconnected)
  }
  // snippet-end

  @Test func releasingTheInboxEndsBothFeedsAndValuesGoesOut() async throws {
    let socket = ControlledSequence<Message>()
    let status = ControlledSequence<Connection>()
    var inbox: Inbox? = Inbox(messages: socket.stream, connection: status.stream)
    let recorder = inbox.map { Recorder($0.messages) }
    if let inbox {
      async let online: Void = waitUntilOnline(inbox)
      await status.send(.online)
      await online
    }
    inbox = nil
    await socket.cancellation()
    await status.cancellation()
    #expect(recorder?.values == [])
  }
}
