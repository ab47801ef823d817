import Signals
import SignalsTestSupport
import SignalsTesting
import Testing

/// `Timeline`: the text format (golden strings) and the assertion that compares against it.
@Suite struct TimelineTests {
  private let scheduler = TestScheduler()

  @Test func theDocumentedExample() {
    #expect(
      Timeline.documentedExample(on: scheduler).description == """
        ms     |0    |300    |800            |1000
        state  ^idle=loading=(saved editing)==========
        toast  ^-------------Saved-----------!
        """)
  }

  @Test func aLaneIsBlankBeforeItStartsAndAfterItIsCancelled() {
    let state = MutableProperty(1)
    let early = Recorder(state.property, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(100))
    let late = Recorder(state.property, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(250))
    state.value = 2
    early.cancel()
    scheduler.advance(to: .milliseconds(400))
    state.value = 3

    #expect(
      Timeline(("early", early), ("late", late)).description == """
        ms     |0 |100 |250 |400
        early  ^1======2!
        late      ^1===2====3=======
        """)
  }

  @Test func valuesAtOneInstantAreGroupedInArrivalOrder() {
    let sender = EventSender<String>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    sender.send("a")
    sender.send("b")
    scheduler.advance(to: .milliseconds(20))
    sender.send("c")
    sender.send("d")
    sender.send("e")

    #expect(
      Timeline(("events", events)).description == """
        ms      |0     |20
        events  ^(a b)-(c d e)----
        """)
  }

  @Test func withoutASchedulerEverythingHappensAtZero() {
    let state = MutableProperty("a")
    let sender = EventSender<Int>()
    let states = Recorder(state.property)
    let events = Recorder(sender.stream)
    state.value = "b"
    sender.send(1)
    events.cancel()

    #expect(
      Timeline(("state", states), ("events", events)).description == """
        ms      |0
        state   ^(a b)====
        events  ^1!
        """)
  }

  @Test func anEventLaneWithNoEventsIsALine() {
    let sender = EventSender<Int>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    scheduler.advance(to: .seconds(2))

    #expect(
      Timeline(("none", events)).description == """
        ms    |0
        none  ^-----
        """)
  }

  @Test func aCancellationAtTheStartInstantClosesTheLaneAtOnce() {
    let state = MutableProperty("on")
    let states = Recorder(state.property, scheduler: scheduler)
    states.cancel()
    scheduler.advance(to: .milliseconds(5))
    states.cancel()  // only the first cancellation is drawn

    #expect(
      Timeline(("state", states)).description == """
        ms     |0
        state  ^on!
        """)
  }

  @Test func timesThatAreNotWholeMillisecondsKeepTheirDecimals() {
    let sender = EventSender<String>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    scheduler.advance(by: .microseconds(250))
    sender.send("x")
    scheduler.advance(to: .seconds(90))
    sender.send("y")

    #expect(
      Timeline(("e", events)).description == """
        ms  |0 |0.25 |90000
        e   ^--x-----y---------
        """)
  }

  @Test func lineBreaksInAValueAreEscapedSoTheLayoutHolds() {
    let sender = EventSender<String>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    sender.send("two\nlines\tand a tab")

    #expect(
      Timeline(("e", events)).description == #"""
        ms  |0
        e   ^two\nlines\tand a tab----
        """#)
  }

  @Test func aTimelineIsASnapshotOfWhatTheRecordersHeld() {
    let sender = EventSender<Int>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    sender.send(1)
    let before = Timeline(("e", events))
    sender.send(2)

    #expect(before.description == "ms  |0\ne   ^1----")
    #expect(Timeline().description == "ms")
  }

  @Test func aDebounceReadsAtAGlance() {
    let typed = EventSender<String>()
    let searched = typed.stream.debounce(for: .milliseconds(300), scheduler: scheduler)
    let keys = Recorder(typed.stream, scheduler: scheduler)
    let searches = Recorder(searched, scheduler: scheduler)
    for (time, text) in [(0, "a"), (100, "ab"), (200, "abc"), (900, "abcd")] {
      scheduler.advance(to: .milliseconds(time))
      typed.send(text)
    }
    scheduler.advance(to: .seconds(2))

    #expect(
      Timeline(("typed", keys), ("search", searches)).description == """
        ms      |0 |100 |200 |500 |900 |1200
        typed   ^a-ab---abc-------abcd----------
        search  ^------------abc-------abcd-----
        """)
  }

  @Test func equalTimelinesHaveNoDifferencesWhateverTheTrailingSpaces() {
    let state = MutableProperty("a")
    let states = Recorder(state.property, scheduler: scheduler)

    #expect(Timeline(("s", states)).differences(from: "\nms  |0  \ns   ^a====  \n\n") == nil)
  }

  @Test func aDifferenceShowsWhereAndBothTimelinesOneAboveTheOther() {
    let state = MutableProperty("a")
    let states = Recorder(state.property, scheduler: scheduler)
    scheduler.advance(to: .milliseconds(10))
    state.value = "b"

    let expected = """
      ms  |0 |10
      s   ^a=c===
      """
    #expect(
      Timeline(("s", states)).differences(from: expected) == """
        The timeline differs from the expected one at line 2, column 8.
        Expected:
        ms  |0 |10
        s   ^a=c===
        Actual:
        ms  |0 |10
        s   ^a=b======
        """)
  }

  @Test func aMissingLaneIsADifferenceToo() {
    let state = MutableProperty("a")
    let states = Recorder(state.property, scheduler: scheduler)

    let difference = Timeline(("s", states)).differences(from: "ms  |0")
    #expect(
      difference?.hasPrefix("The timeline differs from the expected one at line 2, column 1.")
        == true)
  }

  @Test func expectTimelinePassesWhenTheTimelineMatches() {
    let sender = EventSender<Int>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    sender.send(7)

    expectTimeline(
      """
      ms      |0
      events  ^7----
      """,
      ("events", events))
  }

  @Test func expectTimelineRecordsAnIssueShowingBothTimelines() {
    let sender = EventSender<Int>()
    let events = Recorder(sender.stream, scheduler: scheduler)
    sender.send(7)

    withKnownIssue {
      expectTimeline("ms      |0\nevents  ^8---", ("events", events))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        The timeline differs from the expected one at line 2, column 10.
        Expected:
        ms      |0
        events  ^8---
        Actual:
        ms      |0
        events  ^7----
        """
      ]
    }
  }
}
