// The guide's rules in Apple's own frameworks: Combine, SwiftUI's `ObservableObject` and UIKit's
// observation tracking. None of them exists on Linux: the Linux build leaves these branches out,
// and CI type-checks them against the stand-in interfaces in StandIns/
// (scripts/typecheck-apple-forms.sh), which have Apple's documented shapes but run nothing. The
// guide puts each excerpt beside its twin that runs here: the Signals code, and the Observation
// code of ObservationFormsTests.swift.

#if canImport(Combine)
  import Combine
  import Foundation

  /// Rules 1 and 2 with Combine: state as `@Published private(set)`, events as a private
  /// `PassthroughSubject` exposed as a publisher that replays nothing.
  // snippet: combine-view-model
  @MainActor
  final class CombineCounterViewModel {
    @Published private(set) var count = 0
    private let messages = PassthroughSubject<String, Never>()
    var events: AnyPublisher<String, Never> { messages.eraseToAnyPublisher() }

    func increment() {
      count += 1
      if count == 10 {
        messages.send("Ten!")
      }
    }
  }
// snippet-end
#endif

#if canImport(Combine) && canImport(UIKit)
  import UIKit

  // snippet: combine-bind
  /// Rules 3 to 5 with Combine and UIKit: one `bindViewModel()`, every token in one set,
  /// `[weak self]` in every handler, and `receive(on:)` the main queue, which always hops, even
  /// from the main thread. Bound once, in `viewDidLoad()`; releasing the set (with the screen)
  /// cancels every subscription.
  final class CombineCounterScreen: UIViewController {
    private let viewModel: CombineCounterViewModel
    private let countLabel = UILabel()
    private let toastLabel = UILabel()
    private var cancellables = Set<AnyCancellable>()

    init(viewModel: CombineCounterViewModel) {
      self.viewModel = viewModel
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(countLabel)
      view.addSubview(toastLabel)
      bindViewModel()
    }

    // snippet: combine-bind-view-model
    private func bindViewModel() {
      viewModel.$count  // a @Published property's publisher: no ObservableObject needed
        .receive(on: DispatchQueue.main)
        .sink { [weak self] count in self?.countLabel.text = "Count: \(count)" }
        .store(in: &cancellables)
      viewModel.events
        .receive(on: DispatchQueue.main)
        .sink { [weak self] message in self?.toastLabel.text = message }
        .store(in: &cancellables)
    }
    // snippet-end
  }
// snippet-end
#endif

#if canImport(SwiftUI)
  import SwiftUI

  // snippet: observable-object-forms
  /// Before Observation (iOS 13 to 16): `ObservableObject`. `@Published` sends `objectWillChange`
  /// in `willSet`, and SwiftUI redraws every view that observes the object (`@StateObject`,
  /// `@ObservedObject`, `@EnvironmentObject`), whichever property changed.
  @MainActor
  final class LegacyProfileModel: ObservableObject {
    @Published private(set) var state = ObservableProfileModel.State.idle
  }

  /// The view that creates the model owns it: `@StateObject`, created once for the view's life.
  struct LegacyProfileScreen: View {
    @StateObject private var model = LegacyProfileModel()

    var body: some View {
      LegacyProfileRow(model: model)
    }
  }

  /// A view that is handed the model observes it: `@ObservedObject`. (Creating it here instead
  /// would make a new model each time the parent's `body` runs.)
  struct LegacyProfileRow: View {
    @ObservedObject var model: LegacyProfileModel

    var body: some View {
      Text(ProfileView(state: model.state, retry: nil).text)
    }
  }
  // snippet-end

  // snippet: observable-migration
  /// The same screen after the migration to Observation (iOS 17): `@Observable` instead of
  /// `ObservableObject` and `@Published`, `@State` instead of `@StateObject`, a plain property
  /// instead of `@ObservedObject`. SwiftUI now redraws only the views that read what changed.
  struct ProfileScreen: View {
    @State private var model = ObservableProfileModel(fetchName: { "Ada" })

    var body: some View {
      ProfileRow(model: model)
        .task { await model.load() }  // cancelled when the view goes away
    }
  }

  struct ProfileRow: View {
    let model: ObservableProfileModel

    var body: some View {
      Text(ProfileView(state: model.state, retry: nil).text)
    }
  }
// snippet-end
#endif

#if canImport(UIKit)
  import UIKit

  // snippet: uikit-update-properties
  /// UIKit with Observation: UIKit records what `updateProperties()` reads and calls it again
  /// when that changes (iOS 26; on iOS 18, the layout, constraint, drawing and configuration
  /// update methods do it when Info.plist sets `UIObservationTrackingEnabled`).
  @available(iOS 26, tvOS 26, visionOS 26, macCatalyst 26, *)
  final class ProfileViewController: UIViewController {
    private let model: ObservableProfileModel
    private let label = UILabel()
    private var loading: Task<Void, Never>?

    init(model: ObservableProfileModel) {
      self.model = model
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      fatalError("made in code only")
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(label)
      loading = Task { [model] in await model.load() }
    }

    override func updateProperties() {
      super.updateProperties()
      label.text = ProfileView(state: model.state, retry: nil).text  // tracked: redrawn on change
    }

    deinit {
      loading?.cancel()
    }
  }
// snippet-end
#endif
