#if canImport(Combine)
  import Combine

  extension UIKitSeed {
    // snippet: uikit-seed-combine-view-model
    /// State as `@Published private(set)`, a one-off event as a `PassthroughSubject`, the work as
    /// `async`. `guard !isLoading` turns away a second `load()` while the first one awaits: the
    /// main actor runs other code at every `await` (re-entrancy), including another `load()`.
    @MainActor
    final class ExampleViewModel {
      @Published private(set) var title: String = ""
      @Published private(set) var isLoading = false

      let showToast = PassthroughSubject<String, Never>()

      private let api: any TitleAPI

      init(api: any TitleAPI) {
        self.api = api
      }

      func load() async {
        guard !isLoading else { return }

        isLoading = true
        defer { isLoading = false }

        do {
          title = try await api.fetchTitle()
        } catch {
          showToast.send("Could not load the title.")
        }
      }
    }
    // snippet-end
  }
#endif

#if canImport(Combine) && canImport(UIKit)
  import UIKit

  extension UIKitSeed {
    // snippet: uikit-seed-combine-view-controller
    /// One `bindViewModel()` collects every subscription: each is delivered on the main queue
    /// (`receive(on:)`, explicit), holds the screen weakly (`[weak self]`) and is kept in
    /// `cancellables`, released with the screen. The work starts after binding, so nothing it
    /// publishes is missed, and is cancelled with the screen.
    final class ExampleViewController: UIViewController {
      private let viewModel: ExampleViewModel
      private let titleLabel = UILabel()
      private let activityIndicator = UIActivityIndicatorView(style: .medium)
      private var cancellables = Set<AnyCancellable>()
      private var loading: Task<Void, Never>?

      init(viewModel: ExampleViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
      }

      required init?(coder: NSCoder) {
        fatalError("made in code only")
      }

      override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(titleLabel)
        view.addSubview(activityIndicator)
        bindViewModel()
        loading = Task { [viewModel] in await viewModel.load() }
      }

      deinit {
        loading?.cancel()
      }

      private func bindViewModel() {
        viewModel.$title
          .receive(on: DispatchQueue.main)
          .sink { [weak self] title in
            self?.titleLabel.text = title
          }
          .store(in: &cancellables)

        viewModel.$isLoading
          .receive(on: DispatchQueue.main)
          .sink { [weak self] isLoading in
            self?.activityIndicator.isHidden = !isLoading
          }
          .store(in: &cancellables)

        viewModel.showToast
          .receive(on: DispatchQueue.main)
          .sink { [weak self] message in
            self?.showToast(message)
          }
          .store(in: &cancellables)
      }

      private func showToast(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
      }
    }
    // snippet-end
  }
#endif
