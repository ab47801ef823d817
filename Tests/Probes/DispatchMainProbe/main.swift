// A process for one test (DispatchMainProbeTests): main-actor delivery after `dispatchMain()`.
//
// After `dispatchMain()` the main thread exits and a worker thread services the main queue. The
// main actor is still the main queue, so `receive(on: .mainActor)` must deliver there: inline
// when a value is set on the main queue, and through it when set on another thread. Signals
// finds the main queue with `DispatchQueue.getSpecific`, so this works whichever isolation-check
// mode the Swift runtime is in (the legacy mode would reject this worker thread).
//
// Prints one line per value received, then "done" and exits 0; exits 2 if that takes too long.
// With the argument `debounce-memory` it measures a long debounce's memory instead
// (DebounceMemory.swift) and exits 0.
import Dispatch
import Signals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

if CommandLine.arguments.dropFirst().first == "debounce-memory" {
  measureDebounceMemory(count: 100_000)
  exit(0)
}

let owner = MutableProperty(0)
let keepAlive = SubscriptionBag()

// No `MainActor.assumeIsolated` of its own: every isolation check is the library's.
DispatchQueue.main.async {
  owner.property.receive(on: .mainActor).sink { value in
    print("received \(value) on the main queue")
    if value == 1 {
      DispatchQueue.global().async { owner.value = 2 }  // delivered through the main queue
    } else if value == 2 {
      print("done")
      exit(0)
    }
  }.store(in: keepAlive)
  owner.value = 1  // set on the main queue: delivered inline
}
DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
  print("timed out")
  exit(2)
}
dispatchMain()
