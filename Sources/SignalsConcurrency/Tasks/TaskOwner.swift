import Signals

/// Owns the async work a main-actor view model starts for its intents: starts a task per
/// intent, keeps it until it returns, replaces it by key (latest wins), cancels everything when
/// the owner is cancelled or released, and applies each result to the view model only while the
/// view model lives and the task is still wanted.
///
/// ```swift
/// @MainActor final class SearchViewModel {
///   private let tasks = TaskOwner()
///
///   func search(_ text: String) {
///     tasks.run(key: "search", for: self) { [client] in
///       try await client.users(matching: text)  // no `self` here: nothing to keep alive
///     } then: { viewModel, result in
///       viewModel.show(result)  // on the main actor, only if still wanted
///     }
///   }
/// }
/// ```
///
/// - Work: `operation` is a `@Sendable` closure that gets no owner: it captures the values it
///   needs (a client, a query; `self` would stay alive until it returns), runs off the main
///   actor, and returns or throws. Its outcome comes back as a `Result`, so `try` stays in it.
/// - Applying: `apply` runs on the main actor after `operation` returns, only if the owner given
///   to ``run(key:for:_:then:)`` (held weakly) still lives and the task was not cancelled (by
///   ``cancel(key:)``, ``cancelAll()``, a newer task with the same key, the returned task's
///   `cancel()`, or releasing this object). The method that cancels decides what state a
///   cancellation leaves.
/// - Ordering: `apply` checks on the main actor, right before it runs, for a cancellation made
///   there, even in the same turn as the answer arrived: a replaced task never applies after its
///   replacement started (latest wins), and a view model's `cancel()` is final.
/// - Lifetime: a running task keeps alive what `operation` and `apply` capture, not the owner
///   and not this object. The owner follows `sink(with:)`'s rule, a call that finds it gone is
///   skipped, and that call (an update, the outcome, a timer's tick, a retry step) also ends its
///   work. Releasing this object cancels everything it owns, in the order of ``cancelAll()``;
///   each task ends at its operation's next cancellation check and applies nothing.
/// - Keys: one key, one piece of work. A task, a timer (``after(_:key:on:for:_:)``,
///   ``every(_:key:on:for:_:)``), a retry loop or a token (``own(_:key:)``) under a key cancels
///   what the key held, so ``cancel(key:)`` and ``cancelAll()`` stop all of a screen's work in
///   one call. Starting work and cancelling a key take constant time.
/// - Threading: main actor; release may happen on any thread (a `deinit` cancels, safe anywhere).
/// - Tests: a `TaskOwnerProbe` (SignalsTesting) counts the tasks, also after the owner is
///   released; `settle(tasks:)` and `ScreenHarness` await them. See <doc:OwnedTasks>.
@MainActor
public final class TaskOwner {
  /// The count of tasks that have not returned; shared with the tasks and with test probes.
  package nonisolated let list: OwnedTaskList
  /// The work this object owns and has not cancelled: under each key the newest task or token
  /// started or owned under it, and each unkeyed task or token under a key of its own
  /// (``Unkeyed``). Main-actor state, so a key's `==` and `hash(into:)` (user code) run under no
  /// lock. An entry leaves when its task returns, or when cancelled or replaced.
  private var owned: [TaskKey: KeyedWork] = [:]
  /// The identifier of the newest work: a task that returns removes its own entry, not a newer
  /// one, and the identifiers give the start order.
  private var lastID: UInt64 = 0

  /// Creates an owner with no tasks.
  public nonisolated init() {
    list = OwnedTaskList()
  }

  /// An owner whose tasks are counted in `list`, another owner's: the work a helper (a retry
  /// loop) starts for that owner, so that its test probes see it. On release it cancels only
  /// its own tasks. Package-internal.
  nonisolated init(sharing list: OwnedTaskList) {
    self.list = list
  }

  /// Cancels everything this object owns, keyed or not, as ``cancelAll()`` does (newest first).
  deinit {
    cancelNewestFirst(owned.values)
  }

  /// Starts `operation` in a task this object keeps until it returns, then calls
  /// `apply(owner, result)` on the main actor if `owner` still lives and the task was not
  /// cancelled (the type's documentation has the rules). Work that reports updates before its
  /// outcome uses ``run(key:for:throttle:_:update:then:)``.
  ///
  /// - Parameters:
  ///   - key: cancels and replaces what an equal key (same type, `==`) held (latest wins; a
  ///     replaced task is counted by test probes until it returns); `nil`, the default, for a
  ///     task that nothing replaces.
  ///   - owner: what `apply` changes, usually the view model (`self`); held weakly.
  ///   - operation: the async work; it gets no owner, so capture values, not `self`.
  ///   - apply: called at most once, on the main actor, with the owner and the outcome.
  /// - Returns: the task, which returns once `apply` has run or been skipped (await its `value`);
  ///   cancelling it cancels the work, as ``cancelAll()`` would for this task alone.
  @discardableResult
  public func run<Owner: AnyObject, Success: Sendable, Failure: Error>(
    key: (any Hashable & Sendable)? = nil,
    for owner: Owner,
    _ operation: @escaping @Sendable () async throws(Failure) -> Success,
    then apply: @escaping @MainActor (Owner, Result<Success, Failure>) -> Void
  ) -> Task<Void, Never> {
    start(key: key.map { TaskKey($0) }, owner, UpdateDelivery<Never>?.none, operation, apply)
  }

  /// Cancels the work under `key` (a task, whose result is then not applied, a timer, a retry
  /// loop, a token); other work goes on.
  public func cancel(key: some Hashable & Sendable) {
    owned.removeValue(forKey: TaskKey(key))?.cancel()
  }

  /// Cancels every task, timer and token this object owns; work started afterwards runs normally.
  ///
  /// Order: newest first, the reverse of start, keyed or not, the same in every run. So a
  /// subscription owned after the work it watches (a retry loop's status) ends before that work
  /// is cancelled, and hears nothing of it (no ``RetryStatus/stopped``).
  public func cancelAll() {
    let all = owned
    owned = [:]
    cancelNewestFirst(all.values)
  }

  /// Owns `token` under `key` as a task is owned (what the key held is cancelled; later work
  /// under `key`, ``cancel(key:)``, ``cancelAll()`` and releasing this object cancel `token`), or
  /// with no key until ``cancelAll()`` or release: a subscription that feeds the view model stops
  /// with its work. Main actor; a cancelled token's `onCancel` runs under no lock.
  public func own(_ token: SubscriptionToken, key: (any Hashable & Sendable)? = nil) {
    lastID += 1
    let slot = key.map { TaskKey($0) } ?? TaskKey(Unkeyed(id: lastID))
    owned.updateValue(KeyedWork(id: lastID, task: nil, token: token), forKey: slot)?.cancel()
  }

  /// ``run(key:for:_:then:)`` for work that reports updates before its outcome (an upload's
  /// progress, a live stream's elements) through an ``UpdateReporter``; <doc:OwnedTasks> shows
  /// an upload queue built on it.
  ///
  /// - Ordering: updates arrive in the order reported, all before the outcome (one not yet on
  ///   the main actor is delivered first; one still held by the throttle is dropped), none after.
  /// - Cancellation: once the task is cancelled, no update of it arrives, not even one already
  ///   queued for the main actor: a replaced attempt's stale update never overwrites the new one's.
  ///   The throttle and streams given to ``UpdateReporter/report(from:)`` end with the task.
  ///
  /// - Parameters:
  ///   - key: as in ``run(key:for:_:then:)``; `nil`, the default, for no key.
  ///   - owner: what the handlers change, usually the view model (`self`); held weakly.
  ///   - throttle: at most one update per interval (the latest), or `nil` for every update.
  ///   - operation: the async work; reports through its argument; capture values, not `self`.
  ///   - update: called on the main actor with the owner and each update delivered.
  ///   - apply: called at most once, on the main actor, after every delivered update.
  /// - Returns: the task, as for ``run(key:for:_:then:)``.
  @discardableResult
  public func run<Owner: AnyObject, Update: Sendable, Success: Sendable, Failure: Error>(
    key: (any Hashable & Sendable)? = nil,
    for owner: Owner,
    throttle: UpdateThrottle? = nil,
    _ operation: @escaping @Sendable (UpdateReporter<Update>) async throws(Failure) -> Success,
    update: @escaping @MainActor (Owner, Update) -> Void,
    then apply: @escaping @MainActor (Owner, Result<Success, Failure>) -> Void
  ) -> Task<Void, Never> {
    let started = StartedTask()
    let delivery = UpdateDelivery<Update>(throttle: throttle) {
      @MainActor [weak owner] value in  // the weak-holding rule: no owner, the task ends
      if let owner { update(owner, value) } else { started.task?.cancel() }
    }
    let reporter = UpdateReporter(delivery)
    let work: @Sendable () async throws(Failure) -> Success = { () async throws(Failure) in
      try await operation(reporter)
    }
    let task = start(key: key.map { TaskKey($0) }, owner, delivery, work, apply)
    started.task = task
    return task
  }

  /// Starts the task; `updates` is the update form's (closed at cancellation and before the
  /// outcome, its pending updates delivered first), `nil` for the plain form.
  private func start<Owner: AnyObject, Update: Sendable, Success: Sendable, Failure: Error>(
    key: TaskKey?, _ owner: Owner, _ updates: UpdateDelivery<Update>?,
    _ operation: @escaping @Sendable () async throws(Failure) -> Success,
    _ apply: @escaping @MainActor (Owner, Result<Success, Failure>) -> Void
  ) -> Task<Void, Never> {
    let list = self.list
    lastID += 1
    let (id, slot) = (lastID, key ?? TaskKey(Unkeyed(id: lastID)))
    list.add(1)
    // The task's body starts on the main actor, which this method holds until it returns, so
    // the task enters `owned` below before the body's `defer` removes it.
    let task = Task { @MainActor [weak owner, weak self] in
      defer {
        list.add(-1)
        if let self, owned[slot]?.id == id { owned[slot] = nil }  // not a newer work under it
      }
      let result = await withTaskCancellationHandler { () async -> Result<Success, Failure> in
        do throws(Failure) { return .success(try await operation()) } catch {
          return .failure(error)
        }
      } onCancel: {
        updates?.close()  // at once, on the cancelling thread: queued updates are dropped
      }
      // Back on the main actor: cancellations made here so far are visible.
      if !Task.isCancelled, owner != nil {
        updates?.deliverPending()  // updates reported before the outcome come first
      }
      updates?.close()
      // An `update` handler may have cancelled the task or released the owner.
      guard !Task.isCancelled, let owner else { return }
      apply(owner, result)
    }
    owned.updateValue(KeyedWork(id: id, task: task, token: nil), forKey: slot)?.cancel()
    return task
  }
}

/// An update form's task, for its `update` handler to cancel (set before any update arrives).
@MainActor private final class StartedTask {
  var task: Task<Void, Never>?
}

/// The key of a task or token owned without a key: its own identifier, so nothing replaces it.
/// A type of its own, so never equal to a user's key.
private struct Unkeyed: Hashable, Sendable {
  let id: UInt64
}

/// Cancels `work` newest first (the reverse of start), on this thread, under no lock.
private func cancelNewestFirst(_ work: some Collection<KeyedWork>) {
  for work in work.sorted(by: { $0.id > $1.id }) {
    work.cancel()
  }
}

/// What a key of ``TaskOwner`` holds: a task or a token, with its identifier.
private struct KeyedWork {
  let id: UInt64
  let task: Task<Void, Never>?
  let token: SubscriptionToken?

  func cancel() {
    task?.cancel()
    token?.cancel()
  }
}
