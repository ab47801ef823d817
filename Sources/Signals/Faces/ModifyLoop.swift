extension Channel {
  /// The loop behind ``MutableProperty/modify(_:)`` (promises there): `body` runs unlocked, on a
  /// copy read with its write number, and its change is stored only if no write came in between
  /// (and, with `changes`, only if `changes(read, changed)`: else the run stores nothing).
  func modify<R>(
    _ body: (inout Value) throws -> R, storesIf changes: ((Value, Value) -> Bool)? = nil
  ) rethrows -> R {
    let thread = currentThreadNumber()
    var runsThatWroteItself = 0
    while true {
      // One lock to read, and to watch this thread's own writes if no other modify watches.
      var (value, version, watches) = state.withLock { state in
        let watches = state.modifyingThread == 0
        if watches { (state.modifyingThread, state.modifyingThreadWrote) = (thread, false) }
        return (state.current, state.version, watches)
      }
      let read = changes.map { _ in value }  // kept only to compare
      let result: R
      do {
        result = try body(&value)
      } catch {
        if watches { state.withLock { $0.modifyingThread = 0 } }
        throw error
      }
      if let read, let changes, !changes(read, value) {
        if watches { state.withLock { $0.modifyingThread = 0 } }
        return result  // as if run before any write that came in between: nothing to store
      }
      // One lock to stop watching, and to store if no other write came in between.
      let answer = state.withLock { state -> State.Published? in
        let wroteItself = watches && state.modifyingThreadWrote
        if watches { state.modifyingThread = 0 }
        guard state.version == version else {
          if wroteItself { runsThatWroteItself += 1 }
          return nil
        }
        return state.publish(
          value, dropObserved: dropObserver != nil,
          cancellations: cancellations.load(ordering: .relaxed))
      }
      if let answer {
        carryOut(answer)
        return result
      }
      precondition(
        runsThatWroteItself < 2,
        "MutableProperty.modify: its body writes the property it modifies, so its change can never be stored; change the argument instead"
      )
    }
  }
}
