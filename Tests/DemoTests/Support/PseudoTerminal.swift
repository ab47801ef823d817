import Foundation

/// Runs the built `Demo` executable on a pseudo-terminal of a fixed size, as a person at a
/// terminal would: standard input and output are the terminal, so the Demo redraws its screen
/// in place (``TerminalDisplay``) and, unless `NO_COLOR` is set, in colour.
///
/// A python3 script (`pty.fork`) owns the terminal: it sets the size and raw mode on the Demo's
/// side before starting it (and types nothing before that is done), types `input`, collects
/// every byte the Demo writes, and reaps it.
/// Raw mode means the kernel neither echoes the input nor interprets control characters in it
/// (no signal on Ctrl-C, no line editing), so every typed byte reaches the Demo as is and the
/// output is only what the Demo wrote. A terminal has no end of input: `input` has to end with
/// `quit`. The script kills the Demo if it has not exited after `timeout` and reports it.
enum PseudoTerminal {
  /// What one run produced.
  struct Outcome {
    /// The exit status, or `nil` when the Demo was killed after the timeout.
    let status: Int32?
    /// Every byte the Demo wrote to the terminal.
    let output: Data
    /// The Demo's peak resident memory, in kilobytes (`ru_maxrss` of the reaped child).
    let maximumResidentKilobytes: Int
  }

  private static let script = """
    import fcntl, json, os, pty, resource, select, signal, struct, sys, termios, time, tty
    demo, rows, columns, timeout, input_path, output_path = sys.argv[1:7]
    arguments = sys.argv[7:]
    ready_read, ready_write = os.pipe()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", int(rows), int(columns), 0, 0))
        tty.setraw(0)
        os.write(ready_write, b"r")  # the terminal is set up: the parent may type
        os.execv(demo, [demo] + arguments)
    os.close(ready_write)
    os.read(ready_read, 1)
    pending = open(input_path, "rb").read()
    output = bytearray()
    deadline = time.monotonic() + float(timeout)
    timed_out = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
            break
        readable, writable, _ = select.select([fd], [fd] if pending else [], [], left)
        if writable:
            pending = pending[os.write(fd, pending[:1024]):]
        if readable:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the Demo exited and closed the terminal
                break
            if not chunk:
                break
            output += chunk
    _, status = os.waitpid(pid, 0)
    open(output_path, "wb").write(bytes(output))
    print(json.dumps({
        "status": None if timed_out or not os.WIFEXITED(status) else os.WEXITSTATUS(status),
        "maxrss": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    }), flush=True)
    """

  /// Runs `Demo arguments` on a `rows` x `columns` terminal, types `input` (which must end with
  /// `quit`), and returns once the Demo has exited or been killed after `timeout`.
  /// `environment` adds to (or, with `nil` values, removes from) this process's environment;
  /// `TERM` is `xterm-256color` unless given.
  static func run(
    _ arguments: [String], input: Data, rows: Int = 24, columns: Int = 80,
    environment: [String: String?] = [:], timeout: Duration = .seconds(30)
  ) async throws -> Outcome {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-pty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputURL = directory.appendingPathComponent("input")
    let outputURL = directory.appendingPathComponent("output")
    try input.write(to: inputURL)
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
        String(columns), String(Double(timeout.components.seconds)), inputURL.path,
        outputURL.path,
      ] + arguments, input: Data(), environment: processEnvironment)
    guard script.status == 0,
      let fields = try? JSONSerialization.jsonObject(with: script.stdout) as? [String: Any],
      let maximumResident = fields["maxrss"] as? Int
    else {
      throw DemoProcessError(
        description: "the pseudo-terminal script failed (status \(script.status)): "
          + String(decoding: script.stdout + script.stderr, as: UTF8.self))
    }
    return Outcome(
      status: (fields["status"] as? Int).map { Int32($0) }, output: try Data(contentsOf: outputURL),
      maximumResidentKilobytes: maximumResident)
  }
}
