// The probe's second scenario (DebounceMemoryTests): what a long debounce on a dispatch queue
// keeps after its superseded waits were cancelled (issue 40).
import Dispatch
import Signals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends `count` values through a debounce of 10^9 s on a serial dispatch queue, so every value
/// but the last is superseded and its wait cancelled, lets the queue handle the cancels, and
/// prints how many resident bytes per value the process gained ("bytes per value N").
func measureDebounceMemory(count: Int) {
  let queue = DispatchQueue(label: "DebounceMemory")
  let values = EventSender<Int>()
  let bag = SubscriptionBag()
  values.stream.debounce(for: .seconds(1_000_000_000), scheduler: .queue(queue))
    .sink { _ in }.store(in: bag)
  values.send(-1)  // the first wait, and the debounce's own allocations, before the baseline
  let before = residentBytes()
  for value in 0..<count {
    values.send(value)
  }
  // Each cancel is handled on the queue: an action scheduled after them all runs after them.
  let drained = DispatchSemaphore(value: 0)
  DispatchQueueScheduler.queue(queue).schedule { drained.signal() }
  drained.wait()
  print("bytes per value \((residentBytes() - before) / count)")
  withExtendedLifetime(bag) {}
}

/// The process's resident memory now, from `/proc/self/statm` (0 where it cannot be read).
private func residentBytes() -> Int {
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 128)
  guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
  let fields = String(
    decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
  )
  .split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
