import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The upload queue of the DocC article "Owned tasks and latest wins"
// (Sources/Signals/Signals.docc/OwnedTasks.md), quoted through its snippet markers: work that
// reports progress, owned by a `TaskOwner` and nothing else.

// snippet: upload-queue-view-model
/// Uploads files at most two at a time, each showing its progress (one update per 100 ms at
/// most); a file can be cancelled and retried; one `allFinished` event ends each batch.
@MainActor
final class UploadQueueViewModel {
  enum Status: Equatable, Sendable {
    case waiting
    case uploading(percent: Int)
    case done
    case failed
    case cancelled
  }

  struct Item: Equatable, Sendable {
    let file: String
    var status: Status

    var isUploading: Bool {
      if case .uploading = status { true } else { false }
    }
  }

  enum Event: Equatable, Sendable {
    case allFinished
  }

  /// Sends `file`, reporting the percentage sent so far; throws if the upload fails.
  typealias Upload =
    @Sendable (_ file: String, _ progress: UpdateReporter<Int>) async throws
    -> Void

  static let maxRunning = 2
  static let progressInterval = Duration.milliseconds(100)

  let tasks = TaskOwner()  // the only bookkeeping of running uploads: one task per file key
  private let itemsOwner = MutableProperty<[Item]>([])
  private let eventSender = EventSender<Event>()
  private let upload: Upload
  private let throttle: UpdateThrottle
  private var isBatchRunning = false

  var items: Property<[Item]> { itemsOwner.property }
  var events: EventStream<Event> { eventSender.stream }

  init(scheduler: some SignalScheduler, upload: @escaping Upload) {
    self.upload = upload
    throttle = .latest(per: Self.progressInterval, on: scheduler)
  }

  func add(_ files: [String]) {
    itemsOwner.value += files.map { Item(file: $0, status: .waiting) }
    startWaitingUploads()
  }

  /// Stops `file`'s upload: its progress and outcome are dropped, even if already on their way.
  func cancel(_ file: String) {
    tasks.cancel(key: file)
    setStatus(.cancelled, of: file)
    startWaitingUploads()
  }

  /// Uploads `file` again, when a slot is free; a stale attempt never shows again.
  func retry(_ file: String) {
    tasks.cancel(key: file)
    setStatus(.waiting, of: file)
    startWaitingUploads()
  }

  private func startWaitingUploads() {
    var items = itemsOwner.value
    while items.count(where: \.isUploading) < Self.maxRunning,
      let next = items.firstIndex(where: { $0.status == .waiting })
    {
      items[next].status = .uploading(percent: 0)
      start(items[next].file)
    }
    itemsOwner.value = items
    if isBatchRunning && !items.contains(where: { $0.isUploading || $0.status == .waiting }) {
      isBatchRunning = false
      eventSender.send(.allFinished)
    }
  }

  private func start(_ file: String) {
    isBatchRunning = true
    tasks.run(key: file, for: self, throttle: throttle) { [upload] progress in
      try await upload(file, progress)
    } update: { queue, percent in
      queue.setStatus(.uploading(percent: percent), of: file)
    } then: { queue, result in
      let status: Status = if case .success = result { .done } else { .failed }
      queue.setStatus(status, of: file)
      queue.startWaitingUploads()
    }
  }

  private func setStatus(_ status: Status, of file: String) {
    itemsOwner.value = itemsOwner.value.map {
      $0.file == file ? Item(file: file, status: status) : $0
    }
  }
}
// snippet-end

/// The upload queue's scenarios, under a `ScreenHarness`: each step settles, then every list the
/// screen would draw is asserted in order, and `finish()` fails on any the test did not assert.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UploadQueueExampleTests {
  /// One upload as the fake server sees it: the file and the reporter its attempt got.
  struct UploadCall: Sendable {
    let file: String
    let progress: UpdateReporter<Int>
  }

  let uploads = ControlledCall<UploadCall, Void>()
  let queue: UploadQueueViewModel
  let screen: ScreenHarness
  /// The list as one line, each file's status in order: `a 10%, b waiting`.
  let items: ScreenOutput<String>
  let events: ScreenOutput<UploadQueueViewModel.Event>

  struct Offline: Error {}

  init() {
    let uploads = uploads
    let scheduler = TestScheduler()
    queue = UploadQueueViewModel(scheduler: scheduler) { file, progress in
      try await uploads.call(UploadCall(file: file, progress: progress))
    }
    screen = ScreenHarness(scheduler: scheduler, tasks: TaskOwnerProbe(queue.tasks))
    items = screen.record(queue.items.map(Self.line).removeDuplicates(), as: "items")
    events = screen.record(queue.events, as: "events")
    screen.watch(uploads, as: "uploads")
  }

  /// The upload of `file` the fake server got: its first attempt, or a later one. Uploads
  /// started together reach the server in any order.
  func upload(of file: String, attempt: Int = 0) -> (index: Int, call: UploadCall) {
    let made = uploads.requests
    let index = made.indices.filter { made[$0].file == file }[attempt]
    return (index, made[index])
  }

  @Test func atMostTwoUploadAtATimeAndTheNextStartsWhenOneEnds() async {
    queue.add(["a", "b", "c"])
    await screen.expect(items, "", "a waiting, b waiting, c waiting", "a 0%, b 0%, c waiting")
    #expect(uploads.requests.map(\.file).sorted() == ["a", "b"])

    await screen.resolve(uploads, upload(of: "a").index, with: ())
    await screen.expect(items, "a done, b 0%, c waiting", "a done, b 0%, c 0%")  // "c" starts
    await screen.resolve(uploads, upload(of: "b").index, with: ())
    await screen.resolve(uploads, upload(of: "c").index, with: ())
    await screen.expect(items, "a done, b done, c 0%", "a done, b done, c done")
    await screen.expect(events, .allFinished)
    await screen.finish()
  }

  @Test func progressIsThrottledPerFile() async {
    queue.add(["a", "b"])
    await screen.expect(items, "", "a waiting, b waiting", "a 0%, b 0%")
    for percent in [10, 20, 30] { upload(of: "a").call.progress.report(percent) }
    await screen.expect(items, "a 10%, b 0%")  // the first at once, the rest held back
    upload(of: "b").call.progress.report(5)  // another file: not held back by "a"
    await screen.expect(items, "a 10%, b 5%")

    await screen.advance(by: UploadQueueViewModel.progressInterval)
    await screen.expect(items, "a 30%, b 5%")  // the latest of those held back
    queue.cancel("a")
    queue.cancel("b")
    await screen.expect(items, "a cancelled, b 5%", "a cancelled, b cancelled")
    await screen.expect(events, .allFinished)
    await screen.finish()
  }

  // snippet: upload-queue-stale-progress-test
  @Test func aStaleProgressNeverOverwritesTheRetriedUpload() async {
    queue.add(["a"])
    await screen.expect(items, "", "a waiting", "a 0%")
    let first = upload(of: "a").call
    first.progress.report(90)  // on its way to the main actor
    queue.retry("a")  // in the same main-actor turn
    await screen.expect(items, "a waiting", "a 0%")  // never "a 90%"
    upload(of: "a", attempt: 1).call.progress.report(10)
    first.progress.report(95)  // the cancelled attempt goes on reporting
    await screen.expect(items, "a 10%")  // never "a 95%"

    await screen.resolve(uploads, upload(of: "a", attempt: 1).index, with: ())
    await screen.expect(items, "a done")
    await screen.expect(events, .allFinished)
    await screen.finish()
  }
  // snippet-end

  @Test func aCancelledUploadFreesItsSlotAndShowsNothingMore() async {
    queue.add(["a", "b", "c"])
    await screen.expect(items, "", "a waiting, b waiting, c waiting", "a 0%, b 0%, c waiting")
    upload(of: "a").call.progress.report(50)
    queue.cancel("a")
    await screen.expect(items, "a cancelled, b 0%, c waiting", "a cancelled, b 0%, c 0%")
    #expect(uploads.cancelledRequests.map(\.file) == ["a"])

    await screen.resolve(uploads, upload(of: "b").index, with: ())
    await screen.fail(uploads, upload(of: "c").index, with: Offline())
    await screen.expect(items, "a cancelled, b done, c 0%", "a cancelled, b done, c failed")
    await screen.expect(events, .allFinished)
    await screen.finish()
  }

  @Test func eachBatchEndsWithOneAllFinishedEvent() async {
    queue.add(["a", "b"])
    await screen.expect(items, "", "a waiting, b waiting", "a 0%, b 0%")
    await screen.resolve(uploads, upload(of: "a").index, with: ())
    await screen.fail(uploads, upload(of: "b").index, with: Offline())
    await screen.expect(items, "a done, b 0%", "a done, b failed")
    await screen.expect(events, .allFinished)

    queue.retry("b")  // a new batch
    await screen.expect(items, "a done, b waiting", "a done, b 0%")
    await screen.resolve(uploads, 2, with: ())
    await screen.expect(items, "a done, b done")
    await screen.expect(events, .allFinished)
    await screen.finish()
  }

  /// `items` as the screen draws them: each file and its status, in order.
  nonisolated private static func line(_ items: [UploadQueueViewModel.Item]) -> String {
    items.map { item in
      switch item.status {
      case .uploading(let percent): "\(item.file) \(percent)%"
      default: "\(item.file) \(item.status)"
      }
    }.joined(separator: ", ")
  }
}
