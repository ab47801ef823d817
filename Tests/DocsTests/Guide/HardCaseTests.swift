import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

// Hard cases: where "state or event?" is hardest to answer. Each model here is the guide's
// position on one case; each test proves what that position buys or costs.

// MARK: - Navigation: the request is an event, the presented destination is state

// snippet: destination-state
/// The view model owns what is presented over the list. The screen draws `destination` and
/// reports that the user closed it; it never writes the state.
@MainActor
private final class ContactsViewModel {
  enum Destination: Equatable, Sendable { case detail(id: Int) }

  private let destinationOwner = MutableProperty<Destination?>(nil)
  /// What is presented now: a rebuilt screen presents it again.
  var destination: Property<Destination?> { destinationOwner.property }

  /// The request. While a destination is presented, another request changes nothing, so a
  /// double tap opens one screen.
  func select(id: Int) {
    guard destinationOwner.value == nil else { return }
    destinationOwner.value = .detail(id: id)
  }

  /// The user closed the destination (Back, a swipe, Cancel).
  func dismissed() {
    destinationOwner.value = nil
  }
}
// snippet-end

/// The navigation container: it owns the pushed destinations, and covering a screen tells it
/// so, as a navigation controller calls `viewDidDisappear`.
@MainActor
private final class FakeStack {
  private(set) var path: [Int] = []
  var onCover: () -> Void = {}

  func push(_ id: Int) {
    path.append(id)
    onCover()
  }
}

/// The event form: the view model sends the request and the container owns the path.
@MainActor
private final class RequestingViewModel {
  private let requests: EventSender<Int>
  var openRequests: EventStream<Int> { requests.stream }

  init(onDrop: @escaping @Sendable (Int) -> Void = { _ in }) {
    requests = EventSender(onDrop: onDrop)
  }

  func select(id: Int) {
    requests.send(id)
  }
}

/// A list screen that either binds once or binds while it is on top ("rebind on appear").
@MainActor
private final class RequestingListScreen {
  enum Binding { case once, whileOnTop }

  private let viewModel: RequestingViewModel
  private let stack: FakeStack
  private let bag = SubscriptionBag()

  init(viewModel: RequestingViewModel, stack: FakeStack, binding: Binding) {
    self.viewModel = viewModel
    self.stack = stack
    if binding == .whileOnTop {
      stack.onCover = { [bag] in bag.cancelAll() }
    }
  }

  func bind() {
    viewModel.openRequests.receive(on: .mainActor)
      .sink(with: self) { screen, id in screen.stack.push(id) }
      .store(in: bag)
  }
}

// MARK: - An outcome that must not be lost

// snippet: must-not-lose
/// A payment result can arrive while no screen is bound, and the user must learn it, so it is
/// state: it stays until the screen reports that the user has seen it.
@MainActor
final class PaymentViewModel {
  struct Message: Equatable, Sendable, Identifiable {
    let id: Int
    let text: String
  }

  private let messagesOwner = MutableProperty<[Message]>([])
  private var nextID = 1
  /// Messages the user has not seen yet, oldest first.
  var messages: Property<[Message]> { messagesOwner.property }

  func paymentFinished(_ text: String) {
    let message = Message(id: nextID, text: text)
    nextID += 1
    messagesOwner.modify { $0.append(message) }
  }

  /// The user has seen the message (the screen reports it dismissed): the view model removes it.
  func messageShown(_ id: Message.ID) {
    messagesOwner.modify { $0.removeAll { $0.id == id } }
  }
}
// snippet-end

// snippet: must-not-lose-screen
/// Shows the oldest message until the user dismisses it, then the next: one at a time. The
/// dismissal is the acknowledgment, reported through a method; the screen never writes the state.
@MainActor
final class PaymentScreen {
  private let viewModel: PaymentViewModel
  private let bag = SubscriptionBag()
  /// The message on screen now, if any.
  private(set) var onScreen: PaymentViewModel.Message?
  private(set) var shown: [String] = []

  init(viewModel: PaymentViewModel) {
    self.viewModel = viewModel
  }

  func bind() {
    viewModel.messages.receive(on: .mainActor)
      .sink(with: self) { screen, messages in screen.show(messages.first) }
      .store(in: bag)
  }

  private func show(_ oldest: PaymentViewModel.Message?) {
    guard let oldest, oldest != onScreen else { return }
    onScreen = oldest
    shown.append(oldest.text)
  }

  /// The user dismissed the message: now, and only now, it has been seen.
  func dismiss() {
    guard let seen = onScreen else { return }
    onScreen = nil
    viewModel.messageShown(seen.id)
  }

  func unbind() {
    bag.cancelAll()
    onScreen = nil
  }
}
// snippet-end

// MARK: - Cell reuse

// snippet: cell-reuse
/// A table cell that shows one row's state. A reused cell must stop listening to its old row
/// before it starts listening to the new one.
@MainActor
private final class UserCell {
  private let bag = SubscriptionBag()
  private(set) var text = ""

  func prepareForReuse() {
    bag.cancelAll()
  }

  func configure(with name: Property<String>) {
    name.receive(on: .mainActor)
      .sink(with: self) { cell, name in cell.text = name }
      .store(in: bag)
  }
}
// snippet-end

extension GuideTests {
  @Suite struct HardCases {
    // snippet: destination-double-tap-test
    @MainActor @Test func aDoubleTapPresentsOneDestination() {
      let viewModel = ContactsViewModel()
      let screen = Recorder(viewModel.destination)
      viewModel.select(id: 1)
      viewModel.select(id: 2)  // the second tap of a double tap, or another row
      #expect(screen.values == [nil, .detail(id: 1)])
    }
    // snippet-end

    @MainActor @Test func aRebuiltScreenPresentsTheOpenDestinationUntilItIsDismissed() {
      let viewModel = ContactsViewModel()
      viewModel.select(id: 1)
      let rebuilt = Recorder(viewModel.destination)  // rebuilt while the detail is open
      viewModel.dismissed()
      let rebuiltAfterBack = Recorder(viewModel.destination)
      #expect(rebuilt.values == [.detail(id: 1), nil])
      #expect(rebuiltAfterBack.values == [nil])  // no sticky flag: Back really closed it
      viewModel.select(id: 2)
      #expect(rebuiltAfterBack.values == [nil, .detail(id: 2)])
    }

    // snippet: bind-once-double-tap-test
    @MainActor @Test func withTheEventFormAScreenBoundOnceNavigatesFromUnderneath() {
      let stack = FakeStack()
      let viewModel = RequestingViewModel()
      let list = RequestingListScreen(viewModel: viewModel, stack: stack, binding: .once)
      list.bind()
      viewModel.select(id: 1)
      viewModel.select(id: 2)  // the list is covered, but still bound
      #expect(stack.path == [1, 2])  // the cost: two detail screens
    }
    // snippet-end

    // snippet: bind-while-on-top-double-tap-test
    @MainActor @Test func withTheEventFormAScreenBoundWhileOnTopDropsTheSecondRequest() {
      let dropped = Recorder<Int>()
      let stack = FakeStack()
      let viewModel = RequestingViewModel(onDrop: { id in dropped.record(id) })
      let list = RequestingListScreen(viewModel: viewModel, stack: stack, binding: .whileOnTop)
      list.bind()
      viewModel.select(id: 1)  // pushing covers the list, which unbinds
      viewModel.select(id: 2)
      #expect(stack.path == [1])
      #expect(dropped.values == [2])  // nobody was listening: dropped, and reported
    }
    // snippet-end

    // snippet: must-not-lose-test
    @MainActor @Test func aResultThatArrivesWhileNoScreenIsBoundIsShownOnceWhenOneBinds() {
      let viewModel = PaymentViewModel()
      viewModel.paymentFinished("Payment accepted")  // the screen is covered, or not built yet
      let screen = PaymentScreen(viewModel: viewModel)
      screen.bind()
      #expect(screen.shown == ["Payment accepted"])
      screen.dismiss()  // the user read it and closed it: acknowledged
      #expect(viewModel.messages.value.isEmpty)
      screen.unbind()
      let rebuilt = PaymentScreen(viewModel: viewModel)
      rebuilt.bind()
      #expect(rebuilt.shown.isEmpty)  // a rebuilt screen shows nothing old
    }
    // snippet-end

    @MainActor @Test func twoResultsAreShownInOrderOneAtATime() {
      let viewModel = PaymentViewModel()
      let screen = PaymentScreen(viewModel: viewModel)
      screen.bind()
      viewModel.paymentFinished("First")
      viewModel.paymentFinished("Second")
      #expect(screen.shown == ["First"])  // one at a time: the second waits its turn
      screen.dismiss()
      #expect(screen.shown == ["First", "Second"])
      #expect(viewModel.messages.value.map(\.text) == ["Second"])
      screen.dismiss()
      #expect(viewModel.messages.value.isEmpty)
    }

    @MainActor @Test func aMessageOnScreenWhenTheScreenWentAwayIsShownAgain() {
      let viewModel = PaymentViewModel()
      let screen = PaymentScreen(viewModel: viewModel)
      screen.bind()
      viewModel.paymentFinished("Payment accepted")
      screen.unbind()  // torn down before the user dismissed it: not seen, not acknowledged
      let rebuilt = PaymentScreen(viewModel: viewModel)
      rebuilt.bind()
      #expect(rebuilt.shown == ["Payment accepted"])
    }

    @Test func theSameResultAsAnEventIsLostWhileNoScreenIsBound() {
      let dropped = Recorder<String>()
      let results = EventSender<String>(onDrop: { text in dropped.record(text) })
      results.send("Payment accepted")  // no screen bound
      let screen = Recorder(results.stream)
      #expect(screen.values.isEmpty)
      #expect(dropped.values == ["Payment accepted"])
    }

    /// Chapter 5's position on the background: the screen unbinds while the app is not in the
    /// foreground; a toast sent meanwhile is dropped and reported to `onDrop`, a payment result
    /// waits as state, and binding again on return shows the result and no toast.
    @MainActor @Test func inTheBackgroundAToastIsDroppedAndReportedWhileAResultWaits() {
      let dropped = Recorder<String>()
      let toasts = EventSender<String>(onDrop: { text in dropped.record(text) })
      let payments = PaymentViewModel()
      let screen = PaymentScreen(viewModel: payments)
      screen.bind()
      let toastsBeforeBackground = Recorder(toasts.stream)
      screen.unbind()  // the app went to the background
      toastsBeforeBackground.cancel()
      toasts.send("Could not refresh")  // nobody can see it
      payments.paymentFinished("Payment accepted")  // the user must learn it
      screen.bind()  // back in the foreground
      let toastsAfter = Recorder(toasts.stream)
      #expect(dropped.values == ["Could not refresh"])
      #expect(toastsBeforeBackground.values.isEmpty && toastsAfter.values.isEmpty)
      #expect(screen.shown == ["Payment accepted"])
    }

    // snippet: fan-out-test
    @Test func twoWindowsBoundTogetherBothGetTheEventAWindowOpenedLaterDoesNot() {
      let toasts = EventSender<String>()
      let left = Recorder(toasts.stream)
      let right = Recorder(toasts.stream)
      toasts.send("Saved")
      let openedLater = Recorder(toasts.stream)
      #expect(left.values == ["Saved"])
      #expect(right.values == ["Saved"])  // both windows show the toast: decide which one should
      #expect(openedLater.values.isEmpty)
    }
    // snippet-end

    // snippet: cell-reuse-test
    @MainActor @Test func aReusedCellShowsOnlyItsNewRow() {
      let ada = MutableProperty("Ada")
      let grace = MutableProperty("Grace")
      let cell = UserCell()
      cell.configure(with: ada.property)
      cell.prepareForReuse()  // scrolled off, reused for another row
      cell.configure(with: grace.property)
      ada.value = "Ada Lovelace"  // the old row changes
      #expect(cell.text == "Grace")
    }
    // snippet-end

    @MainActor @Test func aReusedCellThatKeepsItsOldSubscriptionShowsTheWrongRow() {
      let ada = MutableProperty("Ada")
      let grace = MutableProperty("Grace")
      let cell = UserCell()
      cell.configure(with: ada.property)
      cell.configure(with: grace.property)  // reused without prepareForReuse()
      ada.value = "Ada Lovelace"
      #expect(cell.text == "Ada Lovelace")  // the bug: Grace's cell shows Ada
    }
  }
}
