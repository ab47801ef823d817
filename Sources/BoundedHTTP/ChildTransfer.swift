#if os(Linux)
  import Foundation
  import FoundationNetworking
  import Glibc
  import Synchronization

  /// One worker process running one transfer, waited for on a thread of its own (never on the
  /// caller's concurrency pool). Internal; behind `ChildProcessHTTPClient`.
  ///
  /// ``stop()`` kills the worker (SIGKILL) until it has ended, also before it has started; the
  /// caller then gets `CancellationError`. A worker that dies or answers nothing readable gives
  /// `URLError(.badServerResponse)`.
  ///
  /// The worker is started with `posix_spawn`, not Foundation's `Process`, so that this type
  /// alone owns it: its channels are close-on-exec (no other child inherits them, so the end of
  /// the output is the worker's); on glibc 2.34 and later the descriptors other threads opened
  /// stay out of it; and, as long as nothing else in the process reaps children (no `SIGCHLD`
  /// set to be ignored, no `waitpid(-1)`: Foundation's `Process` waits for its own children
  /// only), its process number stays its own until ``runToEnd(_:_:_:)`` reaps it, after the last
  /// moment ``stop()`` may signal it.
  final class ChildTransfer: Sendable {
    private enum Phase {
      case starting
      /// The worker runs; `channels` are this side's ends of its input and output.
      case running(pid: pid_t, channels: [Int32])
      case stopped
      case finished
    }

    private let phase = Mutex(Phase.starting)

    /// Runs `request` in a worker started as `executable arguments…`, reading at most
    /// `outputLimit` bytes of its answer.
    static func run(
      _ request: WireRequest, executable: URL, arguments: [String], outputLimit: Int
    ) async throws -> (Data, URLResponse) {
      let encoded = try JSONEncoder().encode(request)
      guard encoded.count <= TransferWorker.maximumRequestSize else {
        throw URLError(.dataLengthExceedsMaximum)
      }
      let transfer = ChildTransfer()
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { caller in
          let started = WaitingThread.start {
            caller.resume(
              with: Result {
                try transfer.runToEnd([executable.path] + arguments, encoded, outputLimit)
              })
          }
          // Out of threads (a process limit reached): the request fails now, not never.
          if !started { caller.resume(throwing: URLError(.cannotLoadFromNetwork)) }
        }
      } onCancel: {
        transfer.stop()
      }
    }

    /// Kills the worker, or keeps it from starting, and ends this side's reading and writing at
    /// once: a process the worker started, holding its output, cannot hold the caller too.
    func stop() {
      // Under the lock: `runToEnd` reaps the worker and closes the channels only after it has
      // set `finished` under this lock, so until then the number and the descriptors are theirs.
      phase.withLock { phase in
        switch phase {
        case .starting:
          phase = .stopped
        case .running(let pid, let channels):
          phase = .stopped
          kill(pid, SIGKILL)
          for channel in channels { shutdown(channel, Int32(SHUT_RDWR)) }
        case .stopped, .finished:
          break
        }
      }
    }

    /// Starts the worker, gives it the request, reads its answer, waits for it to end and reaps
    /// it (blocking this thread).
    private func runToEnd(
      _ arguments: [String], _ request: Data, _ outputLimit: Int
    ) throws -> (Data, URLResponse) {
      Self.keepChildrenWaitable
      let input = try Self.channel()
      let output: (read: Int32, write: Int32)
      do {
        output = try Self.channel()
      } catch {
        close(input.read)
        close(input.write)
        throw error
      }
      defer {
        close(input.write)
        close(output.read)
      }
      let notStopped = phase.withLock { phase in
        if case .starting = phase { return true }
        return false
      }
      let spawned =
        notStopped ? Self.spawn(arguments, stdin: input.read, stdout: output.write) : nil
      close(input.read)
      close(output.write)
      guard let spawned else { throw CancellationError() }
      let pid = try spawned.get()
      let stoppedMeanwhile = phase.withLock { phase in
        guard case .starting = phase else { return true }
        phase = .running(pid: pid, channels: [input.write, output.read])
        return false
      }
      if stoppedMeanwhile {
        kill(pid, SIGKILL)  // not reaped yet: the number is still its own
        shutdown(output.read, Int32(SHUT_RDWR))
      }
      Self.send(request, to: input.write)
      let (answer, isComplete) = Self.readAnswer(output.read, limit: outputLimit)
      if !isComplete { kill(pid, SIGKILL) }  // not reaped yet: the number is still its own
      Self.awaitExit(of: pid)
      let wasStopped = phase.withLock { phase in
        defer { phase = .finished }
        if case .stopped = phase { return true }
        return false
      }
      let status = Self.reap(pid)
      if wasStopped { throw CancellationError() }
      guard isComplete, let status, status == 0, let result = WireAnswerHead.answer(in: answer)
      else { throw URLError(.badServerResponse) }
      return try result.get()
    }

    /// `SIGCHLD` ignored (`trap '' CHLD` in whatever started this process survives `exec`) makes
    /// the kernel reap every child at once, so no worker could be waited for, and a stop could
    /// reach a reused process number: its default disposition is restored before the first
    /// worker starts. Nothing else changes with it (by default `SIGCHLD` is ignored too, but
    /// children stay waitable).
    private static let keepChildrenWaitable: Void = {
      var current = sigaction()
      sigaction(SIGCHLD, nil, &current)
      let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
      if ignored || current.sa_flags & Int32(SA_NOCLDWAIT) != 0 {
        var standard = sigaction()
        sigemptyset(&standard.sa_mask)
        sigaction(SIGCHLD, &standard, nil)
      }
    }()

    /// Writes `request` to the worker's input and ends it; a worker that died (or was stopped)
    /// ends the writing, and then its answer is missing.
    private static func send(_ request: Data, to descriptor: Int32) {
      request.withUnsafeBytes { bytes in
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
          let count = Glibc.send(
            descriptor, start + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { return }
          offset += count
        }
      }
      shutdown(descriptor, Int32(SHUT_WR))
    }

    /// A channel whose two ends are closed in any program started from this process:
    /// a socket pair, close-on-exec from its creation (the Glibc module does not declare
    /// `pipe2`, and a `pipe` flagged afterwards could reach a program another thread starts in
    /// between).
    private static func channel() throws -> (read: Int32, write: Int32) {
      var ends: [Int32] = [-1, -1]
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw URLError(.cannotLoadFromNetwork) }
      return (ends[0], ends[1])
    }

    /// Starts `arguments[0]` with `arguments`, `stdin` and `stdout` as its standard input and
    /// output, standard error on /dev/null, this process's environment, default signal handling
    /// and (glibc 2.34 and later) no other descriptor.
    private static func spawn(
      _ arguments: [String], stdin: Int32, stdout: Int32
    ) -> Result<pid_t, URLError> {
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
      posix_spawn_file_actions_init(&actions)
      posix_spawnattr_init(&attributes)
      defer {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
      }
      posix_spawn_file_actions_adddup2(&actions, stdin, 0)
      posix_spawn_file_actions_adddup2(&actions, stdout, 1)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      closeDescriptorsFromThree(&actions)
      var none = sigset_t()
      var all = sigset_t()
      sigemptyset(&none)
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let argv = arguments.map { strdup($0) }
      defer { for argument in argv { free(argument) } }
      guard !argv.contains(nil) else { return .failure(URLError(.cannotLoadFromNetwork)) }
      var pid: pid_t = 0
      let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv + [nil], environ)
      return status == 0 ? .success(pid) : .failure(URLError(.cannotLoadFromNetwork))
    }

    /// Adds "close every descriptor from 3 up" to `actions`, where glibc has it (2.34 and later;
    /// the Glibc module does not declare it). Without it, descriptors other threads opened
    /// without close-on-exec (Foundation's `Pipe` does) would reach the worker, and their other
    /// ends would wait for the worker's end.
    private static func closeDescriptorsFromThree(_ actions: inout posix_spawn_file_actions_t) {
      typealias CloseFrom =
        @convention(c) (
          UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
        ) -> Int32
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
      // The symbol is glibc's `int (posix_spawn_file_actions_t *, int)`, as declared in spawn.h.
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// The worker's answer on `descriptor`: read until it is complete (its head says how long
    /// it is), not until the channel's end, which a process the worker started may hold open;
    /// whether it is complete within `limit` bytes (reading stops past it, at the end or at an
    /// error).
    private static func readAnswer(_ descriptor: Int32, limit: Int) -> (Data, Bool) {
      var data = Data()
      var length: Int?
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while length.map({ data.count < $0 }) ?? true {
        let count = buffer.withUnsafeMutableBytes {
          Glibc.read(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return (data, false) }
        data.append(contentsOf: buffer[..<count])
        if data.count > limit { return (data, false) }
        if length == nil { length = WireAnswerHead.length(of: data) }
      }
      return (data, data.count == length)
    }

    /// Blocks until `pid` has ended, leaving it to be reaped (`WNOWAIT`): until then its number
    /// is not given to another process.
    private static func awaitExit(of pid: pid_t) {
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    }

    /// Reaps `pid`; its exit status if it exited (rather than being killed by a signal).
    private static func reap(_ pid: pid_t) -> Int32? {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return nil }
      }
      let signal = status & 0x7f
      return signal == 0 ? (status >> 8) & 0xff : nil
    }
  }
#endif
