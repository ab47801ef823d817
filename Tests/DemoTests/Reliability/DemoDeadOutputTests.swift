import Foundation
import Testing

/// The real `Demo` binary whose output is gone: standard output a pipe whose reading end is
/// closed, with SIGPIPE ignored (as a shell pipeline into `head` started with SIGPIPE ignored
/// has it, or a parent that ignores it), so every write fails with EPIPE instead of ending the
/// process; and a terminal that hung up with SIGHUP ignored (`nohup`), where writes fail with
/// EIO. The Demo must end the session with a non-zero status and no crash report (a `try!` on
/// the write trapped: "Fatal error: 'try!' expression unexpectedly raised an error ... Broken
/// pipe").
@Suite(.timeLimit(.minutes(5)))
struct DemoDeadOutputTests {
  /// Starts the Demo under python with `signal` ignored; the child keeps that (no
  /// `restore_signals`). `pipe`: standard output a pipe whose reader is closed before the
  /// start. `hangup`: on a pseudo-terminal whose master is closed once the Demo has drawn its
  /// list, so its next write (when it sees the end of input) fails. Prints the exit status
  /// (negative: the signal) and the Demo's standard error.
  private static let script = """
    import fcntl, json, os, pty, signal, struct, subprocess, sys, termios
    demo, case = sys.argv[1], sys.argv[2]
    if case == "pipe":
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        read_end, write_end = os.pipe()
        os.close(read_end)
        child = subprocess.Popen([demo], stdin=subprocess.PIPE, stdout=write_end,
                                 stderr=subprocess.PIPE, restore_signals=False)
        os.close(write_end)
        _, err = child.communicate(b"list\\nlist\\nquit\\n", timeout=30)
    else:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        child = subprocess.Popen([demo], stdin=slave, stdout=slave, stderr=subprocess.PIPE,
                                 restore_signals=False, start_new_session=True)
        os.close(slave)
        seen = b""
        while b"10 shown" not in seen:
            seen += os.read(master, 65536)
        os.close(master)
        _, err = child.communicate(timeout=30)
    print(json.dumps({"status": child.returncode, "stderr": err.decode("utf-8", "replace")}))
    """

  @Test(arguments: ["pipe", "hangup"])
  func aDeadOutputEndsTheSessionWithANonZeroStatus(_ deadOutput: String) async throws {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["TERM"] = "xterm-256color"
    let run = try await DemoProcess.runProgram(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", Self.script, try DemoProcess.executable().path, deadOutput],
      input: Data(), environment: environment)
    let fields = try #require(
      try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any],
      "\(String(decoding: run.stdout + run.stderr, as: UTF8.self))")
    let status = try #require(fields["status"] as? Int)
    let stderr = fields["stderr"] as? String ?? ""
    #expect(status > 0, "exit status \(status) (negative: killed by that signal); \(stderr)")
    #expect(!stderr.contains("Fatal error"), "\(stderr)")
  }
}
