import Signals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("SignalsBenchmarks needs a C library: Glibc, Musl or Darwin")
#endif

/// Measures heap cost per live subscription from the process's resident set size.
///
/// `mallinfo2()` is not visible to Swift (Glibc's module map does not include `<malloc.h>`), so
/// the probe reads resident pages from `/proc/self/statm` before and after creating `count`
/// subscriptions and divides the growth by `count`. Storage the caller keeps the tokens in is
/// allocated and touched before the first reading, so only Signals' own memory is counted (see
/// the handler's comment). The same method applied to `count` one-word objects checks it: it must
/// report their allocator chunk size (32 bytes with glibc). Run it before anything else, so the
/// allocator has no freed memory to hand back instead of growing.
enum MemoryProbe {
  /// Resident bytes of this process, or `nil` where `/proc/self/statm` cannot be read.
  static func residentBytes() -> Int? {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return nil
    }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Bytes of resident memory per live subscription with `count` subscriptions on one stream,
  /// plain (`sink`) and as a screen's `bind()` makes them (`receive(on: .mainActor)
  /// .sink(with:)`), and per one-word object for `count` such objects (the method check). Every
  /// subscription and object stays alive until all are measured, so no measurement can reuse
  /// another's memory.
  @MainActor
  static func measure(
    count: Int, checksum: inout Int
  ) -> (perSubscription: Double, perBindShaped: Double, perBox: Double)? {
    let sink = Accumulator()
    let sender = EventSender<Int>()
    let stream = sender.stream
    var tokens = [SubscriptionToken?](repeating: nil, count: count)
    var bound = [SubscriptionToken?](repeating: nil, count: count)
    var boxes = [Box?](repeating: nil, count: count)
    guard let start = residentBytes() else { return nil }
    for index in 0..<count {
      // This literal captures only `sink`; Swift allocates its context once for the whole loop
      // (callgrind: two allocations per subscribe, both Signals' own). A handler that captures
      // per-subscription state adds its context (from 32 bytes) to the caller's side. Passing
      // a stored `(Int) -> Void` instead would add a 48-byte reabstraction thunk.
      tokens[index] = stream.sink { sink.add($0) }
    }
    guard let plain = residentBytes() else { return nil }
    for index in 0..<count {
      bound[index] = ChurnCase.bindShaped(stream, sink)
    }
    guard let bindShaped = residentBytes() else { return nil }
    for index in 0..<count {
      boxes[index] = Box(index)
    }
    guard let end = residentBytes() else { return nil }
    sender.send(1)
    checksum &+= sink.value &+ tokens.count &+ bound.count &+ (boxes[count / 2]?.value ?? 0)
    return (
      Double(plain - start) / Double(count), Double(bindShaped - plain) / Double(count),
      Double(end - bindShaped) / Double(count)
    )
  }
}
