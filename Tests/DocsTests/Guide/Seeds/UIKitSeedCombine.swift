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
          guard !Task.isCancelled else { return }  // cancelled, not failed: no toast
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
      private let toastLabel = UILabel()
      private var cancellables = Set<AnyCancellable>()
      private var loading: Task<Void, Never>?
      private var hidingToast: Task<Void, Never>?

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
        view.addSubview(toastLabel)
        toastLabel.isHidden = true
        bindViewModel()
        loading = Task { [viewModel] in await viewModel.load() }
      }

      deinit {
        loading?.cancel()
        hidingToast?.cancel()
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
            self?.showActivity(isLoading)
          }
          .store(in: &cancellables)

        viewModel.showToast
          .receive(on: DispatchQueue.main)
          .sink { [weak self] message in
            self?.showToast(message)
          }
          .store(in: &cancellables)
      }

      /// Started and stopped, not only shown and hidden: an indicator shown but never started does
      /// not spin (`hidesWhenStopped`, on by default, hides it while stopped).
      private func showActivity(_ isLoading: Bool) {
        if isLoading {
          activityIndicator.startAnimating()
        } else {
          activityIndicator.stopAnimating()
        }
      }

      /// A toast: it asks nothing of the user and goes away by itself, so it needs no window and
      /// no presentation (an alert with an OK button would be state: it stays until dismissed).
      private func showToast(_ message: String) {
        toastLabel.text = message
        toastLabel.isHidden = false
        hidingToast?.cancel()
        hidingToast = Task { [weak self] in
          try? await Task.sleep(for: .seconds(2))
          guard !Task.isCancelled else { return }
          self?.toastLabel.isHidden = true
        }
      }
    }
    // snippet-end
  }
#endif
