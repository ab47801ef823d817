import Dispatch
import Signals
import SignalsTesting
import Synchronization
import Testing

@Suite struct SmokeTests {
  @Test func propertyReplaysAndEventsDoNot() {
    let owner = MutableProperty(1)
    let sender = EventSender<String>()
    sender.send("old")
    owner.value = 2
    let state = Recorder(owner.property)
    let events = Recorder(sender.stream)
    owner.value = 3
    sender.send("new")
    #expect(state.values == [2, 3])
    #expect(events.values == ["new"])
  }

  @Test func reentrantSendKeepsOrderForAll() {
    let sender = EventSender<Int>()
    let first = Mutex<[Int]>([])
    let second = Mutex<[Int]>([])
    let a = sender.stream.sink { v in
      first.withLock { $0.append(v) }
      if v == 1 { sender.send(2) }
    }
    let b = sender.stream.sink { v in second.withLock { $0.append(v) } }
    sender.send(1)
    #expect(first.withLock { $0 } == [1, 2])
    #expect(second.withLock { $0 } == [1, 2])
    _ = (a, b)
  }

  @Test func concurrentSends() async {
    let sender = EventSender<Int>()
    let got = Mutex<[Int]>([])
    let token = sender.stream.sink { v in got.withLock { $0.append(v) } }
    DispatchQueue.concurrentPerform(iterations: 4) { t in
      for i in 0..<10_000 { sender.send(t * 100_000 + i) }
    }
    let values = got.withLock { $0 }
    #expect(values.count == 40_000)
    for t in 0..<4 {
      let mine = values.filter { $0 / 100_000 == t }
      #expect(mine == Array((t * 100_000)..<(t * 100_000 + 10_000)))
    }
    token.cancel()
  }

  @Test func debounceVirtualTime() {
    let scheduler = TestScheduler()
    let sender = EventSender<String>()
    let recorder = Recorder(
      sender.stream.debounce(for: .milliseconds(300), scheduler: scheduler), scheduler: scheduler)
    sender.send("a")
    scheduler.advance(by: .milliseconds(100))
    sender.send("ab")
    scheduler.advance(by: .milliseconds(299))
    #expect(recorder.values == [])
    scheduler.advance(by: .milliseconds(1))
    #expect(recorder.timedValues == [TimedValue(.milliseconds(400), "ab")])
  }

  @MainActor @Test func mainActorFaceIsSynchronousOnMain() {
    let owner = MutableProperty("a")
    @MainActor final class Screen { var seen: [String] = [] }
    let screen = Screen()
    let token = owner.property.receive(on: .mainActor).sink { screen.seen.append($0) }
    owner.value = "b"
    #expect(screen.seen == ["a", "b"])
    token.cancel()
    owner.value = "c"
    #expect(screen.seen == ["a", "b"])
  }
}
