/// A channel's subscribers in subscription order: a singly linked list threaded through the
/// subscribers themselves (``Subscriber/next``). Internal; owned by ``ChannelState`` and changed
/// only under the channel's lock.
///
/// Why a list through the subscribers rather than an array of references: the link takes the
/// place of the array slot and of the slot index a subscriber needed to find itself in the
/// array, so a subscription costs 8 bytes less (96 instead of 104; docs/performance.md).
///
/// Ownership: the list holds one reference to each linked subscriber, taken when it is linked
/// (``append(_:)``) and given back when it is unlinked (``retire(_:)``, ``sweep()``). The links
/// are `Unmanaged`, so a round walks the list with no reference counting, and unlinking never
/// cascades (no chain of `deinit`s, however long the list).
///
/// Cancellation unlinks only the newest subscriber (when its predecessor is known: the usual
/// subscribe-then-cancel churn); any other retired subscriber stays linked, skipped by every
/// round (its admission number admits no value), until a sweep unlinks every retired subscriber
/// in one pass. Sweeps run once retired subscribers make up half the list (amortised O(1) per
/// cancel), and at once when no active subscriber is left, so that a channel nobody listens to
/// holds no subscriber. That is also why the list needs no `deinit`: every linked subscriber
/// holds its channel, so a channel is freed only after its last cancellation emptied the list.
/// A round reads the list unlocked (``first``), so it never changes while a round runs
/// (``ChannelState`` invariant 3: joins and leaves are parked and applied at the round's end).
@usableFromInline
struct SubscriberList<Value: Sendable>: Sendable {
  /// The oldest linked subscriber.
  @usableFromInline var head: Unmanaged<Subscriber<Value>>?
  /// The newest linked subscriber, where ``append(_:)`` links the next one.
  @usableFromInline var tail: Unmanaged<Subscriber<Value>>?
  /// The subscriber linked just before ``tail``, when known (`nil` when not known, and when the
  /// tail is the head): what lets ``retire(_:)`` unlink the newest subscriber at once.
  @usableFromInline var beforeTail: Unmanaged<Subscriber<Value>>?
  /// How many subscribers are linked, retired ones included.
  @usableFromInline var linkedCount = 0
  /// How many of them are retired (waiting for a sweep).
  @usableFromInline var retiredCount = 0

  @inlinable
  init() {}

  /// The first subscriber, for a round to walk from without retaining anything. Valid while the
  /// list is unchanged: only ``append(_:)``, ``retire(_:)`` and ``sweep()`` change it, and the
  /// channel calls them only while no round runs (``ChannelState`` invariant 3). A round reads
  /// it only between its start and its end, on the delivering thread.
  @inlinable
  var first: Unmanaged<Subscriber<Value>>? { head }

  /// Subscribers that are linked and not retired (those cancelled during a round and parked in
  /// `ChannelState.leaving` included, until the round's end retires them).
  @inlinable
  var activeCount: Int { linkedCount - retiredCount }

  /// Links `subscriber` last, taking a reference to it.
  @inlinable
  mutating func append(_ subscriber: Subscriber<Value>) {
    let linked = Unmanaged.passRetained(subscriber)
    setLink(after: tail, to: linked)
    beforeTail = tail
    tail = linked
    linkedCount += 1
  }

  /// Points the link after `previous` (the head when `previous` is `nil`) at `node`.
  @inlinable
  mutating func setLink(
    after previous: Unmanaged<Subscriber<Value>>?, to node: Unmanaged<Subscriber<Value>>?
  ) {
    if let previous {
      previous._withUnsafeGuaranteedRef { $0.next = node }
    } else {
      head = node
    }
  }

  /// Takes a linked subscriber that was just retired out of the active count. The newest one
  /// is unlinked at once when its predecessor is known (the usual churn: subscribe, then cancel
  /// before anyone else subscribes), which gives back the list's reference; the caller still
  /// holds the subscriber, so that releases nothing. Any other stays linked until a sweep, which
  /// runs once retired subscribers are half the list (and at least 16), or when none is left
  /// active.
  @inlinable
  mutating func retire(_ subscriber: Subscriber<Value>) {
    if let tail, tail.toOpaque() == Unmanaged.passUnretained(subscriber).toOpaque(),
      beforeTail != nil || head?.toOpaque() == tail.toOpaque()
    {
      setLink(after: beforeTail, to: nil)
      self.tail = beforeTail
      beforeTail = nil
      linkedCount -= 1
      tail.release()
    } else {
      retiredCount += 1
    }
    if retiredCount > 0
      && (retiredCount == linkedCount || (retiredCount >= 16 && retiredCount * 2 >= linkedCount))
    {
      sweep()
    }
  }

  /// Unlinks every retired subscriber, keeping the others in order, and gives back the list's
  /// references to them. Giving one back runs no user code: a subscriber is retired, and its
  /// handler released, by a thread that holds it until then (the canceller, or the deliverer's
  /// list of retired subscribers), so if the list's reference is the last, the handler is already
  /// the no-op one, and the channel, which every subscriber holds, is alive (its lock is held).
  @inlinable
  mutating func sweep() {
    var kept: Unmanaged<Subscriber<Value>>?
    var beforeKept: Unmanaged<Subscriber<Value>>?
    var current = head
    head = nil
    while let node = current {
      let (next, isRetired) = node._withUnsafeGuaranteedRef { subscriber in
        let next = subscriber.next
        subscriber.next = nil
        return (next, subscriber.isRetired)
      }
      if isRetired {
        node.release()
      } else {
        setLink(after: kept, to: node)
        beforeKept = kept
        kept = node
      }
      current = next
    }
    tail = kept
    beforeTail = beforeKept
    linkedCount -= retiredCount
    retiredCount = 0
  }
}
