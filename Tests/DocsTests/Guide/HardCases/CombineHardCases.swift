#if canImport(Combine)
  import Combine

  // snippet: combine-destination
  /// 8.1 with Combine: the destination as `@Published private(set)` state, closed by a method.
  @MainActor
  final class CombineContactsViewModel {
    enum Destination: Equatable {
      case detail(id: Int)
    }

    @Published private(set) var destination: Destination?

    func select(id: Int) {
      guard destination == nil else { return }
      destination = .detail(id: id)
    }

    func dismissed() {
      destination = nil
    }
  }
  // snippet-end

  // snippet: combine-must-not-lose
  /// 8.2 with Combine: unseen messages are state; the screen reports each one seen.
  @MainActor
  final class CombinePaymentViewModel {
    struct Message: Equatable, Identifiable {
      let id: Int
      let text: String
    }

    @Published private(set) var messages: [Message] = []
    private var nextID = 1

    func paymentFinished(_ text: String) {
      messages.append(Message(id: nextID, text: text))
      nextID += 1
    }

    func messageShown(_ id: Message.ID) {
      messages.removeAll { $0.id == id }
    }
  }
  // snippet-end

  // snippet: combine-two-windows
  /// 8.4 with Combine: the notes every window shows are state in one shared store; the toast
  /// for a save is an event of the view model of the window that saved, so no other window,
  /// and no window opened later, shows it.
  @MainActor
  final class CombineNotesStore {
    @Published private(set) var notes: [String] = []

    func add(_ note: String) {
      notes.append(note)
    }
  }

  @MainActor
  final class CombineNotesWindowViewModel {
    let showToast = PassthroughSubject<String, Never>()
    private let store: CombineNotesStore

    init(store: CombineNotesStore) {
      self.store = store
    }

    func save(_ note: String) {
      store.add(note)  // state: every window draws it
      showToast.send("Saved")  // an event: only this window's subscribers hear it
    }
  }
  // snippet-end

  // snippet: combine-stored-task
  /// The stored `Task` with Combine: the same cancel and the same check; only the output's type
  /// differs.
  @MainActor
  final class CombineSearchViewModel {
    @Published private(set) var state = SearchState.idle
    private var searching: Task<Void, Never>?
    private let search: @Sendable (String) async throws -> [String]

    init(search: @escaping @Sendable (String) async throws -> [String]) {
      self.search = search
    }

    func queryChanged(_ query: String) {
      searching?.cancel()
      state = .searching(query)
      searching = Task { [weak self, search] in
        let found = try? await search(query)
        guard let self, !Task.isCancelled else { return }
        state = found.map { .results(query, $0) } ?? .failed(query)
      }
    }

    deinit {
      searching?.cancel()
    }
  }
// snippet-end
#endif

#if canImport(Combine) && canImport(UIKit)
  import UIKit

  // snippet: uikit-destination
  /// Pushes the destination the view model holds, once; reports Back as `dismissed()`.
  final class CombineContactsViewController: UIViewController {
    private let viewModel: CombineContactsViewModel
    private var cancellables = Set<AnyCancellable>()
    private weak var pushed: UIViewController?

    init(viewModel: CombineContactsViewModel) {
      self.viewModel = viewModel
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      bindViewModel()
    }

    private func bindViewModel() {
      viewModel.$destination
        .receive(on: DispatchQueue.main)
        .sink { [weak self] destination in self?.show(destination) }
        .store(in: &cancellables)
    }

    private func show(_ destination: CombineContactsViewModel.Destination?) {
      guard case .detail(let id) = destination, pushed == nil else { return }
      let detail = ContactDetailViewController(id: id) { [weak self] in
        self?.viewModel.dismissed()
      }
      pushed = detail
      navigationController?.pushViewController(detail, animated: true)
    }
  }

  /// Reports that it left the stack (Back, a swipe): `isMovingFromParent`, not every
  /// disappearance (another screen pushed on top keeps it open).
  final class ContactDetailViewController: UIViewController {
    private let onClose: () -> Void

    init(id: Int, onClose: @escaping () -> Void) {
      self.onClose = onClose
      super.init(nibName: nil, bundle: nil)
      title = "Contact \(id)"
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      if isMovingFromParent { onClose() }
    }
  }
  // snippet-end

  // snippet: uikit-must-not-lose
  /// Shows the oldest unseen message as an alert, only while the screen is in a window; its OK
  /// button reports it seen, and the next one follows. A message that arrives while the screen
  /// cannot present waits in the view model, and `viewDidAppear` shows it.
  final class CombinePaymentViewController: UIViewController {
    private let viewModel: CombinePaymentViewModel
    private var cancellables = Set<AnyCancellable>()
    private var oldest: CombinePaymentViewModel.Message?
    private var presented: CombinePaymentViewModel.Message.ID?

    init(viewModel: CombinePaymentViewModel) {
      self.viewModel = viewModel
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      viewModel.$messages
        .map(\.first)
        .receive(on: DispatchQueue.main)
        .sink { [weak self] oldest in
          self?.oldest = oldest
          self?.showOldestIfPossible()
        }
        .store(in: &cancellables)
    }

    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      showOldestIfPossible()  // what arrived while the screen was not in a window
    }

    private func showOldestIfPossible() {
      guard let message = oldest, message.id != presented,
        viewIfLoaded?.window != nil, presentedViewController == nil
      else { return }  // not now: it stays in `messages`, and the next chance shows it
      presented = message.id
      let alert = UIAlertController(title: "Payment", message: message.text, preferredStyle: .alert)
      alert.addAction(
        UIAlertAction(title: "OK", style: .default) { [weak self] _ in
          self?.viewModel.messageShown(message.id)
        })
      present(alert, animated: true)
    }
  }
// snippet-end
#endif

#if canImport(Combine) && canImport(UIKit)
  // snippet: uikit-cell-reuse
  /// 8.5 with Combine: a cell is a screen bound again and again. `prepareForReuse()` empties
  /// its cancellables before the cell shows another row, so the old row stops drawing into it.
  @MainActor
  final class CombineContactRowViewModel {
    @Published private(set) var name: String

    init(name: String) {
      self.name = name
    }
  }

  final class CombineContactCell: UICollectionViewCell {
    private let nameLabel = UILabel()
    private var cancellables = Set<AnyCancellable>()

    override init(frame: CGRect) {
      super.init(frame: frame)
      contentView.addSubview(nameLabel)
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    func configure(with row: CombineContactRowViewModel) {
      row.$name
        .receive(on: DispatchQueue.main)
        .sink { [weak self] name in self?.nameLabel.text = name }
        .store(in: &cancellables)
    }

    override func prepareForReuse() {
      super.prepareForReuse()
      cancellables.removeAll()  // the old row must not draw into the reused cell
      nameLabel.text = nil
    }
  }
// snippet-end
#endif
