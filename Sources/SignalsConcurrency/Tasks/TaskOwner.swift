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
///   needs (a client, a query) and returns or throws. It is not isolated to the main actor, so
///   it cannot touch the view model's state. Its outcome comes back as a `Result`, so `try`
///   stays in the operation and the view model switches on one value.
/// - Applying: `apply` runs on the main actor after `operation` returns, with the owner given
///   to ``run(key:for:_:then:)`` (held weakly while the operation runs), and only if that owner
///   still lives and the task was not cancelled (by ``cancel(key:)``, ``cancelAll()``, a newer
///   task with the same key, the returned task's `cancel()`, or releasing this object). A
///   cancelled task ends without calling `apply`: the view model decides what state a
///   cancellation leaves, in the method that cancels.
/// - Ordering: a cancellation made on the main actor before `apply` runs is always seen, even
///   one made in the same main-actor turn as the answer arrived: `apply` checks it on the main
///   actor right before it is called. So a replaced task never applies after its replacement
///   started (latest wins), and a view model's `cancel()` is final.
/// - Lifetime: a running task keeps alive what `operation` and `apply` capture and this
///   object's list of tasks; not the owner (held weakly) and not this object. The owner follows
///   `sink(with:)`'s rule, a call that finds it gone is skipped, and here that call (an update,
///   the outcome, a timer's tick, a retry step) also ends its work: the task is cancelled, a timer
///   or loop stops. (A `sink(with:)` subscription ends with its token instead, the screen's bag:
///   ending it from its handler cost every screen subscription 9.5% more instructions.)
///   Releasing this object (with the view model that holds it) cancels every task and token it
///   owns, keyed or not, in the order of ``cancelAll()``; each task ends at its operation's next
///   cancellation check (a `URLSession` call throws at once) and applies nothing. A task is
///   dropped from the list as soon as it returns. Capturing `self` in `operation` would keep the
///   view model alive until the operation returns: capture values instead (a capture list such
///   as `[client]` says what the work uses).
/// - Threading: a main-actor class; `run`, `cancel` and `apply` are on the main actor. Release
///   may happen on any thread (a `deinit` cancels, which is safe anywhere).
/// - Updates: work that reports updates before its outcome (an upload's progress, each element
///   of a live stream) starts with ``run(key:for:throttle:_:update:then:)``; its updates follow
///   the same rules as the outcome, and never arrive after it.
/// - Tokens: a timer's or a subscription's `SubscriptionToken` is owned with
///   ``own(_:key:)`` under the same keys as tasks (one key, one piece of work: starting a task
///   or owning a token under a key cancels what the key held), so ``cancel(key:)`` and
///   ``cancelAll()`` stop a screen's tasks, timers and subscriptions in one call. The timers of
///   ``after(_:key:on:for:_:)`` and ``every(_:key:on:for:_:)`` are owned this way.
/// - Cost: starting a task (keyed or not) and cancelling a key take constant time: the owner
///   finds a key's work in a dictionary on the main actor, so 10,000 keyed starts cost 10,000
///   times one start (the `keyed task starts` row of the benchmarks).
/// - Tests: a `TaskOwnerProbe` (SignalsTesting) counts the tasks, also after the owner is
///   released; `settle(tasks:)` and `ScreenHarness` await them and let their outcomes and
///   updates reach the main actor. See <doc:OwnedTasks>.
@MainActor
public final class TaskOwner {
  /// The tasks that have not returned; shared with the tasks and with test probes.
  package nonisolated let list: OwnedTaskList
  /// The work this object owns and has not cancelled: under each key the newest task or token
  /// started or owned under it, and each unkeyed task or token under a key of its own
  /// (``Unkeyed``). Main-actor state, so a key's `==` and `hash(into:)` (user code) run under no
  /// lock. An entry leaves when its task returns, or when cancelled or replaced.
  private var owned: [TaskKey: KeyedWork] = [:]

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
  /// cancelled. See the type's documentation for ordering and lifetime.
  ///
  /// With a `key`, the task replaces the one started under the same key: if that one is still
  /// running it is cancelled first, so its result is never applied (latest wins); a token or
  /// timer owned under `key` is cancelled too. Tasks with other keys, and tasks started without
  /// a key, are not affected. A replaced task stays owned (and counted by test probes) until it
  /// returns.
  ///
  /// One of two forms: this one for work with only an outcome; work that reports updates
  /// before it (an upload's progress, a stream's elements) uses
  /// ``run(key:for:throttle:_:update:then:)``. Two, not one, because a Swift closure cannot
  /// ignore a parameter silently: one form would make every plain call write `_ in`.
  ///
  /// - Parameters:
  ///   - key: replaces the task or token held under an equal key (same type, `==`); `nil`, the
  ///     default (or an optional key that is `nil`), starts a task that nothing replaces.
  ///   - owner: what `apply` changes, usually the view model (`self`); held weakly.
  ///   - operation: the async work; it gets no owner, so capture values, not `self`.
  ///   - apply: called at most once, on the main actor, with the owner and the outcome.
  /// - Returns: the task, which returns once `apply` has run or been skipped. Await its
  ///   `value` to wait for the outcome to be applied; cancelling it cancels the work, as
  ///   ``cancelAll()`` would for this task alone.
  @discardableResult
  public func run<Owner: AnyObject, Success: Sendable, Failure: Error>(
    key: (any Hashable & Sendable)? = nil,
    for owner: Owner,
    _ operation: @escaping @Sendable () async throws(Failure) -> Success,
    then apply: @escaping @MainActor (Owner, Result<Success, Failure>) -> Void
  ) -> Task<Void, Never> {
    start(key: key.map { TaskKey($0) }, owner, UpdateDelivery<Never>?.none, operation, apply)
  }

  /// Cancels the task started under `key`, if it has not returned; its result is not applied.
  /// Other tasks go on.
  /// Also cancels a token owned under `key` (``own(_:key:)``, a timer): one call stops the
  /// key's work, whatever it is. Constant time.
  public func cancel(key: some Hashable & Sendable) {
    owned.removeValue(forKey: TaskKey(key))?.cancel()
  }

  /// Cancels every task this object keeps, and every token it owns (timers, subscriptions);
  /// none of the tasks' results is applied, no timer of them fires afterwards. Tasks started and
  /// tokens owned afterwards run normally.
  ///
  /// Order: newest first, the reverse of start, keyed or not, tasks and tokens alike, the same
  /// in every run. So a subscription owned after the work it watches (a retry loop's status)
  /// ends before that work is cancelled, and hears nothing of the cancellation (no
  /// ``RetryStatus/stopped``). Releasing this object cancels in the same order.
  public func cancelAll() {
    let all = owned
    owned = [:]
    cancelNewestFirst(all.values)
  }

  /// Owns `token` under `key`, as a task started under `key` is owned: the task or token the key
  /// held is cancelled (latest wins), and ``cancel(key:)``, ``cancelAll()`` and releasing this
  /// object cancel `token`. A task started under `key` later cancels it too. With no key (`nil`,
  /// the default), `token` is owned until ``cancelAll()`` or this object's release, and nothing
  /// replaces it.
  ///
  /// Use it for what a screen's work holds beside its tasks (a timer, a subscription that feeds
  /// the view model), so that one call stops all of it. Threading: main actor; the cancelled
  /// token's `onCancel` runs here, under no lock.
  public func own(_ token: SubscriptionToken, key: (any Hashable & Sendable)? = nil) {
    let id = list.makeID()
    let slot = key.map { TaskKey($0) } ?? TaskKey(Unkeyed(id: id))
    replace(slot, with: KeyedWork(id: id, task: nil, token: token))
  }

  /// Puts `work` under `key`, cancelling what the key held. On the main actor, under no lock.
  private func replace(_ key: TaskKey, with work: KeyedWork) {
    owned.updateValue(work, forKey: key)?.cancel()
  }

  /// The task `id` under `key` returned: the key no longer holds it (a newer work stays).
  private func finished(_ key: TaskKey, _ id: UInt64) {
    if owned[key]?.id == id {
      owned[key] = nil
    }
  }

  /// Like ``run(key:for:_:then:)``, for work that reports updates before its outcome (an
  /// upload's progress, each element of a live stream): `operation` gets an ``UpdateReporter``,
  /// and each update it reports reaches `update` on the main actor under the same rules as the
  /// outcome.
  ///
  /// ```swift
  /// tasks.run(key: file.id, for: self, throttle: .latest(per: .milliseconds(100), on: scheduler)) {
  ///   [uploader] updates in
  ///   try await uploader.upload(file) { sent in updates.report(sent) }
  /// } update: { queue, sent in
  ///   queue.show(sent, for: file.id)
  /// } then: { queue, result in
  ///   queue.finish(file.id, with: result)
  /// }
  /// ```
  ///
  /// - Ordering: updates arrive in the order reported, each before the outcome; an update
  ///   that has not reached the main actor when the outcome is applied is delivered first (a
  ///   throttled update still held by the throttle is dropped: the outcome supersedes it).
  ///   Nothing arrives after the outcome.
  /// - Cancellation: once the task is cancelled (``cancel(key:)``, ``cancelAll()``, a newer
  ///   task with the same key, releasing this object), no update of it arrives any more, not
  ///   even one already queued for the main actor, and neither does its outcome. So a stale
  ///   update of a replaced attempt never overwrites the new attempt's.
  /// - Owned subscriptions: the throttle and every stream given to
  ///   ``UpdateReporter/report(from:)`` belong to the task: they end when it is cancelled or
  ///   when its outcome is applied.
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

  /// Starts the task; `updates` (closed at cancellation and before the outcome, its pending
  /// updates delivered first) is the update form's, `nil` for the plain form.
  private func start<Owner: AnyObject, Update: Sendable, Success: Sendable, Failure: Error>(
    key: TaskKey?, _ owner: Owner, _ updates: UpdateDelivery<Update>?,
    _ operation: @escaping @Sendable () async throws(Failure) -> Success,
    _ apply: @escaping @MainActor (Owner, Result<Success, Failure>) -> Void
  ) -> Task<Void, Never> {
    let list = self.list
    let id = list.makeID()
    let slot = key ?? TaskKey(Unkeyed(id: id))
    // The task's body starts on the main actor, which this method holds until it returns, so
    // `insert` and `replace` below always run before the body's `remove` and `finished`.
    let task = Task { @MainActor [weak owner, weak self] in
      defer {
        list.remove(id)
        self?.finished(slot, id)
      }
      let result = await withTaskCancellationHandler {
        await outcome(of: operation)
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
    list.insert(id)
    replace(slot, with: KeyedWork(id: id, task: task, token: nil))
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

/// What a key of ``TaskOwner`` holds: a task or a token, with the identifier it was started
/// under (so a task that returns removes its own entry, not a newer one; the identifiers give
/// the start order).
private struct KeyedWork {
  let id: UInt64
  let task: Task<Void, Never>?
  let token: SubscriptionToken?

  func cancel() {
    task?.cancel()
    token?.cancel()
  }
}

/// The outcome of `operation` as a value, so `try` stays inside it.
private func outcome<Success: Sendable, Failure: Error>(
  of operation: @Sendable () async throws(Failure) -> Success
) async -> Result<Success, Failure> {
  do throws(Failure) {
    return .success(try await operation())
  } catch {
    return .failure(error)
  }
}
