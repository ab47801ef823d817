import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("The demo needs a POSIX terminal: Glibc, Musl or Darwin")
#endif

/// Every C call the demo makes to its terminal and standard input, in one place, with each
/// platform's spelling (as `Sources/Signals/Locking/Locked.swift` does for the library's one
/// lock).
///
/// Verified: Linux (Glibc), built and tested by CI. Darwin and Musl: the spellings follow their
/// headers (the union holding a `sigaction`'s handler has a different name on each), but no
/// Apple or Musl machine builds them here.
public enum TerminalPlatform {
  /// Whether standard input is a terminal.
  public static var standardInputIsTerminal: Bool {
    isatty(STDIN_FILENO) == 1
  }

  /// Whether standard output is a terminal.
  public static var standardOutputIsTerminal: Bool {
    isatty(STDOUT_FILENO) == 1
  }

  /// The size of the terminal standard output is attached to, or `nil` when it cannot be read.
  public static func outputWindowSize() -> (rows: Int, columns: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0
    else { return nil }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Reads at most `buffer.count` bytes of standard input into `buffer`, blocking until some
  /// arrive; retried when a signal interrupts it. Returns how many were read: 0 at the end of
  /// input or on a read error.
  ///
  /// It waits with `poll` and only then reads, so each read starts in the terminal mode its
  /// input was typed in: a read left blocked in raw mode ignores the end of input (Ctrl-D) typed
  /// once the terminal is back in line mode, as Linux decides how much a read needs when the
  /// read starts.
  public static func readStandardInput(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    while poll(&input, 1, -1) < 0 {
      guard errno == EINTR else { return 0 }
    }
    while true {
      let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
      if count < 0, errno == EINTR { continue }
      return max(count, 0)
    }
  }

  /// Writes all of `bytes` to file descriptor `descriptor` (standard output or error),
  /// retrying after a signal and waiting while a non-blocking descriptor is full. Returns
  /// `false` when the output is gone: the reader closed its end (EPIPE, with SIGPIPE ignored),
  /// the terminal hung up (EIO), or any other write error.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
      if written >= 0 {
        offset += written
        continue
      }
      switch errno {
      case EINTR:
        continue
      case EAGAIN, EWOULDBLOCK:
        var output = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&output, 1, -1)
      default:
        return false
      }
    }
    return true
  }

  // MARK: - Raw mode

  /// The signals whose default action ends the process, after which the terminal is put back
  /// before it ends: the ones that end it from outside (Ctrl-C while not raw, `kill`, a closed
  /// terminal, timers, resource limits, a broken pipe), the ones a failing process gets (a
  /// Swift runtime trap is SIGILL or SIGTRAP, `abort` is SIGABRT), and on Linux the realtime
  /// signals (see ``realtimeSignals``). SIGKILL cannot be caught; SIGSTOP cannot either, and
  /// only stops (SIGCONT, below, undoes what a shell does to the terminal meanwhile).
  private static let restoringSignals: [Int32] = {
    var signals: [Int32] = [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE,
      SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS, SIGIO,
    ]
    #if os(Linux)
      signals += [SIGPWR, SIGSTKFLT]
    #endif
    return signals
  }()

  /// The realtime signals (Linux: SIGRTMIN...SIGRTMAX), whose default action ends the process.
  /// A library may use one with a handler of its own, so they are taken over only while they
  /// still have their default action.
  private static var realtimeSignals: ClosedRange<Int32>? {
    #if canImport(Glibc)
      return __libc_current_sigrtmin()...__libc_current_sigrtmax()
    #else
      return nil
    #endif
  }

  /// Saves standard input's terminal attributes and arranges for them to be put back on every
  /// way out: at `exit`, and on each of ``restoringSignals`` before the signal does what it did
  /// before (a signal the process ignores, like SIGHUP under `nohup`, is left alone). A stop
  /// (SIGTSTP: `kill -TSTP`; Ctrl-Z outside raw mode) puts the terminal back before the process
  /// stops, and SIGCONT puts raw mode back on if the field was open (a shell sets the terminal
  /// to line mode while the job is stopped). Returns `false`, and arranges nothing, when
  /// standard input is not a terminal. Call it once, on the main thread, before
  /// ``enterRawMode()``.
  public static func prepareRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, savedAttributes) == 0 else { return false }
    atexit(restoreAtExit)
    for signal in restoringSignals {
      install(restoreThenReraise, for: signal, onlyOverDefault: false)
    }
    if let realtimeSignals {
      for signal in realtimeSignals {
        install(restoreThenReraise, for: signal, onlyOverDefault: true)
      }
    }
    install(restoreThenStop, for: SIGTSTP, onlyOverDefault: true)
    install(reenterRawModeIfOn, for: SIGCONT, onlyOverDefault: true)
    return true
  }

  /// Installs `handler` for `signal`, saving its previous action in `previousActions`. An
  /// ignored signal is left ignored; with `onlyOverDefault`, so is one with a handler.
  private static func install(
    _ handler: @escaping @convention(c) (Int32) -> Void, for signal: Int32,
    onlyOverDefault: Bool
  ) {
    var action = sigaction()
    setHandler(of: &action, to: handler)
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    let previous = previousActions + Int(signal)
    guard sigaction(signal, &action, previous) == 0 else { return }
    if isIgnored(previous.pointee) || (onlyOverDefault && !isDefault(previous.pointee)) {
      sigaction(signal, previous, nil)  // someone chose this action on purpose: keep it so
    }
  }

  /// Puts standard input's terminal in raw mode: every byte is read as it is typed, nothing is
  /// echoed, and control keys (Ctrl-C, Ctrl-Z, Ctrl-S) arrive as bytes instead of acting. Output
  /// is left as it was, so a newline still starts a new line. Only after ``prepareRawMode()``.
  public static func enterRawMode() {
    var raw = savedAttributes.pointee
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1  // a read returns as soon as one byte is there
      characters[Int(VTIME)] = 0
    }
    rawAttributes.pointee = raw
    rawModeIsOn.store(true, ordering: .sequentiallyConsistent)
    tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes)
  }

  /// Puts back the attributes ``prepareRawMode()`` saved. Pending input is kept.
  public static func restoreTerminal() {
    rawModeIsOn.store(false, ordering: .sequentiallyConsistent)
    tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
  }

  /// What Ctrl-C does when raw mode read it as a byte: puts the terminal back, then interrupts
  /// the process as the terminal would have: SIGINT, by default the end of the process, so this
  /// returns only if the process ignores SIGINT.
  ///
  /// The signal is raised on the calling thread with SIGINT unblocked for it while it is
  /// raised, so it is handled before this returns: the main actor runs on a dispatch worker
  /// thread, which blocks SIGINT (a process-directed `kill` would be handled later, by another
  /// thread, while this one went on to exit normally).
  public static func interrupt() {
    restoreTerminal()
    var interruptOnly = sigset_t()
    sigemptyset(&interruptOnly)
    sigaddset(&interruptOnly, SIGINT)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &interruptOnly, &previousMask)
    raise(SIGINT)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }

  private static func setHandler(
    of action: inout sigaction, to handler: @escaping @convention(c) (Int32) -> Void
  ) {
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Musl)
      action.__sa_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
  }

  /// Whether `action` ignores its signal (`SIG_IGN`). C function pointers are not `Equatable`:
  /// their addresses are compared.
  private static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(handler(of: action), to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Whether `action` is its signal's default action (`SIG_DFL`, a null handler).
  private static func isDefault(_ action: sigaction) -> Bool {
    handler(of: action) == nil
  }

  /// The handler `action` installs, under each C library's field name.
  private static func handler(of action: sigaction) -> (@convention(c) (Int32) -> Void)? {
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler
    #elseif canImport(Musl)
      action.__sa_handler.sa_handler
    #else
      action.__sigaction_u.__sa_handler
    #endif
  }
}

// The state the handlers below read. A signal handler can reach only global state, and may call
// only async-signal-safe functions (`tcsetattr`, `sigaction` and `raise` are), so it is kept in
// memory allocated once, at the first use of these globals, which `prepareRawMode()` makes on
// the main thread before it installs any handler.
//
// `nonisolated(unsafe)` is safe for both: the pointers never change; `prepareRawMode()` writes
// the attributes before installing the handlers that read them, and writes each signal's
// previous action before that signal's handler can run (a handler running before that would
// read a zeroed action, which is the default action); nothing writes them afterwards.

/// The terminal attributes standard input had before raw mode.
nonisolated(unsafe) private let savedAttributes = UnsafeMutablePointer<termios>.allocate(
  capacity: 1)

/// The attributes of raw mode, written by ``TerminalPlatform/enterRawMode()`` before it sets
/// ``rawModeIsOn``; read by the SIGCONT handler only while that is set. (`nonisolated(unsafe)`:
/// the pointer never changes; the main thread writes the pointee only while the flag is off or
/// before setting it, with sequentially consistent ordering on the flag.)
nonisolated(unsafe) private let rawAttributes = UnsafeMutablePointer<termios>.allocate(
  capacity: 1)

/// Whether the search field holds the terminal in raw mode now. An atomic: lock-free, so the
/// signal handlers may read it.
private let rawModeIsOn = Atomic<Bool>(false)

/// For each signal number, the action it had before ``TerminalPlatform/prepareRawMode()``.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
  actions.initialize(repeating: sigaction(), count: Int(NSIG))
  return actions
}()

/// Runs at `exit`: puts the terminal back.
private func restoreAtExit() {
  tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
}

/// Runs on SIGTSTP: puts the terminal back and stops the process with SIGTSTP's default
/// action, raised with SIGTSTP unblocked so the stop happens inside `raise`; once continued (or
/// at once, if the kernel discards the stop, as it does for an orphaned process group), takes
/// SIGTSTP over again and puts raw mode back if the field is open and the process is in the
/// foreground.
private func restoreThenStop(_ signal: Int32) {
  let errorNumber = errno
  tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
  var ownAction = sigaction()
  var defaultAction = sigaction()
  sigemptyset(&defaultAction.sa_mask)
  sigaction(SIGTSTP, &defaultAction, &ownAction)
  var stopOnly = sigset_t()
  sigemptyset(&stopOnly)
  sigaddset(&stopOnly, SIGTSTP)
  var previousMask = sigset_t()
  pthread_sigmask(SIG_UNBLOCK, &stopOnly, &previousMask)
  raise(SIGTSTP)
  pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  sigaction(SIGTSTP, &ownAction, nil)
  reenterRawModeIfOn(SIGCONT)
  errno = errorNumber
}

/// Runs on SIGCONT (and after a stop ends): if the search field holds raw mode, puts it back,
/// as a shell sets the terminal to line mode while a job is stopped. Only in the foreground:
/// setting the terminal from the background would stop the process again (SIGTTOU).
private func reenterRawModeIfOn(_ signal: Int32) {
  guard rawModeIsOn.load(ordering: .sequentiallyConsistent),
    tcgetpgrp(STDIN_FILENO) == getpgrp()
  else { return }
  let errorNumber = errno
  tcsetattr(STDIN_FILENO, TCSANOW, rawAttributes)
  errno = errorNumber
}

/// Runs on a restoring signal: puts the terminal back, gives the signal back its previous action
/// and raises it again, so it ends the process (or reports the crash) exactly as it would have.
/// The raised signal is blocked until this handler returns, then delivered.
private func restoreThenReraise(_ signal: Int32) {
  tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
  sigaction(signal, previousActions + Int(signal), nil)
  raise(signal)
}
