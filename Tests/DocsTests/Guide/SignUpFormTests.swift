import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Synchronization
import Testing

// The guide's "Forms and derived state": a sign-up form whose screen shows a per-field message,
// a submit button that is enabled only when everything is valid, and a spinner while
// submitting; a debounced availability check that cancels the stale one; a double-submit
// guard; a welcome on success kept as state until acknowledged, and a toast on failure.

// snippet: signup-state
/// Everything the sign-up screen shows, as one value with one owner: every output is derived
/// from it, so no two outputs can disagree.
struct SignUpForm: Equatable, Sendable {
  enum Availability: Equatable, Sendable { case unknown, checking, available, taken }

  var email = ""
  var password = ""
  var availability = Availability.unknown
  var isSubmitting = false
  /// Registered, and the user has not seen the welcome yet. The registration can finish while
  /// no screen is bound, and the user must learn it: state, until acknowledged.
  var welcomePending = false

  var emailLooksValid: Bool { email.contains("@") && email.contains(".") }
  var canSubmit: Bool {
    emailLooksValid && password.count >= 8 && availability == .available && !isSubmitting
  }
}
// snippet-end

/// What the form tells its screen once: feedback for the submit the bound screen just made.
enum SignUpEvent: Equatable, Sendable {
  case toast(String)
}

// snippet: signup-view-model
final class SignUpViewModel: Sendable {
  private let form = MutableProperty(SignUpForm())
  private let eventSender = EventSender<SignUpEvent>()
  private let pipelines = SubscriptionBag()
  /// The availability check in flight, as a token: replacing it cancels the stale check.
  private let runningCheck = Mutex<SubscriptionToken?>(nil)
  private let isAvailable: @Sendable (String) async -> Bool
  private let register: @Sendable (String, String) async throws -> Void

  // One derived output per thing the screen draws, each skipping repeats.
  var canSubmit: Property<Bool> { form.property.map(\.canSubmit).removeDuplicates() }
  var showsSpinner: Property<Bool> { form.property.map(\.isSubmitting).removeDuplicates() }
  var emailMessage: Property<String?> {
    form.property.map { form -> String? in
      if !form.email.isEmpty && !form.emailLooksValid { return "Not an email address" }
      return form.availability == .taken ? "Already registered" : nil
    }.removeDuplicates()
  }
  var showsWelcome: Property<Bool> { form.property.map(\.welcomePending).removeDuplicates() }
  var events: EventStream<SignUpEvent> { eventSender.stream }

  init(
    scheduler: some SignalScheduler,
    isAvailable: @escaping @Sendable (String) async -> Bool,
    register: @escaping @Sendable (String, String) async throws -> Void
  ) {
    self.isAvailable = isAvailable
    self.register = register
    // A side effect from state: the email's changes, debounced, start a check.
    form.property.map(\.email).removeDuplicates().changes
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink(with: self) { model, email in model.checkAvailability(of: email) }
      .store(in: pipelines)
  }

  func emailChanged(_ email: String) {
    form.modify { form in
      form.email = email
      form.availability = .unknown
    }
  }

  func passwordChanged(_ password: String) {
    form.modify { $0.password = password }
  }

  private func checkAvailability(of email: String) {
    let stale = runningCheck.withLock { $0.take() }
    stale?.cancel()  // latest wins
    guard form.value.emailLooksValid else { return }
    form.modify { $0.availability = .checking }
    let task = Task { [weak self, isAvailable] in
      let available = await isAvailable(email)
      guard !Task.isCancelled, let self else { return }
      self.form.modify { form in
        guard form.email == email else { return }  // typed on meanwhile: not this answer
        form.availability = available ? .available : .taken
      }
    }
    runningCheck.withLock { $0 = SubscriptionToken { task.cancel() } }
  }

  func submit() async {
    let accepted = form.modifyIfChanged { form in  // the double-submit guard: one write, or none
      guard form.canSubmit else { return false }
      form.isSubmitting = true
      return true
    }
    guard accepted else { return }
    let (email, password) = (form.value.email, form.value.password)
    do {
      try await register(email, password)
      form.modify { form in  // may finish with no screen bound: kept until the user saw it
        form.isSubmitting = false
        form.welcomePending = true
      }
    } catch {
      form.modify { $0.isSubmitting = false }
      guard !Task.isCancelled else { return }  // the screen left and cancelled it: not a failure
      // Feedback for the bound screen's submit; the form still shows, the user can retry.
      eventSender.send(.toast("Could not sign up. Try again."))
    }
  }

  /// The screen showed the welcome (and moved on): the outcome is acknowledged.
  func welcomeShown() {
    form.modify { $0.welcomePending = false }
  }

  deinit {
    runningCheck.withLock { $0 }?.cancel()
  }
}
// snippet-end

extension SignUpViewModel {
  /// The whole form, for the test that a refused submit writes nothing (each output the screen
  /// binds skips repeats, so a write of the unchanged form would not show there).
  var formForTests: Property<SignUpForm> { form.property }
}

@Suite struct SignUpFormTests {
  private struct Setup {
    let scheduler = TestScheduler()
    let availability = ControlledCall<String, Bool>()
    let registration = ControlledCall<String, Void>()
    let model: SignUpViewModel

    init() {
      let (availability, registration) = (self.availability, self.registration)
      model = SignUpViewModel(
        scheduler: scheduler,
        isAvailable: { (try? await availability.call($0)) ?? false },
        register: { email, _ in try await registration.call(email) })
    }

    /// Fills the form with a valid, available email and a long enough password.
    func fillValidForm() async throws {
      let submitEnabled = Recorder(model.canSubmit)
      model.emailChanged("ana@example.com")
      model.passwordChanged("correct horse")
      scheduler.advance(by: .milliseconds(300))
      _ = try await availability.requests(count: 1)
      availability.resolve(with: true)
      // The check's task is the view model's own, which no test settles: await its value.
      #expect(try await submitEnabled.next() == false)
      #expect(try await submitEnabled.next() == true)
    }
  }

  // snippet: signup-glitch-test
  @Test func submittingGoesFromEnabledToSpinnerWithNoScreenInBetween() async throws {
    let setup = Setup()
    try await setup.fillValidForm()
    let button = Recorder(Property.combineLatest(setup.model.canSubmit, setup.model.showsSpinner))
    #expect(button.values.map { "\($0)" } == ["(true, false)"])

    let submitting = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    // One write changed both outputs, so the pair changed once: never "(false, false)".
    #expect(button.values.map { "\($0)" } == ["(true, false)", "(false, true)"])

    setup.registration.resolve(with: ())
    await submitting.value
    #expect(button.values.map { "\($0)" } == ["(true, false)", "(false, true)", "(true, false)"])
  }
  // snippet-end

  @Test func typingFastChecksOnlyTheLastEmailAfterThePause() async throws {
    let setup = Setup()
    for text in ["a", "an", "ana@", "ana@example.com"] {
      setup.model.emailChanged(text)
      setup.scheduler.advance(by: .milliseconds(100))
    }
    setup.scheduler.advance(by: .milliseconds(300))
    #expect(try await setup.availability.requests(count: 1) == ["ana@example.com"])
    #expect(setup.availability.callCount == 1)
  }

  @Test func aNewCheckCancelsTheStaleOneAndItsAnswerChangesNothing() async throws {
    let setup = Setup()
    setup.model.emailChanged("old@example.com")
    setup.scheduler.advance(by: .milliseconds(300))
    _ = try await setup.availability.requests(count: 1)
    setup.model.emailChanged("new@example.com")
    setup.scheduler.advance(by: .milliseconds(300))
    _ = try await setup.availability.requests(count: 2)
    #expect(setup.availability.cancelledIndices == [0])

    let message = Recorder(setup.model.emailMessage)
    setup.availability.resolve(1, with: false)  // the new address is taken
    #expect(try await message.next() == nil)  // the check's own task: awaited, not settled
    #expect(try await message.next() == "Already registered")
  }

  @Test func aSecondSubmitWhileTheFirstRunsStartsNothing() async throws {
    let setup = Setup()
    try await setup.fillValidForm()
    let first = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    await setup.model.submit()  // the button is disabled; a double tap gets here anyway
    #expect(setup.registration.callCount == 1)
    setup.registration.resolve(with: ())
    await first.value
  }

  /// A refused submit changes nothing observable: the guard writes the form only when it accepts.
  /// (With `modify`, each refused tap stored the unchanged form and delivered it again.)
  @Test func aRefusedSubmitWritesAndDeliversNothing() async throws {
    let setup = Setup()
    try await setup.fillValidForm()
    let first = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    let form = Recorder(setup.model.formForTests)
    await setup.model.submit()  // refused twice: a submit is running
    await setup.model.submit()
    #expect(form.values.map(\.isSubmitting) == [true], "the current form alone, no write since")
    setup.registration.resolve(with: ())
    await first.value
  }

  @Test func aWelcomeThatArrivesWhileNoScreenIsBoundIsShownWhenOneBindsUntilAcknowledged()
    async throws
  {
    let setup = Setup()
    try await setup.fillValidForm()
    let submitting = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    // The form is covered (its screen unbound); the registration finishes with nobody bound.
    setup.registration.resolve(with: ())
    await submitting.value
    let screen = Recorder(setup.model.showsWelcome)  // a screen binds later
    #expect(screen.values == [true])
    setup.model.welcomeShown()
    let rebuilt = Recorder(setup.model.showsWelcome)
    #expect(rebuilt.values == [false])  // acknowledged: never shown twice
  }

  /// The screen left for good and cancelled its submit: cancelled is not failed, so no toast.
  @Test func aSubmitCancelledBecauseTheScreenLeftShowsNoToast() async throws {
    let setup = Setup()
    try await setup.fillValidForm()
    let events = Recorder(setup.model.events)
    let submitting = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    submitting.cancel()  // the screen's task, cancelled as it goes away
    await submitting.value
    #expect(events.values == [])
    #expect(setup.model.canSubmit.value)
  }

  @Test func aFailedSubmitShowsAToastOnceAndEnablesTheButtonAgain() async throws {
    struct Offline: Error {}
    let setup = Setup()
    try await setup.fillValidForm()
    let events = Recorder(setup.model.events)
    let submitting = Task { await setup.model.submit() }
    _ = try await setup.registration.requests(count: 1)
    setup.registration.fail(with: Offline())
    await submitting.value
    #expect(events.values == [.toast("Could not sign up. Try again.")])
    #expect(setup.model.canSubmit.value)
  }
}
