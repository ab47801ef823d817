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

/// The upload queue's scenarios. None counts emissions to sync with a hop or waits for a
/// deadline to see a wrong state: each step settles, then asserts what is there.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UploadQueueExampleTests {
  /// One upload as the fake server sees it: the file and the reporter its attempt got.
  struct UploadCall: Sendable {
    let file: String
    let progress: UpdateReporter<Int>
  }

  let scheduler = TestScheduler()
  let uploads = ControlledCall<UploadCall, Void>()
  let queue: UploadQueueViewModel
  let items: Recorder<[UploadQueueViewModel.Item]>
  let events: Recorder<UploadQueueViewModel.Event>

  struct Offline: Error {}

  init() {
    let uploads = uploads
    queue = UploadQueueViewModel(scheduler: scheduler) { file, progress in
      try await uploads.call(UploadCall(file: file, progress: progress))
    }
    items = Recorder(queue.items)
    events = Recorder(queue.events)
  }

  /// The upload of `file` the fake server got: its first attempt, or a later one. Uploads
  /// started together reach the server in any order.
  func upload(of file: String, attempt: Int = 0) -> (index: Int, call: UploadCall) {
    let made = uploads.requests
    let index = made.indices.filter { made[$0].file == file }[attempt]
    return (index, made[index])
  }

  /// The statuses shown now, by file.
  var statuses: [String: UploadQueueViewModel.Status] {
    Dictionary(uniqueKeysWithValues: (items.last ?? []).map { ($0.file, $0.status) })
  }

  @Test func atMostTwoUploadAtATimeAndTheNextStartsWhenOneEnds() async throws {
    queue.add(["a", "b", "c"])
    let started = try await uploads.requests(count: 2)
    #expect(started.map(\.file).sorted() == ["a", "b"])
    #expect(statuses == ["a": .uploading(percent: 0), "b": .uploading(percent: 0), "c": .waiting])

    uploads.resolve(upload(of: "a").index, with: ())
    #expect(try await uploads.requests(count: 3).last?.file == "c")  // "a" ended: "c" starts
    await settle(scheduler)  // "b" and "c" go on uploading
    #expect(statuses == ["a": .done, "b": .uploading(percent: 0), "c": .uploading(percent: 0)])
  }

  @Test func progressIsThrottledPerFile() async throws {
    queue.add(["a", "b"])
    _ = try await uploads.requests(count: 2)
    for percent in [10, 20, 30] { upload(of: "a").call.progress.report(percent) }
    upload(of: "b").call.progress.report(5)
    await settle(scheduler)
    #expect(statuses == ["a": .uploading(percent: 10), "b": .uploading(percent: 5)])

    scheduler.advance(by: UploadQueueViewModel.progressInterval)
    await settle(scheduler)
    #expect(statuses == ["a": .uploading(percent: 30), "b": .uploading(percent: 5)])
  }

  // snippet: upload-queue-stale-progress-test
  @Test func aStaleProgressNeverOverwritesTheRetriedUpload() async throws {
    queue.add(["a"])
    let first = try await uploads.requests(count: 1)[0]
    first.progress.report(90)  // on its way to the main actor
    queue.retry("a")  // in the same main-actor turn
    let second = try await uploads.requests(count: 2)[1]
    second.progress.report(10)
    first.progress.report(95)  // the cancelled attempt goes on reporting
    await settle(scheduler)

    #expect(statuses == ["a": .uploading(percent: 10)])
    #expect(!items.values.contains { $0.first?.status == .uploading(percent: 90) })
  }
  // snippet-end

  @Test func aCancelledUploadFreesItsSlotAndShowsNothingMore() async throws {
    queue.add(["a", "b", "c"])
    _ = try await uploads.requests(count: 2)
    upload(of: "a").call.progress.report(50)
    queue.cancel("a")
    await settle(scheduler)

    #expect(
      statuses == ["a": .cancelled, "b": .uploading(percent: 0), "c": .uploading(percent: 0)])
    #expect(uploads.cancelledIndices == [upload(of: "a").index])
  }

  @Test func eachBatchEndsWithOneAllFinishedEvent() async throws {
    queue.add(["a", "b"])
    _ = try await uploads.requests(count: 2)
    uploads.resolve(upload(of: "a").index, with: ())
    uploads.fail(upload(of: "b").index, with: Offline())
    await settle(scheduler, tasks: TaskOwnerProbe(queue.tasks))
    #expect(statuses == ["a": .done, "b": .failed])
    #expect(events.values == [.allFinished])

    queue.retry("b")  // a new batch
    _ = try await uploads.requests(count: 3)
    uploads.resolve(2, with: ())
    await settle(scheduler, tasks: TaskOwnerProbe(queue.tasks))
    #expect(statuses == ["a": .done, "b": .done])
    #expect(events.values == [.allFinished, .allFinished])
  }
}
