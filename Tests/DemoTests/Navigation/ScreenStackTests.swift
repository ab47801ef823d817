import SignalsTesting
import Testing

@testable import ConsoleKit
@testable import Demo

/// The lifecycle order of screens on the stack, with screens that record their calls.
@MainActor
@Suite struct ScreenStackTests {
  private final class LoggingScreen: ConsoleViewController {
    let name: String
    let log: Recorder<String>

    init(_ name: String, log: Recorder<String>) {
      self.name = name
      self.log = log
    }

    override func bind() { log.record("\(name).bind") }

    override func viewDidLoad() {
      log.record("\(name).viewDidLoad")
      super.viewDidLoad()
    }

    override func viewWillAppear() {
      log.record("\(name).viewWillAppear")
      super.viewWillAppear()
    }

    override func viewDidDisappear() {
      log.record("\(name).viewDidDisappear")
      super.viewDidDisappear()
    }
  }

  @Test func onlyTheTopScreenIsBoundAndAPoppedScreenIsReleased() {
    let log = Recorder<String>()
    let stack = ScreenStack(display: RecordingDisplay())
    stack.push(LoggingScreen("list", log: log))
    #expect(log.values == ["list.viewDidLoad", "list.bind"])

    weak var detail: LoggingScreen?
    do {
      let screen = LoggingScreen("detail", log: log)
      detail = screen
      stack.push(screen)
    }
    #expect(
      log.values.dropFirst(2) == ["list.viewDidDisappear", "detail.viewDidLoad", "detail.bind"])

    #expect(stack.pop())
    #expect(
      log.values.dropFirst(5) == [
        "detail.viewDidDisappear", "list.viewWillAppear", "list.bind",
      ])
    #expect(detail == nil)

    #expect(!stack.pop())  // the root stays
    #expect(log.values.count == 8)
    #expect(stack.screens.count == 1)
  }

  /// A cancelled interactive pop (the user starts swiping Back, then lets go) sends the top
  /// screen `viewWillAppear` again without a `viewDidDisappear` first: the guard in
  /// `bindIfNeeded()` keeps it from binding twice.
  @Test func anAppearWithoutADisappearBeforeItDoesNotBindAgain() {
    let log = Recorder<String>()
    let stack = ScreenStack(display: RecordingDisplay())
    stack.push(LoggingScreen("list", log: log))
    let detail = LoggingScreen("detail", log: log)
    stack.push(detail)
    let before = log.values.count
    detail.viewWillAppear()  // the swipe was cancelled: the detail stays on top
    #expect(Array(log.values.dropFirst(before)) == ["detail.viewWillAppear"])  // no second bind
  }

  @Test func aCoveredScreenCannotDraw() {
    let display = RecordingDisplay()
    let stack = ScreenStack(display: display)
    let list = ConsoleViewController()
    stack.push(list)
    stack.push(ConsoleViewController())
    list.show(ScreenContent(title: "Users"))
    list.showToast("hidden")
    #expect(display.calls == [])
  }
}
