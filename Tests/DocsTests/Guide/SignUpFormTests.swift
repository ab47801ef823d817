import Signals
import SignalsConcurrency
import SignalsTesting
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
@MainActor
final class SignUpViewModel {
  /// The form's work: the availability check under "check", the submit under "submit", the
  /// typing pipeline unkeyed. `cancel()`, or releasing the view model, ends all of it.
  let tasks = TaskOwner()
  private let form = MutableProperty(SignUpForm())
  private let eventSender = EventSender<SignUpEvent>()
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
    tasks.own(
      form.property.map(\.email).removeDuplicates().changes
        .debounce(for: .milliseconds(300), scheduler: scheduler)
        .receive(on: .mainActor)
        .sink(with: self) { model, email in model.checkAvailability(of: email) })
  }

  func emailChanged(_ email: String) {
    tasks.cancel(key: "check")  // an answer about the old address changes nothing
    form.modify { form in
      form.email = email
      form.availability = .unknown
    }
  }

  func passwordChanged(_ password: String) {
    form.modify { $0.password = password }
  }

  private func checkAvailability(of email: String) {
    guard form.value.emailLooksValid else { return }
    form.modify { $0.availability = .checking }
    tasks.run(key: "check", for: self) { [isAvailable] in
      await isAvailable(email)
    } then: { model, result in  // only if no typing or newer check replaced it
      model.form.modify { $0.availability = result.get() ? .available : .taken }
    }
  }

  func submit() {
    let accepted = form.modifyIfChanged { form in  // the double-submit guard: one write, or none
      guard form.canSubmit else { return false }
      form.isSubmitting = true
      return true
    }
    guard accepted else { return }
    let (email, password) = (form.value.email, form.value.password)
    tasks.run(key: "submit", for: self) { [register] in
      try await register(email, password)
    } then: { model, result in  // never after cancel(): a cancelled submit is no failure
      model.form.modify { form in  // may finish with no screen bound: kept until the user saw it
        form.isSubmitting = false
        if case .success = result { form.welcomePending = true }
      }
      // Feedback for the bound screen's submit; the form still shows, the user can retry.
      if case .failure = result { model.eventSender.send(.toast("Could not sign up. Try again.")) }
    }
  }

  /// The screen showed the welcome (and moved on): the outcome is acknowledged.
  func welcomeShown() {
    form.modify { $0.welcomePending = false }
  }

  /// The screen leaves for good: all the form's work ends, typing checks nothing any more, and
  /// the check and the submit in flight apply nothing (no toast).
  func cancel() {
    tasks.cancelAll()
    form.modify { $0.isSubmitting = false }
  }
}
// snippet-end

extension SignUpViewModel {
  /// The whole form, for the test that a refused submit writes nothing (each output the screen
  /// binds skips repeats, so a write of the unchanged form would not show there).
  var formForTests: Property<SignUpForm> { form.property }
}

/// A ``SignUpViewModel`` under `ScreenHarness`: its fake services, watched, and the harness's
/// clock as the debounce's scheduler. Each test records the outputs it asserts.
@MainActor
private struct SignUpScreen {
  let availability: ControlledCall<String, Bool>
  let registration = ControlledCall<String, Void>()
  let model: SignUpViewModel
  let screen: ScreenHarness

  init(whenCheckCancelled: ControlledCallCancellation = .throwsCancellationError) {
    let availability = ControlledCall<String, Bool>(whenCancelled: whenCheckCancelled)
    let (registration, scheduler) = (self.registration, TestScheduler())
    model = SignUpViewModel(
      scheduler: scheduler,
      isAvailable: { (try? await availability.call($0)) ?? false },
      register: { email, _ in try await registration.call(email) })
    self.availability = availability
    screen = ScreenHarness(scheduler: scheduler, tasks: TaskOwnerProbe(model.tasks))
    screen.watch(availability, as: "availability")
    screen.watch(registration, as: "registration")
  }

  /// Fills the form with a valid, available email and a long enough password.
  func fillValidForm() async {
    model.emailChanged("ana@example.com")
    model.passwordChanged("correct horse")
    await screen.advance(by: .milliseconds(300))
    await screen.resolve(availability, 0, with: true)
  }
}

@MainActor @Suite struct SignUpFormTests {
  // snippet: signup-glitch-test
  @Test func submittingGoesFromEnabledToSpinnerWithNoScreenInBetween() async {
    let form = SignUpScreen()
    await form.fillValidForm()
    let button = form.screen.record(
      Property.combineLatest(form.model.canSubmit, form.model.showsSpinner).map { "\($0)" },
      as: "button")
    form.model.submit()
    await form.screen.resolve(form.registration, 0, with: ())
    // One write changed both outputs, so the pair changed once: never "(false, false)".
    await form.screen.expect(button, "(true, false)", "(false, true)", "(true, false)")
    await form.screen.finish()
  }
  // snippet-end

  @Test func typingFastChecksOnlyTheLastEmailAfterThePause() async {
    let form = SignUpScreen()
    let message = form.screen.record(form.model.emailMessage, as: "message")
    for text in ["a", "an", "ana@", "ana@example.com"] {
      form.model.emailChanged(text)
      await form.screen.advance(by: .milliseconds(100))
    }
    await form.screen.advance(by: .milliseconds(300))
    #expect(form.availability.requests == ["ana@example.com"])
    await form.screen.resolve(form.availability, 0, with: true)
    await form.screen.expect(message, nil, "Not an email address", nil)
    await form.screen.finish()
  }

  @Test func aNewCheckCancelsTheStaleOneAndItsAnswerChangesNothing() async {
    let form = SignUpScreen(whenCheckCancelled: .keepsWaitingForAnswer)
    let message = form.screen.record(form.model.emailMessage, as: "message")
    form.model.emailChanged("old@example.com")
    await form.screen.advance(by: .milliseconds(300))
    form.model.emailChanged("new@example.com")  // typing on cancels the check in flight
    #expect(form.availability.cancelledRequests == ["old@example.com"])
    await form.screen.resolve(form.availability, 0, with: false)  // late: "old" is taken
    await form.screen.advance(by: .milliseconds(300))
    await form.screen.resolve(form.availability, 1, with: true)  // the new address is free
    await form.screen.expect(message, nil)  // never "Already registered"
    await form.screen.finish()
  }

  @Test func aSecondSubmitWhileTheFirstRunsStartsNothing() async {
    let form = SignUpScreen()
    await form.fillValidForm()
    let spinner = form.screen.record(form.model.showsSpinner, as: "spinner")
    form.model.submit()
    form.model.submit()  // the button is disabled; a double tap gets here anyway
    await form.screen.resolve(form.registration, 0, with: ())
    #expect(form.registration.requests.count == 1)
    await form.screen.expect(spinner, false, true, false)
    await form.screen.finish()
  }

  /// A refused submit changes nothing observable: the guard writes the form only when it accepts.
  /// (With `modify`, each refused tap stored the unchanged form and delivered it again.)
  @Test func aRefusedSubmitWritesAndDeliversNothing() async {
    let form = SignUpScreen()
    await form.fillValidForm()
    let writes = form.screen.record(form.model.formForTests.map(\.isSubmitting), as: "writes")
    form.model.submit()
    form.model.submit()  // refused twice: a submit is running
    form.model.submit()
    await form.screen.resolve(form.registration, 0, with: ())
    await form.screen.expect(writes, false, true, false)  // the current form, then two writes
    await form.screen.finish()
  }

  @Test func aWelcomeThatArrivesWhileNoScreenIsBoundIsShownWhenOneBindsUntilAcknowledged() async {
    let form = SignUpScreen()
    await form.fillValidForm()
    form.model.submit()
    // The form is covered (its screen unbound); the registration finishes with nobody bound.
    await form.screen.resolve(form.registration, 0, with: ())
    let bound = form.screen.record(form.model.showsWelcome, as: "welcome")  // a screen binds
    form.model.welcomeShown()
    let rebuilt = form.screen.record(form.model.showsWelcome, as: "rebuilt")
    await form.screen.expect(bound, true, false)
    await form.screen.expect(rebuilt, false)  // acknowledged: never shown twice
    await form.screen.finish()
  }

  /// The screen left for good and cancelled the form's work: cancelled is not failed, no toast.
  @Test func aSubmitCancelledBecauseTheScreenLeftShowsNoToast() async {
    let form = SignUpScreen()
    await form.fillValidForm()
    let spinner = form.screen.record(form.model.showsSpinner, as: "spinner")
    _ = form.screen.record(form.model.events, as: "events")  // finish() fails on a toast
    form.model.submit()
    await form.screen.expect(spinner, false, true)
    form.model.cancel()  // the screen goes away mid-request
    #expect(form.registration.cancelledRequests == ["ana@example.com"])
    await form.screen.expect(spinner, false)
    await form.screen.finish()
  }

  @Test func aFailedSubmitShowsAToastOnceAndEnablesTheButtonAgain() async {
    struct Offline: Error {}
    let form = SignUpScreen()
    await form.fillValidForm()
    let button = form.screen.record(form.model.canSubmit, as: "button")
    let events = form.screen.record(form.model.events, as: "events")
    form.model.submit()
    await form.screen.fail(form.registration, 0, with: Offline())
    await form.screen.expect(button, true, false, true)
    await form.screen.expect(events, .toast("Could not sign up. Try again."))
    await form.screen.finish()
  }
}
