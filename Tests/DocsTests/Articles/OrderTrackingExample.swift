import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// The order-tracking screen of the article "A live screen" (issue 41): a status, an ETA
// countdown ticking every second, "n stops away", a connection indicator, reconnecting with
// backoff, a cancel that is never sent twice, a toast and a navigation fired once. No
// hand-made timer, backoff loop or token bookkeeping: one TaskOwner holds all of it.

/// One update of the order, as the server streams it.
struct OrderUpdate: Equatable, Sendable {
  var status: String
  var etaSeconds: Int
  var stopsAway: Int
  var delivered = false
}

/// The server side the view model uses.
protocol OrderClient: Sendable {
  func updates(of order: String) async throws -> AsyncThrowingStream<OrderUpdate, any Error>
  func cancel(_ order: String) async throws
}

// snippet: order-tracking-view-model
/// A live order: its state, one-off events, and intents; the screen decides nothing.
@MainActor
final class OrderTrackingViewModel {
  struct State: Equatable, Sendable {
    var status = "Connecting…"
    var etaSeconds: Int?
    var stopsAway: Int?
    var connection = RetryStatus.connecting(attempt: 1)
    var isCancelling = false
    /// How the cancel ended, kept until the screen reports it seen: it can end while no screen
    /// is bound, and the user must learn whether the order goes on.
    var cancelOutcome: String?
  }

  enum Event: Equatable, Sendable {
    case toast(String)
    case showDelivered
  }

  private let owner = MutableProperty(State())
  private let sender = EventSender<Event>()
  var state: Property<State> { owner.property }
  var events: EventStream<Event> { sender.stream }

  let tasks = TaskOwner()  // the stream, the countdown, the cancel: one owner (tests probe it)
  private let client: any OrderClient
  private let order: String
  private let scheduler: any SignalScheduler
  private var live: Retrying?

  init(order: String, client: any OrderClient, scheduler: any SignalScheduler) {
    self.order = order
    self.client = client
    self.scheduler = scheduler
  }

  /// The screen appeared: follow the order, reconnecting with backoff (1, 2, 4, 8 s).
  func start() {
    let live = tasks.retrying(key: "updates", for: self, on: scheduler) {
      [client, order] updates in
      for try await update in try await client.updates(of: order) { updates.report(update) }
    } update: { model, update in
      model.show(update)
    } failed: { model, _ in
      model.sender.send(.toast("Connection lost: reconnecting"))
    }
    self.live = live
    tasks.own(
      live.status.receive(on: .mainActor).sink(with: self) { model, connection in
        model.owner.modify { $0.connection = connection }
      }, key: "connection")
  }

  /// "Retry now" on the connection indicator.
  func retryNow() { live?.retryNow() }

  /// The cancel button: sent once, however often it is tapped; its outcome is state.
  func cancelOrder() {
    guard !owner.value.isCancelling else { return }
    owner.modify { $0.isCancelling = true }
    tasks.run(key: "cancel", for: self) { [client, order] in
      try await client.cancel(order)
    } then: { model, result in
      let cancelled = if case .success = result { true } else { false }
      model.owner.modify {
        $0.isCancelling = false
        $0.cancelOutcome = cancelled ? "Order cancelled" : "Could not cancel: the order goes on"
      }
    }
  }

  /// The user dismissed the cancel's outcome: it is not shown again.
  func cancelOutcomeSeen() { owner.modify { $0.cancelOutcome = nil } }

  /// The screen went away: the connection, the stream and the countdown stop. A cancel already
  /// sent does not: its outcome waits in the state for the next screen.
  func stop() { for key in ["connection", "updates", "eta"] { tasks.cancel(key: key) } }

  private func show(_ update: OrderUpdate) {
    owner.modify {
      $0.status = update.status
      $0.etaSeconds = update.etaSeconds
      $0.stopsAway = update.stopsAway
    }
    if update.delivered {
      tasks.cancel(key: "eta")
      sender.send(.showDelivered)
    } else {
      // A new ETA replaces the countdown under its key: no tick of the old one arrives.
      tasks.every(.seconds(1), key: "eta", on: scheduler, for: self) { model in
        model.owner.modify { $0.etaSeconds = max(0, ($0.etaSeconds ?? 0) - 1) }
      }
    }
  }
}
// snippet-end

// snippet: order-tracking-bind
/// The order's screen: one `bind()` draws the state and performs each event once; taps become
/// intents. It decides nothing the view model owns.
@MainActor
final class OrderTrackingScreen {
  private(set) var shown: [String] = []  // the lines on screen now
  private(set) var performed: [String] = []  // toasts shown and screens pushed, once each
  private let viewModel: OrderTrackingViewModel
  private let bag = SubscriptionBag()

  init(viewModel: OrderTrackingViewModel) { self.viewModel = viewModel }

  func bind() {
    viewModel.state.receive(on: .mainActor).sink(with: self) { screen, state in
      let eta = state.etaSeconds.map { "arrives in \($0) s" } ?? ""
      screen.shown =
        [state.status, eta, "\(state.connection)"] + [state.cancelOutcome].compactMap { $0 }
    }.store(in: bag)
    viewModel.events.receive(on: .mainActor).sink(with: self) { screen, event in
      screen.performed.append("\(event)")
    }.store(in: bag)
    viewModel.start()
  }

  func retryTapped() { viewModel.retryNow() }
  func cancelTapped() { viewModel.cancelOrder() }
  func outcomeDismissed() { viewModel.cancelOutcomeSeen() }
  func disappeared() { viewModel.stop() }
}
// snippet-end

/// The client the tests answer: each connection is a `ControlledCall` request answered with a
/// `ControlledSequence` (or failed), each cancel another call.
struct FakeOrderClient: OrderClient {
  let connections = ControlledCall<String, ControlledSequence<OrderUpdate>>()
  let cancels = ControlledCall<String, Void>()

  func updates(of order: String) async throws -> AsyncThrowingStream<OrderUpdate, any Error> {
    try await connections.call(order).throwingStream
  }

  func cancel(_ order: String) async throws {
    try await cancels.call(order)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct OrderTrackingExampleTests {
  struct Offline: Error {}

  // snippet: order-tracking-test
  @Test func theEtaCountsDownAndANewUpdateReplacesTheCountdown() async throws {
    let (client, model, screen) = Self.tracking()
    let eta = screen.record(model.state.map(\.etaSeconds).removeDuplicates(), as: "eta")
    model.start()

    let feed = Self.feed(watchedBy: screen)
    await screen.resolve(client.connections, 0, with: feed)
    await feed.send(OrderUpdate(status: "On the way", etaSeconds: 3, stopsAway: 2))
    await screen.expect(eta, nil, 3, at: .zero)
    await screen.advance(by: .seconds(2))
    await feed.send(OrderUpdate(status: "On the way", etaSeconds: 10, stopsAway: 1))
    await screen.expect(eta, 2, at: .seconds(1))
    await screen.expect(eta, 1, 10, at: .seconds(2))  // the new update replaced the countdown
    await screen.advance(by: .seconds(1))
    await screen.expect(eta, 9, at: .seconds(3))
    model.stop()
    await screen.finish()
  }
  // snippet-end

  @Test func aLostConnectionReconnectsWithBackoffAndShowsItsStatus() async throws {
    let (client, model, screen) = Self.tracking()
    let connection = screen.record(
      model.state.map(\.connection).removeDuplicates(), as: "connection")
    let events = screen.record(model.events, as: "events")
    let lost = OrderTrackingViewModel.Event.toast("Connection lost: reconnecting")
    model.start()

    await screen.fail(client.connections, 0, with: Offline())
    await screen.expect(connection, .connecting(attempt: 1))
    await screen.expect(events, lost)
    await screen.expect(connection, .waiting(attempt: 2, delay: .seconds(1)))
    await screen.advance(by: .seconds(1))
    await screen.fail(client.connections, 1, with: Offline())
    await screen.expect(connection, .connecting(attempt: 2))
    await screen.expect(events, lost)
    await screen.expect(connection, .waiting(attempt: 3, delay: .seconds(2)))
    model.retryNow()  // the user taps "retry now": no 2 s wait
    let feed = Self.feed(watchedBy: screen)
    await screen.resolve(client.connections, 2, with: feed)
    await feed.send(OrderUpdate(status: "Preparing", etaSeconds: 600, stopsAway: 5))
    await screen.expect(connection, .connecting(attempt: 3), .connected(attempt: 3))
    model.stop()
    await screen.finish()
  }

  @Test func aDoubleTapCancelsOnceAndDeliveryNavigatesOnce() async throws {
    let (client, model, screen) = Self.tracking()
    let events = screen.record(model.events, as: "events")
    model.start()
    model.cancelOrder()
    model.cancelOrder()  // the second tap while the first is sent: nothing
    await screen.fail(client.cancels, 0, with: Offline())

    let feed = Self.feed(watchedBy: screen)
    await screen.resolve(client.connections, 0, with: feed)
    await feed.send(
      OrderUpdate(status: "Delivered", etaSeconds: 0, stopsAway: 0, delivered: true))
    await feed.finish()
    await screen.advance(by: .seconds(60))

    #expect(client.cancels.requests.count == 1)
    await screen.expect(events, .showDelivered)
    #expect(model.state.value.cancelOutcome == "Could not cancel: the order goes on")
    #expect(model.state.value.connection == .ended)
    #expect(screen.scheduler.pendingCount == 0)  // no countdown left behind
    await screen.finish()
  }

  @Test func stopEndsTheStreamTheCountdownAndTheConnection() async throws {
    let (client, model, screen) = Self.tracking()
    let eta = screen.record(model.state.map(\.etaSeconds).removeDuplicates(), as: "eta")
    model.start()
    let feed = Self.feed(watchedBy: screen)
    await screen.resolve(client.connections, 0, with: feed)
    await feed.send(OrderUpdate(status: "On the way", etaSeconds: 5, stopsAway: 1))
    await screen.expect(eta, nil, 5)

    model.stop()
    await feed.cancellation()
    await screen.advance(by: .seconds(10))

    #expect(screen.scheduler.pendingCount == 0)
    // stop() ends the connection subscription before the stream, so the last status stays.
    #expect(model.state.value.connection == .connected(attempt: 1))
    await screen.finish()  // no tick after the stop
  }

  /// A cancel sent before the screen left is not cancelled with the screen's work, and its
  /// outcome waits, as state, for the next screen (flowchart question 1).
  @Test func aCancelSentBeforeTheScreenLeftFinishesAndTheNextScreenShowsItsOutcome() async throws {
    let scheduler = TestScheduler()
    let client = FakeOrderClient()
    let model = OrderTrackingViewModel(order: "42", client: client, scheduler: scheduler)
    let screen = OrderTrackingScreen(viewModel: model)
    screen.bind()
    screen.cancelTapped()
    await client.cancels.requests(count: 1)
    screen.disappeared()  // covered, or the app went to the background
    client.cancels.fail(0, with: Offline())
    await settle(scheduler)
    #expect(client.cancels.cancelledRequests.isEmpty)
    let next = OrderTrackingScreen(viewModel: model)
    next.bind()
    #expect(next.shown.last == "Could not cancel: the order goes on")
    next.outcomeDismissed()
    #expect(next.shown.count == 3)  // seen: gone from the screen, and from a rebuilt one
    next.disappeared()
  }

  /// The screen bound in one `bind()`: the countdown reaches it tick by tick, on the main actor.
  @Test func theBoundScreenShowsTheCountdownTickByTick() async throws {
    let scheduler = TestScheduler()
    let client = FakeOrderClient()
    let screen = OrderTrackingScreen(
      viewModel: OrderTrackingViewModel(order: "42", client: client, scheduler: scheduler))
    screen.bind()
    #expect(screen.shown == ["Connecting…", "", "connecting(attempt: 1)"])

    await client.connections.requests(count: 1)
    let feed = ControlledSequence<OrderUpdate>()
    client.connections.resolve(0, with: feed)
    await feed.send(OrderUpdate(status: "On the way", etaSeconds: 3, stopsAway: 2))
    await settle(scheduler)
    scheduler.advance(by: .seconds(1))
    await settle(scheduler)

    #expect(screen.shown == ["On the way", "arrives in 2 s", "connected(attempt: 1)"])
    #expect(screen.performed == [])
    screen.disappeared()
  }

  /// An order's view model over a fake client, under a harness that settles its tasks and
  /// watches its connection and cancel requests.
  private static func tracking() -> (FakeOrderClient, OrderTrackingViewModel, ScreenHarness) {
    let scheduler = TestScheduler()
    let client = FakeOrderClient()
    let model = OrderTrackingViewModel(order: "42", client: client, scheduler: scheduler)
    let screen = ScreenHarness(scheduler: scheduler, tasks: TaskOwnerProbe(model.tasks))
    screen.watch(client.connections, as: "connections")
    screen.watch(client.cancels, as: "cancels")
    return (client, model, screen)
  }

  /// A connection's stream of updates, watched by `screen`.
  private static func feed(watchedBy screen: ScreenHarness) -> ControlledSequence<OrderUpdate> {
    let feed = ControlledSequence<OrderUpdate>()
    screen.watch(feed, as: "updates")
    return feed
  }
}
