/// A channel's pending work, first in, first out, used under its lock (in ``ChannelState``).
/// Internal. An array and the index of its first element: taking the first moves it out (leaving
/// `nil`), so it is released by whoever took it, after unlocking. The consumed prefix is dropped
/// when the queue empties (keeping a small buffer, not a large one) or once it is half the array.
@usableFromInline
struct DeliveryQueue<Element: Sendable>: Sendable {
  @usableFromInline var items: [Element?] = []
  @usableFromInline var head = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == items.count }

  @inlinable
  mutating func append(_ element: Element) {
    items.append(element)
  }

  /// Takes the first element out, or returns `nil` when none is queued.
  @inlinable
  mutating func popFirst() -> Element? {
    guard head < items.count else { return nil }
    let first = items[head].take()
    head += 1
    if head == items.count {
      // Everything is `nil` now: nothing but memory is released.
      items.removeAll(keepingCapacity: items.capacity <= 64)
      head = 0
    } else if head >= 32 && head * 2 >= items.count {
      items.removeFirst(head)
      head = 0
    }
    return first
  }

  /// Takes out the queued elements that `matches`, in order; the others stay, in order.
  @inlinable
  mutating func removeAll(where matches: (Element) -> Bool) -> [Element] {
    let queued = items[head...].compactMap { $0 }
    (items, head) = (queued.filter { !matches($0) }, 0)
    return queued.filter(matches)
  }
}
