#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Signals needs POSIX threads: Glibc, Musl or Darwin")
#endif

/// Every C call Signals makes, in one place, with each platform's spelling. Package-internal.
///
/// The rest of the library calls these wrappers and imports no C module. Where the toolchain
/// has a Swift API that does the job, it is used instead; two jobs have none that fits:
/// - parking the threads that wait for a lock (see ``LockWord``: `Synchronization.Mutex` is
///   invisible to ThreadSanitizer on Linux), and
/// - a thread-local value without Foundation (see ``ThreadRecord``).
///
/// Verified: Linux (Glibc), built and tested by CI. Darwin and Musl: the spellings below follow
/// their headers (Darwin's `pthread_key_create` destructor takes a non-optional pointer), but no
/// Apple or Musl machine builds them here.
@usableFromInline
enum Platform {
  /// A heap-allocated, initialised, non-recursive mutex. POSIX forbids moving a mutex, so it
  /// lives behind a pointer for its whole life.
  @usableFromInline typealias Mutex = UnsafeMutablePointer<pthread_mutex_t>

  /// Allocates and initialises a mutex; stops with a message if the system refuses.
  @usableFromInline
  static func makeMutex() -> Mutex {
    let mutex = Mutex.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "Signals: pthread_mutex_init failed with \(status)")
    return mutex
  }

  /// Destroys and frees a mutex made by ``makeMutex()``; nobody may hold or use it any more.
  @usableFromInline
  static func destroy(_ mutex: Mutex) {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Blocks until this thread holds `mutex`.
  @inlinable
  static func lock(_ mutex: Mutex) {
    pthread_mutex_lock(mutex)
  }

  /// Releases `mutex`, held by this thread.
  @inlinable
  static func unlock(_ mutex: Mutex) {
    pthread_mutex_unlock(mutex)
  }

  /// A heap-allocated, initialised condition variable (never moved, like a mutex).
  @usableFromInline typealias Condition = UnsafeMutablePointer<pthread_cond_t>

  /// Allocates and initialises a condition variable; stops with a message if the system
  /// refuses. Never destroyed: the parking lot's buckets live as long as the process.
  static func makeCondition() -> Condition {
    let condition = Condition.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    let status = pthread_cond_init(condition, nil)
    precondition(status == 0, "Signals: pthread_cond_init failed with \(status)")
    return condition
  }

  /// Releases `mutex` (held by this thread) and sleeps until `condition` is signalled, then
  /// takes `mutex` again. May return without a signal: callers re-check what they wait for.
  static func wait(on condition: Condition, releasing mutex: Mutex) {
    pthread_cond_wait(condition, mutex)
  }

  /// Wakes every thread waiting on `condition`.
  static func broadcast(_ condition: Condition) {
    pthread_cond_broadcast(condition)
  }

  /// Lets another thread run: after an optimistic update lost a race, the writer that won is
  /// likely still running, and retrying at once mostly loses again.
  @usableFromInline
  static func yieldThread() {
    sched_yield()
  }

  /// The key of a thread-local slot.
  @usableFromInline typealias ThreadSlot = pthread_key_t

  /// A process-wide thread-local slot holding a pointer to memory that the slot owns: when a
  /// thread exits, the system frees that thread's block (allocated by the caller with
  /// `UnsafeMutablePointer.allocate` of a trivial type, so freeing needs no deinitialisation).
  @usableFromInline
  static func makeOwnedSlot() -> ThreadSlot {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { pointer in
        pointer.deallocate()
      }
    #else
      let status = pthread_key_create(&key) { pointer in
        pointer?.deallocate()
      }
    #endif
    precondition(status == 0, "Signals: pthread_key_create failed with \(status)")
    return key
  }

  /// This thread's pointer in `slot`, or `nil` if this thread has not set one.
  @inlinable
  static func value(in slot: ThreadSlot) -> UnsafeMutableRawPointer? {
    pthread_getspecific(slot)
  }

  /// Stores `pointer` in this thread's `slot`; the slot frees it when the thread exits.
  @usableFromInline
  static func setValue(_ pointer: UnsafeMutableRawPointer, in slot: ThreadSlot) {
    let status = pthread_setspecific(slot, pointer)
    precondition(status == 0, "Signals: pthread_setspecific failed with \(status)")
  }

  /// Whether the calling thread is the process's initial thread, the one `main` runs on. A
  /// system call or two: callers cache the answer per thread.
  ///
  /// Darwin: `pthread_main_np()`. Linux: the initial thread's ID is the process ID; glibc's
  /// `gettid` is not visible to Swift, so the ID is read from `/proc/thread-self`, a link to
  /// `<pid>/task/<tid>`. Where that cannot be read, the answer is `false`: callers then take
  /// their general path, which is correct on every thread.
  @usableFromInline
  static func isInitialThread() -> Bool {
    #if canImport(Darwin)
      return pthread_main_np() != 0
    #else
      var buffer = [CChar](repeating: 0, count: 64)
      let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard length > 0 else { return false }
      let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      let process = String(getpid())
      return link == "\(process)/task/\(process)"
    #endif
  }
}
