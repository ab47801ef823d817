import Signals

/// A key of ``TaskOwner/run(key:for:_:then:)``, as stored by the owner: any `Hashable` and
/// `Sendable` value. Two keys are the same key when they have the same type and are equal:
/// `"search"` is `"search"`, but `1` and `UInt8(1)` are different keys (unlike `AnyHashable`,
/// which treats equal numbers of different types as equal). Package-internal; not
/// `AnyHashable` itself, which is not `Sendable`.
package struct TaskKey: Hashable, Sendable {
  private let base: any Hashable & Sendable

  package init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  package static func == (lhs: TaskKey, rhs: TaskKey) -> Bool {
    type(of: lhs.base) == type(of: rhs.base) && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    AnyHashable(base).hash(into: &hasher)
  }
}
