import Foundation
import TestServers

/// Runs the built `Demo` executable on a pseudo-terminal of a fixed size, as a person at a
/// terminal would: standard input, output and error are the terminal, so the Demo redraws its
/// screen in place (``TerminalDisplay``), takes each command at once and can open the search
/// field; unless `NO_COLOR` is set, in colour.
///
/// A python3 script owns the terminal. It sets the size (and, when asked, raw mode) before
/// starting the Demo, then plays the ``Step``s: typing (at once or key by key), waiting until the
/// Demo has written a text, pausing, sending a signal, reading the terminal's settings
/// (`stty -g`) or setting them. It collects every byte the Demo writes and reaps it.
///
/// A terminal left in its normal (cooked) mode edits and echoes lines, and turns Ctrl-C into
/// SIGINT; in raw mode (`rawTerminal`) every typed byte reaches the Demo as is and the output is
/// only what the Demo wrote. Either way there is no end of input: the steps end with `quit`, a
/// signal, or Ctrl-C. Every wait is bounded: the script kills the Demo after `timeout` and
/// reports the step it was on.
enum PseudoTerminal {
  /// One thing the script does, in order.
  enum Step: Encodable, Sendable {
    /// Types `bytes`: all at once, or one UTF-8 character at a time `gap` apart.
    case type(Data, gap: Duration? = nil)
    /// Waits until the Demo has written `text` since the last ``type(_:gap:)``.
    case waitFor(String)
    /// Waits until the Demo writes a line holding `text` that it had not written before: a new
    /// trace entry (each has its own time), even one that repeats an older entry's text.
    case waitForNewLine(String)
    /// Waits, at most `limit` from now, until the Demo has written `text` since the last
    /// ``type(_:gap:)``; the time it took is in ``Outcome/elapsed``, by step number.
    case waitWithin(Duration, for: String)
    /// Waits, at most `limit` from now, until the Demo has exited; the time it took is in
    /// ``Outcome/elapsed``.
    case waitForExit(within: Duration)
    /// Types printable ASCII with some Ctrl-U and DEL, `bytesPerSecond` (or as fast as the Demo
    /// reads, if slower) for `duration`, collecting output meanwhile.
    case flood(bytesPerSecond: Int, duration: Duration)
    /// Lets time pass, collecting output.
    case pause(Duration)
    /// Sends `signal` to the Demo.
    case signal(Int32)
    /// Records the terminal's settings (`stty -g`) as `label` in ``Outcome/settings``.
    case readSettings(String)
    /// Sets the terminal's settings to those recorded as `label` (`before`, or a
    /// ``readSettings(_:)``), as a shell does to a stopped job's terminal.
    case applySettings(String)

    /// Types `text` (UTF-8), at once or one character at a time `gap` apart.
    static func type(_ text: String, gap: Duration? = nil) -> Step {
      .type(Data(text.utf8), gap: gap)
    }

    private enum CodingKeys: String, CodingKey {
      case kind, bytes, gap, text, seconds, signal, label, within, rate
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch self {
      case .type(let bytes, let gap):
        try container.encode("type", forKey: .kind)
        try container.encode(Array(bytes), forKey: .bytes)
        try container.encode(gap.map(Self.seconds) ?? 0, forKey: .gap)
      case .waitFor(let text):
        try container.encode("wait", forKey: .kind)
        try container.encode(Array(text.utf8), forKey: .text)
      case .waitWithin(let limit, let text):
        try container.encode("wait", forKey: .kind)
        try container.encode(Array(text.utf8), forKey: .text)
        try container.encode(Self.seconds(limit), forKey: .within)
      case .waitForExit(let limit):
        try container.encode("wait-exit", forKey: .kind)
        try container.encode(Self.seconds(limit), forKey: .within)
      case .flood(let rate, let duration):
        try container.encode("flood", forKey: .kind)
        try container.encode(rate, forKey: .rate)
        try container.encode(Self.seconds(duration), forKey: .seconds)
      case .waitForNewLine(let text):
        try container.encode("wait-new-line", forKey: .kind)
        try container.encode(Array(text.utf8), forKey: .text)
      case .pause(let duration):
        try container.encode("pause", forKey: .kind)
        try container.encode(Self.seconds(duration), forKey: .seconds)
      case .signal(let signal):
        try container.encode("signal", forKey: .kind)
        try container.encode(signal, forKey: .signal)
      case .readSettings(let label):
        try container.encode("stty", forKey: .kind)
        try container.encode(label, forKey: .label)
      case .applySettings(let label):
        try container.encode("stty-set", forKey: .kind)
        try container.encode(label, forKey: .label)
      }
    }

    private static func seconds(_ duration: Duration) -> Double {
      Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
  }

  /// What one run produced.
  struct Outcome {
    /// The exit status, or `nil` when the Demo was ended by a signal or killed after the timeout.
    let status: Int32?
    /// The signal that ended the Demo, if one did (SIGKILL after the timeout).
    let signal: Int32?
    /// The step the script was on when the timeout struck, or `nil` if it did not.
    let timedOutAtStep: Int?
    /// Every byte the Demo wrote to the terminal.
    let output: Data
    /// The terminal's settings (`stty -g`): `before` the Demo started, `after` it ended, and
    /// each ``Step/readSettings(_:)`` by its label.
    let settings: [String: String]
    /// The Demo's peak resident memory, in kilobytes (`ru_maxrss` of the reaped child).
    let maximumResidentKilobytes: Int
    /// How long each timed wait took (``Step/waitWithin(_:for:)``,
    /// ``Step/waitForExit(within:)``), in seconds, by step number.
    let elapsed: [Int: Double]

    /// The output as text (invalid UTF-8 repaired).
    var text: String {
      String(decoding: output, as: UTF8.self)
    }
  }

  private static let script = """
    import fcntl, json, os, pty, resource, select, signal, struct, subprocess, sys, termios
    import time, tty
    demo, rows, columns, timeout, raw, steps_path, output_path = sys.argv[1:8]
    arguments = sys.argv[8:]
    steps = json.load(open(steps_path))
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", int(rows), int(columns), 0, 0))
    if raw == "1":
        tty.setraw(slave)
    def settings():
        return subprocess.run(["stty", "-g"], stdin=slave, capture_output=True,
                              text=True).stdout.strip()
    recorded = {"before": settings()}
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.close(master)
        os.close(slave)
        # python ignores these two; a shell starts programs with the default action.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        os.execv(demo, [demo] + arguments)
    deadline = time.monotonic() + float(timeout)
    output = bytearray()
    exit_status = None
    def pump(seconds):
        # Collects output for `seconds` (0: what is there now); notices the Demo's exit.
        global exit_status
        end = time.monotonic() + seconds
        while True:
            if exit_status is None:
                done, status = os.waitpid(pid, os.WNOHANG)
                if done:
                    exit_status = status
            left = max(0.0, end - time.monotonic())
            readable, _, _ = select.select([master], [], [], min(left, 0.02))
            if readable:
                output.extend(os.read(master, 65536))
            elif time.monotonic() >= end:
                return
    def expired():
        return time.monotonic() > deadline
    def write_all(data, rate=0, seconds=0):
        # Writes `data` without blocking, collecting output meanwhile (the Demo may be blocked
        # writing to us); with `rate`, at most that many bytes a second, for at most `seconds`.
        global exit_status
        start = time.monotonic()
        sent = 0
        while sent < len(data) and not expired() and exit_status is None:
            if seconds and time.monotonic() - start > seconds:
                break
            allowed = len(data) - sent
            if rate:
                allowed = min(allowed, int((time.monotonic() - start) * rate) - sent)
                if allowed <= 0:
                    pump(0.002)
                    continue
            readable, writable, _ = select.select([master], [master], [], 0.02)
            if readable:
                output.extend(os.read(master, 65536))
            if writable:
                try:
                    sent += os.write(master, data[sent:sent + min(allowed, 4096)])
                except BlockingIOError:
                    pass
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                exit_status = status
    os.set_blocking(master, False)
    elapsed = {}
    timed_out_at = None
    mark = 0
    for index, step in enumerate(steps):
        kind = step["kind"]
        if kind == "type":
            pump(0)
            mark = len(output)
            data = bytes(step["bytes"])
            if step["gap"] > 0:
                keys = [k.encode("utf-8", "surrogateescape")
                        for k in data.decode("utf-8", "surrogateescape")]
                for number, key in enumerate(keys):
                    if number:
                        pump(step["gap"])
                    os.write(master, key)
            else:
                write_all(data)
        elif kind == "flood":
            import random
            generator = random.Random(33)
            size = int(step["rate"] * step["seconds"])
            alphabet = bytes(range(0x20, 0x7F)) * 4 + b"\\x15\\x7f"
            data = bytes(generator.choice(alphabet) for _ in range(size))
            pump(0)
            mark = len(output)
            write_all(data, step["rate"], step["seconds"])
        elif kind == "wait":
            needle = bytes(step["text"])
            started = time.monotonic()
            limit = started + step.get("within", 1e9)
            while (needle not in output[mark:] and not expired() and exit_status is None
                   and time.monotonic() < limit):
                pump(0.01)
            elapsed[str(index)] = time.monotonic() - started
            if needle not in output[mark:]:
                timed_out_at = index
                break
        elif kind == "wait-exit":
            started = time.monotonic()
            limit = started + step["within"]
            while exit_status is None and not expired() and time.monotonic() < limit:
                pump(0.01)
            elapsed[str(index)] = time.monotonic() - started
            if exit_status is None:
                timed_out_at = index
                break
        elif kind == "wait-new-line":
            needle = bytes(step["text"])
            pump(0)
            old = set(bytes(output).split(b"\\n"))
            def found():
                lines = bytes(output).split(b"\\n")
                return any(needle in line and line not in old for line in lines)
            while not found() and not expired() and exit_status is None:
                pump(0.02)
            if not found():
                timed_out_at = index
                break
        elif kind == "pause":
            pump(step["seconds"])
        elif kind == "signal":
            os.kill(pid, step["signal"])
        elif kind == "stty":
            recorded[step["label"]] = settings()
        elif kind == "stty-set":
            subprocess.run(["stty", recorded[step["label"]]], stdin=slave)
        if expired():
            timed_out_at = index
            break
    while exit_status is None and not expired() and timed_out_at is None:
        pump(0.05)
    if exit_status is None:
        timed_out_at = len(steps) if timed_out_at is None else timed_out_at
        os.kill(pid, signal.SIGKILL)
        _, exit_status = os.waitpid(pid, 0)
    pump(0.1)
    recorded["after"] = settings()
    open(output_path, "wb").write(bytes(output))
    print(json.dumps({
        "status": os.WEXITSTATUS(exit_status) if os.WIFEXITED(exit_status) else None,
        "signal": os.WTERMSIG(exit_status) if os.WIFSIGNALED(exit_status) else None,
        "timedOutAtStep": timed_out_at,
        "settings": recorded,
        "maxrss": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        "elapsed": elapsed,
    }), flush=True)
    """

  /// Runs `Demo arguments` on a `rows` x `columns` terminal and plays `steps`; returns once the
  /// Demo has exited, or been killed after `timeout`. `environment` adds to (or, with `nil`
  /// values, removes from) this process's environment; `TERM` is `xterm-256color` unless given.
  /// The default `timeout` is only a hang guard, long because a CI machine busy with the whole
  /// suite has taken 30 s to start one test server.
  static func run(
    _ arguments: [String], steps: [Step], rows: Int = 24, columns: Int = 80,
    rawTerminal: Bool = false, environment: [String: String?] = [:],
    timeout: Duration = .seconds(120)
  ) async throws -> Outcome {
    let scratch = try ScratchDirectory(prefix: "demo-pty")
    defer { scratch.remove() }
    let stepsURL = scratch.file("steps.json")
    let outputURL = scratch.file("output")
    try JSONEncoder().encode(steps).write(to: stepsURL)
    var processEnvironment = ProcessInfo.processInfo.environment
    processEnvironment["TERM"] = "xterm-256color"
    processEnvironment["NO_COLOR"] = nil
    for (name, value) in environment {
      processEnvironment[name] = value
    }
    let script = try await DemoProcess.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c", Self.script, try DemoProcess.executable().path, String(rows),
        String(columns), String(Double(timeout.components.seconds)), rawTerminal ? "1" : "0",
        stepsURL.path, outputURL.path,
      ] + arguments, input: Data(), environment: processEnvironment)
    guard script.status == 0,
      let fields = try? JSONSerialization.jsonObject(with: script.stdout) as? [String: Any],
      let settings = fields["settings"] as? [String: String],
      let maximumResident = fields["maxrss"] as? Int
    else {
      throw DemoProcessError(
        description: "the pseudo-terminal script failed (status \(script.status)): "
          + String(decoding: script.stdout + script.stderr, as: UTF8.self))
    }
    return Outcome(
      status: (fields["status"] as? Int).map { Int32($0) },
      signal: (fields["signal"] as? Int).map { Int32($0) },
      timedOutAtStep: fields["timedOutAtStep"] as? Int,
      output: try Data(contentsOf: outputURL), settings: settings,
      maximumResidentKilobytes: maximumResident,
      elapsed: Dictionary(
        uniqueKeysWithValues: ((fields["elapsed"] as? [String: Double]) ?? [:]).compactMap {
          key, value in Int(key).map { ($0, value) }
        }))
  }
}
