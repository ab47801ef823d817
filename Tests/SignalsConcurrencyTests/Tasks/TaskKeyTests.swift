import Signals
import SignalsConcurrency
import SignalsTestSupport
import SignalsTesting
import Testing

/// How `TaskOwner` compares keys: same type and equal. And that a key's own code (`==`,
/// `hash(into:)`, `deinit`) never runs under the owner's lock.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TaskKeyTests {
  /// `1` and `UInt8(1)` are equal as `AnyHashable`s, but they are keys of different types:
  /// the second task does not replace the first.
  @Test func equalValuesOfDifferentTypesAreDifferentKeys() async throws {
    let screen = KeyedLoadScreen()
    screen.load("int", key: 1)
    screen.load("byte", key: UInt8(1))
    await screen.call.requests(count: 2)

    screen.call.resolve(matching: "int", with: "A")
    screen.call.resolve(matching: "byte", with: "B")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.call.cancelledRequests.isEmpty)
    #expect(screen.shown.sorted() == ["A", "B"])
  }

  @Test func equalValuesOfTheSameTypeAreTheSameKey() async throws {
    let screen = KeyedLoadScreen()
    screen.load("a", key: "search")
    screen.load("ab", key: "search")
    await screen.call.requests(count: 2)

    screen.call.resolve(matching: "ab", with: "AB")
    await settle(tasks: TaskOwnerProbe(screen.tasks))

    #expect(screen.call.cancelledRequests == ["a"])
    #expect(screen.shown == ["AB"])
  }

  /// A key that notes, each time its `==`, `hash(into:)` or `deinit` runs, whether the owner's
  /// lock was held then.
  final class Spy: Sendable {
    let list: OwnedTaskList
    private let sawLock = Locked(false)
    private let calls = Locked(0)

    init(_ owner: TaskOwner) {
      list = owner.list
    }

    var sawLockHeld: Bool { sawLock.withLock { $0 } }
    var callCount: Int { calls.withLock { $0 } }

    func note() {
      let held = list.isLocked
      sawLock.withLock { $0 = $0 || held }
      calls.withLock { $0 += 1 }
    }
  }

  struct SpyingKey: Hashable, Sendable {
    let name: String
    let spy: Spy
    let lifetime: Lifetime

    /// Notes its own release.
    final class Lifetime: Sendable {
      let spy: Spy
      init(_ spy: Spy) { self.spy = spy }
      deinit { spy.note() }
    }

    init(_ name: String, _ spy: Spy) {
      self.name = name
      self.spy = spy
      lifetime = Lifetime(spy)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.spy.note()
      return lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
      spy.note()
      hasher.combine(name)
    }
  }

  @Test func aKeysOwnCodeNeverRunsUnderTheOwnersLock() async throws {
    let screen = KeyedLoadScreen(whenCancelled: .keepsWaitingForAnswer)
    let spy = Spy(screen.tasks)
    screen.load("a1", key: SpyingKey("a", spy))
    screen.load("a2", key: SpyingKey("a", spy))  // replaces: compares keys
    screen.load("b1", key: SpyingKey("b", spy))
    screen.tasks.cancel(key: SpyingKey("b", spy))
    await screen.call.requests(count: 3)
    for index in 0..<3 { screen.call.resolve(index, with: "done") }
    await settle(tasks: TaskOwnerProbe(screen.tasks))  // every entry, with its key, released

    #expect(spy.callCount > 0)
    #expect(!spy.sawLockHeld)
  }
}
