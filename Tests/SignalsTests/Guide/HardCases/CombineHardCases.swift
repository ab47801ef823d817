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

  // snippet: combine-stored-task
  /// The stored `Task` with Combine: the same cancel and the same check; only the output's type
  /// differs.
  @MainActor
  final class CombineSearchViewModel {
    @Published private(set) var results: [String] = []
    private var searching: Task<Void, Never>?
    private let search: @Sendable (String) async throws -> [String]

    init(search: @escaping @Sendable (String) async throws -> [String]) {
      self.search = search
    }

    func queryChanged(_ query: String) {
      searching?.cancel()
      searching = Task {
        guard let found = try? await search(query), !Task.isCancelled else { return }
        results = found
      }
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
  /// Shows the oldest unseen message as an alert; its OK button reports it seen, and the next
  /// one follows.
  final class CombinePaymentViewController: UIViewController {
    private let viewModel: CombinePaymentViewModel
    private var cancellables = Set<AnyCancellable>()

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
        .removeDuplicates()
        .receive(on: DispatchQueue.main)
        .sink { [weak self] oldest in
          if let oldest { self?.show(oldest) }
        }
        .store(in: &cancellables)
    }

    private func show(_ message: CombinePaymentViewModel.Message) {
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
