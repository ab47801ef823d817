/// A key of ``TaskOwner/run(key:for:_:then:)``, as stored by the owner: any `Hashable` and
/// `Sendable` value, compared and hashed as `AnyHashable` compares and hashes it (so `"search"`
/// equals `"search"`, and values of different types are different keys). Internal.
///
/// Not `AnyHashable` itself, which is not `Sendable`: the key is read under the list's lock from
/// any thread.
struct TaskKey: Hashable, Sendable {
  private let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  static func == (lhs: TaskKey, rhs: TaskKey) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}
