import Signals
import SignalsTestSupport

extension UIKitSeed {
  // snippet: uikit-seed-signals-view-model
  /// The same view model with Signals: state as `Property` (read-only faces of private owners),
  /// the event on an `EventStream`, the same `async` work and the same re-entrancy guard.
  @MainActor
  final class SignalsExampleViewModel {
    private let titleOwner = MutableProperty("")
    private let loadingOwner = MutableProperty(false)
    private let toasts = EventSender<String>()

    var title: Property<String> { titleOwner.property }
    var isLoading: Property<Bool> { loadingOwner.property }
    var showToast: EventStream<String> { toasts.stream }

    private let api: any TitleAPI

    init(api: any TitleAPI) {
      self.api = api
    }

    func load() async {
      guard !loadingOwner.value else { return }

      loadingOwner.value = true
      defer { loadingOwner.value = false }

      do {
        titleOwner.value = try await api.fetchTitle()
      } catch {
        guard !Task.isCancelled else { return }  // cancelled, not failed: no toast
        toasts.send("Could not load the title.")
      }
    }
  }
  // snippet-end
}

#if canImport(UIKit)
  import UIKit

  extension UIKitSeed {
    // snippet: uikit-seed-signals-view-controller
    /// The Signals twin of `ExampleViewController`: the same one `bindViewModel()`, with
    /// `receive(on: .mainActor)` (no hop when already there), `sink(with: self)` (holds the screen
    /// weakly, by construction) and a `SubscriptionBag` released with the screen.
    final class SignalsExampleViewController: UIViewController {
      private let viewModel: SignalsExampleViewModel
      private let titleLabel = UILabel()
      private let activityIndicator = UIActivityIndicatorView(style: .medium)
      private let toastLabel = UILabel()
      private let bag = SubscriptionBag()
      private var loading: Task<Void, Never>?
      private var hidingToast: Task<Void, Never>?

      init(viewModel: SignalsExampleViewModel) {
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

      // snippet: uikit-seed-signals-bind
      private func bindViewModel() {
        viewModel.title.receive(on: .mainActor)
          .sink(with: self) { screen, title in
            screen.titleLabel.text = title
          }
          .store(in: bag)

        viewModel.isLoading.receive(on: .mainActor)
          .sink(with: self) { screen, isLoading in
            screen.showActivity(isLoading)
          }
          .store(in: bag)

        viewModel.showToast.receive(on: .mainActor)
          .sink(with: self) { screen, message in
            screen.showToast(message)
          }
          .store(in: bag)
      }
      // snippet-end

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
