import Testing

@testable import ConsoleKit
@testable import Demo

/// The lifecycle order of screens on the stack, with screens that record their calls.
@MainActor
@Suite struct ScreenStackTests {
  private final class LoggingScreen: ConsoleViewController {
    let name: String
    let log: Log

    init(_ name: String, log: Log) {
      self.name = name
      self.log = log
    }

    override func bind() { log.entries.append("\(name).bind") }

    override func viewDidLoad() {
      log.entries.append("\(name).viewDidLoad")
      super.viewDidLoad()
    }

    override func viewWillAppear() {
      log.entries.append("\(name).viewWillAppear")
      super.viewWillAppear()
    }

    override func viewDidDisappear() {
      log.entries.append("\(name).viewDidDisappear")
      super.viewDidDisappear()
    }
  }

  private final class Log {
    var entries: [String] = []
  }

  @Test func onlyTheTopScreenIsBoundAndAPoppedScreenIsReleased() {
    let log = Log()
    let stack = ScreenStack(display: RecordingDisplay())
    stack.push(LoggingScreen("list", log: log))
    #expect(log.entries == ["list.viewDidLoad", "list.bind"])

    weak var detail: LoggingScreen?
    do {
      let screen = LoggingScreen("detail", log: log)
      detail = screen
      stack.push(screen)
    }
    #expect(
      log.entries.dropFirst(2) == ["list.viewDidDisappear", "detail.viewDidLoad", "detail.bind"])

    #expect(stack.pop())
    #expect(
      log.entries.dropFirst(5) == [
        "detail.viewDidDisappear", "list.viewWillAppear", "list.bind",
      ])
    #expect(detail == nil)

    #expect(!stack.pop())  // the root stays
    #expect(log.entries.count == 8)
    #expect(stack.screens.count == 1)
  }

  /// A cancelled interactive pop (the user starts swiping Back, then lets go) sends the top
  /// screen `viewWillAppear` again without a `viewDidDisappear` first: the guard in
  /// `bindIfNeeded()` keeps it from binding twice.
  @Test func anAppearWithoutADisappearBeforeItDoesNotBindAgain() {
    let log = Log()
    let stack = ScreenStack(display: RecordingDisplay())
    stack.push(LoggingScreen("list", log: log))
    let detail = LoggingScreen("detail", log: log)
    stack.push(detail)
    let before = log.entries.count
    detail.viewWillAppear()  // the swipe was cancelled: the detail stays on top
    #expect(Array(log.entries.dropFirst(before)) == ["detail.viewWillAppear"])  // no second bind
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
