/// The physical floors every case is compared with: what the same work costs with no reactive
/// library in between.
enum RawBaseline {
  /// `count` plain `(Int) -> Void` closures in an array, each adding its argument to `sink`.
  static func closures(count: Int, into sink: Accumulator) -> [(Int) -> Void] {
    var closures: [(Int) -> Void] = []
    closures.reserveCapacity(count)
    for _ in 0..<count {
      closures.append { sink.add($0) }
    }
    return closures
  }

  /// Calls each of `closures` with each value: one operation is one value sent to all of them.
  static func delivery(to count: Int) -> Workload {
    let sink = Accumulator()
    let closures = closures(count: count, into: sink)
    return Workload { operations in
      for value in 0..<operations {
        for closure in closures {
          closure(value)
        }
      }
      return sink.value
    }
  }

  /// As ``delivery(to:)``, but each closure is called without being copied out of its storage
  /// first (``BorrowedClosures``): no retain and release of its context around the call. The
  /// floor under the engine's own loop, which borrows its handlers the same way.
  static func borrowedDelivery(to count: Int) -> Workload {
    let sink = Accumulator()
    let closures = BorrowedClosures(closures(count: count, into: sink))
    return Workload { operations in
      for value in 0..<operations {
        closures.callEach(with: value)
      }
      return sink.value
    }
  }

  /// Allocates a small box, appends it to an array that holds `live` others, removes it again:
  /// the floor of "register, then unregister, one subscriber".
  static func churn(live: Int) -> Workload {
    Workload { operations in
      // Built per batch, outside the loop: a local array, so no exclusivity checks.
      var boxes = (0..<live).map { Box($0) }
      var total = 0
      for value in 0..<operations {
        boxes.append(Box(value))
        total &+= boxes.removeLast().value
      }
      return total &+ boxes.count
    }
  }

  /// Allocates `count` boxes into an array, then drops them in `order`: the floor of
  /// "subscribe `count`, then cancel them all in random order" with O(1) removal.
  static func bulkChurn(count: Int, order: [Int]) -> Workload {
    Workload(fixedOperations: count) {
      var boxes: [Box?] = []
      boxes.reserveCapacity(count)
      for value in 0..<count {
        boxes.append(Box(value))
      }
      var total = 0
      for index in order {
        total &+= boxes[index]?.value ?? 0
        boxes[index] = nil
      }
      return total
    }
  }
}

/// A heap object of one word: the smallest thing a subscription list could hold.
final class Box {
  let value: Int

  init(_ value: Int) {
    self.value = value
  }
}

/// Closures a loop can call without copying them. Swift copies a closure read from an array (or
/// through a pointer) before calling it, retaining and releasing its context; a closure inside
/// a non-copyable value, called through a `borrowing` method, is called where it lies.
final class BorrowedClosures {
  /// One closure, non-copyable so that calling it is a borrow.
  private struct Slot: ~Copyable {
    let call: (Int) -> Void

    @inline(__always)
    borrowing func callAsFunction(_ value: Int) {
      call(value)
    }
  }

  private let slots: UnsafeMutablePointer<Slot>
  private let count: Int

  init(_ closures: [(Int) -> Void]) {
    count = closures.count
    slots = .allocate(capacity: count)
    for (index, closure) in closures.enumerated() {
      (slots + index).initialize(to: Slot(call: closure))
    }
  }

  deinit {
    slots.deinitialize(count: count)
    slots.deallocate()
  }

  /// Calls every closure with `value`, in order.
  @inline(__always)
  func callEach(with value: Int) {
    for index in 0..<count {
      slots[index](value)
    }
  }
}
